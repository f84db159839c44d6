-- Points as money (issue #19, item 5): an owner may give points a value in LYD, and a cashier
-- then redeems a chosen number of points as a discount. Such a redemption has a value and no
-- reward. The value is kept per 100 points, in dirhams (LoyaltySettings in crates/domain).
ALTER TABLE loyalty_settings ADD COLUMN point_value_dirhams BIGINT
    CHECK (point_value_dirhams IS NULL OR point_value_dirhams BETWEEN 1 AND 1000000);
ALTER TABLE loyalty_settings ADD COLUMN min_redeem_points BIGINT NOT NULL DEFAULT 100
    CHECK (min_redeem_points BETWEEN 1 AND 1000000);
ALTER TABLE redemptions ALTER COLUMN reward_id DROP NOT NULL;
ALTER TABLE redemptions ADD COLUMN value_dirhams BIGINT CHECK (value_dirhams IS NULL OR value_dirhams > 0);
ALTER TABLE redemptions ADD CONSTRAINT redemptions_reward_or_value CHECK ((reward_id IS NULL) <> (value_dirhams IS NULL));
