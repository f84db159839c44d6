-- Birthdays (issue #38, item 4): a customer may have a birthday (month and day, `MM-DD`), the
-- owner gives `birthday_points` on it (0: none), and the daily run gives them once a year:
-- `birthday_year` is the last year they were given, set by the same conditional update that
-- gives them, so two instances never give them twice. Ledger kind 'birthday'.
-- SQLite changes a CHECK by rebuilding the table.
PRAGMA foreign_keys = OFF;
BEGIN;

ALTER TABLE customers ADD COLUMN birthday TEXT CHECK (birthday IS NULL OR length(birthday) = 5);
ALTER TABLE customers ADD COLUMN birthday_year INTEGER;
CREATE INDEX customers_birthday ON customers(birthday) WHERE birthday IS NOT NULL AND deleted_at IS NULL;

ALTER TABLE loyalty_settings ADD COLUMN birthday_points BIGINT NOT NULL DEFAULT 0 CHECK (birthday_points >= 0);

CREATE TABLE points_ledger_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id BIGINT NOT NULL REFERENCES customers(id),
    store_id BIGINT NOT NULL REFERENCES stores(id),
    kind TEXT NOT NULL CHECK (kind IN ('invoice', 'redemption', 'manual', 'adjustment', 'void', 'opening_balance', 'expired', 'return', 'birthday')),
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

COMMIT;
PRAGMA foreign_keys = ON;
