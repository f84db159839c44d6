-- The whole schema of spec section 3. Money is BIGINT dirhams (1 LYD = 1000), points are
-- BIGINT, times are UTC. Rows that carry history are hidden with deleted_at, never deleted.

CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('admin', 'store_owner', 'pos_user')),
    is_active BOOLEAN NOT NULL DEFAULT 1,
    store_owner_name TEXT,
    store_id BIGINT REFERENCES stores(id),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    deleted_at TIMESTAMP
);
CREATE UNIQUE INDEX users_email_live ON users(email) WHERE deleted_at IS NULL;
CREATE INDEX users_store_id ON users(store_id);
CREATE INDEX users_role ON users(role);

CREATE TABLE sessions (
    id TEXT PRIMARY KEY NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users(id),
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP
);
CREATE INDEX sessions_user_id ON sessions(user_id);

CREATE TABLE stores (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    owner_id BIGINT NOT NULL REFERENCES users(id),
    name TEXT NOT NULL,
    address TEXT,
    registration_token TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    deleted_at TIMESTAMP
);
CREATE INDEX stores_owner_id ON stores(owner_id);

CREATE TABLE packages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    description TEXT,
    price_dirhams BIGINT NOT NULL CHECK (price_dirhams >= 0),
    store_limit INTEGER NOT NULL CHECK (store_limit >= 1),
    duration_months INTEGER NOT NULL CHECK (duration_months >= 1),
    features TEXT NOT NULL DEFAULT '',
    is_active BOOLEAN NOT NULL DEFAULT 1,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

CREATE TABLE subscriptions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    store_owner_id BIGINT NOT NULL REFERENCES users(id),
    package_id BIGINT NOT NULL REFERENCES packages(id),
    status TEXT NOT NULL CHECK (status IN ('active', 'cancelled', 'replaced')),
    starts_at TIMESTAMP NOT NULL,
    ends_at TIMESTAMP NOT NULL,
    auto_renew BOOLEAN NOT NULL DEFAULT 0,
    source TEXT NOT NULL CHECK (source IN ('admin', 'card', 'demo')),
    notes TEXT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX subscriptions_one_active ON subscriptions(store_owner_id) WHERE status = 'active';
CREATE INDEX subscriptions_package_id ON subscriptions(package_id);
CREATE INDEX subscriptions_store_owner_id ON subscriptions(store_owner_id, ends_at);

CREATE TABLE redemption_cards (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL UNIQUE,
    package_id BIGINT NOT NULL REFERENCES packages(id),
    expires_at TIMESTAMP,
    notes TEXT,
    redeemed_by BIGINT REFERENCES users(id),
    redeemed_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX redemption_cards_package_id ON redemption_cards(package_id);
CREATE INDEX redemption_cards_redeemed_by ON redemption_cards(redeemed_by);

CREATE TABLE loyalty_settings (
    store_owner_id BIGINT PRIMARY KEY NOT NULL REFERENCES users(id),
    points_per_lyd_milli BIGINT NOT NULL DEFAULT 1000 CHECK (points_per_lyd_milli >= 100),
    min_purchase_dirhams BIGINT NOT NULL DEFAULT 0 CHECK (min_purchase_dirhams >= 0),
    updated_at TIMESTAMP NOT NULL
);

CREATE TABLE rewards (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    store_owner_id BIGINT NOT NULL REFERENCES users(id),
    name TEXT NOT NULL,
    description TEXT,
    reward_type TEXT NOT NULL CHECK (reward_type IN ('prize', 'discount', 'cash')),
    points_required BIGINT NOT NULL CHECK (points_required > 0),
    amount_milli BIGINT NOT NULL DEFAULT 0 CHECK (amount_milli >= 0),
    is_active BOOLEAN NOT NULL DEFAULT 1,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    deleted_at TIMESTAMP
);
CREATE INDEX rewards_store_owner_id ON rewards(store_owner_id);

CREATE TABLE customers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    store_id BIGINT NOT NULL REFERENCES stores(id),
    name TEXT NOT NULL,
    phone TEXT,
    email TEXT,
    loyalty_points BIGINT NOT NULL DEFAULT 0 CHECK (loyalty_points >= 0),
    created_by BIGINT REFERENCES users(id),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    deleted_at TIMESTAMP
);
CREATE UNIQUE INDEX customers_store_phone_live ON customers(store_id, phone) WHERE deleted_at IS NULL AND phone IS NOT NULL;
CREATE INDEX customers_store_id ON customers(store_id, id);
CREATE INDEX customers_phone ON customers(phone);
CREATE INDEX customers_created_by ON customers(created_by);

