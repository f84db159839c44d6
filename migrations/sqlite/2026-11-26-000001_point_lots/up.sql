-- Points that expire (issue #19). Each customer's points are held in lots: a sale, a gift, a
-- manual addition or an import adds to a lot that remembers the last Tripoli day its points can be used
-- (or none: never), fixed when they are earned, so an owner's change applies to later points
-- only. Points leave the oldest lots first (a void, the newest). Lots earned on the same day
-- with the same expiry are one lot. The sum of a customer's remaining points is its balance.
CREATE TABLE point_lots (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id BIGINT NOT NULL REFERENCES customers(id),
    points BIGINT NOT NULL CHECK (points > 0),
    remaining BIGINT NOT NULL CHECK (remaining >= 0 AND remaining <= points),
    earned_at TIMESTAMP NOT NULL,
    expires_on DATE
);
CREATE INDEX point_lots_customer ON point_lots(customer_id, id);
CREATE INDEX point_lots_due ON point_lots(expires_on) WHERE remaining > 0 AND expires_on IS NOT NULL;
-- The points held today never expire: they were earned before expiry existed.
INSERT INTO point_lots (customer_id, points, remaining, earned_at, expires_on)
    SELECT id, loyalty_points, loyalty_points, updated_at, NULL FROM customers WHERE loyalty_points > 0;

-- The owner's setting: months until points expire; NULL never.
ALTER TABLE loyalty_settings ADD COLUMN points_expiry_months BIGINT
    CHECK (points_expiry_months BETWEEN 1 AND 120);

-- Points expired per store and Tripoli day, for the owner's liability chart.
ALTER TABLE store_days ADD COLUMN points_expired BIGINT NOT NULL DEFAULT 0;

-- The daily expiry, run once a day across every instance.
INSERT INTO jobs (name, last_run_at, runs) VALUES ('expire_points', '1970-01-01 00:00:00', 0);
