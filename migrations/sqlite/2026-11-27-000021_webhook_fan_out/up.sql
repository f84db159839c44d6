-- Webhooks cost one statement on the sale path (issue #37, item 5): an event written with
-- `fan_out` (the mode, 'live' or 'test', whose subscribed endpoints take it) gets its deliveries
-- from this trigger, each endpoint's next sequence number with it, in the insert's own
-- statement. Such deliveries keep no body of their own: the worker sends the event's body
-- numbered with the delivery's sequence. Events for chosen endpoints (a test ping) leave
-- `fan_out` empty and write their deliveries themselves.
ALTER TABLE webhook_events ADD COLUMN fan_out TEXT;

CREATE TRIGGER webhook_events_fan_out AFTER INSERT ON webhook_events WHEN new.fan_out IS NOT NULL BEGIN
    UPDATE webhook_endpoints SET last_sequence = last_sequence + 1
    WHERE owner_id = new.owner_id AND mode = new.fan_out AND deleted_at IS NULL
        AND instr(' ' || events || ' ', ' ' || new.event_type || ' ') > 0;
    INSERT INTO webhook_deliveries
        (event_id, endpoint_id, sequence, payload, status, attempts, next_attempt_at, created_at, updated_at)
    SELECT new.id, e.id, e.last_sequence, NULL, 'pending', 0, new.created_at, new.created_at, new.created_at
    FROM webhook_endpoints e
    WHERE owner_id = new.owner_id AND mode = new.fan_out AND deleted_at IS NULL
        AND instr(' ' || events || ' ', ' ' || new.event_type || ' ') > 0
    ORDER BY e.id;
END;
