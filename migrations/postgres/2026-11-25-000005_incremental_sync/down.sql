DROP INDEX customers_store_updated;
DROP INDEX invoices_store_updated;
ALTER TABLE invoices DROP COLUMN updated_at;
