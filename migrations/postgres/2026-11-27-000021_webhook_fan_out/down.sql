DROP TRIGGER webhook_events_fan_out ON webhook_events;
DROP FUNCTION webhook_events_fan_out();
ALTER TABLE webhook_events DROP COLUMN fan_out;
