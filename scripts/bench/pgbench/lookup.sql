-- The read transaction of POST /api/v1/public/points (see crates/bench/src/raw.rs). The
-- application asks for each found customer's owner's rewards in turn; pgbench cannot loop,
-- so one statement asks for the rewards of all found customers' owners (same rows).
-- Variables (-D): phones.
\set n random(0, :phones - 1)
BEGIN READ ONLY;
SELECT customers.id, customers.store_id, customers.name, customers.phone, customers.email, customers.loyalty_points, customers.created_at, stores.name AS store_name, stores.owner_id FROM customers INNER JOIN stores ON stores.id = customers.store_id WHERE customers.phone = '+21891' || lpad(:n::text, 7, '0') AND customers.deleted_at IS NULL AND stores.deleted_at IS NULL ORDER BY customers.id;
SELECT rewards.id, rewards.store_owner_id, rewards.name, rewards.description, rewards.reward_type, rewards.points_required, rewards.amount_milli, rewards.is_active, (SELECT COUNT(*) FROM redemptions WHERE redemptions.reward_id = rewards.id) AS redemptions_count FROM rewards WHERE rewards.deleted_at IS NULL AND rewards.is_active = TRUE AND rewards.store_owner_id IN (SELECT stores.owner_id FROM customers INNER JOIN stores ON stores.id = customers.store_id WHERE customers.phone = '+21891' || lpad(:n::text, 7, '0') AND customers.deleted_at IS NULL AND stores.deleted_at IS NULL) ORDER BY rewards.points_required, rewards.id;
-- Their next points to expire (crates/adapters/src/db/repositories/lots.rs), and their owners' settings (points' value).
SELECT point_lots.customer_id, point_lots.expires_on, point_lots.remaining FROM point_lots WHERE point_lots.customer_id IN (SELECT customers.id FROM customers WHERE customers.phone = '+21891' || lpad(:n::text, 7, '0') AND customers.deleted_at IS NULL) AND point_lots.remaining > 0 AND point_lots.expires_on >= ((now() AT TIME ZONE 'UTC') + interval '2 hours')::date AND point_lots.expires_on <= ((now() AT TIME ZONE 'UTC') + interval '2 hours')::date + 30 ORDER BY point_lots.customer_id, point_lots.expires_on;
SELECT points_per_lyd_milli, min_purchase_dirhams, point_value_dirhams, min_redeem_points FROM loyalty_settings WHERE store_owner_id IN (SELECT stores.owner_id FROM customers INNER JOIN stores ON stores.id = customers.store_id WHERE customers.phone = '+21891' || lpad(:n::text, 7, '0') AND customers.deleted_at IS NULL AND stores.deleted_at IS NULL);
END;
