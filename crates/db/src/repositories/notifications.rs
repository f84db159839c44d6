//! The bell's own records: the keys each person has read (`notification_reads`), and the
//! owner's webhook endpoints whose deliveries are failing.

use chrono::NaiveDateTime;
use diesel::dsl::{count_star, max};
use diesel::prelude::*;
use loyalty_application::ports::{FailingEndpoint, NotificationRepo, RepoResult};

use crate::pool::DbConnection;
use crate::schema::{notification_reads, webhook_deliveries, webhook_endpoints};
use crate::tx::{map_error, DbTx};

impl NotificationRepo for DbTx<'_> {
    fn read_notification_keys(&mut self, user_id: i64, keys: &[String]) -> RepoResult<Vec<String>> {
        if keys.is_empty() {
            return Ok(Vec::new());
        }
        notification_reads::table
            .filter(notification_reads::user_id.eq(user_id))
            .filter(notification_reads::key.eq_any(keys))
            .select(notification_reads::key)
            .load(self.conn)
            .map_err(map_error)
    }

    fn mark_notifications_read(&mut self, user_id: i64, keys: &[String], now: NaiveDateTime) -> RepoResult<()> {
        let read = self.read_notification_keys(user_id, keys)?;
        for key in keys.iter().filter(|k| !read.contains(k)) {
            let row = (
                notification_reads::user_id.eq(user_id),
                notification_reads::key.eq(key),
                notification_reads::read_at.eq(now),
            );
            // Read at the same moment in another tab: it is read either way.
            let insert = diesel::insert_into(notification_reads::table).values(row).on_conflict_do_nothing();
            match &mut *self.conn {
                DbConnection::Sqlite(c) => insert.execute(c),
                DbConnection::Postgresql(c) => insert.execute(c),
            }
            .map_err(map_error)?;
        }
        Ok(())
    }

    fn failing_endpoints(
        &mut self,
        owner_id: i64,
        since: NaiveDateTime,
        attempts: i32,
    ) -> RepoResult<Vec<FailingEndpoint>> {
        let gave_up = webhook_deliveries::status.eq("failed").and(webhook_deliveries::updated_at.ge(since));
        let still_failing = webhook_deliveries::status.eq("pending").and(webhook_deliveries::attempts.ge(attempts));
        let rows: Vec<(i64, String, i64, Option<NaiveDateTime>)> = webhook_deliveries::table
            .inner_join(webhook_endpoints::table)
            .filter(webhook_endpoints::owner_id.eq(owner_id))
            .filter(webhook_endpoints::deleted_at.is_null())
            .filter(gave_up.or(still_failing))
            .group_by((webhook_endpoints::id, webhook_endpoints::url))
            .select((webhook_endpoints::id, webhook_endpoints::url, count_star(), max(webhook_deliveries::updated_at)))
            .order(webhook_endpoints::id)
            .load(self.conn)
            .map_err(map_error)?;
        Ok(rows
            .into_iter()
            .filter_map(|(endpoint_id, url, failing, last)| {
                Some(FailingEndpoint { endpoint_id, url, failing, last_failure_at: last? })
            })
            .collect())
    }
}
