//! Stores as the admin removes them.

use crate::ports::{transaction, TxMode};
use crate::Operation;
use crate::{Actor, AppError, Conflict, Services};

/// Deletes a store that has no customers and no sales.
pub fn delete_store(services: &Services, actor: &Actor, id: i64) -> Result<(), AppError> {
    actor.authorize(Operation::DeleteStore)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        repos.store_scope(id)?.ok_or(AppError::NotFound)?;
        if repos.store_has_history(id)? {
            return Err(AppError::Conflict(Conflict::StoreHasHistory));
        }
        Ok(repos.hide_store(id, now)?)
    })
}
