-- Webhooks cost one statement on the sale path (issue #37, item 5): an event written with
-- `fan_out` (the mode, 'live' or 'test', whose subscribed endpoints take it) gets its deliveries
-- from this trigger, each endpoint's next sequence number with it, in the insert's own
-- statement (one round trip). Such deliveries keep no body of their own: the worker sends the
-- event's body numbered with the delivery's sequence. Events for chosen endpoints (a test ping)
-- leave `fan_out` empty and write their deliveries themselves. The endpoint rows stay locked
-- to the sale's commit, so sequence numbers follow the order sales commit in.
ALTER TABLE webhook_events ADD COLUMN fan_out TEXT;

CREATE FUNCTION webhook_events_fan_out() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    WITH numbered AS (
        UPDATE webhook_endpoints SET last_sequence = last_sequence + 1
        WHERE owner_id = NEW.owner_id AND mode = NEW.fan_out AND deleted_at IS NULL
            AND NEW.event_type = ANY (string_to_array(events, ' '))
        RETURNING id, last_sequence
    )
    INSERT INTO webhook_deliveries
        (event_id, endpoint_id, sequence, payload, status, attempts, next_attempt_at, created_at, updated_at)
    SELECT NEW.id, n.id, n.last_sequence, NULL, 'pending', 0, NEW.created_at, NEW.created_at, NEW.created_at
    FROM numbered n ORDER BY n.id;
    RETURN NULL;
END;
$$;

CREATE TRIGGER webhook_events_fan_out AFTER INSERT ON webhook_events
    FOR EACH ROW WHEN (NEW.fan_out IS NOT NULL) EXECUTE FUNCTION webhook_events_fan_out();
