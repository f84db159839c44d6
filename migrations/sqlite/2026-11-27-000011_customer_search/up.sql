-- Substring search with an index (issue #37, item 1). Each customer keeps its search text: the
-- name and email as `text::search_key` folds them (Arabic letter forms, digits, case) and the
-- phone's digits, written by the repository with every change (the server fills it in for
-- customers made before this migration when it starts). An FTS5 table with the trigram
-- tokenizer indexes it, kept in step by triggers; a query of three characters or more reads it.
ALTER TABLE customers ADD COLUMN search_text TEXT NOT NULL DEFAULT '';

CREATE VIRTUAL TABLE customers_fts USING fts5(
    search_text, content = 'customers', content_rowid = 'id', tokenize = 'trigram'
);

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
