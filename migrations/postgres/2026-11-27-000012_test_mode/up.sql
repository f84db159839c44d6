-- Test mode (issue #36, item 8). A test key (lk_test_...) acts on its owner's sandbox store, one
-- per owner, made with the first test key; the sandbox's records never count in the owner's
-- figures, exports, liability, plan or the public lookup, and its events go only to test
-- endpoints.
ALTER TABLE stores ADD COLUMN is_sandbox BOOLEAN NOT NULL DEFAULT FALSE;
CREATE UNIQUE INDEX stores_one_sandbox_per_owner ON stores (owner_id) WHERE is_sandbox;
ALTER TABLE api_keys ADD COLUMN mode TEXT NOT NULL DEFAULT 'live';
ALTER TABLE webhook_endpoints ADD COLUMN mode TEXT NOT NULL DEFAULT 'live';
