//! Pages of a list and the incremental sync's cursor.

use super::*;

/// A page of a list and the total it was cut from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub page: i64,
    pub per_page: i64,
    pub total: i64,
}

/// Which page the caller asks for; `per_page` is bounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    pub page: i64,
    pub per_page: i64,
    /// Incremental sync: the records changed at or after a moment, oldest change first, instead
    /// of a numbered page (lists that support it: customers, invoices, redemptions, history).
    pub sync: Option<SyncFrom>,
}

impl PageRequest {
    pub const MAX_PER_PAGE: i64 = 100;

    pub fn new(page: Option<i64>, per_page: Option<i64>) -> Self {
        Self {
            page: page.unwrap_or(1).max(1),
            per_page: per_page.unwrap_or(20).clamp(1, Self::MAX_PER_PAGE),
            sync: None,
        }
    }

    /// The first `per_page` records of a sync.
    pub fn with_sync(self, sync: Option<SyncFrom>) -> Self {
        Self { sync, ..self }
    }

    /// Records to skip: none in a sync, whose position is its cursor.
    pub fn offset(self) -> i64 {
        if self.sync.is_some() {
            0
        } else {
            (self.page - 1).saturating_mul(self.per_page)
        }
    }
}

/// Where an incremental sync resumes: records whose change time is after `since`, or equal to
/// it with an id above `after_id` (a keyset cursor: a record changed meanwhile moves to the
/// end, and no record is skipped). Pass the last record's change time and id to go on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SyncFrom {
    pub since: NaiveDateTime,
    pub after_id: i64,
}

impl SyncFrom {
    /// `updated_since` (RFC 3339) and `after_id` as sent; `None` without `updated_since`.
    pub fn parse(updated_since: Option<&str>, after_id: Option<i64>) -> Result<Option<SyncFrom>, AppError> {
        let since = match updated_since.map(str::trim).filter(|s| !s.is_empty()) {
            None if after_id.is_some() => {
                return Err(
                    loyalty_domain::FieldErrors::single("after_id", loyalty_domain::Msg::AfterIdNeedsSince).into()
                )
            }
            None => return Ok(None),
            Some(raw) => chrono::DateTime::parse_from_rfc3339(raw).map_err(|_| {
                AppError::from(loyalty_domain::FieldErrors::single(
                    "updated_since",
                    loyalty_domain::Msg::InstantInvalid,
                ))
            })?,
        };
        Ok(Some(SyncFrom { since: since.naive_utc(), after_id: after_id.unwrap_or(i64::MIN) }))
    }
}
