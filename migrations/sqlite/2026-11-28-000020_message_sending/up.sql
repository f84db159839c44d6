-- Sending customer messages (issue #39, the sender): a message the worker has taken is
-- `sending` (committed before the request goes out; next_attempt_at is then when its lease runs
-- out), so a worker killed mid-send leaves it to be found again; the provider's id is looked up
-- by the status callbacks; a WhatsApp "STOP" reply withdraws consent (`whatsapp_reply`).
-- SQLite cannot change a CHECK in place: both tables are rebuilt, their indexes with them.
CREATE TABLE customer_consents_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id BIGINT NOT NULL REFERENCES customers(id),
    channel TEXT NOT NULL CHECK (channel IN ('whatsapp', 'sms')),
    granted BOOLEAN NOT NULL,
    source TEXT NOT NULL CHECK (source IN ('till', 'join', 'import', 'customer_page', 'whatsapp_reply')),
    actor_id BIGINT REFERENCES users(id),
    api_key_id BIGINT REFERENCES api_keys(id),
    created_at TIMESTAMP NOT NULL
);
INSERT INTO customer_consents_new SELECT id, customer_id, channel, granted, source, actor_id, api_key_id, created_at
    FROM customer_consents;
DROP TABLE customer_consents;
ALTER TABLE customer_consents_new RENAME TO customer_consents;
CREATE INDEX customer_consents_customer ON customer_consents(customer_id, id);
CREATE INDEX customer_consents_actor_id ON customer_consents(actor_id);
CREATE INDEX customer_consents_api_key_id ON customer_consents(api_key_id);

CREATE TABLE customer_messages_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    owner_id BIGINT NOT NULL REFERENCES users(id),
    store_id BIGINT NOT NULL REFERENCES stores(id),
    customer_id BIGINT NOT NULL REFERENCES customers(id),
    kind TEXT NOT NULL CHECK (kind IN ('welcome', 'points_earned', 'points_expiring', 'birthday', 'link')),
    channel TEXT NOT NULL CHECK (channel IN ('whatsapp', 'sms')),
    to_phone TEXT NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'sending', 'sent', 'delivered', 'failed', 'not_sent')),
    status_detail TEXT,
    provider_message_id TEXT,
    attempts BIGINT NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    sent_at TIMESTAMP,
    updated_at TIMESTAMP NOT NULL
);
INSERT INTO customer_messages_new SELECT id, owner_id, store_id, customer_id, kind, channel, to_phone, body, status,
    status_detail, provider_message_id, attempts, next_attempt_at, created_at, sent_at, updated_at
    FROM customer_messages;
DROP TABLE customer_messages;
ALTER TABLE customer_messages_new RENAME TO customer_messages;
CREATE INDEX customer_messages_owner_id ON customer_messages(owner_id, created_at);
CREATE INDEX customer_messages_store_id ON customer_messages(store_id);
CREATE INDEX customer_messages_customer_id ON customer_messages(customer_id, id);
-- The worker's queue: due pending messages and sending ones whose lease ran out.
CREATE INDEX customer_messages_pending ON customer_messages(next_attempt_at) WHERE status IN ('pending', 'sending');
-- A status callback names the provider's id.
CREATE INDEX customer_messages_provider_id ON customer_messages(provider_message_id)
    WHERE provider_message_id IS NOT NULL;
