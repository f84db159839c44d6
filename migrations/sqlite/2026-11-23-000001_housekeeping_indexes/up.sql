-- The hourly housekeeping deletes by age.
CREATE INDEX idempotency_keys_created_at ON idempotency_keys(created_at);
CREATE INDEX sessions_expires_at ON sessions(expires_at);
