DROP TRIGGER webhook_events_fan_out;
ALTER TABLE webhook_events DROP COLUMN fan_out;
