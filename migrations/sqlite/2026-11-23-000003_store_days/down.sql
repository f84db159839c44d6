DROP TABLE store_days;
