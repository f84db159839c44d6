mod activity;
mod admin;
mod customers;
mod idempotency;
mod invoices;
mod ledger;
mod plans;
mod redemptions;
mod rewards;
mod sessions;
pub mod store_days;
mod stores;
mod users;

use loyalty_application::{PageRequest, PersonRef};

/// `%text%` for LIKE, with the wildcards in `text` escaped (escape character `\`).
pub(crate) fn contains_pattern(text: &str) -> String {
    let escaped = text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    format!("%{escaped}%")
}

pub(crate) fn person(id: Option<i64>, name: Option<String>) -> Option<PersonRef> {
    Some(PersonRef { id: id?, name: name? })
}

pub(crate) fn limits(page: PageRequest) -> (i64, i64) {
    (page.per_page, page.offset())
}

diesel::define_sql_function! {
    /// Lower-case text (Unicode-aware on PostgreSQL; Arabic has no case either way).
    fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text;
}
pub(crate) use self::lower as sql_lower;
