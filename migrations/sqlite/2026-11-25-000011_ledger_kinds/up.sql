-- Two more kinds of points ledger rows (issue #19): 'opening_balance', the points a customer
-- brought from paper or another system when imported; 'expired', points that reached their
-- expiry. SQLite changes a CHECK by rebuilding the table (no table refers to the ledger).
CREATE TABLE points_ledger_new (
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
