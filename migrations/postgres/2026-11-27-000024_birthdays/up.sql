-- Birthdays (issue #38, item 4): a customer may have a birthday (month and day, `MM-DD`), the
-- owner gives `birthday_points` on it (0: none), and the daily run gives them once a year:
-- `birthday_year` is the last year they were given, set by the same conditional update that
-- gives them, so two instances never give them twice. Ledger kind 'birthday'.
ALTER TABLE customers ADD COLUMN birthday TEXT CHECK (birthday IS NULL OR length(birthday) = 5);
ALTER TABLE customers ADD COLUMN birthday_year INTEGER;
CREATE INDEX customers_birthday ON customers(birthday) WHERE birthday IS NOT NULL AND deleted_at IS NULL;

ALTER TABLE loyalty_settings ADD COLUMN birthday_points BIGINT NOT NULL DEFAULT 0 CHECK (birthday_points >= 0);

ALTER TABLE points_ledger DROP CONSTRAINT points_ledger_kind_check;
ALTER TABLE points_ledger ADD CONSTRAINT points_ledger_kind_check
    CHECK (kind IN ('invoice', 'redemption', 'manual', 'adjustment', 'void', 'opening_balance', 'expired', 'return', 'birthday'));
