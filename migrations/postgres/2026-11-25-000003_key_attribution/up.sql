-- Changes made with an API key (issue #16) name the key beside its owner in the activity feed
-- and the points ledger. NULL: made by a person (or by the customer, for a join).
ALTER TABLE points_ledger ADD COLUMN api_key_id BIGINT REFERENCES api_keys(id);
ALTER TABLE activity_log ADD COLUMN api_key_id BIGINT REFERENCES api_keys(id);
CREATE INDEX points_ledger_api_key_id ON points_ledger(api_key_id);
CREATE INDEX activity_log_api_key_id ON activity_log(api_key_id);
