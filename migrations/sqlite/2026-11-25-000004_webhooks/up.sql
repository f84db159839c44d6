-- Webhooks (issue #16). An owner's endpoints receive signed events. Each event is written to the
-- outbox (webhook_events, one delivery per subscribed endpoint) in the same transaction as the
-- change, so it is never lost and never sent for a change that rolled back; a background worker
-- delivers it. `secret` signs the deliveries (HMAC needs it in clear: it is never shown again).
-- `events`: the event types, space-separated.
CREATE TABLE webhook_endpoints (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    owner_id BIGINT NOT NULL REFERENCES users(id),
    url TEXT NOT NULL,
    events TEXT NOT NULL,
    secret TEXT NOT NULL,
    is_active BOOLEAN NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    deleted_at TIMESTAMP
);
CREATE INDEX webhook_endpoints_owner_id ON webhook_endpoints(owner_id);

-- `id`: `evt_` and 32 hex digits, sent as X-Loyalty-Event-Id. `payload`: the body as sent.
CREATE TABLE webhook_events (
    id TEXT PRIMARY KEY,
    owner_id BIGINT NOT NULL REFERENCES users(id),
    event_type TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX webhook_events_owner_id ON webhook_events(owner_id);

-- `status`: pending, succeeded or failed. A worker claims a due delivery by setting
-- `locked_until`; a worker killed mid-delivery leaves the lease to run out, and the delivery is
-- sent again.
CREATE TABLE webhook_deliveries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id TEXT NOT NULL REFERENCES webhook_events(id),
    endpoint_id BIGINT NOT NULL REFERENCES webhook_endpoints(id),
    status TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    next_attempt_at TIMESTAMP NOT NULL,
    locked_until TIMESTAMP,
    last_status INTEGER,
    last_error TEXT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX webhook_deliveries_event_id ON webhook_deliveries(event_id);
CREATE INDEX webhook_deliveries_endpoint_id ON webhook_deliveries(endpoint_id, created_at);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(status, next_attempt_at);
