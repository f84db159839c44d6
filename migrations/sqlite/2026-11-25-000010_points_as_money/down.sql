-- Redemptions of points as money have no reward to go back to: they and their ledger links go.
PRAGMA foreign_keys = OFF;
BEGIN;
UPDATE points_ledger SET redemption_id = NULL
    WHERE redemption_id IN (SELECT id FROM redemptions WHERE reward_id IS NULL);
CREATE TABLE redemptions_old (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    store_id BIGINT NOT NULL REFERENCES stores(id),
    customer_id BIGINT NOT NULL REFERENCES customers(id),
    reward_id BIGINT NOT NULL REFERENCES rewards(id),
    pos_user_id BIGINT REFERENCES users(id),
    points_spent BIGINT NOT NULL CHECK (points_spent > 0),
    created_at TIMESTAMP NOT NULL
);
INSERT INTO redemptions_old SELECT id, store_id, customer_id, reward_id, pos_user_id, points_spent, created_at
    FROM redemptions WHERE reward_id IS NOT NULL;
DROP TABLE redemptions;
ALTER TABLE redemptions_old RENAME TO redemptions;
CREATE INDEX redemptions_store_created ON redemptions(store_id, created_at);
CREATE INDEX redemptions_customer_id ON redemptions(customer_id, created_at);
CREATE INDEX redemptions_reward_id ON redemptions(reward_id);
CREATE INDEX redemptions_pos_user_id ON redemptions(pos_user_id);
CREATE INDEX redemptions_created_at ON redemptions(created_at);
ALTER TABLE loyalty_settings DROP COLUMN min_redeem_points;
ALTER TABLE loyalty_settings DROP COLUMN point_value_dirhams;
COMMIT;
PRAGMA foreign_keys = ON;
