use chrono::NaiveDateTime;
use diesel::dsl::count_star;
use diesel::prelude::*;
use loyalty_application::ports::{ActivityFilter, ActivityRepo, NewActivity, RepoResult};
use loyalty_application::{ActivityKind, ActivityRecord, PageRequest, StoreRef};

use super::{filter_stores, limits, person, stored};
use crate::pool::DbBackend;
use crate::schema::{activity_log, api_keys, stores, users};
use crate::tx::{map_error, DbTx};

/// An activity entry with the names of its actor, key and store.
#[derive(Queryable, Selectable)]
#[diesel(table_name = activity_log, check_for_backend(DbBackend))]
struct Row {
    id: i64,
    kind: String,
    actor_id: Option<i64>,
    #[diesel(select_expression = users::name.nullable())]
    actor_name: Option<String>,
    api_key_id: Option<i64>,
    #[diesel(select_expression = api_keys::name.nullable())]
    key_name: Option<String>,
    store_id: Option<i64>,
    #[diesel(select_expression = stores::name.nullable())]
    store_name: Option<String>,
    subject_id: Option<i64>,
    details: String,
    created_at: NaiveDateTime,
}

macro_rules! filtered {
    ($query:expr, $filter:expr) => {{
        let mut query = $query.into_boxed::<DbBackend>();
        if let Some(ids) = &$filter.store_ids {
            query = filter_stores!(query, activity_log::store_id.assume_not_null(), ids);
        }
        if let Some(actor) = $filter.actor_id {
            query = query.filter(activity_log::actor_id.eq(actor));
        }
        if let Some(kinds) = &$filter.kinds {
            query = query.filter(activity_log::kind.eq_any(kinds.iter().map(|k| k.as_str()).collect::<Vec<_>>()));
        }
        if let Some(from) = $filter.from {
            query = query.filter(activity_log::created_at.ge(from));
        }
        if let Some(to) = $filter.to {
            query = query.filter(activity_log::created_at.lt(to));
        }
        query
    }};
}

/// Details are stored as a flat JSON object of strings.
fn details_json(details: &[(&'static str, String)]) -> String {
    let map: serde_json::Map<String, serde_json::Value> =
        details.iter().map(|(k, v)| ((*k).to_owned(), serde_json::Value::String(v.clone()))).collect();
    serde_json::Value::Object(map).to_string()
}

fn parse_details(text: &str) -> Vec<(String, String)> {
    match serde_json::from_str::<serde_json::Value>(text) {
        Ok(serde_json::Value::Object(map)) => {
            map.into_iter().map(|(k, v)| (k, v.as_str().map_or_else(|| v.to_string(), str::to_owned))).collect()
        }
        _ => Vec::new(),
    }
}

impl ActivityRepo for DbTx<'_> {
    fn log_activity(&mut self, entry: NewActivity) -> RepoResult<()> {
        diesel::insert_into(activity_log::table)
            .values((
                activity_log::actor_id.eq(entry.actor_id),
                activity_log::api_key_id.eq(entry.api_key_id),
                activity_log::store_id.eq(entry.store_id),
                activity_log::kind.eq(entry.kind.as_str()),
                activity_log::subject_id.eq(entry.subject_id),
                activity_log::details.eq(details_json(&entry.details)),
                activity_log::created_at.eq(entry.now),
            ))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(())
    }

    fn activity_count(&mut self, filter: &ActivityFilter) -> RepoResult<i64> {
        filtered!(activity_log::table.select(count_star()), filter).get_result(self.conn).map_err(map_error)
    }

    fn activity_items(&mut self, filter: &ActivityFilter, page: PageRequest) -> RepoResult<Vec<ActivityRecord>> {
        let (limit, offset) = limits(page);
        let rows: Vec<Row> = filtered!(
            activity_log::table
                .left_join(users::table.on(activity_log::actor_id.eq(users::id.nullable())))
                .left_join(stores::table.on(activity_log::store_id.eq(stores::id.nullable())))
                .left_join(api_keys::table.on(activity_log::api_key_id.eq(api_keys::id.nullable())))
                .select(Row::as_select()),
            filter
        )
        .order((activity_log::created_at.desc(), activity_log::id.desc()))
        .limit(limit)
        .offset(offset)
        .load(self.conn)
        .map_err(map_error)?;
        let records = rows
            .into_iter()
            .map(|row| {
                Ok(ActivityRecord {
                    id: row.id,
                    kind: stored::<ActivityKind>(&row.kind)?,
                    store: row.store_id.zip(row.store_name).map(|(id, name)| StoreRef { id, name }),
                    actor: person(row.actor_id, row.actor_name),
                    api_key: person(row.api_key_id, row.key_name),
                    subject_id: row.subject_id,
                    details: parse_details(&row.details),
                    created_at: row.created_at,
                })
            })
            .collect::<RepoResult<Vec<_>>>()?;
        Ok(records)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn details_round_trip() {
        let json = details_json(&[("customer", "فاطمة \"F\"".into()), ("points", "12".into())]);
        let back = parse_details(&json);
        assert!(back.contains(&("customer".into(), "فاطمة \"F\"".into())));
        assert!(back.contains(&("points".into(), "12".into())));
        assert!(parse_details("not json").is_empty());
    }
}
