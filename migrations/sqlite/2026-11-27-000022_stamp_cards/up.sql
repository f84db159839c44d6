-- Stamp cards (issue #38, item 2): a store's card gives a stamp for every sale of at least
-- min_total; once stamps_required stamps count, the reward can be redeemed at the till. Each
-- stamp is a row of stamp_events (kind 'earned', one per invoice at most), and so is each
-- redemption (kind 'redeemed', with the stamps it used); an earned stamp counts while it is
-- not redeemed (redeemed_by), not taken back by a void or a return (revoked_at), and not past
-- its own expires_at (set when it was earned from the card's expires_after_days).
CREATE TABLE stamp_cards (
    store_id BIGINT PRIMARY KEY REFERENCES stores(id),
    min_total_dirhams BIGINT NOT NULL CHECK (min_total_dirhams >= 0),
    stamps_required BIGINT NOT NULL CHECK (stamps_required BETWEEN 1 AND 50),
    reward_name TEXT NOT NULL,
    expires_after_days BIGINT CHECK (expires_after_days BETWEEN 1 AND 3650),
    updated_at TIMESTAMP NOT NULL
);

CREATE TABLE stamp_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id BIGINT NOT NULL REFERENCES customers(id),
    store_id BIGINT NOT NULL REFERENCES stores(id),
    kind TEXT NOT NULL CHECK (kind IN ('earned', 'redeemed')),
    stamps BIGINT NOT NULL CHECK (stamps > 0),
    invoice_id BIGINT REFERENCES invoices(id),
    reward_name TEXT,
    expires_at TIMESTAMP,
    redeemed_by BIGINT REFERENCES stamp_events(id),
    revoked_at TIMESTAMP,
    actor_id BIGINT REFERENCES users(id),
    api_key_id BIGINT REFERENCES api_keys(id),
    created_at TIMESTAMP NOT NULL,
    CHECK ((kind = 'earned') = (invoice_id IS NOT NULL))
);
CREATE INDEX stamp_events_customer ON stamp_events(customer_id, id);
CREATE INDEX stamp_events_store_id ON stamp_events(store_id);
CREATE UNIQUE INDEX stamp_events_invoice_id ON stamp_events(invoice_id);
CREATE INDEX stamp_events_redeemed_by ON stamp_events(redeemed_by);
CREATE INDEX stamp_events_actor_id ON stamp_events(actor_id);
CREATE INDEX stamp_events_api_key_id ON stamp_events(api_key_id);
