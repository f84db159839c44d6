ALTER TABLE customers DROP COLUMN unconfirmed_join;
