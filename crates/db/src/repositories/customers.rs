use chrono::{NaiveDate, NaiveDateTime};
use diesel::dsl::{count_star, sql};
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use loyalty_application::ports::{
    CustomerChanges, CustomerRepo, ImportedCustomer, LookupRow, NewCustomer, RecordFilter, RepoResult,
};
use loyalty_application::{
    ConsentSource, Customer, CustomerStats, LedgerKind, MessageChannel, PageRequest, StoreScope, SyncFrom,
};
use loyalty_domain::Money;

use super::{contains_pattern, filter_stores, limits};
use crate::pool::{DbBackend, DbConnection};
use crate::schema::{
    customer_consents, customer_search, customers, invoices, point_lots, points_ledger, redemptions, stores,
};
use crate::tx::{map_error, map_unique, DbTx};

/// What a customer is found by: its name and email as searched (`text::search_key`) and its
/// phone's digits, on one line the indexes read (FTS5 trigram on SQLite, pg_trgm on PostgreSQL).
pub(crate) fn search_text(name: &str, phone: Option<&str>, email: Option<&str>) -> String {
    let digits: String = phone.unwrap_or_default().chars().filter(char::is_ascii_digit).collect();
    let email = email.map(loyalty_domain::text::search_key).unwrap_or_default();
    [loyalty_domain::text::search_key(name), digits, email].join(" ").trim_end().to_owned()
}

/// How many characters of each suffix of a search text SQLite's suffix index keeps
/// (`customer_search`, migration 2026-11-27-000020); a longer search reads the range of its
/// first ones and checks the rest on the row.
const SUFFIX_CHARS: usize = 12;

/// At least this many suffixes in a search's range make it broad (a name's common word, a
/// phone's first two digits): the counter's search then reads the store's customers newest
/// first and stops at the first matches, rather than sorting every match. Either way it reads
/// about a thousand rows at most: fewer matches are read by id and sorted; with more, one in
/// every hundred customers of a store of 100,000 matches, so the newest 20 are within 2,000.
const BROAD_SEARCH: i64 = 1_000;

/// The range of SQLite's suffix index holding every text that contains `key`: the suffixes
/// starting with its first characters. SQLite compares text bytewise, and UTF-8's byte order is
/// the characters' order, so nothing after the key's own suffixes sorts below `key` + U+10FFFF.
fn suffix_range(key: &str) -> (String, String) {
    let low: String = key.chars().take(SUFFIX_CHARS).collect();
    let high = format!("{low}\u{10FFFF}");
    (low, high)
}

/// `$body` with `$sub` bound to the query of the ids of the customers of the stores (every
/// store for `None`) whose search text has a suffix in `$key`'s range. A macro: each arm's
/// subquery has its own type (a boxed one cannot be a subquery of the multi-backend connection).
macro_rules! with_suffix_matches {
    ($store_ids:expr, $key:expr, |$sub:ident| $body:expr) => {{
        let (low, high) = suffix_range($key);
        let base = customer_search::table
            .select(customer_search::customer_id)
            .filter(customer_search::suffix.ge(low))
            .filter(customer_search::suffix.lt(high));
        match $store_ids {
            Some([one]) => {
                let $sub = base.filter(customer_search::store_id.eq(*one));
                $body
            }
            Some(many) => {
                let $sub = base.filter(customer_search::store_id.eq_any(many.to_vec()));
                $body
            }
            None => {
                // Every store, as a range per store of the index (an alias: the outer query
                // joins `stores` already).
                let all = diesel::alias!(stores as all_stores);
                let $sub = base.filter(customer_search::store_id.eq_any(all.select(all.field(stores::id))));
                $body
            }
        }
    }};
}

/// A customer with its store's name and owner.
#[derive(Queryable, Selectable)]
#[diesel(table_name = customers, check_for_backend(DbBackend))]
struct Row {
    id: i64,
    store_id: i64,
    name: String,
    phone: Option<String>,
    email: Option<String>,
    loyalty_points: i64,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
    deleted_at: Option<NaiveDateTime>,
    unconfirmed_join: bool,
    birthday: Option<String>,
    whatsapp_consent_at: Option<NaiveDateTime>,
    sms_consent_at: Option<NaiveDateTime>,
    message_language: String,
    #[diesel(select_expression = stores::name)]
    store_name: String,
    #[diesel(select_expression = stores::owner_id)]
    owner_id: i64,
    #[diesel(select_expression = stores::is_sandbox)]
    sandbox: bool,
}

