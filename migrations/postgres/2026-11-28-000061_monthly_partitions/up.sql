-- Monthly partitions on PostgreSQL (issue #40, item 3). The four tables that grow with every
-- sale or change (invoices, the points ledger, the activity log, webhook deliveries) are
-- partitioned by month of `created_at` (UTC), declaratively: a query bounded in time reads only
-- its months, and a month past every owner's retention is dropped whole instead of deleted row
-- by row. Each table keeps a default partition, so a row of a month without its partition (a
-- clock far ahead) is still written; `loyalty_month_partition` moves such rows into their month
-- when it is made. Housekeeping makes the current month's and the next two months' partitions
-- ahead (`PartitionRepo::prepare_partitions`).
--
-- A partitioned table's unique keys must hold the partition key: the primary keys become
-- `(id, created_at)` (ids still come from one sequence per table, so each stays unique), and
-- what can no longer be declared is kept another way:
-- * an invoice number is unique per store across months through `invoice_numbers`, one row per
--   numbered invoice, written by a trigger (a duplicate is the same unique violation as before);
-- * the ledger, returns, stamp events and sale claims name an invoice by `invoice_id` alone: a
--   trigger checks that it exists (the foreign keys they had), and invoices are never deleted
--   (voided), which a trigger now enforces.

-- The partition of `parent` for the month that holds `month` (UTC), named `<parent>_yYYYYmMM`;
-- false when it exists. Rows of that month already in the default partition move into it. The
-- new table is attached (a SHARE UPDATE EXCLUSIVE lock on the parent: sales go on meanwhile).
CREATE FUNCTION loyalty_month_partition(parent TEXT, month DATE) RETURNS BOOLEAN
LANGUAGE plpgsql AS $$
DECLARE
    first_day DATE := date_trunc('month', month)::DATE;
    next_first DATE := (date_trunc('month', month) + INTERVAL '1 month')::DATE;
    part TEXT := format('%s_y%sm%s', parent, to_char(first_day, 'YYYY'), to_char(first_day, 'MM'));
BEGIN
    IF to_regclass(part) IS NOT NULL THEN
        RETURN FALSE;
    END IF;
    EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', part, parent);
    IF to_regclass(parent || '_default') IS NOT NULL THEN
        EXECUTE format(
            'WITH moved AS (DELETE FROM %I WHERE created_at >= %L AND created_at < %L RETURNING *) '
            'INSERT INTO %I SELECT * FROM moved', parent || '_default', first_day, next_first, part);
    END IF;
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)',
        parent, part, first_day, next_first);
    RETURN TRUE;
END $$;

-- Drops `parent`'s monthly partitions whose whole month ended before `before`; how many.
CREATE FUNCTION loyalty_drop_partitions_before(parent TEXT, before TIMESTAMP) RETURNS INTEGER
LANGUAGE plpgsql AS $$
DECLARE
    part RECORD;
    dropped INTEGER := 0;
BEGIN
    FOR part IN
        SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = parent::regclass AND c.relname ~ ('^' || parent || '_y[0-9]{4}m[0-9]{2}$')
        ORDER BY c.relname
    LOOP
        IF (to_date(right(part.relname, 8), '"y"YYYY"m"MM') + INTERVAL '1 month') <= before THEN
            EXECUTE format('DROP TABLE %I', part.relname);
            dropped := dropped + 1;
        END IF;
    END LOOP;
    RETURN dropped;
END $$;

