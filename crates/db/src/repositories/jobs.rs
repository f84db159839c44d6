use chrono::NaiveDateTime;
use diesel::prelude::*;
use loyalty_application::ports::{JobRepo, RepoResult};

use crate::schema::jobs;
use crate::tx::{map_error, DbTx};

impl JobRepo for DbTx<'_> {
    fn claim_job(&mut self, name: &str, now: NaiveDateTime, due_before: NaiveDateTime) -> RepoResult<bool> {
        // One statement: on PostgreSQL a second instance waits for the first's row lock, then
        // finds the row no longer due; on SQLite writers queue on the database lock.
        let claimed = diesel::update(jobs::table.filter(jobs::name.eq(name)).filter(jobs::last_run_at.le(due_before)))
            .set((jobs::last_run_at.eq(now), jobs::runs.eq(jobs::runs + 1)))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(claimed == 1)
    }
}
