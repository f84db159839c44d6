-- Webhooks as a transactional outbox (issue #37, item 5): a sale writes only its event, with
-- `fan_out` (the mode whose subscribed endpoints take it) set; the delivery worker fans queued
-- events out to deliveries in batches, numbering each endpoint's sequence then, and clears
-- `fan_out`. The trigger that did it in the sale's own statement goes: besides its writes, it
-- held the owner's endpoint rows locked to each sale's commit, so one owner's sales queued on
-- them. The worker takes queued events with SKIP LOCKED (instances do not wait for each other).
DROP TRIGGER webhook_events_fan_out ON webhook_events;
DROP FUNCTION webhook_events_fan_out();
-- Every event so far was fanned out by the trigger.
UPDATE webhook_events SET fan_out = NULL WHERE fan_out IS NOT NULL;
-- The queue: only the events not yet fanned out, oldest first.
CREATE INDEX webhook_events_queued ON webhook_events (created_at, id) WHERE fan_out IS NOT NULL;
