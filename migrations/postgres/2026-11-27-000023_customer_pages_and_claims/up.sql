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
