-- Fraud signals (issue #19, item 4): the counter's patterns an owner looks at, never blocks.
-- The owner's thresholds, with the issue's defaults.
ALTER TABLE loyalty_settings ADD COLUMN signal_sales_per_customer BIGINT NOT NULL DEFAULT 3
    CHECK (signal_sales_per_customer BETWEEN 1 AND 1000);
ALTER TABLE loyalty_settings ADD COLUMN signal_void_percent BIGINT NOT NULL DEFAULT 5
    CHECK (signal_void_percent BETWEEN 0 AND 100);
ALTER TABLE loyalty_settings ADD COLUMN signal_manual_points BIGINT NOT NULL DEFAULT 1000
    CHECK (signal_manual_points BETWEEN 1 AND 1000000);

-- One signal per kind, subject and Tripoli day: a customer (too many sales) or a cashier (too
-- many voids, too many points by hand). Crossing again that day updates the figure and opens
-- it again if the owner had marked it reviewed.
CREATE TABLE signals (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    store_id BIGINT NOT NULL REFERENCES stores(id),
    kind TEXT NOT NULL CHECK (kind IN ('sales_per_customer', 'void_rate', 'manual_points')),
    day DATE NOT NULL,
    customer_id BIGINT REFERENCES customers(id),
    user_id BIGINT REFERENCES users(id),
    figure BIGINT NOT NULL,
    -- The void rate's sales that day; NULL for the other kinds.
    out_of BIGINT,
    threshold BIGINT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    reviewed_at TIMESTAMP,
    reviewed_by BIGINT REFERENCES users(id),
    CHECK ((customer_id IS NULL) <> (user_id IS NULL))
);
CREATE UNIQUE INDEX signals_customer_day ON signals(kind, customer_id, day) WHERE customer_id IS NOT NULL;
CREATE UNIQUE INDEX signals_user_day ON signals(kind, user_id, day) WHERE user_id IS NOT NULL;
CREATE INDEX signals_store ON signals(store_id, day);
CREATE INDEX signals_customer_id ON signals(customer_id);
CREATE INDEX signals_user_id ON signals(user_id);
CREATE INDEX signals_reviewed_by ON signals(reviewed_by);
