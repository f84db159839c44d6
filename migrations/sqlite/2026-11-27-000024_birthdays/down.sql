-- Reverts birthdays (sqlite): the birthday rows of the ledger go (the points they gave stay in
-- the balances and lots).
PRAGMA foreign_keys = OFF;
BEGIN;
DELETE FROM points_ledger WHERE kind = 'birthday';
CREATE TABLE points_ledger_old (
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
INSERT INTO points_ledger_old SELECT id, customer_id, store_id, kind, delta, balance_after, reason, actor_id, invoice_id, redemption_id, created_at, api_key_id FROM points_ledger;
DROP TABLE points_ledger;
ALTER TABLE points_ledger_old RENAME TO points_ledger;
CREATE INDEX points_ledger_customer ON points_ledger(customer_id, id);
CREATE INDEX points_ledger_store_id ON points_ledger(store_id, created_at);
CREATE INDEX points_ledger_actor_time ON points_ledger(actor_id, created_at);
CREATE INDEX points_ledger_invoice_id ON points_ledger(invoice_id);
CREATE INDEX points_ledger_redemption_id ON points_ledger(redemption_id);
CREATE INDEX points_ledger_api_key_id ON points_ledger(api_key_id);
ALTER TABLE loyalty_settings DROP COLUMN birthday_points;
DROP INDEX customers_birthday;
ALTER TABLE customers DROP COLUMN birthday_year;
ALTER TABLE customers DROP COLUMN birthday;
COMMIT;
PRAGMA foreign_keys = ON;
