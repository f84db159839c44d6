DROP INDEX invoices_live_by_time;
DROP INDEX invoices_live_by_store;
