//! The large data set, generated with set-based SQL in one transaction on either backend.
//!
//! Every generated row has an id computed from the largest id the demo seed left, so rows can
//! point at each other by arithmetic: store `k` (1-based) is `s0 + k`, its POS user
//! `u0 + owners + k`, its owner `u0 + (k - 1) / (stores / owners) + 1`, customer `g` is
//! `c0 + g` in store `(g - 1) / per_store + 1`, invoice `i` belongs to customer
//! `(i - 1) % customers + 1`. Balances are the sums of the ledger rows written with them.

use std::time::Instant;

use chrono::Utc;
use diesel::connection::SimpleConnection;
use diesel::sql_types::Text;
use diesel::RunQueryDsl;
use loyalty_db::repositories::store_days;
use loyalty_db::DbConnection;

use crate::{open, scalar, Size};

/// Bump when the generated data changes shape; a database of another version is rebuilt.
const VERSION: &str = "bench-v1";
/// Extra points of the hot customer, so a whole run of redemptions on it never runs dry.
pub const HOT_EXTRA_POINTS: i64 = 100_000_000;
/// The cheapest reward of every generated owner.
pub const REWARD_COST: i64 = 10;

/// What the load scripts need to address the generated rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fixture {
    pub u0: i64,
    pub s0: i64,
    pub c0: i64,
    pub r0: i64,
    pub owners: i64,
    pub stores: i64,
    pub customers: i64,
    pub per_store: i64,
    pub phones: i64,
}

impl Fixture {
    fn encode(&self) -> String {
        format!(
            "u0={} s0={} c0={} r0={} owners={} stores={} customers={} per_store={} phones={}",
            self.u0, self.s0, self.c0, self.r0, self.owners, self.stores, self.customers, self.per_store, self.phones
        )
    }

    pub fn decode(text: &str) -> Result<Self, String> {
        let get = |name: &str| -> Result<i64, String> {
            text.split_whitespace()
                .find_map(|pair| pair.strip_prefix(name).and_then(|rest| rest.strip_prefix('=')))
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| format!("fixture without {name}: {text}"))
        };
        Ok(Self {
            u0: get("u0")?,
            s0: get("s0")?,
            c0: get("c0")?,
            r0: get("r0")?,
            owners: get("owners")?,
            stores: get("stores")?,
            customers: get("customers")?,
            per_store: get("per_store")?,
            phones: get("phones")?,
        })
    }

    /// A Lua table for the wrk scripts (and `KEY=value` lines are easy to grep from it too).
    pub fn to_lua(&self) -> String {
        let stores_per_owner = self.stores / self.owners;
        format!(
            "return {{\n  u0 = {}, s0 = {}, c0 = {}, r0 = {},\n  owners = {}, stores = {}, stores_per_owner = {},\n  \
             customers = {}, per_store = {}, phones = {},\n  cashiers_from = {}, hot_customer = {}, \
             drain_customer = {},\n  reward_cost = {}, hot_extra_points = {},\n}}",
            self.u0,
            self.s0,
            self.c0,
            self.r0,
            self.owners,
            self.stores,
            stores_per_owner,
            self.customers,
            self.per_store,
            self.phones,
            self.u0 + self.owners + 1,
            self.c0 + 1,
            self.c0 + 2,
            REWARD_COST,
            HOT_EXTRA_POINTS,
        )
    }
}

fn version(size: Size) -> String {
    format!(
        "{VERSION} stores={} owners={} customers={} invoices={}",
        size.stores, size.owners, size.customers, size.invoices
    )
}

#[derive(diesel::QueryableByName)]
struct Meta {
    #[diesel(sql_type = Text)]
    version: String,
    #[diesel(sql_type = Text)]
    fixture: String,
}

fn meta(conn: &mut DbConnection) -> Option<Meta> {
    diesel::sql_query("SELECT version, fixture FROM bench_meta").get_result::<Meta>(conn).ok()
}

