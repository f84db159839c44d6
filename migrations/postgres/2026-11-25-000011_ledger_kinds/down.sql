-- The rows of the two kinds go with them.
DELETE FROM points_ledger WHERE kind IN ('opening_balance', 'expired');
ALTER TABLE points_ledger DROP CONSTRAINT points_ledger_kind_check;
ALTER TABLE points_ledger ADD CONSTRAINT points_ledger_kind_check
    CHECK (kind IN ('invoice', 'redemption', 'manual', 'adjustment', 'void'));
