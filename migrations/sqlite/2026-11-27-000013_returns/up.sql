-- Returns (issue #38, item 1): goods brought back against an invoice, in part or whole, several
-- times up to its total. Each return takes its share of the sale's points back, and may take
-- the balance below zero when the customer already spent them: the customer then owes points,
-- paid back first by the next points earned. A return is the only change that may leave a
-- balance below zero; every other take (a redemption, a void, an adjustment, an expiry) still
-- refuses to, in the code (one conditional update) and here in the ledger's CHECK.
-- SQLite changes a CHECK by rebuilding the table.
PRAGMA foreign_keys = OFF;
BEGIN;

-- customers: the balance may go below zero (points owed).
DROP TRIGGER customers_fts_insert;
DROP TRIGGER customers_fts_delete;
DROP TRIGGER customers_fts_update;
CREATE TABLE customers_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    store_id BIGINT NOT NULL REFERENCES stores(id),
    name TEXT NOT NULL,
    phone TEXT,
    email TEXT,
    loyalty_points BIGINT NOT NULL DEFAULT 0,
    created_by BIGINT REFERENCES users(id),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    deleted_at TIMESTAMP,
    unconfirmed_join BOOLEAN NOT NULL DEFAULT 0,
    search_text TEXT NOT NULL DEFAULT ''
);
INSERT INTO customers_new (id, store_id, name, phone, email, loyalty_points, created_by, created_at, updated_at, deleted_at, unconfirmed_join, search_text)
    SELECT id, store_id, name, phone, email, loyalty_points, created_by, created_at, updated_at, deleted_at, unconfirmed_join, search_text
    FROM customers;
DROP TABLE customers;
ALTER TABLE customers_new RENAME TO customers;
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

-- points_ledger: the kind 'return'; a balance below zero only after a return, or after points
-- earned that paid back part of what is owed (never after a take of another kind).
CREATE TABLE points_ledger_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id BIGINT NOT NULL REFERENCES customers(id),
    store_id BIGINT NOT NULL REFERENCES stores(id),
    kind TEXT NOT NULL CHECK (kind IN ('invoice', 'redemption', 'manual', 'adjustment', 'void', 'opening_balance', 'expired', 'return')),
    delta BIGINT NOT NULL,
    balance_after BIGINT NOT NULL CHECK (balance_after >= 0 OR kind = 'return' OR delta > 0),
    reason TEXT,
    actor_id BIGINT REFERENCES users(id),
    invoice_id BIGINT REFERENCES invoices(id),
    redemption_id BIGINT REFERENCES redemptions(id),
    created_at TIMESTAMP NOT NULL,
    api_key_id BIGINT REFERENCES api_keys(id)
);
INSERT INTO points_ledger_new (id, customer_id, store_id, kind, delta, balance_after, reason, actor_id, invoice_id, redemption_id, created_at, api_key_id)
    SELECT id, customer_id, store_id, kind, delta, balance_after, reason, actor_id, invoice_id, redemption_id, created_at, api_key_id
    FROM points_ledger;
DROP TABLE points_ledger;
ALTER TABLE points_ledger_new RENAME TO points_ledger;
CREATE INDEX points_ledger_customer ON points_ledger(customer_id, id);
CREATE INDEX points_ledger_store_id ON points_ledger(store_id, created_at);
CREATE INDEX points_ledger_actor_time ON points_ledger(actor_id, created_at);
CREATE INDEX points_ledger_invoice_id ON points_ledger(invoice_id);
CREATE INDEX points_ledger_redemption_id ON points_ledger(redemption_id);
CREATE INDEX points_ledger_api_key_id ON points_ledger(api_key_id);

-- invoices: what its returns add up to, kept by the return's conditional update so the sum
-- never passes the total, even under concurrent returns.
ALTER TABLE invoices ADD COLUMN returned_dirhams BIGINT NOT NULL DEFAULT 0
    CHECK (returned_dirhams >= 0 AND returned_dirhams <= total_dirhams);
ALTER TABLE invoices ADD COLUMN returned_points BIGINT NOT NULL DEFAULT 0
    CHECK (returned_points >= 0 AND returned_points <= points_earned);

CREATE TABLE invoice_returns (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    invoice_id BIGINT NOT NULL REFERENCES invoices(id),
    amount_dirhams BIGINT NOT NULL CHECK (amount_dirhams > 0),
    points BIGINT NOT NULL CHECK (points >= 0),
    reason TEXT NOT NULL,
    actor_id BIGINT NOT NULL REFERENCES users(id),
    api_key_id BIGINT REFERENCES api_keys(id),
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX invoice_returns_invoice_id ON invoice_returns(invoice_id, id);
CREATE INDEX invoice_returns_actor_id ON invoice_returns(actor_id);
CREATE INDEX invoice_returns_api_key_id ON invoice_returns(api_key_id);

COMMIT;
PRAGMA foreign_keys = ON;