-- Turns `tbl` into a table partitioned by month of `created_at`, with the same columns, checks,
-- defaults, indexes (unique ones aside: the caller declares those) and foreign keys, its rows
-- copied, its id sequence carried on. Foreign keys that named `tbl` are dropped (the caller
-- keeps them another way). Used by this migration only.
CREATE FUNCTION loyalty_partition_by_month(tbl TEXT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
    old TEXT := tbl || '_unpartitioned';
    index_defs TEXT[];
    foreign_keys TEXT[];
    statement TEXT;
    last_id BIGINT;
    oldest TIMESTAMP;
    newest TIMESTAMP;
    today TIMESTAMP := now() AT TIME ZONE 'UTC';
    month DATE;
BEGIN
    SELECT coalesce(array_agg(pg_get_indexdef(x.indexrelid) ORDER BY x.indexrelid), '{}') INTO index_defs
    FROM pg_index x WHERE x.indrelid = tbl::regclass AND NOT x.indisunique;
    SELECT coalesce(array_agg(format('ALTER TABLE %I ADD CONSTRAINT %I %s', tbl, conname, pg_get_constraintdef(oid))
        ORDER BY conname), '{}') INTO foreign_keys
    FROM pg_constraint WHERE conrelid = tbl::regclass AND contype = 'f';
    EXECUTE format('SELECT greatest(coalesce(max(id), 0), (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM %s)), '
        'min(created_at), max(created_at) FROM %I', pg_get_serial_sequence(tbl, 'id'), tbl)
        INTO last_id, oldest, newest;

    EXECUTE format('ALTER TABLE %I RENAME TO %I', tbl, old);
    EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE (created_at)', tbl, old);
    EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT', tbl || '_default', tbl);
    month := date_trunc('month', least(coalesce(oldest, today), today))::DATE;
    WHILE month <= date_trunc('month', greatest(coalesce(newest, today), today) + INTERVAL '2 months')::DATE LOOP
        PERFORM loyalty_month_partition(tbl, month);
        month := (month + INTERVAL '1 month')::DATE;
    END LOOP;
    EXECUTE format('INSERT INTO %I SELECT * FROM %I', tbl, old);
    EXECUTE format('DROP TABLE %I CASCADE', old);

    EXECUTE format('CREATE SEQUENCE %I OWNED BY %I.id', tbl || '_id_seq', tbl);
    PERFORM setval(tbl || '_id_seq', last_id + 1, FALSE);
    EXECUTE format('ALTER TABLE %I ALTER COLUMN id SET DEFAULT nextval(%L::regclass)', tbl, tbl || '_id_seq');
    EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I PRIMARY KEY (id, created_at)', tbl, tbl || '_pkey');
    FOREACH statement IN ARRAY index_defs LOOP
        EXECUTE statement;
    END LOOP;
    FOREACH statement IN ARRAY foreign_keys LOOP
        EXECUTE statement;
    END LOOP;
    EXECUTE format('ANALYZE %I', tbl);
END $$;

SELECT loyalty_partition_by_month('invoices');
SELECT loyalty_partition_by_month('points_ledger');
SELECT loyalty_partition_by_month('activity_log');
SELECT loyalty_partition_by_month('webhook_deliveries');
DROP FUNCTION loyalty_partition_by_month(TEXT);

-- An invoice number, unique per store across every month.
CREATE TABLE invoice_numbers (
    store_id BIGINT NOT NULL,
    invoice_number TEXT NOT NULL,
    invoice_id BIGINT NOT NULL,
    PRIMARY KEY (store_id, invoice_number)
);
INSERT INTO invoice_numbers (store_id, invoice_number, invoice_id)
SELECT store_id, invoice_number, id FROM invoices WHERE invoice_number IS NOT NULL;
CREATE INDEX invoices_store_number ON invoices(store_id, invoice_number) WHERE invoice_number IS NOT NULL;

CREATE FUNCTION loyalty_invoice_number() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND NEW.invoice_number IS NOT DISTINCT FROM OLD.invoice_number THEN
        RETURN NEW;
    END IF;
    IF TG_OP = 'UPDATE' AND OLD.invoice_number IS NOT NULL THEN
        DELETE FROM invoice_numbers WHERE store_id = OLD.store_id AND invoice_number = OLD.invoice_number;
    END IF;
    IF NEW.invoice_number IS NOT NULL THEN
        INSERT INTO invoice_numbers (store_id, invoice_number, invoice_id) VALUES (NEW.store_id, NEW.invoice_number, NEW.id);
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER invoices_number AFTER INSERT OR UPDATE OF invoice_number, store_id ON invoices
FOR EACH ROW EXECUTE FUNCTION loyalty_invoice_number();

-- Invoices are voided, never deleted: what names one can rely on it.
CREATE FUNCTION loyalty_invoices_kept() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'invoices are voided, never deleted (invoice %)', OLD.id USING ERRCODE = 'restrict_violation';
END $$;
CREATE TRIGGER invoices_kept BEFORE DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION loyalty_invoices_kept();

-- The foreign key to invoices of the tables that name one.
CREATE FUNCTION loyalty_invoice_exists() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.invoice_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM invoices WHERE id = NEW.invoice_id) THEN
        RAISE EXCEPTION 'insert or update on table "%" violates foreign key: invoice % does not exist', TG_TABLE_NAME, NEW.invoice_id
            USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER points_ledger_invoice_exists BEFORE INSERT OR UPDATE OF invoice_id ON points_ledger
FOR EACH ROW EXECUTE FUNCTION loyalty_invoice_exists();
CREATE TRIGGER invoice_returns_invoice_exists BEFORE INSERT OR UPDATE OF invoice_id ON invoice_returns
FOR EACH ROW EXECUTE FUNCTION loyalty_invoice_exists();
CREATE TRIGGER stamp_events_invoice_exists BEFORE INSERT OR UPDATE OF invoice_id ON stamp_events
FOR EACH ROW EXECUTE FUNCTION loyalty_invoice_exists();
CREATE TRIGGER sale_claims_invoice_exists BEFORE INSERT OR UPDATE OF invoice_id ON sale_claims
FOR EACH ROW EXECUTE FUNCTION loyalty_invoice_exists();

-- How long an owner's activity log and webhook deliveries are kept (an owner without a row has
-- the defaults, `crates/domain/src/retention.rs`), applied once a Tripoli day.
CREATE TABLE data_retention (
    store_owner_id BIGINT PRIMARY KEY NOT NULL REFERENCES users(id),
    activity_log_months BIGINT NOT NULL,
    webhook_delivery_days BIGINT NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
INSERT INTO jobs (name, last_run_at, runs) VALUES ('retention', '1970-01-01 00:00:00', 0);
