DROP INDEX webhook_deliveries_pending;
ALTER TABLE webhook_deliveries DROP COLUMN payload;
ALTER TABLE webhook_deliveries DROP COLUMN sequence;
ALTER TABLE webhook_endpoints DROP COLUMN last_sequence;
