-- API keys (issue #16): an integration acts for a store owner with a key instead of a person's
-- password. Only a digest of the secret is kept; the prefix is shown so the owner can tell keys
-- apart. `scopes`: the scope names, space-separated. `store_ids`: comma-separated store ids, or
-- NULL for all of the owner's stores (those added later too).
CREATE TABLE api_keys (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    owner_id BIGINT NOT NULL REFERENCES users(id),
    name TEXT NOT NULL,
    prefix TEXT NOT NULL,
    secret_digest TEXT NOT NULL UNIQUE,
    scopes TEXT NOT NULL,
    store_ids TEXT,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP,
    last_used_at TIMESTAMP,
    revoked_at TIMESTAMP
);
CREATE INDEX api_keys_owner_id ON api_keys(owner_id);
