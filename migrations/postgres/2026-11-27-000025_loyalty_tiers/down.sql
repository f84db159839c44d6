DELETE FROM jobs WHERE name = 'review_tiers';
ALTER TABLE customers DROP COLUMN tier_grace_until;
ALTER TABLE customers DROP COLUMN tier_level;
DROP TABLE loyalty_tiers;
