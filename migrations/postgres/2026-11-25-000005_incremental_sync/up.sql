-- Incremental sync (issue #16): lists can be read by change time with a keyset cursor
-- (updated_since and after_id). An invoice changes when it is made and when it is voided.
ALTER TABLE invoices ADD COLUMN updated_at TIMESTAMP NOT NULL DEFAULT '1970-01-01 00:00:00';
UPDATE invoices SET updated_at = COALESCE(voided_at, created_at);
CREATE INDEX invoices_store_updated ON invoices(store_id, updated_at, id);
CREATE INDEX customers_store_updated ON customers(store_id, updated_at, id);
