-- Customer messages (issue #39): the owner's own templates, the language each customer reads
-- its messages in, the occasion of a message sent once, and the SMS segments each message takes (counted once, when written, so the
-- owner's monthly figures and their cost are sums).
CREATE TABLE message_templates (
    owner_id BIGINT NOT NULL REFERENCES users(id),
    kind TEXT NOT NULL CHECK (kind IN ('welcome', 'points_earned', 'points_expiring', 'birthday', 'link')),
    text_ar TEXT NOT NULL,
    text_en TEXT NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    PRIMARY KEY (owner_id, kind)
);

ALTER TABLE customers ADD COLUMN message_language TEXT NOT NULL DEFAULT 'ar'
    CHECK (message_language IN ('ar', 'en'));

ALTER TABLE customer_messages ADD COLUMN segments BIGINT NOT NULL DEFAULT 0 CHECK (segments >= 0);
-- A message written once per occasion (the notice of the points expiring on a day) carries the
-- occasion: a second one for the same customer is refused by the index, whoever writes it.
ALTER TABLE customer_messages ADD COLUMN once_key TEXT;
CREATE UNIQUE INDEX customer_messages_once ON customer_messages(customer_id, once_key);
-- Messages written before this were rendered from the Arabic templates (UCS-2: 70 characters in
-- one segment, 67 in each of several).
UPDATE customer_messages
   SET segments = CASE WHEN LENGTH(body) <= 70 THEN 1 ELSE (LENGTH(body) + 66) / 67 END;
