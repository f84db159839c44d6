DELETE FROM jobs WHERE name = 'expire_points';
ALTER TABLE store_days DROP COLUMN points_expired;
ALTER TABLE loyalty_settings DROP COLUMN points_expiry_months;
DROP TABLE point_lots;
