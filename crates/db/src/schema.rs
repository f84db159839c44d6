// Written by hand for both backends: ids BIGINT, money BIGINT dirhams, times UTC TIMESTAMP.

diesel::table! {
    jobs (name) {
        name -> Text,
        last_run_at -> Timestamp,
        runs -> BigInt,
    }
}

diesel::table! {
    users (id) {
        id -> BigInt,
        name -> Text,
        email -> Text,
        password_hash -> Text,
        role -> Text,
        is_active -> Bool,
        store_owner_name -> Nullable<Text>,
        store_id -> Nullable<BigInt>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        deleted_at -> Nullable<Timestamp>,
        /// An owner's: moved by triggers whenever its tiers, stamp cards or webhook
        /// subscriptions change (what each instance keeps in memory per owner).
        programs_version -> BigInt,
    }
}

diesel::table! {
    api_keys (id) {
        id -> BigInt,
        owner_id -> BigInt,
        name -> Text,
        prefix -> Text,
        secret_digest -> Text,
        scopes -> Text,
        store_ids -> Nullable<Text>,
        created_at -> Timestamp,
        expires_at -> Nullable<Timestamp>,
        last_used_at -> Nullable<Timestamp>,
        revoked_at -> Nullable<Timestamp>,
        mode -> Text,
    }
}

diesel::table! {
    webhook_endpoints (id) {
        id -> BigInt,
        owner_id -> BigInt,
        url -> Text,
        events -> Text,
        secret -> Text,
        is_active -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        deleted_at -> Nullable<Timestamp>,
        last_sequence -> BigInt,
        mode -> Text,
    }
}

diesel::table! {
    webhook_events (id) {
        id -> Text,
        owner_id -> BigInt,
        event_type -> Text,
        payload -> Text,
        created_at -> Timestamp,
        fan_out -> Nullable<Text>,
    }
}

diesel::table! {
    webhook_deliveries (id) {
        id -> BigInt,
        event_id -> Text,
        endpoint_id -> BigInt,
        status -> Text,
        attempts -> Integer,
        next_attempt_at -> Timestamp,
        locked_until -> Nullable<Timestamp>,
        last_status -> Nullable<Integer>,
        last_error -> Nullable<Text>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        sequence -> BigInt,
        payload -> Nullable<Text>,
    }
}

