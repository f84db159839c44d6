DROP INDEX activity_log_api_key_id;
DROP INDEX points_ledger_api_key_id;
ALTER TABLE activity_log DROP COLUMN api_key_id;
ALTER TABLE points_ledger DROP COLUMN api_key_id;
