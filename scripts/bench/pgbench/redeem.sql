-- The redemption transaction of POST /api/v1/redemptions with an Idempotency-Key (see
-- crates/bench/src/raw.rs). Variables (-D): c0 u0 s0 r0 owners stores_per_owner customers
-- per_store, and hot = 0 (random customers) or a 1-based customer number.
\set g random(1, :customers)
\if :hot > 0
\set g :hot
\endif
\set k (:g - 1) / :per_store + 1
\set cust :c0 + :g
\set store :s0 + :k
\set cashier :u0 + :owners + :k
\set reward :r0 + ((:k - 1) / :stores_per_owner) * 3 + 1
\set nonce random(1, 999999999999)
BEGIN;
SELECT request_hash, response_body FROM idempotency_keys WHERE user_id = :cashier AND idem_key = 'pgb-' || :client_id::text || '-' || :nonce::text LIMIT 1;
SELECT customers.id, customers.store_id, customers.name, customers.phone, customers.email, customers.loyalty_points, customers.created_at, stores.name AS store_name, stores.owner_id FROM customers INNER JOIN stores ON stores.id = customers.store_id WHERE customers.id = :cust AND customers.deleted_at IS NULL LIMIT 1;
SELECT rewards.id, rewards.store_owner_id, rewards.name, rewards.description, rewards.reward_type, rewards.points_required AS cost, rewards.amount_milli, rewards.is_active, (SELECT COUNT(*) FROM redemptions WHERE redemptions.reward_id = rewards.id) AS redemptions_count FROM rewards WHERE rewards.deleted_at IS NULL AND rewards.id = :reward LIMIT 1 \gset
\set negcost 0 - :cost
-- Points due today go first (crates/adapters/src/db/repositories/lots.rs): none here.
SELECT CAST(COALESCE(SUM(remaining), 0) AS BIGINT) FROM point_lots WHERE customer_id = :cust AND remaining > 0 AND expires_on <= ((now() AT TIME ZONE 'UTC') + interval '2 hours')::date;
UPDATE customers SET loyalty_points = loyalty_points + :negcost, updated_at = (now() AT TIME ZONE 'UTC') WHERE id = :cust AND deleted_at IS NULL AND loyalty_points >= :cost RETURNING loyalty_points AS balance \gset
-- Spent from the oldest lots first.
SELECT id AS lot_id, remaining FROM point_lots WHERE customer_id = :cust AND remaining > 0 ORDER BY id ASC LIMIT 1 \gset
UPDATE point_lots SET remaining = remaining - :cost WHERE id = :lot_id;
INSERT INTO redemptions (store_id, customer_id, reward_id, pos_user_id, points_spent, created_at) VALUES (:store, :cust, :reward, :cashier, :cost, (now() AT TIME ZONE 'UTC')) RETURNING id AS redemption_id \gset
INSERT INTO points_ledger (customer_id, store_id, kind, delta, balance_after, reason, actor_id, invoice_id, redemption_id, created_at) VALUES (:cust, :store, 'redemption', :negcost, :balance, 'Bench reward 10', :cashier, NULL, :redemption_id, (now() AT TIME ZONE 'UTC'));
INSERT INTO activity_log (actor_id, store_id, kind, subject_id, details, created_at) VALUES (:cashier, :store, 'redemption_created', :redemption_id, '{"customer":"Bench Customer","points":"10","reward":"Bench reward 10"}', (now() AT TIME ZONE 'UTC'));
INSERT INTO idempotency_keys (user_id, idem_key, request_hash, response_status, response_body, created_at) VALUES (:cashier, 'pgb-' || :client_id::text || '-' || :nonce::text, 'redemption|' || :cust::text || '|' || :reward::text, 200, :redemption_id::text || ':' || :balance::text, (now() AT TIME ZONE 'UTC'));
SELECT redemptions.id, redemptions.store_id, redemptions.customer_id, customers.name AS customer_name, redemptions.points_spent, redemptions.pos_user_id, users.name AS pos_name, redemptions.created_at, rewards.id AS reward_id, rewards.name AS reward_name, rewards.description AS reward_description, rewards.points_required FROM redemptions INNER JOIN customers ON customers.id = redemptions.customer_id INNER JOIN rewards ON rewards.id = redemptions.reward_id LEFT JOIN users ON redemptions.pos_user_id = users.id WHERE redemptions.id = :redemption_id LIMIT 1;
-- Written last (crates/adapters/src/db/repositories/store_days.rs): the dashboards' figures of the store's Tripoli day.
INSERT INTO store_days (store_id, day, invoices, revenue_dirhams, points_issued, redemptions, points_redeemed) VALUES (:store, ((now() AT TIME ZONE 'UTC') + interval '2 hours')::date, 0, 0, 0, 1, :cost) ON CONFLICT (store_id, day) DO UPDATE SET invoices = store_days.invoices + excluded.invoices, revenue_dirhams = store_days.revenue_dirhams + excluded.revenue_dirhams, points_issued = store_days.points_issued + excluded.points_issued, redemptions = store_days.redemptions + excluded.redemptions, points_redeemed = store_days.points_redeemed + excluded.points_redeemed;
END;
