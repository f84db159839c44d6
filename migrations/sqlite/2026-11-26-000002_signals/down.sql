DROP TABLE signals;
ALTER TABLE loyalty_settings DROP COLUMN signal_manual_points;
ALTER TABLE loyalty_settings DROP COLUMN signal_void_percent;
ALTER TABLE loyalty_settings DROP COLUMN signal_sales_per_customer;
