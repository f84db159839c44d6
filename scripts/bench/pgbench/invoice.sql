-- The invoice transaction of POST /api/v1/invoices with an Idempotency-Key, statement for
-- statement as crates/adapters/src/db/repositories send it (see crates/bench/src/raw.rs).
-- Variables (-D): c0 u0 s0 owners stores_per_owner customers per_store.
\set g random(1, :customers)
\set k (:g - 1) / :per_store + 1
\set cust :c0 + :g
\set store :s0 + :k
\set cashier :u0 + :owners + :k
\set owner :u0 + (:k - 1) / :stores_per_owner + 1
\set total random(1000, 200000)
\set points :total / 1000
\set negpoints 0 - :points
\set nonce random(1, 999999999999)
BEGIN;
SELECT request_hash, response_body FROM idempotency_keys WHERE user_id = :cashier AND idem_key = 'pgb-' || :client_id::text || '-' || :nonce::text LIMIT 1;
SELECT customers.id, customers.store_id, customers.name, customers.phone, customers.email, customers.loyalty_points, customers.created_at, stores.name AS store_name, stores.owner_id FROM customers INNER JOIN stores ON stores.id = customers.store_id WHERE customers.id = :cust AND customers.deleted_at IS NULL LIMIT 1;
SELECT points_per_lyd_milli, min_purchase_dirhams, points_expiry_months, signal_sales_per_customer FROM loyalty_settings WHERE store_owner_id = :owner LIMIT 1;
INSERT INTO invoices (store_id, customer_id, pos_user_id, invoice_number, total_dirhams, points_earned, created_at) VALUES (:store, :cust, :cashier, 'pgb-' || :client_id::text || '-' || :nonce::text, :total, :points, (now() AT TIME ZONE 'UTC')) RETURNING id AS invoice_id \gset
UPDATE customers SET loyalty_points = loyalty_points + :points, updated_at = (now() AT TIME ZONE 'UTC') WHERE id = :cust AND deleted_at IS NULL AND loyalty_points >= :negpoints RETURNING loyalty_points AS balance \gset
-- The points' lot (crates/adapters/src/db/repositories/lots.rs): the newest open lot, grown when it expires on the same day (never, here).
SELECT id AS lot_id, expires_on FROM point_lots WHERE customer_id = :cust AND remaining > 0 ORDER BY id DESC LIMIT 1 \gset
UPDATE point_lots SET points = points + :points, remaining = remaining + :points WHERE id = :lot_id;
-- The fraud signal's count (crates/adapters/src/db/repositories/signals.rs).
SELECT COUNT(*) FROM invoices WHERE customer_id = :cust AND created_at >= (now() AT TIME ZONE 'UTC') - interval '12 hours';
INSERT INTO points_ledger (customer_id, store_id, kind, delta, balance_after, reason, actor_id, invoice_id, redemption_id, created_at) VALUES (:cust, :store, 'invoice', :points, :balance, NULL, :cashier, :invoice_id, NULL, (now() AT TIME ZONE 'UTC'));
INSERT INTO activity_log (actor_id, store_id, kind, subject_id, details, created_at) VALUES (:cashier, :store, 'invoice_created', :invoice_id, '{"customer":"Bench Customer","invoice_number":"pgb","points":"' || :points::text || '","total":"' || :total::text || '"}', (now() AT TIME ZONE 'UTC'));
INSERT INTO idempotency_keys (user_id, idem_key, request_hash, response_status, response_body, created_at) VALUES (:cashier, 'pgb-' || :client_id::text || '-' || :nonce::text, 'invoice|' || :cust::text || '|' || :total::text, 200, :invoice_id::text || ':' || :balance::text, (now() AT TIME ZONE 'UTC'));
SELECT invoices.id, invoices.store_id, invoices.customer_id, customers.name AS customer_name, invoices.invoice_number, invoices.total_dirhams, invoices.points_earned, invoices.pos_user_id, users.name AS pos_name, invoices.created_at, invoices.voided_at FROM invoices INNER JOIN customers ON customers.id = invoices.customer_id LEFT JOIN users ON invoices.pos_user_id = users.id WHERE invoices.id = :invoice_id LIMIT 1;
-- Written last (crates/adapters/src/db/repositories/store_days.rs): the dashboards' figures of the store's Tripoli day.
INSERT INTO store_days (store_id, day, invoices, revenue_dirhams, points_issued, redemptions, points_redeemed) VALUES (:store, ((now() AT TIME ZONE 'UTC') + interval '2 hours')::date, 1, :total, :points, 0, 0) ON CONFLICT (store_id, day) DO UPDATE SET invoices = store_days.invoices + excluded.invoices, revenue_dirhams = store_days.revenue_dirhams + excluded.revenue_dirhams, points_issued = store_days.points_issued + excluded.points_issued, redemptions = store_days.redemptions + excluded.redemptions, points_redeemed = store_days.points_redeemed + excluded.points_redeemed;
END;
