use std::sync::Arc;

use chrono::Duration;

use crate::ports::{
    Clock, Database, IdGenerator, LoginThrottle, PasswordHasher, PublicThrottle, RequestThrottle, TokenService,
    WebhookPayloads,
};

/// What the use cases run against; built once by the binary and shared.
#[derive(Clone)]
pub struct Services {
    pub db: Arc<dyn Database>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub tokens: Arc<dyn TokenService>,
    pub clock: Arc<dyn Clock>,
    pub login_throttle: Arc<dyn LoginThrottle>,
    pub public_throttle: Arc<dyn PublicThrottle>,
    /// Counts each API key's requests against its limits (`Settings::key_limits`).
    pub key_throttle: Arc<dyn RequestThrottle>,
    pub ids: Arc<dyn IdGenerator>,
    /// Encodes webhook events into the bodies their deliveries send.
    pub webhook_payloads: Arc<dyn WebhookPayloads>,
    /// Each owner's tiers, stamp cards and webhook subscriptions as sales last read them
    /// (`use_cases::programs`): kept per instance, checked against the database's version.
    pub programs: Arc<crate::use_cases::programs::ProgramsCache>,
    /// The channels customer messages go by (issue #39), and which are configured.
    pub message_channels: Arc<dyn crate::ports::MessageChannels>,
    pub settings: Settings,
}

#[derive(Debug, Clone)]
pub struct Settings {
    /// How long a sign-in lasts.
    pub session_ttl: Duration,
    /// Demo mode shows the demo accounts on the login page.
    pub demo_mode: bool,
    /// Webhooks may go to `http://` and to private, loopback and link-local addresses
    /// (`LOYALTY_WEBHOOK_ALLOW_PRIVATE=1`: tests and local setups only).
    pub webhook_allow_private: bool,
    /// How many deliveries to one endpoint may be under way at once, by all instances together
    /// (`LOYALTY_WEBHOOK_CONCURRENCY`).
    pub webhook_concurrency: u32,
    /// Requests per minute each API key may make.
    pub key_limits: crate::KeyLimits,
    /// What messages cost the operator, for the owners' estimates.
    pub message_prices: crate::MessagePrices,
}
