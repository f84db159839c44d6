-- Reverts test_mode (postgres)
ALTER TABLE webhook_endpoints DROP COLUMN mode;
ALTER TABLE api_keys DROP COLUMN mode;
DROP INDEX stores_one_sandbox_per_owner;
ALTER TABLE stores DROP COLUMN is_sandbox;
