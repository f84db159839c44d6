-- Returns (issue #38, item 1): goods brought back against an invoice, in part or whole, several
-- times up to its total. Each return takes its share of the sale's points back, and may take
-- the balance below zero when the customer already spent them: the customer then owes points,
-- paid back first by the next points earned. A return is the only change that may leave a
-- balance below zero; every other take (a redemption, a void, an adjustment, an expiry) still
-- refuses to, in the code (one conditional update) and here in the ledger's CHECK.
ALTER TABLE customers DROP CONSTRAINT customers_loyalty_points_check;

ALTER TABLE points_ledger DROP CONSTRAINT points_ledger_kind_check;
ALTER TABLE points_ledger ADD CONSTRAINT points_ledger_kind_check
    CHECK (kind IN ('invoice', 'redemption', 'manual', 'adjustment', 'void', 'opening_balance', 'expired', 'return'));
-- A balance below zero only after a return, or after points earned that paid back part of what
-- is owed (never after a take of another kind).
ALTER TABLE points_ledger DROP CONSTRAINT points_ledger_balance_after_check;
ALTER TABLE points_ledger ADD CONSTRAINT points_ledger_balance_after_check
    CHECK (balance_after >= 0 OR kind = 'return' OR delta > 0);

-- What an invoice's returns add up to, kept by the return's conditional update so the sum never
-- passes the total, even under concurrent returns.
ALTER TABLE invoices ADD COLUMN returned_dirhams BIGINT NOT NULL DEFAULT 0
    CHECK (returned_dirhams >= 0 AND returned_dirhams <= total_dirhams);
ALTER TABLE invoices ADD COLUMN returned_points BIGINT NOT NULL DEFAULT 0
    CHECK (returned_points >= 0 AND returned_points <= points_earned);

CREATE TABLE invoice_returns (
    id BIGSERIAL PRIMARY KEY,
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
