DROP INDEX customer_messages_provider_id;
DROP INDEX customer_messages_pending;
CREATE INDEX customer_messages_pending ON customer_messages(next_attempt_at) WHERE status = 'pending';
UPDATE customer_messages SET status = 'pending' WHERE status = 'sending';
DELETE FROM customer_consents WHERE source = 'whatsapp_reply';
ALTER TABLE customer_messages DROP CONSTRAINT customer_messages_status_check;
ALTER TABLE customer_messages ADD CONSTRAINT customer_messages_status_check
    CHECK (status IN ('pending', 'sent', 'delivered', 'failed', 'not_sent'));
ALTER TABLE customer_consents DROP CONSTRAINT customer_consents_source_check;
ALTER TABLE customer_consents ADD CONSTRAINT customer_consents_source_check
    CHECK (source IN ('till', 'join', 'import', 'customer_page'));
