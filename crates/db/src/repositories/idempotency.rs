use chrono::NaiveDateTime;
use diesel::prelude::*;
use loyalty_application::ports::{IdempotencyRepo, RepoResult, StoredAnswer};

use crate::schema::idempotency_keys;
use crate::tx::{map_error, map_unique, DbTx};

impl IdempotencyRepo for DbTx<'_> {
    fn stored_answer(&mut self, user_id: i64, key: &str) -> RepoResult<Option<StoredAnswer>> {
        let row: Option<(String, String)> = idempotency_keys::table
            .select((idempotency_keys::request_hash, idempotency_keys::response_body))
            .filter(idempotency_keys::user_id.eq(user_id))
            .filter(idempotency_keys::idem_key.eq(key))
            .first(self.conn)
            .optional()
            .map_err(map_error)?;
        Ok(row.map(|(request, answer)| StoredAnswer { request, answer }))
    }

    fn store_answer(&mut self, user_id: i64, key: &str, stored: &StoredAnswer, now: NaiveDateTime) -> RepoResult<()> {
        diesel::insert_into(idempotency_keys::table)
            .values((
                idempotency_keys::user_id.eq(user_id),
                idempotency_keys::idem_key.eq(key),
                idempotency_keys::request_hash.eq(&stored.request),
                idempotency_keys::response_status.eq(200),
                idempotency_keys::response_body.eq(&stored.answer),
                idempotency_keys::created_at.eq(now),
            ))
            .execute(self.conn)
            .map_err(map_unique("idempotency_keys"))?;
        Ok(())
    }

    fn forget_answers_before(&mut self, before: NaiveDateTime) -> RepoResult<usize> {
        diesel::delete(idempotency_keys::table.filter(idempotency_keys::created_at.lt(before)))
            .execute(self.conn)
            .map_err(map_error)
    }
}
