DELETE FROM points_ledger WHERE kind = 'birthday';
ALTER TABLE points_ledger DROP CONSTRAINT points_ledger_kind_check;
ALTER TABLE points_ledger ADD CONSTRAINT points_ledger_kind_check
    CHECK (kind IN ('invoice', 'redemption', 'manual', 'adjustment', 'void', 'opening_balance', 'expired', 'return'));
ALTER TABLE loyalty_settings DROP COLUMN birthday_points;
DROP INDEX customers_birthday;
ALTER TABLE customers DROP COLUMN birthday_year;
ALTER TABLE customers DROP COLUMN birthday;
