DROP INDEX redemptions_api_key_id;
DROP INDEX invoices_api_key_id;
ALTER TABLE redemptions DROP COLUMN api_key_id;
ALTER TABLE invoices DROP COLUMN api_key_id;
