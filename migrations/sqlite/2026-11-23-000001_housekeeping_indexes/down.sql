DROP INDEX sessions_expires_at;
DROP INDEX idempotency_keys_created_at;