CREATE TABLE invoices (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    store_id BIGINT NOT NULL REFERENCES stores(id),
    customer_id BIGINT NOT NULL REFERENCES customers(id),
    pos_user_id BIGINT REFERENCES users(id),
    invoice_number TEXT,
    total_dirhams BIGINT NOT NULL CHECK (total_dirhams > 0),
    points_earned BIGINT NOT NULL CHECK (points_earned >= 0),
    created_at TIMESTAMP NOT NULL,
    voided_at TIMESTAMP,
    voided_by BIGINT REFERENCES users(id)
);
CREATE UNIQUE INDEX invoices_store_number ON invoices(store_id, invoice_number) WHERE invoice_number IS NOT NULL;
CREATE INDEX invoices_store_created ON invoices(store_id, created_at);
CREATE INDEX invoices_customer_id ON invoices(customer_id, created_at);
CREATE INDEX invoices_pos_user_id ON invoices(pos_user_id);
CREATE INDEX invoices_voided_by ON invoices(voided_by);
CREATE INDEX invoices_created_at ON invoices(created_at);

CREATE TABLE redemptions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    store_id BIGINT NOT NULL REFERENCES stores(id),
    customer_id BIGINT NOT NULL REFERENCES customers(id),
    reward_id BIGINT NOT NULL REFERENCES rewards(id),
    pos_user_id BIGINT REFERENCES users(id),
    points_spent BIGINT NOT NULL CHECK (points_spent > 0),
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX redemptions_store_created ON redemptions(store_id, created_at);
CREATE INDEX redemptions_customer_id ON redemptions(customer_id, created_at);
CREATE INDEX redemptions_reward_id ON redemptions(reward_id);
CREATE INDEX redemptions_pos_user_id ON redemptions(pos_user_id);
CREATE INDEX redemptions_created_at ON redemptions(created_at);

CREATE TABLE points_ledger (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id BIGINT NOT NULL REFERENCES customers(id),
    store_id BIGINT NOT NULL REFERENCES stores(id),
    kind TEXT NOT NULL CHECK (kind IN ('invoice', 'redemption', 'manual', 'adjustment', 'void')),
    delta BIGINT NOT NULL,
    balance_after BIGINT NOT NULL CHECK (balance_after >= 0),
    reason TEXT,
    actor_id BIGINT REFERENCES users(id),
    invoice_id BIGINT REFERENCES invoices(id),
    redemption_id BIGINT REFERENCES redemptions(id),
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX points_ledger_customer ON points_ledger(customer_id, id);
CREATE INDEX points_ledger_store_id ON points_ledger(store_id, created_at);
CREATE INDEX points_ledger_actor_id ON points_ledger(actor_id);
CREATE INDEX points_ledger_invoice_id ON points_ledger(invoice_id);
CREATE INDEX points_ledger_redemption_id ON points_ledger(redemption_id);

-- A retried POST answers with what the first one answered.
CREATE TABLE idempotency_keys (
    user_id BIGINT NOT NULL REFERENCES users(id),
    idem_key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    response_status INTEGER NOT NULL,
    response_body TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, idem_key)
);

CREATE TABLE activity_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    actor_id BIGINT REFERENCES users(id),
    store_id BIGINT REFERENCES stores(id),
    kind TEXT NOT NULL,
    subject_id BIGINT,
    details TEXT NOT NULL DEFAULT '{}',
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX activity_log_created ON activity_log(created_at);
CREATE INDEX activity_log_actor_id ON activity_log(actor_id);
CREATE INDEX activity_log_store_id ON activity_log(store_id, created_at);
