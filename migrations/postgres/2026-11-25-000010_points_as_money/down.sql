-- Redemptions of points as money have no reward to go back to: they and their ledger links go.
UPDATE points_ledger SET redemption_id = NULL
    WHERE redemption_id IN (SELECT id FROM redemptions WHERE reward_id IS NULL);
DELETE FROM redemptions WHERE reward_id IS NULL;
ALTER TABLE redemptions DROP CONSTRAINT redemptions_reward_or_value;
ALTER TABLE redemptions DROP COLUMN value_dirhams;
ALTER TABLE redemptions ALTER COLUMN reward_id SET NOT NULL;
ALTER TABLE loyalty_settings DROP COLUMN min_redeem_points;
ALTER TABLE loyalty_settings DROP COLUMN point_value_dirhams;
