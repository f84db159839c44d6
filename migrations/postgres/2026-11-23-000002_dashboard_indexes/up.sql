-- Covering indexes of the live (not voided) invoices for the dashboards on a large database
-- (docs/benchmarks.md): the admin overview's platform totals, the owner summary's revenue and
-- points issued, the POS day counts (by store), and the admin analytics' per-day figures and
-- top stores (by time) read these instead of visiting every invoice row in the table.
CREATE INDEX invoices_live_by_store ON invoices(store_id, created_at, total_dirhams, points_earned) WHERE voided_at IS NULL;
CREATE INDEX invoices_live_by_time ON invoices(created_at, store_id, total_dirhams, points_earned) WHERE voided_at IS NULL;
