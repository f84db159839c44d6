//! Exports (issue #19): an owner's customers, invoices, redemptions and points ledger (the
//! admin's: every store's, and the platform's people, store owners and cards), read a page at a
//! time so a file of any length is written in constant memory.

use loyalty_domain::{FieldErrors, Msg};

use super::activity::Range;
use crate::policy::{Permission, StoreAccess};
use crate::ports::{replica_read, transaction, ExportFilter, TxMode};
use crate::{Actor, AppError, ExportKind, ExportPage, Services};

/// Rows per page: one short read transaction each.
pub const EXPORT_PAGE_ROWS: i64 = 1000;

/// An export as asked for: one store or all the caller's, and Tripoli dates (inclusive), as typed.
#[derive(Debug, Clone, Default)]
pub struct ExportQuery {
    pub store_id: Option<i64>,
    pub from: Option<String>,
    pub to: Option<String>,
}

/// An export checked and fixed at its start: what it reads and how many rows that is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreparedExport {
    pub kind: ExportKind,
    pub filter: ExportFilter,
    pub rows: i64,
    /// Who asked: its pages read the primary while it has written recently, as its start did
    /// (an export reads the replica, `replica_read`).
    pub reader: i64,
}

/// Checks who asks and what (404 for a store that is not the caller's, 422 for a date that is not
/// one or a range that ends before it starts) and counts the rows. Nothing is read after this
/// that the caller could not see.
pub fn prepare(
    services: &Services,
    actor: &Actor,
    kind: ExportKind,
    query: &ExportQuery,
) -> Result<PreparedExport, AppError> {
    // The platform's own records are the admin's, and not per store.
    let platform = kind.platform_wide();
    actor.require_permission(if platform { Permission::ExportPlatformRecords } else { Permission::ExportRecords })?;
    if platform && query.store_id.is_some() {
        return Err(FieldErrors::single("store_id", Msg::ExportNotPerStore).into());
    }
    let Range::Custom { from, to } = Range::parse(Some("custom"), query.from.as_deref(), query.to.as_deref())? else {
        return Err(AppError::Internal("a custom range parsed as another".into()));
    };
    if let (Some(from), Some(to)) = (from, to) {
        if from > to {
            return Err(FieldErrors::single("to", Msg::DateRangeReversed).into());
        }
    }
    let at = services.clock.now();
    let (from, to) = Range::Custom { from, to }.bounds(at);
    // The last id where no write is in flight (a write transaction: `export_last_id`), so every
    // row up to it is committed and the count is what the pages read (`X-Export-Rows`).
    let (store_ids, upto_id) = transaction(&*services.db, TxMode::Write, |repos| {
        let store_ids = StoreAccess::of(actor, repos)?.filter(query.store_id)?.store_ids;
        Ok((store_ids, repos.export_last_id(kind)?))
    })?;
    // Read-your-writes keeps this caller's reads (the count, the first pages) on the primary
    // until the replica, within its lag limit, has everything committed before that moment.
    services.db.note_write(actor.user_id);
    replica_read(&*services.db, Some(actor.user_id), false, |repos| {
        let filter = ExportFilter { store_ids: store_ids.clone(), from, to, upto_id, at };
        let rows = repos.export_count(kind, &filter)?;
        Ok(PreparedExport { kind, filter, rows, reader: actor.user_id })
    })
}

/// The rows after `after_id` (0 for the first page), at most `EXPORT_PAGE_ROWS`; empty at the end.
pub fn page(services: &Services, export: &PreparedExport, after_id: i64) -> Result<ExportPage, AppError> {
    let filter = &export.filter;
    let limit = EXPORT_PAGE_ROWS;
    // Rows up to the start's last id (`upto_id`): the replica has them once it is within its
    // lag limit, and the primary always.
    replica_read(&*services.db, Some(export.reader), false, |repos| {
        Ok(match export.kind {
            ExportKind::Customers => ExportPage::Customers(repos.export_customers(filter, after_id, limit)?),
            ExportKind::Invoices => ExportPage::Invoices(repos.export_invoices(filter, after_id, limit)?),
            ExportKind::Redemptions => ExportPage::Redemptions(repos.export_redemptions(filter, after_id, limit)?),
            ExportKind::Ledger => ExportPage::Ledger(repos.export_ledger(filter, after_id, limit)?),
            ExportKind::Users => ExportPage::Users(repos.export_users(filter, after_id, limit)?),
            ExportKind::StoreOwners => ExportPage::StoreOwners(repos.export_store_owners(filter, after_id, limit)?),
            ExportKind::Cards => ExportPage::Cards(repos.export_cards(filter, after_id, limit)?),
        })
    })
}
