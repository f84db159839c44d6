-- Points as money (issue #19, item 5): an owner may give points a value in LYD, and a cashier
-- then redeems a chosen number of points as a discount. Such a redemption has a value and no
-- reward. The value is kept per 100 points, in dirhams (LoyaltySettings in crates/domain).
PRAGMA foreign_keys = OFF;
BEGIN;
ALTER TABLE loyalty_settings ADD COLUMN point_value_dirhams BIGINT
    CHECK (point_value_dirhams IS NULL OR point_value_dirhams BETWEEN 1 AND 1000000);
ALTER TABLE loyalty_settings ADD COLUMN min_redeem_points BIGINT NOT NULL DEFAULT 100
    CHECK (min_redeem_points BETWEEN 1 AND 1000000);
CREATE TABLE redemptions_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    store_id BIGINT NOT NULL REFERENCES stores(id),
    customer_id BIGINT NOT NULL REFERENCES customers(id),
    reward_id BIGINT REFERENCES rewards(id),
    pos_user_id BIGINT REFERENCES users(id),
    points_spent BIGINT NOT NULL CHECK (points_spent > 0),
    created_at TIMESTAMP NOT NULL,
    value_dirhams BIGINT CHECK (value_dirhams IS NULL OR value_dirhams > 0),
    CHECK ((reward_id IS NULL) <> (value_dirhams IS NULL))
);
INSERT INTO redemptions_new (id, store_id, customer_id, reward_id, pos_user_id, points_spent, created_at)
    SELECT id, store_id, customer_id, reward_id, pos_user_id, points_spent, created_at FROM redemptions;
DROP TABLE redemptions;
ALTER TABLE redemptions_new RENAME TO redemptions;
CREATE INDEX redemptions_store_created ON redemptions(store_id, created_at);
CREATE INDEX redemptions_customer_id ON redemptions(customer_id, created_at);
CREATE INDEX redemptions_reward_id ON redemptions(reward_id);
CREATE INDEX redemptions_pos_user_id ON redemptions(pos_user_id);
CREATE INDEX redemptions_created_at ON redemptions(created_at);
COMMIT;
PRAGMA foreign_keys = ON;
