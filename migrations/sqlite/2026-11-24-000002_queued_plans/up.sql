-- A plan bought while another is in effect waits for it to end (issue #13, DESIGN.md section 5):
-- status 'queued'. The plan in effect is the row whose period holds the moment; a waiting row
-- takes over when its start comes, with no job to run. SQLite changes a CHECK by rebuilding the
-- table (no other table references it).
CREATE TABLE subscriptions_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    store_owner_id BIGINT NOT NULL REFERENCES users(id),
    package_id BIGINT NOT NULL REFERENCES packages(id),
    status TEXT NOT NULL CHECK (status IN ('active', 'queued', 'cancelled', 'replaced')),
    starts_at TIMESTAMP NOT NULL,
    ends_at TIMESTAMP NOT NULL,
    auto_renew BOOLEAN NOT NULL DEFAULT 0,
    source TEXT NOT NULL CHECK (source IN ('admin', 'card', 'demo')),
    notes TEXT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
INSERT INTO subscriptions_new SELECT id, store_owner_id, package_id, status, starts_at, ends_at, auto_renew, source, notes, created_at, updated_at FROM subscriptions;
DROP TABLE subscriptions;
ALTER TABLE subscriptions_new RENAME TO subscriptions;
CREATE UNIQUE INDEX subscriptions_one_active ON subscriptions(store_owner_id) WHERE status = 'active';
CREATE INDEX subscriptions_package_id ON subscriptions(package_id);
CREATE INDEX subscriptions_owner_period ON subscriptions(store_owner_id, starts_at);
