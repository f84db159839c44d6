DROP INDEX customer_messages_once;
ALTER TABLE customer_messages DROP COLUMN once_key;
ALTER TABLE customer_messages DROP COLUMN segments;
ALTER TABLE customers DROP COLUMN message_language;
DROP TABLE message_templates;
