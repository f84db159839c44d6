PRAGMA foreign_keys = OFF;
BEGIN;

-- The customer's own page (issue #38, item 5): a link the till shares, /me/{token}. The token
-- is 128 random bits that only the server makes; only its SHA-256 digest is kept here, so the
-- table alone opens no page. A link lives 30 days (application::use_cases::customer_pages) and
-- revoking a customer's links at the till stamps revoked_at on all of them.
CREATE TABLE customer_page_links (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    digest TEXT NOT NULL UNIQUE,
    customer_id BIGINT NOT NULL REFERENCES customers(id),
    store_id BIGINT NOT NULL REFERENCES stores(id),
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP
);
CREATE INDEX customer_page_links_customer_id ON customer_page_links(customer_id);
CREATE INDEX customer_page_links_store_id ON customer_page_links(store_id);

-- A sale may have no customer (a walk-in): SQLite drops the NOT NULL by rebuilding invoices.
CREATE TABLE invoices_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    store_id BIGINT NOT NULL REFERENCES stores(id),
    customer_id BIGINT REFERENCES customers(id),
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

-- Points for cash receipts (issue #38, item 6): a sale without a customer (a walk-in; no
-- points to anyone, still the store's revenue) prints a claim link, /claim/{token}, valid 14
-- days and used once. Only the token's digest is kept, with the points the sale would have
-- earned at its time and rate; claiming gives them to the member with that phone in the store
-- (joining it first if need be) and makes the invoice that member's: invoices.customer_id is
-- set then, once (a conditional update on customer_id IS NULL), so voids and returns after it
-- take the points back as from any sale.
CREATE TABLE sale_claims (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    digest TEXT NOT NULL UNIQUE,
    invoice_id BIGINT NOT NULL UNIQUE REFERENCES invoices(id),
    store_id BIGINT NOT NULL REFERENCES stores(id),
    points BIGINT NOT NULL CHECK (points >= 0),
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    claimed_at TIMESTAMP,
    customer_id BIGINT REFERENCES customers(id)
);
CREATE INDEX sale_claims_store_id ON sale_claims(store_id);
CREATE INDEX sale_claims_customer_id ON sale_claims(customer_id);

COMMIT;
PRAGMA foreign_keys = ON;
