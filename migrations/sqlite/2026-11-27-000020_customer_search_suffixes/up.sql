-- The counter's search reads an index of every suffix of a customer's search text (issue #37,
-- item 1), in place of FTS5's trigrams: FTS5 answered a phone's digits by intersecting the
-- doclists of trigrams every phone shares (`091`, `920`), 0.7-1.5 ms on 120,000 customers, and
-- could not keep to the cashier's store. Here a query is a range of one store's index: every
-- text containing `q` has a suffix starting with `q`, so `suffix >= q AND suffix < q || U+10FFFF`
-- finds exactly them (7-80 µs). Suffixes keep their first 12 characters (a longer query reads
-- the range of its first 12 and checks the rest on the row); none starts with a space.
-- Triggers keep it in step with `customers.search_text`; the positions table lets a trigger
-- (which cannot use a CTE) make one row per position.
DROP TRIGGER customers_fts_insert;
DROP TRIGGER customers_fts_delete;
DROP TRIGGER customers_fts_update;
DROP TABLE customers_fts;

CREATE TABLE search_positions (n INTEGER PRIMARY KEY);
WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < 512)
INSERT INTO search_positions (n) SELECT n FROM k;

CREATE TABLE customer_search (
    store_id BIGINT NOT NULL,
    suffix TEXT NOT NULL,
    customer_id BIGINT NOT NULL,
    PRIMARY KEY (store_id, suffix, customer_id)
) WITHOUT ROWID;

INSERT OR IGNORE INTO customer_search (store_id, suffix, customer_id)
SELECT c.store_id, substr(c.search_text, p.n, 12), c.id
FROM customers c JOIN search_positions p ON p.n <= length(c.search_text)
WHERE substr(c.search_text, p.n, 1) <> ' ';

CREATE TRIGGER customer_search_insert AFTER INSERT ON customers BEGIN
    INSERT OR IGNORE INTO customer_search (store_id, suffix, customer_id)
    SELECT new.store_id, substr(new.search_text, n, 12), new.id FROM search_positions
    WHERE n <= length(new.search_text) AND substr(new.search_text, n, 1) <> ' ';
END;

CREATE TRIGGER customer_search_delete AFTER DELETE ON customers BEGIN
    DELETE FROM customer_search WHERE store_id = old.store_id AND customer_id = old.id AND suffix IN
        (SELECT substr(old.search_text, n, 12) FROM search_positions WHERE n <= length(old.search_text));
END;

CREATE TRIGGER customer_search_update AFTER UPDATE OF search_text, store_id ON customers BEGIN
    DELETE FROM customer_search WHERE store_id = old.store_id AND customer_id = old.id AND suffix IN
        (SELECT substr(old.search_text, n, 12) FROM search_positions WHERE n <= length(old.search_text));
    INSERT OR IGNORE INTO customer_search (store_id, suffix, customer_id)
    SELECT new.store_id, substr(new.search_text, n, 12), new.id FROM search_positions
    WHERE n <= length(new.search_text) AND substr(new.search_text, n, 1) <> ' ';
END;
