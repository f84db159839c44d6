-- Customer messages (issue #39): each message keeps the language it was written in, so the
-- WhatsApp template it is sent as names that language (`ar` or `en`), whatever the customer
-- chooses later. The link message now carries the customer's page (`{link}`, required): an
-- owner's own link text from before could not, and goes back to the product's.
ALTER TABLE customer_messages ADD COLUMN language TEXT NOT NULL DEFAULT 'ar'
    CHECK (language IN ('ar', 'en'));
DELETE FROM message_templates WHERE kind = 'link';
