-- A plan bought while another is in effect waits for it to end (issue #13, DESIGN.md section 5):
-- status 'queued'. The plan in effect is the row whose period holds the moment; a waiting row
-- takes over when its start comes, with no job to run.
ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_status_check;
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_status_check
    CHECK (status IN ('active', 'queued', 'cancelled', 'replaced'));
CREATE INDEX subscriptions_owner_period ON subscriptions(store_owner_id, starts_at);
