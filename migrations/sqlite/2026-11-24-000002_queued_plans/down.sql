UPDATE subscriptions SET status = 'replaced' WHERE status = 'queued';
CREATE TABLE subscriptions_old (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    store_owner_id BIGINT NOT NULL REFERENCES users(id),
    package_id BIGINT NOT NULL REFERENCES packages(id),
    status TEXT NOT NULL CHECK (status IN ('active', 'cancelled', 'replaced')),
    starts_at TIMESTAMP NOT NULL,
    ends_at TIMESTAMP NOT NULL,
    auto_renew BOOLEAN NOT NULL DEFAULT 0,
    source TEXT NOT NULL CHECK (source IN ('admin', 'card', 'demo')),
    notes TEXT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
INSERT INTO subscriptions_old SELECT id, store_owner_id, package_id, status, starts_at, ends_at, auto_renew, source, notes, created_at, updated_at FROM subscriptions;
DROP TABLE subscriptions;
ALTER TABLE subscriptions_old RENAME TO subscriptions;
CREATE UNIQUE INDEX subscriptions_one_active ON subscriptions(store_owner_id) WHERE status = 'active';
CREATE INDEX subscriptions_package_id ON subscriptions(package_id);
