-- Substring search with an index (issue #37, item 1). Each customer keeps its search text: the
-- name and email as `text::search_key` folds them (Arabic letter forms, digits, case) and the
-- phone's digits, written by the repository with every change (the server fills it in for
-- customers made before this migration when it starts). A trigram GIN index (pg_trgm, trusted:
-- a database owner may create it) serves `LIKE '%...%'` on it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
ALTER TABLE customers ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
CREATE INDEX customers_search_text_trgm ON customers USING gin (search_text gin_trgm_ops);
