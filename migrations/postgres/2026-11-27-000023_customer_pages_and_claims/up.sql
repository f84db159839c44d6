-- The customer's own page (issue #38, item 5): a link the till shares, /me/{token}. The token
-- is 128 random bits that only the server makes; only its SHA-256 digest is kept here, so the
-- table alone opens no page. A link lives 30 days (application::use_cases::customer_pages) and
-- revoking a customer's links at the till stamps revoked_at on all of them.
CREATE TABLE customer_page_links (
    id BIGSERIAL PRIMARY KEY,
    digest TEXT NOT NULL UNIQUE,
    customer_id BIGINT NOT NULL REFERENCES customers(id),
    store_id BIGINT NOT NULL REFERENCES stores(id),
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP
);
CREATE INDEX customer_page_links_customer_id ON customer_page_links(customer_id);
CREATE INDEX customer_page_links_store_id ON customer_page_links(store_id);

-- A sale may have no customer (a walk-in).
ALTER TABLE invoices ALTER COLUMN customer_id DROP NOT NULL;

-- Points for cash receipts (issue #38, item 6): a sale without a customer (a walk-in; no
-- points to anyone, still the store's revenue) prints a claim link, /claim/{token}, valid 14
-- days and used once. Only the token's digest is kept, with the points the sale would have
-- earned at its time and rate; claiming gives them to the member with that phone in the store
-- (joining it first if need be) and makes the invoice that member's: invoices.customer_id is
-- set then, once (a conditional update on customer_id IS NULL), so voids and returns after it
-- take the points back as from any sale.
CREATE TABLE sale_claims (
    id BIGSERIAL PRIMARY KEY,
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
