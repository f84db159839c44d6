-- The dashboards' figures per store and Tripoli day (Libya is UTC+2 all year), kept in the
-- same transaction as every sale, void and gift (crates/adapters/src/db/repositories/store_days.rs).
-- The admin overview and analytics and the owner's summary read these rows instead of summing
-- every invoice: O(stores x days), not O(invoices) (docs/benchmarks.md, dashboards).
-- A voided sale is taken off the day it was made on.
CREATE TABLE store_days (
    store_id BIGINT NOT NULL REFERENCES stores(id),
    day DATE NOT NULL,
    invoices BIGINT NOT NULL DEFAULT 0 CHECK (invoices >= 0),
    revenue_dirhams BIGINT NOT NULL DEFAULT 0 CHECK (revenue_dirhams >= 0),
    points_issued BIGINT NOT NULL DEFAULT 0 CHECK (points_issued >= 0),
    redemptions BIGINT NOT NULL DEFAULT 0 CHECK (redemptions >= 0),
    points_redeemed BIGINT NOT NULL DEFAULT 0 CHECK (points_redeemed >= 0),
    PRIMARY KEY (store_id, day)
);
CREATE INDEX store_days_day ON store_days(day, store_id);

INSERT INTO store_days (store_id, day, invoices, revenue_dirhams, points_issued, redemptions, points_redeemed)
SELECT store_id, day, SUM(n), SUM(rev), SUM(pi), SUM(r), SUM(pr) FROM (
    SELECT store_id, date(created_at, '+2 hours') AS day, 1 AS n, total_dirhams AS rev, points_earned AS pi, 0 AS r, 0 AS pr
    FROM invoices WHERE voided_at IS NULL
    UNION ALL
    SELECT store_id, date(created_at, '+2 hours') AS day, 0, 0, 0, 1, points_spent
    FROM redemptions
) figures
GROUP BY store_id, day;
