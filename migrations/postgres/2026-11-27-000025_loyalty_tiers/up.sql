-- Tiers (issue #38, item 3): an owner's ladder of up to four levels by what a customer spent in
-- the last twelve months (level 0 the lowest), each with a points multiplier in thousandths.
-- A customer's level and, while its spend is below it, the last day of its grace are kept on the
-- customer (`tier_level` NULL: no level), moved by its sales and by the daily run.
CREATE TABLE loyalty_tiers (
    store_owner_id BIGINT NOT NULL REFERENCES users(id),
    level BIGINT NOT NULL CHECK (level BETWEEN 0 AND 3),
    name_en TEXT NOT NULL,
    name_ar TEXT NOT NULL,
    min_spend_dirhams BIGINT NOT NULL CHECK (min_spend_dirhams >= 0),
    multiplier_milli BIGINT NOT NULL CHECK (multiplier_milli BETWEEN 1000 AND 10000),
    updated_at TIMESTAMP NOT NULL,
    PRIMARY KEY (store_owner_id, level)
);

ALTER TABLE customers ADD COLUMN tier_level BIGINT CHECK (tier_level IS NULL OR tier_level BETWEEN 0 AND 3);
ALTER TABLE customers ADD COLUMN tier_grace_until DATE;

-- The daily run of tiers, claimed once a Tripoli day across instances.
INSERT INTO jobs (name, last_run_at, runs) VALUES ('review_tiers', '1970-01-01 00:00:00', 0);
