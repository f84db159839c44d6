-- The API key a sale or a redemption was made with (issue #36): its answer names the key, not
-- the key's owner as cashier. `pos_user_id` stays the person acting (the owner, for a key), as
-- the ledger's `actor_id` is.
ALTER TABLE invoices ADD COLUMN api_key_id BIGINT REFERENCES api_keys(id);
ALTER TABLE redemptions ADD COLUMN api_key_id BIGINT REFERENCES api_keys(id);
CREATE INDEX invoices_api_key_id ON invoices(api_key_id);
CREATE INDEX redemptions_api_key_id ON redemptions(api_key_id);
