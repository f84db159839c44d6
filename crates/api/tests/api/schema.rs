//! The migrations: they revert and re-apply to the same schema, and every foreign key has an
//! index that starts with it (full, or of the rows that name a parent: `WHERE col IS NOT NULL`).

use diesel::sql_types::Text;
use diesel::{QueryableByName, RunQueryDsl};
use loyalty_db::{pool, DbConnection, DbUrl};

use crate::helpers::{fresh_database, Backend};

#[derive(QueryableByName, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Line {
    #[diesel(sql_type = Text)]
    line: String,
}

fn schema_of(conn: &mut DbConnection) -> Vec<String> {
    let rows: Vec<Line> = match conn {
        DbConnection::Sqlite(c) => diesel::sql_query(
            "SELECT type || ' ' || name || ': ' || COALESCE(sql, '') AS line FROM sqlite_master \
             WHERE name NOT LIKE 'sqlite_%' AND name <> '__diesel_schema_migrations' ORDER BY type, name",
        )
        .load(c),
        DbConnection::Postgresql(c) => diesel::sql_query(
            "SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || COALESCE(column_default, '') AS line \
             FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '__diesel_schema_migrations' \
             UNION ALL SELECT 'index ' || indexname || ': ' || indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '__diesel_schema_migrations' \
             UNION ALL SELECT 'constraint ' || conname || ': ' || pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND conname NOT LIKE '__diesel%' \
             ORDER BY 1",
        )
        .load(c),
    }
    .unwrap_or_else(|e| panic!("schema query: {e}"));
    rows.into_iter().map(|l| l.line).collect()
}

/// Foreign keys whose column does not lead an index of every row that names a parent: a full
/// index, or one partial on `col IS NOT NULL` (a NULL references nothing).
fn unindexed_foreign_keys(conn: &mut DbConnection) -> Vec<String> {
    let rows: Vec<Line> = match conn {
        DbConnection::Sqlite(c) => diesel::sql_query(
            "SELECT m.name || '.' || f.\"from\" AS line FROM sqlite_master m, pragma_foreign_key_list(m.name) f \
             WHERE m.type = 'table' AND NOT EXISTS ( \
               SELECT 1 FROM pragma_index_list(m.name) il, pragma_index_info(il.name) ii \
               WHERE ii.seqno = 0 AND ii.name = f.\"from\" AND (il.partial = 0 OR EXISTS ( \
                 SELECT 1 FROM sqlite_master x WHERE x.type = 'index' AND x.name = il.name \
                 AND x.sql LIKE '% WHERE ' || f.\"from\" || ' IS NOT NULL'))) \
             AND NOT EXISTS (SELECT 1 FROM pragma_table_info(m.name) ti WHERE ti.name = f.\"from\" AND ti.pk = 1)",
        )
        .load(c),
        DbConnection::Postgresql(c) => diesel::sql_query(
            "SELECT c.conrelid::regclass::text || '.' || a.attname AS line FROM pg_constraint c \
             JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1] \
             WHERE c.contype = 'f' AND NOT EXISTS ( \
               SELECT 1 FROM pg_index i WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1] \
               AND (i.indpred IS NULL OR pg_get_expr(i.indpred, i.indrelid) = '(' || a.attname || ' IS NOT NULL)'))",
        )
        .load(c),
    }
    .unwrap_or_else(|e| panic!("fk query: {e}"));
    rows.into_iter().map(|l| l.line).collect()
}

fn round_trip(backend: Backend) {
    let Some(db) = fresh_database(backend) else {
        return;
    };
    let pool =
        pool::connect(&DbUrl::parse(&db.url).unwrap_or_else(|e| panic!("{e}")), 1).unwrap_or_else(|e| panic!("{e}"));
    {
        let mut conn = pool.get().unwrap_or_else(|e| panic!("{e}"));
        assert!(pool::run_migrations(&mut conn).unwrap_or_else(|e| panic!("{e}")) >= 1);
        let first = schema_of(&mut conn);
        assert!(first.len() > 20, "{first:?}");
        assert_eq!(unindexed_foreign_keys(&mut conn), Vec::<String>::new());
        pool::revert_all_migrations(&mut conn).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(schema_of(&mut conn), Vec::<String>::new(), "down.sql leaves objects behind");
        pool::run_migrations(&mut conn).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(schema_of(&mut conn), first);
    }
    // The pool goes first so the database can be dropped.
    drop(pool);
    drop(db);
}

