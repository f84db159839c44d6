ALTER TABLE customer_messages DROP COLUMN language;
