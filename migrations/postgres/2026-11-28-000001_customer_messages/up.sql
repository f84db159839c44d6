-- Customer messages (issue #39, first step): consent per channel, kept as history
-- (customer_consents: who, when, from where) and as the customer's current consent
-- (whatsapp_consent_at, sms_consent_at on the customer: NULL = none), so a sale, which reads
-- the customer row already, knows without another statement whether a message may go.
-- customer_messages is the outbox, written in the transaction of the event that causes it;
-- messages_monthly_limit bounds what an owner's customers are sent in a Tripoli month.
ALTER TABLE customers ADD COLUMN whatsapp_consent_at TIMESTAMP;
ALTER TABLE customers ADD COLUMN sms_consent_at TIMESTAMP;

ALTER TABLE loyalty_settings ADD COLUMN messages_monthly_limit BIGINT NOT NULL DEFAULT 1000
    CHECK (messages_monthly_limit BETWEEN 0 AND 1000000);

CREATE TABLE customer_consents (
    id BIGSERIAL PRIMARY KEY,
    customer_id BIGINT NOT NULL REFERENCES customers(id),
    channel TEXT NOT NULL CHECK (channel IN ('whatsapp', 'sms')),
    granted BOOLEAN NOT NULL,
    source TEXT NOT NULL CHECK (source IN ('till', 'join', 'import', 'customer_page')),
    actor_id BIGINT REFERENCES users(id),
    api_key_id BIGINT REFERENCES api_keys(id),
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX customer_consents_customer ON customer_consents(customer_id, id);
CREATE INDEX customer_consents_actor_id ON customer_consents(actor_id);
CREATE INDEX customer_consents_api_key_id ON customer_consents(api_key_id);

CREATE TABLE customer_messages (
    id BIGSERIAL PRIMARY KEY,
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
-- The month's count per owner (the limit), a customer's list, and the worker's queue.
CREATE INDEX customer_messages_owner_id ON customer_messages(owner_id, created_at);
CREATE INDEX customer_messages_store_id ON customer_messages(store_id);
CREATE INDEX customer_messages_customer_id ON customer_messages(customer_id, id);
CREATE INDEX customer_messages_pending ON customer_messages(next_attempt_at) WHERE status = 'pending';
