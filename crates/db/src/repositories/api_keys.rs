use chrono::NaiveDateTime;
use diesel::prelude::*;
use loyalty_application::ports::{ApiKeyRepo, NewApiKey, RepoError, RepoResult};
use loyalty_application::{ApiKey, ApiScope, Mode, User};

use super::stored;
use super::users::{users_with_store, UserWithStore};
use crate::schema::{api_keys, stores, users};
use crate::tx::{map_error, DbTx};

/// An API key as stored, without its secret's digest.
#[derive(Queryable, Selectable)]
#[diesel(table_name = api_keys, check_for_backend(crate::pool::DbBackend))]
struct KeyRow {
    id: i64,
    owner_id: i64,
    name: String,
    prefix: String,
    mode: String,
    scopes: String,
    store_ids: Option<String>,
    created_at: NaiveDateTime,
    expires_at: Option<NaiveDateTime>,
    last_used_at: Option<NaiveDateTime>,
}

/// Scopes are stored space-separated, stores comma-separated (NULL: all of the owner's stores).
fn into_key(row: KeyRow) -> RepoResult<ApiKey> {
    let scopes = row.scopes.split_whitespace().map(stored::<ApiScope>).collect::<RepoResult<Vec<_>>>()?;
    let store_ids = row
        .store_ids
        .map(|ids| {
            ids.split(',')
                .map(|id| id.parse().map_err(|_| RepoError::Other(format!("bad stored store id {id}"))))
                .collect::<RepoResult<Vec<i64>>>()
        })
        .transpose()?;
    Ok(ApiKey {
        id: row.id,
        owner_id: row.owner_id,
        name: row.name,
        prefix: row.prefix,
        mode: stored::<Mode>(&row.mode)?,
        scopes,
        store_ids,
        created_at: row.created_at,
        expires_at: row.expires_at,
        last_used_at: row.last_used_at,
        // The deployment's, set by the use case from the settings.
        limits: loyalty_application::KeyLimits::default(),
    })
}

impl ApiKeyRepo for DbTx<'_> {
    fn insert_api_key(&mut self, key: NewApiKey<'_>) -> RepoResult<ApiKey> {
        let scopes: Vec<&str> = key.scopes.iter().map(|s| s.as_str()).collect();
        let store_ids = key.store_ids.map(|ids| ids.iter().map(i64::to_string).collect::<Vec<_>>().join(","));
        let id: i64 = diesel::insert_into(api_keys::table)
            .values((
                api_keys::owner_id.eq(key.owner_id),
                api_keys::name.eq(key.name),
                api_keys::prefix.eq(key.prefix),
                api_keys::secret_digest.eq(key.secret_digest),
                api_keys::mode.eq(key.mode.as_str()),
                api_keys::scopes.eq(scopes.join(" ")),
                api_keys::store_ids.eq(store_ids),
                api_keys::created_at.eq(key.now),
                api_keys::expires_at.eq(key.expires_at),
            ))
            .returning(api_keys::id)
            .get_result(self.conn)
            .map_err(map_error)?;
        let row: KeyRow = api_keys::table
            .select(KeyRow::as_select())
            .filter(api_keys::id.eq(id))
            .first(self.conn)
            .map_err(map_error)?;
        into_key(row)
    }

    fn list_api_keys(&mut self, owner_id: i64) -> RepoResult<Vec<ApiKey>> {
        let rows: Vec<KeyRow> = api_keys::table
            .select(KeyRow::as_select())
            .filter(api_keys::owner_id.eq(owner_id))
            .filter(api_keys::revoked_at.is_null())
            .order(api_keys::id.desc())
            .load(self.conn)
            .map_err(map_error)?;
        rows.into_iter().map(into_key).collect()
    }

    fn revoke_api_key(&mut self, owner_id: i64, id: i64, now: NaiveDateTime) -> RepoResult<bool> {
        let changed = diesel::update(
            api_keys::table
                .filter(api_keys::id.eq(id))
                .filter(api_keys::owner_id.eq(owner_id))
                .filter(api_keys::revoked_at.is_null()),
        )
        .set(api_keys::revoked_at.eq(now))
        .execute(self.conn)
        .map_err(map_error)?;
        Ok(changed == 1)
    }

    fn live_api_key(&mut self, secret_digest: &str, now: NaiveDateTime) -> RepoResult<Option<(ApiKey, User)>> {
        let row: Option<KeyRow> = api_keys::table
            .inner_join(users::table.on(users::id.eq(api_keys::owner_id)))
            .select(KeyRow::as_select())
            .filter(api_keys::secret_digest.eq(secret_digest))
            .filter(api_keys::revoked_at.is_null())
            .filter(api_keys::expires_at.is_null().or(api_keys::expires_at.gt(now)))
            .filter(users::is_active.eq(true))
            .filter(users::deleted_at.is_null())
            .first(self.conn)
            .optional()
            .map_err(map_error)?;
        let Some(row) = row else { return Ok(None) };
        let key = into_key(row)?;
        let owner: Option<UserWithStore> =
            users_with_store!().filter(users::id.eq(key.owner_id)).first(self.conn).optional().map_err(map_error)?;
        let Some((user, store)) = owner else { return Ok(None) };
        Ok(Some((key, user.into_user(store)?)))
    }

    fn touch_api_key(&mut self, id: i64, now: NaiveDateTime) -> RepoResult<()> {
        diesel::update(api_keys::table.filter(api_keys::id.eq(id)))
            .set(api_keys::last_used_at.eq(now))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(())
    }
}
