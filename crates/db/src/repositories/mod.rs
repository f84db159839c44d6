mod activity;
mod admin;
mod api_keys;
mod claims;
mod customers;
mod exports;
mod idempotency;
mod invoices;
mod jobs;
mod ledger;
mod lookup;
pub(crate) mod lots;
mod messages;
mod notifications;
mod page_links;
mod plans;
mod redemptions;
mod retention;
mod rewards;
mod sessions;
mod signals;
mod stamps;
pub mod store_days;
pub use customers::fill_search_text;
mod stores;
mod tiers;
mod users;
mod webhooks;

use loyalty_application::{PageRequest, PersonRef};

/// `%text%` for LIKE, with the wildcards in `text` escaped (escape character `\`).
pub(crate) fn contains_pattern(text: &str) -> String {
    let escaped = text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    format!("%{escaped}%")
}

/// Keeps a boxed query to the given stores: `column = id` for one store, `column IN (...)` for
/// several. With one store PostgreSQL walks the `(store_id, ...)` index in order; given
/// `= ANY('{id}')` in a prepared statement it may walk the whole table's id or time index
/// backwards instead, filtering out every other store's rows (50 ms on 100,000 customers).
macro_rules! filter_stores {
    ($query:expr, $column:expr, $ids:expr) => {
        match $ids.as_slice() {
            [one] => $query.filter($column.eq(*one)),
            many => $query.filter($column.eq_any(many.to_vec())),
        }
    };
}
pub(crate) use filter_stores;

/// The ids of the owners' sandbox stores (test mode), which the platform's figures, store list
/// and exports leave out: `column.ne_all(sandboxes!())`.
macro_rules! sandboxes {
    () => {
        crate::schema::stores::table
            .select(crate::schema::stores::id)
            .filter(crate::schema::stores::is_sandbox.eq(true))
    };
}
pub(crate) use sandboxes;

/// A sales list's filter (invoices, redemptions): the filter's stores and customer, and from the
/// sync's cursor on when there is one (`changed` and `id` order the changes).
macro_rules! sales_filtered {
    ($query:expr, $filter:expr, $sync:expr, changed: $changed:expr, id: $id:expr, store: $store:expr, customer: $customer:expr) => {{
        let mut query = $query.into_boxed::<DbBackend>();
        if let Some(sync) = $sync {
            query = query.filter($changed.gt(sync.since).or($changed.eq(sync.since).and($id.gt(sync.after_id))));
        }
        if let Some(ids) = &$filter.store_ids {
            query = filter_stores!(query, $store, ids);
        }
        if let Some(customer_id) = $filter.customer_id {
            query = query.filter($customer.eq(customer_id));
        }
        query
    }};
}
pub(crate) use sales_filtered;

/// A page of a sales list (`$table`: invoices or redemptions, with `id`, `store_id` and
/// `customer_id` columns) and the count of the whole list: newest first (`created`), or, with the
/// sync's cursor, oldest change first (`changed`).
macro_rules! sales_page {
    ($conn:expr, $filter:expr, $page:expr, $rows:expr => $row:ty, $table:ident { changed: $changed:ident, created: $created:ident }) => {{
        let total: i64 = sales_filtered!($table::table.select(count_star()), $filter, $page.sync, changed: $table::$changed,
            id: $table::id, store: $table::store_id, customer: $table::customer_id)
            .get_result($conn)
            .map_err(map_error)?;
        let (limit, offset) = limits($page);
        let query = sales_filtered!($rows, $filter, $page.sync, changed: $table::$changed, id: $table::id,
            store: $table::store_id, customer: $table::customer_id);
        let query = match $page.sync {
            Some(_) => query.order(($table::$changed.asc(), $table::id.asc())),
            None => query.order(($table::$created.desc(), $table::id.desc())),
        };
        let rows: Vec<$row> = query.limit(limit).offset(offset).load($conn).map_err(map_error)?;
        (rows, total)
    }};
}
pub(crate) use sales_page;

/// Whether any of the queries finds a row: a `SELECT EXISTS (...)` each, in order, stopping at
/// the first that does.
macro_rules! any_row {
    ($conn:expr; $($query:expr),+ $(,)?) => {{
        let mut found = false;
        $(
            found = found
                || diesel::select(diesel::dsl::exists($query)).get_result::<bool>($conn).map_err(map_error)?;
        )+
        Ok(found)
    }};
}
pub(crate) use any_row;

/// A value the database keeps by name (a `code_enum!`): a name this code does not know is an
/// error naming it, never a default.
pub(crate) fn stored<T: std::str::FromStr>(name: &str) -> loyalty_application::ports::RepoResult<T> {
    let what = std::any::type_name::<T>().rsplit("::").next().unwrap_or("value");
    name.parse().map_err(|_| loyalty_application::ports::RepoError::Other(format!("unknown stored {what} {name}")))
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