diesel::table! {
    sessions (id) {
        id -> Text,
        user_id -> BigInt,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        revoked_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    stores (id) {
        id -> BigInt,
        owner_id -> BigInt,
        name -> Text,
        address -> Nullable<Text>,
        registration_token -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        deleted_at -> Nullable<Timestamp>,
        is_sandbox -> Bool,
    }
}

diesel::table! {
    packages (id) {
        id -> BigInt,
        name -> Text,
        description -> Nullable<Text>,
        price_dirhams -> BigInt,
        store_limit -> Integer,
        duration_months -> Integer,
        features -> Text,
        is_active -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    subscriptions (id) {
        id -> BigInt,
        store_owner_id -> BigInt,
        package_id -> BigInt,
        status -> Text,
        starts_at -> Timestamp,
        ends_at -> Timestamp,
        auto_renew -> Bool,
        source -> Text,
        notes -> Nullable<Text>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    redemption_cards (id) {
        id -> BigInt,
        code -> Text,
        package_id -> BigInt,
        expires_at -> Nullable<Timestamp>,
        notes -> Nullable<Text>,
        redeemed_by -> Nullable<BigInt>,
        redeemed_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    data_retention (store_owner_id) {
        store_owner_id -> BigInt,
        activity_log_months -> BigInt,
        webhook_delivery_days -> BigInt,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    loyalty_settings (store_owner_id) {
        store_owner_id -> BigInt,
        points_per_lyd_milli -> BigInt,
        min_purchase_dirhams -> BigInt,
        updated_at -> Timestamp,
        max_invoice_dirhams -> BigInt,
        confirm_above_dirhams -> BigInt,
        cashier_daily_points -> BigInt,
        point_value_dirhams -> Nullable<BigInt>,
        min_redeem_points -> BigInt,
        points_expiry_months -> Nullable<BigInt>,
        signal_sales_per_customer -> BigInt,
        signal_void_percent -> BigInt,
        signal_manual_points -> BigInt,
        birthday_points -> BigInt,
        messages_monthly_limit -> BigInt,
    }
}

diesel::table! {
    rewards (id) {
        id -> BigInt,
        store_owner_id -> BigInt,
        name -> Text,
        description -> Nullable<Text>,
        reward_type -> Text,
        points_required -> BigInt,
        amount_milli -> BigInt,
        is_active -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        deleted_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    customers (id) {
        id -> BigInt,
        store_id -> BigInt,
        name -> Text,
        phone -> Nullable<Text>,
        email -> Nullable<Text>,
        loyalty_points -> BigInt,
        created_by -> Nullable<BigInt>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        deleted_at -> Nullable<Timestamp>,
        unconfirmed_join -> Bool,
        search_text -> Text,
        birthday -> Nullable<Text>,
        birthday_year -> Nullable<Integer>,
        /// The customer's tier (0 the lowest of its owner's `loyalty_tiers`); `None`: none.
        tier_level -> Nullable<BigInt>,
        /// While its spend is below its tier: the last day it keeps it.
        tier_grace_until -> Nullable<Date>,
        /// Since when the customer consents to WhatsApp messages (issue #39); `None`: no consent.
        whatsapp_consent_at -> Nullable<Timestamp>,
        /// Since when the customer consents to SMS; `None`: no consent.
        sms_consent_at -> Nullable<Timestamp>,
        /// The language its messages are written in: `ar` or `en`.
        message_language -> Text,
    }
}

diesel::table! {
    customer_consents (id) {
        id -> BigInt,
        customer_id -> BigInt,
        channel -> Text,
        granted -> Bool,
        source -> Text,
        actor_id -> Nullable<BigInt>,
        api_key_id -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    customer_messages (id) {
        id -> BigInt,
        owner_id -> BigInt,
        store_id -> BigInt,
        customer_id -> BigInt,
        kind -> Text,
        channel -> Text,
        to_phone -> Text,
        body -> Text,
        status -> Text,
        status_detail -> Nullable<Text>,
        provider_message_id -> Nullable<Text>,
        attempts -> BigInt,
        next_attempt_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
        sent_at -> Nullable<Timestamp>,
        updated_at -> Timestamp,
        /// The SMS segments `body` takes, counted when written.
        segments -> BigInt,
        /// The occasion of a message sent once (`points_expiring:<day>`), unique per customer.
        once_key -> Nullable<Text>,
        /// The language `body` is written in (`ar`, `en`): the WhatsApp template's.
        language -> Text,
    }
}

diesel::table! {
    /// An owner's own text of a kind of message, in both languages (issue #39).
    message_templates (owner_id, kind) {
        owner_id -> BigInt,
        kind -> Text,
        text_ar -> Text,
        text_en -> Text,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    /// An owner's tiers, level 0 the lowest (issue #38, item 3).
    loyalty_tiers (store_owner_id, level) {
        store_owner_id -> BigInt,
        level -> BigInt,
        name_en -> Text,
        name_ar -> Text,
        min_spend_dirhams -> BigInt,
        multiplier_milli -> BigInt,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    /// SQLite only (PostgreSQL searches `customers.search_text` through pg_trgm): every suffix
    /// of a customer's search text, its first 12 characters, kept by triggers.
    customer_search (store_id, suffix, customer_id) {
        store_id -> BigInt,
        suffix -> Text,
        customer_id -> BigInt,
    }
}

diesel::table! {
    invoices (id) {
        id -> BigInt,
        store_id -> BigInt,
        /// `None` for a walk-in sale until its receipt's points are claimed.
        customer_id -> Nullable<BigInt>,
        pos_user_id -> Nullable<BigInt>,
        invoice_number -> Nullable<Text>,
        total_dirhams -> BigInt,
        points_earned -> BigInt,
        created_at -> Timestamp,
        voided_at -> Nullable<Timestamp>,
        voided_by -> Nullable<BigInt>,
        void_reason -> Nullable<Text>,
        updated_at -> Timestamp,
        api_key_id -> Nullable<BigInt>,
        returned_dirhams -> BigInt,
        returned_points -> BigInt,
    }
}

diesel::table! {
    stamp_cards (store_id) {
        store_id -> BigInt,
        min_total_dirhams -> BigInt,
        stamps_required -> BigInt,
        reward_name -> Text,
        expires_after_days -> Nullable<BigInt>,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    stamp_events (id) {
        id -> BigInt,
        customer_id -> BigInt,
        store_id -> BigInt,
        kind -> Text,
        stamps -> BigInt,
        invoice_id -> Nullable<BigInt>,
        reward_name -> Nullable<Text>,
        expires_at -> Nullable<Timestamp>,
        redeemed_by -> Nullable<BigInt>,
        revoked_at -> Nullable<Timestamp>,
        actor_id -> Nullable<BigInt>,
        api_key_id -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    invoice_returns (id) {
        id -> BigInt,
        invoice_id -> BigInt,
        amount_dirhams -> BigInt,
        points -> BigInt,
        reason -> Text,
        actor_id -> BigInt,
        api_key_id -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    redemptions (id) {
        id -> BigInt,
        store_id -> BigInt,
        customer_id -> BigInt,
        reward_id -> Nullable<BigInt>,
        pos_user_id -> Nullable<BigInt>,
        points_spent -> BigInt,
        created_at -> Timestamp,
        value_dirhams -> Nullable<BigInt>,
        api_key_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    points_ledger (id) {
        id -> BigInt,
        customer_id -> BigInt,
        store_id -> BigInt,
        kind -> Text,
        delta -> BigInt,
        balance_after -> BigInt,
        reason -> Nullable<Text>,
        actor_id -> Nullable<BigInt>,
        invoice_id -> Nullable<BigInt>,
        redemption_id -> Nullable<BigInt>,
        created_at -> Timestamp,
        api_key_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    idempotency_keys (user_id, idem_key) {
        user_id -> BigInt,
        idem_key -> Text,
        request_hash -> Text,
        response_status -> Integer,
        response_body -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    activity_log (id) {
        id -> BigInt,
        actor_id -> Nullable<BigInt>,
        store_id -> Nullable<BigInt>,
        kind -> Text,
        subject_id -> Nullable<BigInt>,
        details -> Text,
        created_at -> Timestamp,
        api_key_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    store_days (store_id, day) {
        store_id -> BigInt,
        day -> Date,
        invoices -> BigInt,
        revenue_dirhams -> BigInt,
        points_issued -> BigInt,
        redemptions -> BigInt,
        points_redeemed -> BigInt,
        points_expired -> BigInt,
    }
}

diesel::table! {
    notification_reads (user_id, key) {
        user_id -> BigInt,
        key -> Text,
        read_at -> Timestamp,
    }
}

diesel::table! {
    signals (id) {
        id -> BigInt,
        store_id -> BigInt,
        kind -> Text,
        day -> Date,
        customer_id -> Nullable<BigInt>,
        user_id -> Nullable<BigInt>,
        figure -> BigInt,
        out_of -> Nullable<BigInt>,
        threshold -> BigInt,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        reviewed_at -> Nullable<Timestamp>,
        reviewed_by -> Nullable<BigInt>,
    }
}

diesel::table! {
    point_lots (id) {
        id -> BigInt,
        customer_id -> BigInt,
        points -> BigInt,
        remaining -> BigInt,
        earned_at -> Timestamp,
        expires_on -> Nullable<Date>,
    }
}

diesel::table! {
    /// A customer's own page links (/me/{token}): the token's SHA-256 digest, never the token.
    customer_page_links (id) {
        id -> BigInt,
        digest -> Text,
        customer_id -> BigInt,
        store_id -> BigInt,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        revoked_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// A walk-in sale's claim link (/claim/{token}): the token's digest, the points the sale
    /// would have earned, and who claimed them when.
    sale_claims (id) {
        id -> BigInt,
        digest -> Text,
        invoice_id -> BigInt,
        store_id -> BigInt,
        points -> BigInt,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        claimed_at -> Nullable<Timestamp>,
        customer_id -> Nullable<BigInt>,
    }
}

diesel::joinable!(sessions -> users (user_id));
diesel::joinable!(api_keys -> users (owner_id));
diesel::joinable!(webhook_deliveries -> webhook_events (event_id));
diesel::joinable!(webhook_deliveries -> webhook_endpoints (endpoint_id));
diesel::joinable!(customers -> stores (store_id));
diesel::joinable!(invoices -> customers (customer_id));
diesel::joinable!(redemptions -> customers (customer_id));
diesel::joinable!(redemptions -> rewards (reward_id));
diesel::joinable!(subscriptions -> packages (package_id));
diesel::joinable!(redemption_cards -> packages (package_id));
diesel::joinable!(points_ledger -> customers (customer_id));
diesel::joinable!(point_lots -> customers (customer_id));
diesel::joinable!(signals -> stores (store_id));
diesel::joinable!(invoice_returns -> invoices (invoice_id));
diesel::joinable!(stamp_cards -> stores (store_id));
diesel::joinable!(customer_page_links -> customers (customer_id));

diesel::allow_tables_to_appear_in_same_query!(
    data_retention,
    users,
    api_keys,
    webhook_endpoints,
    webhook_events,
    webhook_deliveries,
    sessions,
    stores,
    packages,
    subscriptions,
    redemption_cards,
    loyalty_settings,
    loyalty_tiers,
    rewards,
    customers,
    customer_search,
    invoices,
    invoice_returns,
    stamp_cards,
    stamp_events,
    redemptions,
    points_ledger,
    idempotency_keys,
    activity_log,
    store_days,
    point_lots,
    notification_reads,
    signals,
    customer_page_links,
    sale_claims,
    customer_consents,
    customer_messages,
    message_templates,
);
