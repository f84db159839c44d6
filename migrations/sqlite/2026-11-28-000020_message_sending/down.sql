UPDATE customer_messages SET status = 'pending' WHERE status = 'sending';
DELETE FROM customer_consents WHERE source = 'whatsapp_reply';
CREATE TABLE customer_consents_old (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id BIGINT NOT NULL REFERENCES customers(id),
    channel TEXT NOT NULL CHECK (channel IN ('whatsapp', 'sms')),
    granted BOOLEAN NOT NULL,
    source TEXT NOT NULL CHECK (source IN ('till', 'join', 'import', 'customer_page')),
    actor_id BIGINT REFERENCES users(id),
    api_key_id BIGINT REFERENCES api_keys(id),
    created_at TIMESTAMP NOT NULL
);
INSERT INTO customer_consents_old SELECT id, customer_id, channel, granted, source, actor_id, api_key_id, created_at
    FROM customer_consents;
DROP TABLE customer_consents;
ALTER TABLE customer_consents_old RENAME TO customer_consents;
CREATE INDEX customer_consents_customer ON customer_consents(customer_id, id);
CREATE INDEX customer_consents_actor_id ON customer_consents(actor_id);
CREATE INDEX customer_consents_api_key_id ON customer_consents(api_key_id);

CREATE TABLE customer_messages_old (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    owner_id BIGINT NOT NULL REFERENCES users(id),
    store_id BIGINT NOT NULL REFERENCES stores(id),
    customer_id BIGINT NOT NULL REFERENCES customers(id),
    kind TEXT NOT NULL CHECK (kind IN ('welcome', 'points_earned', 'points_expiring', 'birthday', 'link')),
    channel TEXT NOT NULL CHECK (channel IN ('whatsapp', 'sms')),
    to_phone TEXT NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'delivered', 'failed', 'not_sent')),
    status_detail TEXT,
    provider_message_id TEXT,
    attempts BIGINT NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    sent_at TIMESTAMP,
    updated_at TIMESTAMP NOT NULL
);
INSERT INTO customer_messages_old SELECT id, owner_id, store_id, customer_id, kind, channel, to_phone, body, status,
    status_detail, provider_message_id, attempts, next_attempt_at, created_at, sent_at, updated_at
    FROM customer_messages;
DROP TABLE customer_messages;
ALTER TABLE customer_messages_old RENAME TO customer_messages;
CREATE INDEX customer_messages_owner_id ON customer_messages(owner_id, created_at);
CREATE INDEX customer_messages_store_id ON customer_messages(store_id);
CREATE INDEX customer_messages_customer_id ON customer_messages(customer_id, id);
CREATE INDEX customer_messages_pending ON customer_messages(next_attempt_at) WHERE status = 'pending';
