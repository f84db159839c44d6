PRAGMA foreign_keys = OFF;
BEGIN;
DROP TABLE sale_claims;
DROP TABLE customer_page_links;
-- Walk-in sales have no customer to go back to: they go.
DELETE FROM invoice_returns WHERE invoice_id IN (SELECT id FROM invoices WHERE customer_id IS NULL);
DELETE FROM invoices WHERE customer_id IS NULL;
CREATE TABLE invoices_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    store_id BIGINT NOT NULL REFERENCES stores(id),
    customer_id BIGINT NOT NULL REFERENCES customers(id),
    pos_user_id BIGINT REFERENCES users(id),
    invoice_number TEXT,
    total_dirhams BIGINT NOT NULL CHECK (total_dirhams > 0),
    points_earned BIGINT NOT NULL CHECK (points_earned >= 0),
    created_at TIMESTAMP NOT NULL,
    voided_at TIMESTAMP,
    voided_by BIGINT REFERENCES users(id),
    void_reason TEXT,
    updated_at TIMESTAMP NOT NULL DEFAULT '1970-01-01 00:00:00',
    api_key_id BIGINT REFERENCES api_keys(id),
    returned_dirhams BIGINT NOT NULL DEFAULT 0
        CHECK (returned_dirhams >= 0 AND returned_dirhams <= total_dirhams),
    returned_points BIGINT NOT NULL DEFAULT 0
        CHECK (returned_points >= 0 AND returned_points <= points_earned)
);
INSERT INTO invoices_new (id, store_id, customer_id, pos_user_id, invoice_number, total_dirhams, points_earned, created_at, voided_at, voided_by, void_reason, updated_at, api_key_id, returned_dirhams, returned_points)
    SELECT id, store_id, customer_id, pos_user_id, invoice_number, total_dirhams, points_earned, created_at, voided_at, voided_by, void_reason, updated_at, api_key_id, returned_dirhams, returned_points FROM invoices;
DROP TABLE invoices;
ALTER TABLE invoices_new RENAME TO invoices;
CREATE UNIQUE INDEX invoices_store_number ON invoices(store_id, invoice_number) WHERE invoice_number IS NOT NULL;
CREATE INDEX invoices_store_created ON invoices(store_id, created_at);
CREATE INDEX invoices_customer_id ON invoices(customer_id, created_at);
CREATE INDEX invoices_pos_user_id ON invoices(pos_user_id);
CREATE INDEX invoices_voided_by ON invoices(voided_by);
CREATE INDEX invoices_created_at ON invoices(created_at);
CREATE INDEX invoices_live_by_store ON invoices(store_id, created_at, total_dirhams, points_earned) WHERE voided_at IS NULL;
CREATE INDEX invoices_live_by_time ON invoices(created_at, store_id, total_dirhams, points_earned) WHERE voided_at IS NULL;
CREATE INDEX invoices_store_updated ON invoices(store_id, updated_at, id);
CREATE INDEX invoices_api_key_id ON invoices(api_key_id);
COMMIT;
PRAGMA foreign_keys = ON;
