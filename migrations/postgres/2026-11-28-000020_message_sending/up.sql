-- Sending customer messages (issue #39, the sender): a message the worker has taken is
-- `sending` (committed before the request goes out; next_attempt_at is then when its lease runs
-- out), so a worker killed mid-send leaves it to be found again; the provider's id is looked up
-- by the status callbacks; a WhatsApp "STOP" reply withdraws consent (`whatsapp_reply`).
ALTER TABLE customer_consents DROP CONSTRAINT customer_consents_source_check;
ALTER TABLE customer_consents ADD CONSTRAINT customer_consents_source_check
    CHECK (source IN ('till', 'join', 'import', 'customer_page', 'whatsapp_reply'));
ALTER TABLE customer_messages DROP CONSTRAINT customer_messages_status_check;
ALTER TABLE customer_messages ADD CONSTRAINT customer_messages_status_check
    CHECK (status IN ('pending', 'sending', 'sent', 'delivered', 'failed', 'not_sent'));
-- The worker's queue: due pending messages and sending ones whose lease ran out.
DROP INDEX customer_messages_pending;
CREATE INDEX customer_messages_pending ON customer_messages(next_attempt_at) WHERE status IN ('pending', 'sending');
-- A status callback names the provider's id.
CREATE INDEX customer_messages_provider_id ON customer_messages(provider_message_id)
    WHERE provider_message_id IS NOT NULL;
