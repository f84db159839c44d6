//! Pages of a list: the query and the `meta` of the answer.

use super::*;

#[derive(Debug, Serialize, ToSchema)]
pub struct ListMeta {
    pub page: i64,
    pub per_page: i64,
    pub total: i64,
}

/// `page`: 1 or more (an out-of-range page is a 422, not a silent clamp).
pub(super) fn page_number<'de, D: serde::Deserializer<'de>>(de: D) -> Result<Option<i64>, D::Error> {
    let value = Option::<i64>::deserialize(de)?;
    match value {
        Some(n) if n < 1 => Err(serde::de::Error::custom("page must be 1 or more")),
        _ => Ok(value),
    }
}

/// `per_page`: 1 to 100.
pub(super) fn page_size<'de, D: serde::Deserializer<'de>>(de: D) -> Result<Option<i64>, D::Error> {
    let value = Option::<i64>::deserialize(de)?;
    match value {
        Some(n) if !(1..=loyalty_application::PageRequest::MAX_PER_PAGE).contains(&n) => {
            Err(serde::de::Error::custom("per_page must be between 1 and 100"))
        }
        _ => Ok(value),
    }
}

/// Narrowing of a list (its paging is a `PageQuery` beside it).
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Matches name, phone or email (customers only).
    pub search: Option<String>,
    /// Only this store (it must be one the caller can see).
    pub store_id: Option<i64>,
}

/// A list's page: every list takes it beside its own filters, so the bounds are written once.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// 1-based page number.
    #[serde(default, deserialize_with = "page_number")]
    #[param(minimum = 1)]
    pub page: Option<i64>,
    /// Items per page, 1 to 100 (default 20).
    #[serde(default, deserialize_with = "page_size")]
    #[param(minimum = 1, maximum = 100)]
    pub per_page: Option<i64>,
}

impl PageQuery {
    pub fn page_request(&self) -> loyalty_application::PageRequest {
        loyalty_application::PageRequest::new(self.page, self.per_page)
    }
}

/// Incremental sync of a list: what changed since the last read, oldest change first.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SyncQuery {
    /// Only records changed at or after this RFC 3339 time, oldest change first; `page` is then
    /// not used. To go on, send the last record's change time (`updated_at` of customers and
    /// invoices, `created_at` of redemptions and history entries, which never change) here and
    /// its `id` as `after_id`; stop when a page comes back shorter than `per_page`. Hidden
    /// customers are included, with their `deleted_at`.
    #[param(example = "2026-11-22T10:00:00Z")]
    pub updated_since: Option<String>,
    /// With `updated_since`: leave out the records changed at exactly that time whose id is not
    /// above this one (the last record already read).
    pub after_id: Option<i64>,
}

impl SyncQuery {
    pub fn sync(&self) -> Result<Option<loyalty_application::SyncFrom>, loyalty_application::AppError> {
        loyalty_application::SyncFrom::parse(self.updated_since.as_deref(), self.after_id)
    }
}
