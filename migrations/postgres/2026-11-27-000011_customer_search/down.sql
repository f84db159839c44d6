DROP INDEX customers_search_text_trgm;
ALTER TABLE customers DROP COLUMN search_text;
