DROP TRIGGER customers_fts_update;
DROP TRIGGER customers_fts_delete;
DROP TRIGGER customers_fts_insert;
DROP TABLE customers_fts;
ALTER TABLE customers DROP COLUMN search_text;
