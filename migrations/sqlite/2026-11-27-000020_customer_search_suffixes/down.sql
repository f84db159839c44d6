DROP TRIGGER customer_search_update;
DROP TRIGGER customer_search_delete;
DROP TRIGGER customer_search_insert;
DROP TABLE customer_search;
DROP TABLE search_positions;

CREATE VIRTUAL TABLE customers_fts USING fts5(
    search_text, content = 'customers', content_rowid = 'id', tokenize = 'trigram'
);
INSERT INTO customers_fts (customers_fts) VALUES ('rebuild');

CREATE TRIGGER customers_fts_insert AFTER INSERT ON customers BEGIN
    INSERT INTO customers_fts (rowid, search_text) VALUES (new.id, new.search_text);
END;

CREATE TRIGGER customers_fts_delete AFTER DELETE ON customers BEGIN
    INSERT INTO customers_fts (customers_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
END;

CREATE TRIGGER customers_fts_update AFTER UPDATE OF search_text ON customers BEGIN
    INSERT INTO customers_fts (customers_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
    INSERT INTO customers_fts (rowid, search_text) VALUES (new.id, new.search_text);
END;
