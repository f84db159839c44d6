-- Reverts returns (sqlite). The returns, their ledger rows and the points owed go: a balance
-- below zero becomes 0, as the old CHECK demands.
PRAGMA foreign_keys = OFF;
BEGIN;
DROP TABLE invoice_returns;
ALTER TABLE invoices DROP COLUMN returned_points;
ALTER TABLE invoices DROP COLUMN returned_dirhams;

DELETE FROM points_ledger WHERE kind = 'return';
UPDATE points_ledger SET balance_after = 0 WHERE balance_after < 0;
CREATE TABLE points_ledger_old (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id BIGINT NOT NULL REFERENCES customers(id),
    store_id BIGINT NOT NULL REFERENCES stores(id),
    kind TEXT NOT NULL CHECK (kind IN ('invoice', 'redemption', 'manual', 'adjustment', 'void', 'opening_balance', 'expired')),
    delta BIGINT NOT NULL,
    balance_after BIGINT NOT NULL CHECK (balance_after >= 0),
    reason TEXT,
    actor_id BIGINT REFERENCES users(id),
    invoice_id BIGINT REFERENCES invoices(id),
    redemption_id BIGINT REFERENCES redemptions(id),
    created_at TIMESTAMP NOT NULL,
    api_key_id BIGINT REFERENCES api_keys(id)
);
INSERT INTO points_ledger_old (id, customer_id, store_id, kind, delta, balance_after, reason, actor_id, invoice_id, redemption_id, created_at, api_key_id)
    SELECT id, customer_id, store_id, kind, delta, balance_after, reason, actor_id, invoice_id, redemption_id, created_at, api_key_id
    FROM points_ledger;
DROP TABLE points_ledger;
ALTER TABLE points_ledger_old RENAME TO points_ledger;
CREATE INDEX points_ledger_customer ON points_ledger(customer_id, id);
CREATE INDEX points_ledger_store_id ON points_ledger(store_id, created_at);
CREATE INDEX points_ledger_actor_time ON points_ledger(actor_id, created_at);
CREATE INDEX points_ledger_invoice_id ON points_ledger(invoice_id);
CREATE INDEX points_ledger_redemption_id ON points_ledger(redemption_id);
CREATE INDEX points_ledger_api_key_id ON points_ledger(api_key_id);

DROP TRIGGER customers_fts_insert;
DROP TRIGGER customers_fts_delete;
DROP TRIGGER customers_fts_update;
CREATE TABLE customers_old (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    store_id BIGINT NOT NULL REFERENCES stores(id),
    name TEXT NOT NULL,
    phone TEXT,
    email TEXT,
    loyalty_points BIGINT NOT NULL DEFAULT 0 CHECK (loyalty_points >= 0),
    created_by BIGINT REFERENCES users(id),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    deleted_at TIMESTAMP
, unconfirmed_join BOOLEAN NOT NULL DEFAULT 0, search_text TEXT NOT NULL DEFAULT '');
INSERT INTO customers_old (id, store_id, name, phone, email, loyalty_points, created_by, created_at, updated_at, deleted_at, unconfirmed_join, search_text)
    SELECT id, store_id, name, phone, email, MAX(loyalty_points, 0), created_by, created_at, updated_at, deleted_at, unconfirmed_join, search_text
    FROM customers;
DROP TABLE customers;
ALTER TABLE customers_old RENAME TO customers;
CREATE UNIQUE INDEX customers_store_phone_live ON customers(store_id, phone) WHERE deleted_at IS NULL AND phone IS NOT NULL;
CREATE INDEX customers_store_id ON customers(store_id, id);
CREATE INDEX customers_phone ON customers(phone);
CREATE INDEX customers_created_by ON customers(created_by);
CREATE INDEX customers_store_updated ON customers(store_id, updated_at, id);
CREATE TRIGGER customers_fts_insert AFTER INSERT ON customers BEGIN
    INSERT INTO customers_fts (rowid, search_text) VALUES (new.id, new.search_text);
END;
CREATE TRIGGER customers_fts_delete AFTER DELETE ON customers BEGIN
    INSERT INTO customers_fts (customers_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
END;
CREATE TRIGGER customers_fts_update AFTER UPDATE OF search_text ON customers BEGIN
    INSERT INTO customers_fts (customers_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
    INSERT INTO customers_fts (rowid, search_text) VALUES (new.id, new.search_text);
END;

COMMIT;
PRAGMA foreign_keys = ON;
