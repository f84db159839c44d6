use crate::repositories::stored;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use loyalty_application::ports::{NewUser, RepoError, RepoResult, UserChanges, UserRepo};
use loyalty_application::{StoreRef, User, UserCredentials};
use loyalty_domain::{Email, Role};

use crate::schema::{stores, users};
use crate::tx::{map_error, map_unique, DbTx};

/// A user as the use cases read it (its password's hash for signing in).
#[derive(Queryable, Selectable)]
#[diesel(table_name = users, check_for_backend(crate::pool::DbBackend))]
pub(crate) struct UserRow {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub password_hash: String,
    pub role: String,
    pub is_active: bool,
    pub store_owner_name: Option<String>,
    pub created_at: NaiveDateTime,
}

/// A user row with its store's id and name (for POS users).
pub(crate) type UserWithStore = (UserRow, Option<(i64, String)>);

impl UserRow {
    pub(crate) fn into_user(self, store: Option<(i64, String)>) -> RepoResult<User> {
        let role = stored::<Role>(&self.role)?;
        Ok(User {
            id: self.id,
            name: self.name,
            email: self.email,
            role,
            is_active: self.is_active,
            store_owner_name: self.store_owner_name,
            store: store.map(|(id, name)| StoreRef { id, name }),
            created_at: self.created_at,
        })
    }
}

#[derive(Insertable)]
#[diesel(table_name = users)]
struct NewUserRow<'a> {
    name: &'a str,
    email: &'a str,
    password_hash: &'a str,
    role: &'a str,
    is_active: bool,
    store_owner_name: Option<&'a str>,
    store_id: Option<i64>,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
}

/// `users LEFT JOIN stores`, selecting the user and its store reference.
macro_rules! users_with_store {
    () => {
        users::table
            .left_join(stores::table.on(users::store_id.eq(stores::id.nullable())))
            .select(($crate::repositories::users::UserRow::as_select(), (stores::id, stores::name).nullable()))
    };
}
pub(crate) use users_with_store;

impl UserRepo for DbTx<'_> {
    fn store_owner_active(&mut self, store_id: i64) -> RepoResult<bool> {
        let active: Option<bool> = stores::table
            .inner_join(users::table.on(users::id.eq(stores::owner_id)))
            .filter(stores::id.eq(store_id))
            .filter(stores::deleted_at.is_null())
            .filter(users::deleted_at.is_null())
            .select(users::is_active)
            .first(self.conn)
            .optional()
            .map_err(map_error)?;
        Ok(active.unwrap_or(false))
    }

    fn credentials_by_email(&mut self, email: &Email) -> RepoResult<Option<UserCredentials>> {
        let row: Option<UserWithStore> = users_with_store!()
            .filter(users::email.eq(email.as_str()))
            .filter(users::deleted_at.is_null())
            .first(self.conn)
            .optional()
            .map_err(map_error)?;
        row.map(|(user, store)| {
            let password_hash = user.password_hash.clone();
            Ok(UserCredentials { user: user.into_user(store)?, password_hash })
        })
        .transpose()
    }

    fn user_by_id(&mut self, id: i64) -> RepoResult<Option<User>> {
        let row: Option<UserWithStore> = users_with_store!()
            .filter(users::id.eq(id))
            .filter(users::deleted_at.is_null())
            .first(self.conn)
            .optional()
            .map_err(map_error)?;
        row.map(|(user, store)| user.into_user(store)).transpose()
    }

    fn user_emails(&mut self) -> RepoResult<Vec<(i64, String)>> {
        users::table
            .filter(users::deleted_at.is_null())
            .select((users::id, users::email))
            .load(self.conn)
            .map_err(map_error)
    }

    fn insert_user(&mut self, user: NewUser) -> RepoResult<User> {
        let id: i64 = diesel::insert_into(users::table)
            .values(NewUserRow {
                name: &user.name,
                email: user.email.as_str(),
                password_hash: &user.password_hash,
                role: user.role.as_str(),
                is_active: true,
                store_owner_name: user.store_owner_name.as_deref(),
                store_id: user.store_id,
                created_at: user.now,
                updated_at: user.now,
            })
            .returning(users::id)
            .get_result(self.conn)
            .map_err(map_unique("users.email"))?;
        self.user_by_id(id)?.ok_or_else(|| RepoError::Other("inserted user vanished".into()))
    }

    fn list_pos_users(&mut self, store_ids: &[i64]) -> RepoResult<Vec<User>> {
        let rows: Vec<UserWithStore> = users_with_store!()
            .filter(users::role.eq(Role::PosUser.as_str()))
            .filter(users::store_id.eq_any(store_ids))
            .filter(users::deleted_at.is_null())
            .order((users::name, users::id))
            .load(self.conn)
            .map_err(map_error)?;
        rows.into_iter().map(|(user, store)| user.into_user(store)).collect()
    }

    fn update_user(&mut self, id: i64, c: UserChanges) -> RepoResult<()> {
        diesel::update(users::table.find(id))
            .set((
                users::name.eq(&c.name),
                users::email.eq(c.email.as_str()),
                users::store_id.eq(c.store_id),
                users::store_owner_name.eq(&c.store_owner_name),
                users::updated_at.eq(c.now),
            ))
            .execute(self.conn)
            .map_err(map_unique("users.email"))?;
        if let Some(hash) = &c.password_hash {
            diesel::update(users::table.find(id))
                .set(users::password_hash.eq(hash))
                .execute(self.conn)
                .map_err(map_error)?;
        }
        Ok(())
    }

    fn set_user_active(&mut self, id: i64, active: bool, now: NaiveDateTime) -> RepoResult<()> {
        diesel::update(users::table.find(id))
            .set((users::is_active.eq(active), users::updated_at.eq(now)))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(())
    }

    fn hide_user(&mut self, id: i64, now: NaiveDateTime) -> RepoResult<()> {
        diesel::update(users::table.find(id).filter(users::deleted_at.is_null()))
            .set((users::deleted_at.eq(now), users::is_active.eq(false), users::updated_at.eq(now)))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(())
    }
}