fn into_customer(row: Row) -> Customer {
    Customer {
        id: row.id,
        store: StoreScope { id: row.store_id, name: row.store_name, owner_id: row.owner_id, sandbox: row.sandbox },
        name: row.name,
        phone: row.phone,
        email: row.email,
        loyalty_points: row.loyalty_points,
        created_at: row.created_at,
        updated_at: row.updated_at,
        deleted_at: row.deleted_at,
        unconfirmed_join: row.unconfirmed_join,
        // Written from a `Birthday` only (and CHECKed to its length).
        birthday: row.birthday.as_deref().and_then(|b| loyalty_domain::Birthday::parse(b).ok()),
        consents: loyalty_application::Consents {
            whatsapp_at: row.whatsapp_consent_at,
            sms_at: row.sms_consent_at,
            // CHECKed to one of the two.
            language: loyalty_domain::messages_out::MessageLanguage::parse(&row.message_language).unwrap_or_default(),
        },
    }
}

/// A customer's live sales: how many, their total and the points they earned, less returns.
#[derive(Queryable, Selectable)]
#[diesel(table_name = invoices, check_for_backend(DbBackend))]
struct SalesRow {
    #[diesel(select_expression = count_star(), select_expression_type = diesel::dsl::count_star)]
    invoices: i64,
    #[diesel(
        select_expression = sql::<BigInt>("CAST(COALESCE(SUM(invoices.total_dirhams - invoices.returned_dirhams), 0) AS BIGINT)"),
        select_expression_type = diesel::expression::SqlLiteral<BigInt>
    )]
    total_dirhams: i64,
    #[diesel(
        select_expression = sql::<BigInt>("CAST(COALESCE(SUM(invoices.points_earned - invoices.returned_points), 0) AS BIGINT)"),
        select_expression_type = diesel::expression::SqlLiteral<BigInt>
    )]
    points_earned: i64,
}

/// Digits a person typed for a phone, as they appear inside an E.164 Libyan number.
fn phone_digits(search: &str) -> Option<String> {
    if search.chars().any(char::is_alphabetic) {
        return None;
    }
    let digits: String = search.chars().filter(char::is_ascii_digit).collect();
    let local = digits.strip_prefix("00218").or_else(|| digits.strip_prefix("218")).unwrap_or(&digits);
    let local = local.strip_prefix('0').unwrap_or(local);
    (local.len() >= 2).then(|| local.to_owned())
}

/// Live customers of the filter's stores matching the search. A sync (`$sync`) reads from its
/// cursor on and includes hidden customers, so an integration learns they were hidden.
macro_rules! filtered {
    ($query:expr, $filter:expr, $search:expr, $sync:expr, sqlite: $sqlite:expr) => {{
        let mut query = $query.into_boxed::<DbBackend>();
        match $sync {
            Some(sync) => {
                query = query.filter(
                    customers::updated_at
                        .gt(sync.since)
                        .or(customers::updated_at.eq(sync.since).and(customers::id.gt(sync.after_id))),
                )
            }
            None => query = query.filter(customers::deleted_at.is_null()),
        }
        if let Some(ids) = &$filter.store_ids {
            query = filter_stores!(query, customers::store_id, ids);
        }
        if let Some(search) = $search {
            // A phone typed in any form is searched by its local digits; anything else as the
            // stored text was folded.
            let key = phone_digits(search).unwrap_or_else(|| loyalty_domain::text::search_key(search));
            query = if $sqlite {
                // The suffix index's range, then the whole key on the row (the index keeps the
                // first characters of each suffix).
                let query = with_suffix_matches!($filter.store_ids.as_deref(), &key, |sub| {
                    query.filter(customers::id.eq_any(sub))
                });
                query.filter(
                    sql::<diesel::sql_types::Bool>("instr(customers.search_text, ")
                        .bind::<diesel::sql_types::Text, _>(key)
                        .sql(") > 0"),
                )
            } else {
                query.filter(customers::search_text.like(contains_pattern(&key)).escape('\\'))
            };
        }
        query
    }};
}

/// Rows per multi-row insert of an import: well under SQLite's limit of bound values.
const IMPORT_CHUNK: usize = 500;

