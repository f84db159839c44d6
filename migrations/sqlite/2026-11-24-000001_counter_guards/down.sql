DROP INDEX points_ledger_actor_time;
CREATE INDEX points_ledger_actor_id ON points_ledger(actor_id);
ALTER TABLE invoices DROP COLUMN void_reason;
ALTER TABLE loyalty_settings DROP COLUMN cashier_daily_points;
ALTER TABLE loyalty_settings DROP COLUMN confirm_above_dirhams;
ALTER TABLE loyalty_settings DROP COLUMN max_invoice_dirhams;
