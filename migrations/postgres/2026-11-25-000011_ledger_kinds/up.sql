-- Two more kinds of points ledger rows (issue #19): 'opening_balance', the points a customer
-- brought from paper or another system when imported; 'expired', points that reached their
-- expiry.
ALTER TABLE points_ledger DROP CONSTRAINT points_ledger_kind_check;
ALTER TABLE points_ledger ADD CONSTRAINT points_ledger_kind_check
    CHECK (kind IN ('invoice', 'redemption', 'manual', 'adjustment', 'void', 'opening_balance', 'expired'));
