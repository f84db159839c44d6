-- Guards at the counter (issue #12): a sale above the owner's maximum total is refused, one
-- above "confirm above" is shown to the cashier again, and a cashier's manual points are capped
-- per day. The defaults are LoyaltySettings::DEFAULT in crates/domain (the repository writes
-- those for an owner without a row; these DEFAULTs only fill the rows that exist already).
ALTER TABLE loyalty_settings ADD COLUMN max_invoice_dirhams BIGINT NOT NULL DEFAULT 10000000 CHECK (max_invoice_dirhams >= 10);
ALTER TABLE loyalty_settings ADD COLUMN confirm_above_dirhams BIGINT NOT NULL DEFAULT 1000000 CHECK (confirm_above_dirhams >= 0);
ALTER TABLE loyalty_settings ADD COLUMN cashier_daily_points BIGINT NOT NULL DEFAULT 10000 CHECK (cashier_daily_points >= 0);
-- A void keeps why it was made.
ALTER TABLE invoices ADD COLUMN void_reason TEXT;
-- A cashier's manual points today are summed per actor and time.
DROP INDEX points_ledger_actor_id;
CREATE INDEX points_ledger_actor_time ON points_ledger(actor_id, created_at);
