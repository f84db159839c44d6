DROP TABLE customer_messages;
DROP TABLE customer_consents;
ALTER TABLE loyalty_settings DROP COLUMN messages_monthly_limit;
ALTER TABLE customers DROP COLUMN sms_consent_at;
ALTER TABLE customers DROP COLUMN whatsapp_consent_at;