/// The fixture when the database already holds this version and size of the data set.
pub fn status(database_url: &str, size: Size) -> Result<Option<Fixture>, String> {
    let pool = open(database_url, 1)?;
    let mut conn = pool.get().map_err(|e| e.to_string())?;
    match meta(&mut conn) {
        Some(m) if m.version == version(size) => Fixture::decode(&m.fixture).map(Some),
        _ => Ok(None),
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Dialect {
    Sqlite,
    Postgres,
}

impl Dialect {
    /// A FROM item yielding `x` = 1..=n (BIGINT).
    fn series(self, n: i64) -> String {
        match self {
            Dialect::Sqlite => {
                format!("(WITH RECURSIVE s(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM s WHERE x < {n}) SELECT x FROM s) AS s")
            }
            Dialect::Postgres => format!("generate_series(1::bigint, {n}::bigint) AS s(x)"),
        }
    }

    /// The timestamp `secs` seconds before `now` (an integer SQL expression).
    fn ago(self, now: i64, secs: &str) -> String {
        match self {
            Dialect::Sqlite => format!("datetime({now} - ({secs}), 'unixepoch')"),
            Dialect::Postgres => format!("(to_timestamp({now} - ({secs})) AT TIME ZONE 'UTC')"),
        }
    }

    fn pad(self, expr: &str, width: usize) -> String {
        match self {
            Dialect::Sqlite => format!("printf('%0{width}d', {expr})"),
            Dialect::Postgres => format!("lpad(({expr})::text, {width}, '0')"),
        }
    }

    fn text(self, expr: &str) -> String {
        match self {
            Dialect::Sqlite => format!("CAST({expr} AS TEXT)"),
            Dialect::Postgres => format!("({expr})::text"),
        }
    }

    /// Dirhams as the decimal string the application writes (`12.500`).
    fn lyd(self, expr: &str) -> String {
        format!("{} || '.' || {}", self.text(&format!("({expr}) / 1000")), self.pad(&format!("({expr}) % 1000"), 3))
    }
}

fn exec(conn: &mut DbConnection, label: &str, sql: &str) -> Result<(), String> {
    let started = Instant::now();
    conn.batch_execute(sql).map_err(|e| format!("{label}: {e}\n{sql}"))?;
    eprintln!("  {label}: {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}

/// Adds `customers` customers to the first generated store (its cashier is `cashier1`), so the
/// counter's search runs in a store of that size; answers how many live customers it has. Their
/// search text is written by the server when it starts, as for any older row.
pub fn big_store(database_url: &str, customers: i64) -> Result<i64, String> {
    let pool = open(database_url, 1)?;
    let mut conn = pool.get().map_err(|e| e.to_string())?;
    let m = meta(&mut conn).ok_or("no generated data set")?;
    let fixture = Fixture::decode(&m.fixture)?;
    let d = match &*conn {
        DbConnection::Sqlite(_) => Dialect::Sqlite,
        DbConnection::Postgresql(_) => Dialect::Postgres,
    };
    let store = fixture.s0 + 1;
    let now = chrono::Utc::now().timestamp();
    exec(
        &mut conn,
        "big store",
        &format!(
            "INSERT INTO customers (store_id, name, phone, email, loyalty_points, created_at, updated_at) \
             SELECT {store}, 'زبون كبير ' || {x}, '+21892' || {phone}, NULL, 0, {at}, {at} FROM {series}",
            x = d.text("x"),
            phone = d.pad("x", 7),
            at = d.ago(now, "86400"),
            series = d.series(customers)
        ),
    )?;
    scalar(&mut conn, &format!("SELECT COUNT(*) AS v FROM customers WHERE store_id = {store} AND deleted_at IS NULL"))
}

/// Generates the data set into a migrated, demo-seeded database (see the module docs).
pub fn prepare(database_url: &str, size: Size) -> Result<Fixture, String> {
    let Size { stores, owners, customers, invoices } = size;
    if stores < 10 || owners < 1 || stores % owners != 0 || customers % stores != 0 || invoices < customers {
        return Err("need stores >= 10, stores % owners == 0, customers % stores == 0, invoices >= customers".into());
    }
    let pool = open(database_url, 1)?;
    let mut conn = pool.get().map_err(|e| e.to_string())?;
    if let Some(m) = meta(&mut conn) {
        return if m.version == version(size) {
            Fixture::decode(&m.fixture)
        } else {
            Err(format!("the database holds another data set ({}); start from an empty one", m.version))
        };
    }
    let d = match &*conn {
        DbConnection::Sqlite(_) => Dialect::Sqlite,
        DbConnection::Postgresql(_) => Dialect::Postgres,
    };
    let max = |conn: &mut DbConnection, table: &str| {
        scalar(conn, &format!("SELECT CAST(COALESCE(MAX(id), 0) AS BIGINT) AS v FROM {table}"))
    };
    let (u0, s0, c0, i0) = (
        max(&mut conn, "users")?,
        max(&mut conn, "stores")?,
        max(&mut conn, "customers")?,
        max(&mut conn, "invoices")?,
    );
    let (r0, rd0) = (max(&mut conn, "rewards")?, max(&mut conn, "redemptions")?);
    let package = scalar(&mut conn, "SELECT CAST(COALESCE(MIN(id), 0) AS BIGINT) AS v FROM packages")?;
    if u0 == 0 || package == 0 {
        return Err("seed the demo data first (`loyalty seed-demo`): its cashier's password hash is reused".into());
    }
    let per_store = customers / stores;
    let spo = stores / owners;
    // The last five stores' customers reuse the phone numbers of the first five stores'
    // customers: those people are customers of two stores.
    let phones = customers - 5 * per_store;
    let now = Utc::now().timestamp();
    let day = 86_400;
    let year = 365 * day;
    let cashier0 = u0 + owners;

    if d == Dialect::Sqlite {
        conn.batch_execute("PRAGMA synchronous = OFF; PRAGMA cache_size = -1500000; PRAGMA temp_store = MEMORY;")
            .map_err(|e| e.to_string())?;
    } else {
        conn.batch_execute("SET synchronous_commit = off; SET maintenance_work_mem = '512MB'; SET work_mem = '256MB';")
            .map_err(|e| e.to_string())?;
    }
    let started = Instant::now();
    eprintln!("generating {} ...", version(size));
    exec(&mut conn, "begin", if d == Dialect::Sqlite { "BEGIN IMMEDIATE" } else { "BEGIN" })?;
    let hash = "(SELECT password_hash FROM users WHERE email = 'cashier@demo.ly')";
    let long_ago = d.ago(now, &(400 * day).to_string());
    let owner_of_k = |k: &str| format!("{u0} + (({k}) - 1) / {spo} + 1");
    let store_of_g = |g: &str| format!("(({g}) - 1) / {per_store} + 1");

    exec(
        &mut conn,
        "owners",
        &format!(
            "INSERT INTO users (id, name, email, password_hash, role, is_active, store_owner_name, store_id, created_at, updated_at) \
             SELECT {u0} + x, 'Bench Owner ' || {x}, 'owner' || {x} || '@bench.ly', {hash}, 'store_owner', TRUE, \
             'Bench Owner ' || {x}, NULL, {long_ago}, {long_ago} FROM {series}",
            x = d.text("x"),
            series = d.series(owners)
        ),
    )?;
    exec(
        &mut conn,
        "stores",
        &format!(
            "INSERT INTO stores (id, owner_id, name, address, registration_token, created_at, updated_at) \
             SELECT {s0} + x, {owner}, 'Bench Store ' || {x}, 'Tripoli', 'bench-store-token-' || {x}, {long_ago}, {long_ago} \
             FROM {series}",
            owner = owner_of_k("x"),
            x = d.text("x"),
            series = d.series(stores)
        ),
    )?;
    exec(
        &mut conn,
        "cashiers",
        &format!(
            "INSERT INTO users (id, name, email, password_hash, role, is_active, store_owner_name, store_id, created_at, updated_at) \
             SELECT {cashier0} + x, 'Bench Cashier ' || {x}, 'cashier' || {x} || '@bench.ly', {hash}, 'pos_user', TRUE, \
             NULL, {s0} + x, {long_ago}, {long_ago} FROM {series}",
            x = d.text("x"),
            series = d.series(stores)
        ),
    )?;
    let cost = format!("(CASE (x - 1) % 3 WHEN 0 THEN {REWARD_COST} WHEN 1 THEN 50 ELSE 200 END)");
    exec(
        &mut conn,
        "plans, settings, rewards",
        &format!(
            "INSERT INTO subscriptions (store_owner_id, package_id, status, starts_at, ends_at, auto_renew, source, notes, created_at, updated_at) \
             SELECT {u0} + x, {package}, 'active', {start}, {end}, FALSE, 'admin', NULL, {start}, {start} FROM {series}; \
             INSERT INTO loyalty_settings (store_owner_id, points_per_lyd_milli, min_purchase_dirhams, updated_at) \
             SELECT {u0} + x, 1000, 0, {long_ago} FROM {series}; \
             INSERT INTO rewards (id, store_owner_id, name, description, reward_type, points_required, amount_milli, is_active, created_at, updated_at) \
             SELECT {r0} + x, {u0} + (x - 1) / 3 + 1, 'Bench reward ' || {cost_text}, NULL, 'prize', {cost}, 0, TRUE, \
             {long_ago}, {long_ago} FROM {rseries}",
            start = d.ago(now, &(30 * day).to_string()),
            end = d.ago(now, &(-335 * day).to_string()),
            series = d.series(owners),
            cost_text = d.text(&cost),
            rseries = d.series(owners * 3),
        ),
    )?;
    exec(
        &mut conn,
        "customers",
        &format!(
            "INSERT INTO customers (id, store_id, name, phone, email, loyalty_points, created_by, created_at, updated_at, deleted_at) \
             SELECT {c0} + x, {s0} + {k}, 'Bench Customer ' || {x}, '+21891' || {phone}, NULL, 0, {cashier0} + {k}, \
             {long_ago}, {long_ago}, NULL FROM {series}",
            k = store_of_g("x"),
            x = d.text("x"),
            phone = d.pad(&format!("(x - 1) % {phones}"), 7),
            series = d.series(customers)
        ),
    )?;
    // Invoice i: customer g = (i - 1) % customers + 1, times spread evenly over the last 365
    // days in id order, totals 1.000 to 200.000 LYD, one point per LYD (the default rate).
    let g = format!("((x - 1) % {customers} + 1)");
    let total = "(1000 + (x * 7919) % 199001)";
    exec(
        &mut conn,
        "invoices",
        &format!(
            "INSERT INTO invoices (id, store_id, customer_id, pos_user_id, invoice_number, total_dirhams, points_earned, created_at, updated_at, voided_at, voided_by) \
             SELECT {i0} + x, {s0} + {k}, {c0} + {g}, {cashier0} + {k}, 'G' || {x}, {total}, {total} / 1000, {at}, {at}, NULL, NULL \
             FROM {series}",
            k = store_of_g(&g),
            x = d.text("x"),
            at = d.ago(now, &format!("({invoices} - x) * {year} / {invoices} + 120")),
            series = d.series(invoices)
        ),
    )?;
    // Every tenth customer redeemed the cheapest reward once, a minute after its last invoice.
    exec(
        &mut conn,
        "redemptions",
        &format!(
            "INSERT INTO redemptions (id, store_id, customer_id, reward_id, pos_user_id, points_spent, created_at) \
             SELECT {rd0} + x, {s0} + {k}, {c0} + x * 10, {r0} + ({owner} - {u0} - 1) * 3 + 1, {cashier0} + {k}, {REWARD_COST}, {at} \
             FROM {series}",
            k = store_of_g("x * 10"),
            owner = owner_of_k(&store_of_g("x * 10")),
            at = d.ago(now, &format!("({customers} - x * 10) * {year} / {invoices} + 60")),
            series = d.series(customers / 10)
        ),
    )?;
    // The dashboards' per store and day figures of the new sales and gifts (the server keeps
    // them in each write; the new stores have no rows yet).
    let summed = store_days::summed_days_sql(&conn, i0, rd0);
    exec(
        &mut conn,
        "store days",
        &format!(
            "INSERT INTO store_days (store_id, day, invoices, revenue_dirhams, points_issued, redemptions, points_redeemed, points_expired) {summed}"
        ),
    )?;
    exec(
        &mut conn,
        "ledger (invoices)",
        &format!(
            "INSERT INTO points_ledger (customer_id, store_id, kind, delta, balance_after, reason, actor_id, invoice_id, redemption_id, created_at) \
             SELECT customer_id, store_id, 'invoice', points_earned, \
             SUM(points_earned) OVER (PARTITION BY customer_id ORDER BY id ROWS UNBOUNDED PRECEDING), \
             NULL, pos_user_id, id, NULL, created_at FROM invoices WHERE id > {i0} ORDER BY id"
        ),
    )?;
    exec(
        &mut conn,
        "ledger (redemptions, hot customer)",
        &format!(
            "INSERT INTO points_ledger (customer_id, store_id, kind, delta, balance_after, reason, actor_id, invoice_id, redemption_id, created_at) \
             SELECT r.customer_id, r.store_id, 'redemption', -r.points_spent, t.total - r.points_spent, 'Bench reward {REWARD_COST}', \
             r.pos_user_id, NULL, r.id, r.created_at FROM redemptions r JOIN \
             (SELECT customer_id, SUM(points_earned) AS total FROM invoices WHERE id > {i0} GROUP BY customer_id) t \
             ON t.customer_id = r.customer_id WHERE r.id > {rd0} ORDER BY r.id; \
             INSERT INTO points_ledger (customer_id, store_id, kind, delta, balance_after, reason, actor_id, invoice_id, redemption_id, created_at) \
             SELECT customer_id, store_id, 'adjustment', {HOT_EXTRA_POINTS}, SUM(points_earned) + {HOT_EXTRA_POINTS}, \
             'bench: hot customer', NULL, NULL, NULL, {at} FROM invoices WHERE customer_id = {hot} GROUP BY customer_id, store_id",
            hot = c0 + 1,
            at = d.ago(now, "30"),
        ),
    )?;
    exec(
        &mut conn,
        "balances",
        &format!(
            "UPDATE customers SET loyalty_points = t.total FROM \
             (SELECT customer_id, SUM(delta) AS total FROM points_ledger WHERE customer_id > {c0} GROUP BY customer_id) AS t \
             WHERE customers.id = t.customer_id"
        ),
    )?;
    exec(
        &mut conn,
        "point lots",
        &format!(
            "INSERT INTO point_lots (customer_id, points, remaining, earned_at, expires_on) \
             SELECT id, loyalty_points, loyalty_points, created_at, NULL FROM customers \
             WHERE id > {c0} AND loyalty_points > 0"
        ),
    )?;
    exec(
        &mut conn,
        "activity log",
        &format!(
            "INSERT INTO activity_log (actor_id, store_id, kind, subject_id, details, created_at) \
             SELECT pos_user_id, store_id, 'invoice_created', id, \
             '{{\"customer\":\"Bench Customer ' || {cust} || '\",\"invoice_number\":\"' || invoice_number || \
             '\",\"points\":\"' || {points} || '\",\"total\":\"' || {lyd} || '\"}}', created_at \
             FROM invoices WHERE id > {i0} ORDER BY id; \
             INSERT INTO activity_log (actor_id, store_id, kind, subject_id, details, created_at) \
             SELECT pos_user_id, store_id, 'redemption_created', id, \
             '{{\"customer\":\"Bench Customer ' || {rcust} || '\",\"points\":\"{REWARD_COST}\",\"reward\":\"Bench reward {REWARD_COST}\"}}', \
             created_at FROM redemptions WHERE id > {rd0} ORDER BY id",
            cust = d.text(&format!("customer_id - {c0}")),
            rcust = d.text(&format!("customer_id - {c0}")),
            points = d.text("points_earned"),
            lyd = d.lyd("total_dirhams"),
        ),
    )?;
    let fixture = Fixture { u0, s0, c0, r0, owners, stores, customers, per_store, phones };
    exec(
        &mut conn,
        "meta",
        &format!(
            "CREATE TABLE bench_meta (version TEXT NOT NULL, fixture TEXT NOT NULL); \
             INSERT INTO bench_meta (version, fixture) VALUES ('{}', '{}')",
            version(size),
            fixture.encode()
        ),
    )?;
    if d == Dialect::Postgres {
        // Explicit ids leave the identity sequences behind.
        let mut sql = String::new();
        for table in ["users", "stores", "customers", "invoices", "rewards", "redemptions"] {
            sql.push_str(&format!(
                "SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT MAX(id) FROM {table}));"
            ));
        }
        exec(&mut conn, "sequences", &sql)?;
    }
    exec(&mut conn, "commit", "COMMIT")?;
    match d {
        // What autovacuum would do soon anyway; SQLite is left as the product leaves it (no ANALYZE).
        Dialect::Postgres => exec(&mut conn, "vacuum analyze", "VACUUM ANALYZE")?,
        Dialect::Sqlite => exec(&mut conn, "checkpoint", "PRAGMA wal_checkpoint(TRUNCATE)")?,
    }
    eprintln!("generated in {:.1} s", started.elapsed().as_secs_f64());
    Ok(fixture)
}