impl CustomerRepo for DbTx<'_> {
    fn store_phones(&mut self, store_id: i64) -> RepoResult<Vec<String>> {
        customers::table
            .filter(customers::store_id.eq(store_id))
            .filter(customers::deleted_at.is_null())
            .filter(customers::phone.is_not_null())
            .select(customers::phone.assume_not_null())
            .load(self.conn)
            .map_err(map_error)
    }

    fn insert_imported(
        &mut self,
        store_id: i64,
        actor_id: i64,
        imported: &[ImportedCustomer],
        expires_on: Option<NaiveDate>,
        now: NaiveDateTime,
    ) -> RepoResult<()> {
        for chunk in imported.chunks(IMPORT_CHUNK) {
            let rows: Vec<_> = chunk
                .iter()
                .map(|c| {
                    (
                        customers::store_id.eq(store_id),
                        customers::name.eq(&c.name),
                        customers::phone.eq(Some(&c.phone)),
                        customers::email.eq(c.email.as_ref()),
                        customers::search_text.eq(search_text(&c.name, Some(&c.phone), c.email.as_deref())),
                        customers::loyalty_points.eq(c.points),
                        customers::created_by.eq(Some(actor_id)),
                        customers::unconfirmed_join.eq(false),
                        customers::whatsapp_consent_at.eq(c.whatsapp.then_some(now)),
                        customers::sms_consent_at.eq(c.sms.then_some(now)),
                        customers::message_language.eq(c.language.unwrap_or_default().as_str()),
                        customers::created_at.eq(now),
                        customers::updated_at.eq(now),
                    )
                })
                .collect();
            // One multi-row insert per chunk: the multi-backend connection does not batch, so
            // each backend's own connection does. Each new id comes with its phone (unique in
            // the store), whatever order the rows come back in.
            let insert =
                diesel::insert_into(customers::table).values(rows).returning((customers::id, customers::phone));
            let ids: Vec<(i64, Option<String>)> = match &mut *self.conn {
                DbConnection::Sqlite(c) => insert.get_results(c),
                DbConnection::Postgresql(c) => insert.get_results(c),
            }
            .map_err(map_unique("customers.phone"))?;
            // Each new id with the customer it was made for, once for the three inserts below.
            let added: Vec<(i64, &ImportedCustomer)> = ids
                .iter()
                .filter_map(|(id, phone)| Some((*id, chunk.iter().find(|c| Some(&c.phone) == phone.as_ref())?)))
                .collect();
            let ledger: Vec<_> = added
                .iter()
                .filter(|(_, customer)| customer.points > 0)
                .map(|&(id, customer)| {
                    (
                        points_ledger::customer_id.eq(id),
                        points_ledger::store_id.eq(store_id),
                        points_ledger::kind.eq(LedgerKind::OpeningBalance.as_str()),
                        points_ledger::delta.eq(customer.points),
                        points_ledger::balance_after.eq(customer.points),
                        points_ledger::actor_id.eq(Some(actor_id)),
                        points_ledger::created_at.eq(now),
                    )
                })
                .collect();
            if !ledger.is_empty() {
                let insert = diesel::insert_into(points_ledger::table).values(ledger);
                match &mut *self.conn {
                    DbConnection::Sqlite(c) => insert.execute(c),
                    DbConnection::Postgresql(c) => insert.execute(c),
                }
                .map_err(map_error)?;
            }
            // The consents the file gave, kept as history as the till's are (source `import`).
            let consents: Vec<_> = added
                .iter()
                .flat_map(|&(id, c)| {
                    [(MessageChannel::Whatsapp, c.whatsapp), (MessageChannel::Sms, c.sms)]
                        .into_iter()
                        .filter(|(_, given)| *given)
                        .map(move |(channel, _)| {
                            (
                                customer_consents::customer_id.eq(id),
                                customer_consents::channel.eq(channel.as_str()),
                                customer_consents::granted.eq(true),
                                customer_consents::source.eq(ConsentSource::Import.as_str()),
                                customer_consents::actor_id.eq(Some(actor_id)),
                                customer_consents::created_at.eq(now),
                            )
                        })
                })
                .collect();
            if !consents.is_empty() {
                let insert = diesel::insert_into(customer_consents::table).values(consents);
                match &mut *self.conn {
                    DbConnection::Sqlite(c) => insert.execute(c),
                    DbConnection::Postgresql(c) => insert.execute(c),
                }
                .map_err(map_error)?;
            }
            let lots: Vec<_> = added
                .iter()
                .filter(|(_, customer)| customer.points > 0)
                .map(|&(id, customer)| {
                    (
                        point_lots::customer_id.eq(id),
                        point_lots::points.eq(customer.points),
                        point_lots::remaining.eq(customer.points),
                        point_lots::earned_at.eq(now),
                        point_lots::expires_on.eq(expires_on),
                    )
                })
                .collect();
            if !lots.is_empty() {
                let insert = diesel::insert_into(point_lots::table).values(lots);
                match &mut *self.conn {
                    DbConnection::Sqlite(c) => insert.execute(c),
                    DbConnection::Postgresql(c) => insert.execute(c),
                }
                .map_err(map_error)?;
            }
        }
        Ok(())
    }

    fn list_customers(
        &mut self,
        filter: &RecordFilter,
        search: Option<&str>,
        page: PageRequest,
    ) -> RepoResult<(Vec<Customer>, i64)> {
        let sqlite = matches!(self.conn, DbConnection::Sqlite(_));
        let total: i64 =
            filtered!(customers::table.inner_join(stores::table), filter, search, page.sync, sqlite: sqlite)
                .select(count_star())
                .get_result(self.conn)
                .map_err(map_error)?;
        let (limit, offset) = limits(page);
        let query = filtered!(customers::table.inner_join(stores::table), filter, search, page.sync, sqlite: sqlite)
            .select(Row::as_select());
        let query = match page.sync {
            Some(_) => query.order((customers::updated_at.asc(), customers::id.asc())),
            None => query.order(customers::id.desc()),
        };
        let rows: Vec<Row> = query.limit(limit).offset(offset).load(self.conn).map_err(map_error)?;
        Ok((rows.into_iter().map(into_customer).collect(), total))
    }

    fn search_customers(&mut self, filter: &RecordFilter, search: &str, limit: i64) -> RepoResult<Vec<Customer>> {
        // SQLite reads the suffix index unless the search is broad (PostgreSQL's trigram index
        // serves the LIKE either way).
        let sqlite = match self.conn {
            DbConnection::Sqlite(_) => {
                let key = phone_digits(search).unwrap_or_else(|| loyalty_domain::text::search_key(search));
                let found: Vec<i64> = with_suffix_matches!(filter.store_ids.as_deref(), &key, |sub| {
                    sub.limit(BROAD_SEARCH).load(self.conn)
                })
                .map_err(map_error)?;
                found.len() < BROAD_SEARCH as usize
            }
            _ => false,
        };
        let rows: Vec<Row> =
            filtered!(customers::table.inner_join(stores::table), filter, Some(search), None::<SyncFrom>, sqlite: sqlite)
                .select(Row::as_select())
                .order(customers::id.desc())
                .limit(limit)
                .load(self.conn)
                .map_err(map_error)?;
        Ok(rows.into_iter().map(into_customer).collect())
    }

    fn customer_by_id(&mut self, id: i64) -> RepoResult<Option<Customer>> {
        let row: Option<Row> = customers::table
            .inner_join(stores::table)
            .select(Row::as_select())
            .filter(customers::id.eq(id))
            .filter(customers::deleted_at.is_null())
            .first(self.conn)
            .optional()
            .map_err(map_error)?;
        Ok(row.map(into_customer))
    }

    fn insert_customer(&mut self, c: NewCustomer) -> RepoResult<i64> {
        let text = search_text(&c.name, c.phone.as_deref(), c.email.as_deref());
        diesel::insert_into(customers::table)
            .values((
                customers::search_text.eq(text),
                customers::store_id.eq(c.store_id),
                customers::name.eq(c.name),
                customers::phone.eq(c.phone),
                customers::email.eq(c.email),
                customers::birthday.eq(c.birthday.map(|b| b.to_string())),
                customers::loyalty_points.eq(0i64),
                customers::created_by.eq(c.created_by),
                customers::unconfirmed_join.eq(c.unconfirmed_join),
                customers::created_at.eq(c.now),
                customers::updated_at.eq(c.now),
            ))
            .returning(customers::id)
            .get_result(self.conn)
            .map_err(map_unique("customers.phone"))
    }

    fn update_customer(&mut self, id: i64, c: CustomerChanges) -> RepoResult<()> {
        let text = search_text(&c.name, c.phone.as_deref(), c.email.as_deref());
        diesel::update(customers::table.find(id))
            .set((
                customers::search_text.eq(text),
                customers::name.eq(c.name),
                customers::phone.eq(c.phone),
                customers::email.eq(c.email),
                customers::birthday.eq(c.birthday.map(|b| b.to_string())),
                customers::updated_at.eq(c.now),
            ))
            .execute(self.conn)
            .map_err(map_unique("customers.phone"))?;
        Ok(())
    }

    fn confirm_join(&mut self, id: i64, now: NaiveDateTime) -> RepoResult<bool> {
        let confirmed = diesel::update(
            customers::table.find(id).filter(customers::deleted_at.is_null()).filter(customers::unconfirmed_join),
        )
        .set((customers::unconfirmed_join.eq(false), customers::updated_at.eq(now)))
        .execute(self.conn)
        .map_err(map_error)?;
        Ok(confirmed == 1)
    }

    fn hide_customer(&mut self, id: i64, now: NaiveDateTime) -> RepoResult<bool> {
        let hidden = diesel::update(customers::table.find(id).filter(customers::deleted_at.is_null()))
            .set((customers::deleted_at.eq(now), customers::updated_at.eq(now)))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(hidden == 1)
    }

    fn customers_by_phone(&mut self, phone: &str) -> RepoResult<Vec<Customer>> {
        let rows: Vec<Row> = customers::table
            .inner_join(stores::table)
            .select(Row::as_select())
            .filter(customers::phone.eq(phone))
            .filter(customers::deleted_at.is_null())
            .filter(stores::deleted_at.is_null())
            .order(customers::id)
            .load(self.conn)
            .map_err(map_error)?;
        Ok(rows.into_iter().map(into_customer).collect())
    }

    fn points_lookup(
        &mut self,
        phone: &str,
        from: NaiveDate,
        until: NaiveDate,
        now: NaiveDateTime,
    ) -> RepoResult<Vec<LookupRow>> {
        super::lookup::points_lookup(self.conn, phone, from, until, now)
    }

    fn customer_stats(&mut self, id: i64) -> RepoResult<CustomerStats> {
        let sales: SalesRow = invoices::table
            .filter(invoices::customer_id.eq(id))
            .filter(invoices::voided_at.is_null())
            .select(SalesRow::as_select())
            .get_result(self.conn)
            .map_err(map_error)?;
        let (rewards_redeemed, points_redeemed): (i64, i64) = redemptions::table
            .filter(redemptions::customer_id.eq(id))
            .select((count_star(), sql::<BigInt>("CAST(COALESCE(SUM(redemptions.points_spent), 0) AS BIGINT)")))
            .get_result(self.conn)
            .map_err(map_error)?;
        Ok(CustomerStats {
            total_invoices: sales.invoices,
            total_spent: Money::from_dirhams(sales.total_dirhams),
            rewards_redeemed,
            points_earned: sales.points_earned,
            points_redeemed,
        })
    }
}

