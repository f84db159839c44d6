ALTER TABLE customer_messages DROP COLUMN segments;
ALTER TABLE customers DROP COLUMN message_language;
DROP TABLE message_templates;
