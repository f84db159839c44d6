-- Webhooks in order and without waiting on one another (issue #36).
-- `last_sequence`: the sequence number last given to an event for this endpoint (1, 2, 3...):
-- each delivery carries its own, so a receiver can put events in order and see gaps.
-- A delivery's `payload` is the body it sends, as signed (its sequence included); the event's
-- own `payload` stays the event as made (sequence 0). Deliveries written before this have none
-- and send the event's.
ALTER TABLE webhook_endpoints ADD COLUMN last_sequence BIGINT NOT NULL DEFAULT 0;
ALTER TABLE webhook_deliveries ADD COLUMN sequence BIGINT NOT NULL DEFAULT 0;
ALTER TABLE webhook_deliveries ADD COLUMN payload TEXT;
-- What the worker claims: an endpoint's pending deliveries, the oldest due first.
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries(endpoint_id, next_attempt_at) WHERE status = 'pending';