/// Customers without a search text (made before it was kept) get theirs, a batch per
/// transaction; the migrations runner calls it after each run. Returns how many were filled.
pub fn fill_search_text(conn: &mut DbConnection) -> QueryResult<usize> {
    const BATCH: i64 = 1_000;
    let mut filled = 0;
    loop {
        let done = conn.transaction(|conn| {
            let rows: Vec<(i64, String, Option<String>, Option<String>)> = customers::table
                .filter(customers::search_text.eq(""))
                .select((customers::id, customers::name, customers::phone, customers::email))
                .order(customers::id)
                .limit(BATCH)
                .load(conn)?;
            for (id, name, phone, email) in &rows {
                diesel::update(customers::table.find(id))
                    .set(customers::search_text.eq(search_text(name, phone.as_deref(), email.as_deref())))
                    .execute(conn)?;
            }
            QueryResult::Ok(rows.len())
        })?;
        filled += done;
        if done < BATCH as usize {
            return Ok(filled);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::phone_digits;

    #[test]
    fn phone_search_digits() {
        assert_eq!(phone_digits("0912"), Some("912".into()));
        assert_eq!(phone_digits("+218 91"), Some("91".into()));
        assert_eq!(phone_digits("00218912"), Some("912".into()));
        assert_eq!(phone_digits("فاطمة"), None);
        assert_eq!(phone_digits("0"), None);
    }
}