#[test]
fn migrations_round_trip_on_sqlite() {
    round_trip(Backend::Sqlite);
}

#[test]
fn migrations_round_trip_on_postgres() {
    round_trip(Backend::Postgres);
}

/// The folders on disk of one backend, sorted by name.
fn migration_folders(backend: &str) -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../migrations").join(backend);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap_or_else(|e| panic!("{e}")).file_name().to_string_lossy().into_owned())
        .filter(|name| !name.starts_with('.'))
        .collect();
    names.sort();
    names
}

/// `2026-11-25-000003_key_attribution` -> (day, sequence number, name).
fn parts_of(folder: &str) -> (chrono::NaiveDate, u32, &str) {
    let (version, name) = folder.split_once('_').unwrap_or_else(|| panic!("{folder}: no _name"));
    let (day, sequence) = version.rsplit_once('-').unwrap_or_else(|| panic!("{folder}: no -sequence"));
    let day = chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d").unwrap_or_else(|e| panic!("{folder}: {e}"));
    assert_eq!(sequence.len(), 6, "{folder}: the sequence number has six digits (just migration NAME)");
    let sequence = sequence.parse().unwrap_or_else(|e| panic!("{folder}: {e}"));
    (day, sequence, name)
}

/// Migrations are named by the day they were written, then a running number that day
/// (`just migration NAME`): the folders sort in the order diesel runs them, no two share a
/// version, a migration both backends have has the same folder name in both, and no folder is
/// dated after today (a future date would make the next generated migration sort before it).
#[test]
fn migration_folders_are_in_written_order() {
    let today = chrono::Utc::now().date_naive();
    let mut by_name = std::collections::HashMap::new();
    for (folder, backend) in [("sqlite", pool::Backend::Sqlite), ("postgres", pool::Backend::Postgres)] {
        let folders = migration_folders(folder);
        assert_eq!(pool::migration_names(backend), folders, "{folder}: folders on disk vs the embedded run order");
        let mut versions = std::collections::HashSet::new();
        for name in &folders {
            let (day, sequence, short) = parts_of(name);
            assert!(day <= today, "{folder}/{name} is dated after today ({today})");
            assert!(sequence >= 1, "{folder}/{name}: sequence numbers start at 000001");
            assert!(versions.insert((day, sequence)), "{folder}/{name}: two migrations share a version");
            let first = by_name.entry(short.to_owned()).or_insert_with(|| name.clone());
            assert_eq!(first, name, "{short} is named differently in the two backends");
        }
    }
}

/// A server that could not write its SQLite files would fail later in the worst way (an
/// unwritable `-shm` ended it with SIGBUS and no log line): at start it names the file (#14
/// item 6). A directory where `-shm` belongs cannot be opened for writing, even by root.
#[test]
fn start_up_names_a_database_file_it_cannot_write() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    let db = dir.path().join("shop.db");
    let mut shm = db.as_os_str().to_owned();
    shm.push("-shm");
    std::fs::create_dir(&shm).unwrap_or_else(|e| panic!("mkdir: {e}"));
    let config = loyalty_api::Config::for_url(format!("sqlite://{}", db.display()));
    let error = loyalty_api::build_state(&config).err().unwrap_or_default();
    assert!(error.contains("shop.db-shm") && error.contains("must be writable"), "{error}");

    std::fs::remove_dir(&shm).unwrap_or_else(|e| panic!("rmdir: {e}"));
    assert!(loyalty_api::build_state(&config).is_ok(), "starts once the file is fixed");
    assert!(pool::check_sqlite_files_writable(&db).is_ok());
    let nowhere = std::path::Path::new("/proc/loyalty/shop.db");
    assert!(pool::check_sqlite_files_writable(nowhere).is_err_and(|e| e.contains("/proc/loyalty")));
}
