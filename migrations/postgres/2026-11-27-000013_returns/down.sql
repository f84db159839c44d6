-- Reverts returns (postgres). The returns, their ledger rows and the points owed go: a balance
-- below zero becomes 0, as the old CHECK demands.
DROP TABLE invoice_returns;
ALTER TABLE invoices DROP COLUMN returned_points;
ALTER TABLE invoices DROP COLUMN returned_dirhams;
DELETE FROM points_ledger WHERE kind = 'return';
UPDATE points_ledger SET balance_after = 0 WHERE balance_after < 0;
ALTER TABLE points_ledger DROP CONSTRAINT points_ledger_balance_after_check;
ALTER TABLE points_ledger ADD CONSTRAINT points_ledger_balance_after_check CHECK (balance_after >= 0);
ALTER TABLE points_ledger DROP CONSTRAINT points_ledger_kind_check;
ALTER TABLE points_ledger ADD CONSTRAINT points_ledger_kind_check
    CHECK (kind IN ('invoice', 'redemption', 'manual', 'adjustment', 'void', 'opening_balance', 'expired'));
UPDATE customers SET loyalty_points = 0 WHERE loyalty_points < 0;
ALTER TABLE customers ADD CONSTRAINT customers_loyalty_points_check CHECK (loyalty_points >= 0);
