-- Back to the trigger: first the events still queued get their deliveries, as the worker would
-- have given them (each endpoint's next numbers, in the events' order).
INSERT INTO webhook_deliveries
    (event_id, endpoint_id, sequence, payload, status, attempts, next_attempt_at, created_at, updated_at)
SELECT v.id, e.id,
    e.last_sequence + ROW_NUMBER() OVER (PARTITION BY e.id ORDER BY v.created_at, v.id),
    NULL, 'pending', 0, v.created_at, v.created_at, v.created_at
FROM webhook_events v
JOIN webhook_endpoints e ON e.owner_id = v.owner_id AND e.mode = v.fan_out AND e.deleted_at IS NULL
    AND e.created_at <= v.created_at
    AND instr(' ' || e.events || ' ', ' ' || v.event_type || ' ') > 0
WHERE v.fan_out IS NOT NULL;
UPDATE webhook_endpoints SET last_sequence = max(last_sequence,
    (SELECT coalesce(max(d.sequence), 0) FROM webhook_deliveries d WHERE d.endpoint_id = webhook_endpoints.id));
DROP INDEX webhook_events_queued;

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
