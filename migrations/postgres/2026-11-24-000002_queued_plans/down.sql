DROP INDEX subscriptions_owner_period;
UPDATE subscriptions SET status = 'replaced' WHERE status = 'queued';
ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_status_check;
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_status_check
    CHECK (status IN ('active', 'cancelled', 'replaced'));
