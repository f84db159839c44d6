-- The customer's spend since `since` (tiers: sales not voided, less what was returned), as
-- `crates/db/src/repositories/tiers.rs` (`spend_sql!`) writes it for SQLite. A sale's first
-- statement (`StoreRepo::sale_settings`) calls this on PostgreSQL: its query over the months of
-- `invoices` is then planned once per session, a generic plan whose months are pruned as it
-- runs, instead of with every sale (which made the sale's planning ten times longer once
-- invoices were partitioned by month: docs/benchmarks.md, "Issue #40, monthly partitions").
CREATE FUNCTION loyalty_customer_spend(customer BIGINT, since TIMESTAMP) RETURNS BIGINT
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
    RETURN (
        SELECT CAST(COALESCE(SUM(i.total_dirhams - i.returned_dirhams), 0) AS BIGINT) FROM invoices i
        WHERE i.customer_id = customer AND i.voided_at IS NULL AND i.created_at >= since
    );
END $$;
