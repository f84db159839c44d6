//! What the use cases need besides the database: hashing, tokens, the clock, limits, ids, and
//! webhooks' outbox.

use chrono::NaiveDateTime;

use super::RepoResult;
use crate::AppError;

/// argon2id hashing. Slow on purpose: call it off the request workers.
pub trait PasswordHasher: Send + Sync {
    fn hash(&self, password: &str) -> Result<String, AppError>;
    /// Whether `password` matches `hash`; false on a malformed hash.
    fn verify(&self, password: &str, hash: &str) -> bool;
    /// Spends the time of one `verify`, so an unknown email answers as slowly as a known one.
    fn verify_dummy(&self, password: &str);
    /// Checks `password` against `hash` (the dummy hash for `None`, answering false) and gives
    /// the answer to `done` when there is one, from whichever thread computed it; without
    /// `done`, answers it here (waiting). The HTTP server waits for `done` without holding a
    /// thread; a hasher that computes on the caller's thread keeps this default.
    fn verify_then(&self, password: &str, hash: Option<&str>, done: Option<VerifyDone>) -> Option<bool> {
        let matched = match hash {
            Some(hash) => self.verify(password, hash),
            None => {
                self.verify_dummy(password);
                false
            }
        };
        match done {
            Some(done) => {
                done(matched);
                None
            }
            None => Some(matched),
        }
    }
}

/// Where [`PasswordHasher::verify_then`] sends its answer.
pub type VerifyDone = Box<dyn FnOnce(bool) + Send>;

/// What a valid bearer token says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenClaims {
    pub session_id: String,
    pub user_id: i64,
}

pub trait TokenService: Send + Sync {
    fn issue(&self, claims: &TokenClaims, expires_at: NaiveDateTime) -> Result<String, AppError>;
    /// `None` for a token that is malformed, tampered, expired or signed otherwise.
    fn verify(&self, token: &str) -> Option<TokenClaims>;
    /// The digest kept of an API key's secret (SHA-256, hex): the secret is random and long,
    /// so a fast digest is enough and a request is not slowed by a password hash.
    fn secret_digest(&self, secret: &str) -> String;
}

pub trait Clock: Send + Sync {
    /// Now, in UTC, truncated to microseconds (what both databases keep).
    fn now(&self) -> NaiveDateTime;
}

/// Limits sign-in and registration attempts.
pub trait LoginThrottle: Send + Sync {
    /// Before a password is checked: `Err(seconds to wait)` when this client has spent its
    /// attempts, or this account has had too many wrong passwords from this client (or, with a
    /// much higher ceiling, from everywhere).
    fn before_sign_in(&self, email: &str, client: &str) -> Result<(), u64>;
    /// A wrong password (or an unknown email) for `email` from `client`.
    fn sign_in_failed(&self, email: &str, client: &str);
    /// Before a registration is tried: per client address and overall.
    fn before_registration(&self, client: &str) -> Result<(), u64>;
}

/// Limits for the public pages, per client address and per phone number.
pub trait PublicThrottle: Send + Sync {
    /// `Err(seconds to wait)` when the client or the phone has spent its allowance.
    fn check(&self, client: &str, phone: &str) -> Result<(), u64>;
}

/// A fresh unguessable identifier (session ids, store tokens).
pub trait IdGenerator: Send + Sync {
    fn random_id(&self) -> String;
}

/// An event to write to the outbox, its body already encoded ([`WebhookPayloads`]).
pub struct NewWebhookEvent<'a> {
    pub id: &'a str,
    pub owner_id: i64,
    pub event_type: crate::WebhookEventType,
    /// The event as made (sequence 0), kept with it.
    pub payload: &'a str,
    pub now: NaiveDateTime,
}

/// One endpoint's delivery of a new event: the body it sends, as it is sent.
pub struct NewWebhookDelivery {
    pub endpoint_id: i64,
    pub sequence: i64,
    pub payload: String,
}

/// An event waiting in the outbox (`webhook_events.fan_out` set), with what the fan-out's rule
/// reads of it ([`crate::use_cases::webhooks::fan_out_deliveries`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueuedWebhookEvent {
    pub id: String,
    pub owner_id: i64,
    /// Its type's name as stored: one this build does not know (written by a newer build
    /// during an upgrade) still goes to the endpoints that name it.
    pub event_type: String,
    /// Which of the owner's endpoints take it: `test` ones for the sandbox store's events,
    /// `live` ones for every other store's.
    pub mode: crate::Mode,
    pub created_at: NaiveDateTime,
}

/// An endpoint of a queued event's owner (deleted ones too), with what the fan-out's rule reads
/// of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FanOutEndpoint {
    pub id: i64,
    pub owner_id: i64,
    pub mode: crate::Mode,
    /// The names of the event types it takes.
    pub events: Vec<String>,
    /// Paused or not (a paused endpoint's deliveries are written and wait).
    pub is_active: bool,
    /// Deleted (`deleted_at` set).
    pub deleted: bool,
    pub created_at: NaiveDateTime,
}

/// One delivery a fan-out writes: `event` to the endpoint `endpoint_id`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FanOutDelivery<'a> {
    pub event: &'a QueuedWebhookEvent,
    pub endpoint_id: i64,
}

/// What an event says besides its data: its id, type and time, the endpoint's sequence number
/// and the record's version.
pub struct WebhookEnvelope<'a> {
    pub id: &'a str,
    pub event_type: crate::WebhookEventType,
    pub created_at: NaiveDateTime,
    /// 1, 2, 3... per endpoint; 0 for the event as kept, before any endpoint's number.
    pub sequence: i64,
}

/// Turns an event into the body its deliveries send (the HTTP adapter encodes it with the
/// documented event schema, so the body is the one the API describes).
pub trait WebhookPayloads: Send + Sync {
    /// The body of event `id`; fails only when the event cannot be encoded (a bug, not input).
    fn encode(&self, envelope: &WebhookEnvelope<'_>, data: &crate::WebhookData) -> Result<String, String>;
    /// The body `payload` (an event as kept, sequence 0) sends as an endpoint's `sequence`-th.
    fn with_sequence(&self, payload: &str, sequence: i64) -> Result<String, String>;
}

/// What one request took from a limit: whether it was allowed, what is left, when it is whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Allowance {
    /// `None` allowed; `Some(seconds)` refused, to try again after that long.
    pub refused_for: Option<u64>,
    pub remaining: u32,
    /// Seconds until the whole burst is back.
    pub reset_secs: u64,
}

/// Counts requests of a key against a per-minute limit (per instance on SQLite, shared by all
/// instances on PostgreSQL).
pub trait RequestThrottle: Send + Sync {
    /// Counts one request for `key` if it stays within `per_minute` (a burst of that many,
    /// refilled over the minute).
    fn take(&self, key: &str, per_minute: u32) -> Allowance;
}

/// Rate-limit counters shared by every instance on one database, in the generic cell rate
/// algorithm's terms: a key's "theoretical arrival time" (seconds since the Unix epoch) moves on
/// by `interval` per request and may run up to `tolerance` (the burst) ahead of `now`. `Err`
/// says the store could not be asked; the caller then counts in its own process.
pub trait SharedLimits: Send + Sync {
    /// Counts one for `key` if it stays within the burst: `Ok(0.0)` allowed, else the seconds
    /// to wait (nothing counted).
    fn take(&self, now: f64, key: &str, interval: f64, tolerance: f64) -> Result<f64, String>;
    /// [`SharedLimits::take`] of `first`, then, only if that was allowed, of `second` (each
    /// `(key, interval, tolerance)`), in one round trip.
    fn take_then(&self, now: f64, first: (&str, f64, f64), second: (&str, f64, f64)) -> Result<f64, String>;
    /// [`SharedLimits::take`], answering the key's new arrival time when allowed (> 0), or
    /// minus the seconds to wait when not, so the caller can say what is left.
    fn take_reporting(&self, now: f64, key: &str, interval: f64, tolerance: f64) -> Result<f64, String>;
    /// Counts one for `key` whatever its count already is (a wrong password).
    fn add(&self, now: f64, key: &str, interval: f64) -> Result<(), String>;
    /// The key's arrival time, `None` when nothing is counted for it.
    fn arrival_time(&self, key: &str) -> Result<Option<f64>, String>;
    /// Forgets keys whose burst is whole again at `now`.
    fn prune(&self, now: f64) -> Result<(), String>;
}

/// How an attempt ended, for [`WebhookRepo::finish_webhook_deliveries`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttemptResult {
    pub status: crate::DeliveryStatus,
    /// When still pending: when to try again.
    pub next_attempt_at: Option<NaiveDateTime>,
    pub http_status: Option<i32>,
    pub error: Option<String>,
}

/// What an endpoint is made with and changed to (its secret apart).
pub struct EndpointValues<'a> {
    pub url: &'a str,
    pub events: &'a [crate::WebhookEventType],
    pub is_active: bool,
    pub mode: crate::Mode,
}

pub trait WebhookRepo {
    fn insert_webhook_endpoint(
        &mut self,
        owner_id: i64,
        values: EndpointValues<'_>,
        secret: &str,
        now: NaiveDateTime,
    ) -> RepoResult<crate::WebhookEndpoint>;
    /// The owner's endpoints that are not deleted, oldest first.
    fn list_webhook_endpoints(&mut self, owner_id: i64) -> RepoResult<Vec<crate::WebhookEndpoint>>;
    /// Changes one of the owner's endpoints; false when there is no such endpoint.
    fn update_webhook_endpoint(
        &mut self,
        owner_id: i64,
        id: i64,
        values: EndpointValues<'_>,
        now: NaiveDateTime,
    ) -> RepoResult<bool>;
    fn delete_webhook_endpoint(&mut self, owner_id: i64, id: i64, now: NaiveDateTime) -> RepoResult<bool>;
    fn set_webhook_secret(&mut self, owner_id: i64, id: i64, secret: &str, now: NaiveDateTime) -> RepoResult<bool>;
    /// The owner's endpoints of `mode` that take `event_type`, paused ones too (their
    /// deliveries wait).
    fn subscribed_endpoints(
        &mut self,
        owner_id: i64,
        event_type: crate::WebhookEventType,
        mode: crate::Mode,
    ) -> RepoResult<Vec<i64>>;
    /// Every (mode, event) some endpoint of the owner takes, paused endpoints too: what
    /// `subscribed_endpoints` would find, for all events at once.
    fn webhook_subscriptions(&mut self, owner_id: i64) -> RepoResult<Vec<(crate::Mode, crate::WebhookEventType)>>;
    /// The endpoint's next sequence number (1 for its first event). The endpoint stays locked
    /// until the transaction ends, so numbers follow the order in which events are committed.
    fn next_webhook_sequence(&mut self, endpoint_id: i64) -> RepoResult<i64>;
    /// Writes the event and a pending delivery to each endpoint, each with its own body.
    fn enqueue_webhook_event(
        &mut self,
        event: NewWebhookEvent<'_>,
        deliveries: &[NewWebhookDelivery],
    ) -> RepoResult<()>;
    /// Writes the event for every endpoint of its owner in `mode` subscribed to its type, to be
    /// fanned out later ([`WebhookRepo::take_queued_webhook_events`],
    /// [`WebhookRepo::write_webhook_fan_out`]): one insert on the sale's path, the event's body
    /// kept once (issue #37: the transactional outbox).
    fn queue_webhook_event(&mut self, event: NewWebhookEvent<'_>, mode: crate::Mode) -> RepoResult<()>;
    /// Takes up to `limit` queued events in the order they are fanned out in, and every endpoint
    /// of their owners, deleted ones too, in the order they were made (by id); no events, no
    /// endpoints read (one statement). On PostgreSQL the events are the oldest (`created_at`,
    /// `id`), locked to this transaction, those another transaction is fanning out skipped, not
    /// waited for: an event committed after a later one is fanned out when it is seen, so each
    /// endpoint's numbers follow the order its events became visible. On SQLite they are in the
    /// order their rows were written (rowid): the order their changes committed in (one writer
    /// at a time), as the sales' own ids are. Which endpoint takes which event is the
    /// application's rule ([`crate::use_cases::webhooks::fan_out_deliveries`]).
    fn take_queued_webhook_events(&mut self, limit: i64) -> RepoResult<(Vec<QueuedWebhookEvent>, Vec<FanOutEndpoint>)>;
    /// Writes each of `deliveries` pending, numbered with its endpoint's next sequence number in
    /// the order given (the event's body numbered when sent; each endpoint's numbers taken in one
    /// statement, the deliveries in one per thousand), and takes `events` off the queue, those that
    /// went to no endpoint too.
    fn write_webhook_fan_out(
        &mut self,
        events: &[QueuedWebhookEvent],
        deliveries: &[FanOutDelivery<'_>],
    ) -> RepoResult<()>;
    /// Whether any event waits to be fanned out.
    fn webhook_events_queued(&mut self) -> RepoResult<bool>;
    /// An endpoint's deliveries, newest first, narrowed to one status and one event type when
    /// asked, and how many there are.
    fn list_webhook_deliveries(
        &mut self,
        endpoint_id: i64,
        filter: &crate::DeliveryFilter,
        page: crate::PageRequest,
    ) -> RepoResult<(Vec<crate::WebhookDelivery>, i64)>;
    /// One delivery of one of the owner's endpoints.
    fn webhook_delivery(&mut self, owner_id: i64, id: i64) -> RepoResult<Option<crate::WebhookDelivery>>;
    /// Makes a delivery pending again, due at `now`.
    fn requeue_webhook_delivery(&mut self, id: i64, now: NaiveDateTime) -> RepoResult<()>;
    /// Claims up to `limit` due deliveries for `lease` (no other worker takes them meanwhile:
    /// `FOR UPDATE SKIP LOCKED` on PostgreSQL) and counts the attempt. An endpoint never has more
    /// than `per_endpoint` deliveries claimed at once, by all workers together; of its due
    /// deliveries, retries go first, then the oldest.
    fn claim_webhook_deliveries(
        &mut self,
        now: NaiveDateTime,
        lease: chrono::Duration,
        per_endpoint: i64,
        limit: i64,
    ) -> RepoResult<Vec<crate::DueDelivery>>;
    /// Records one result for every delivery of `ids` (attempts that ended alike: one statement).
    fn finish_webhook_deliveries(&mut self, ids: &[i64], result: &AttemptResult, now: NaiveDateTime) -> RepoResult<()>;
}

/// Which channels this server can send customer messages by (issue #39): a channel without its
/// settings is not configured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ConfiguredChannels {
    pub whatsapp: bool,
    pub sms: bool,
}

impl ConfiguredChannels {
    pub fn has(&self, channel: crate::MessageChannel) -> bool {
        match channel {
            crate::MessageChannel::Whatsapp => self.whatsapp,
            crate::MessageChannel::Sms => self.sms,
        }
    }
}

/// A message the sender has taken (its lease committed as `sending`), to hand to its channel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutgoingMessage {
    /// Our id: the SMS gateway's idempotency key (`reference`) and WhatsApp's
    /// `biz_opaque_callback_data`, so a resend and a status callback map back to it.
    pub id: i64,
    pub kind: crate::MessageKind,
    pub channel: crate::MessageChannel,
    pub to_phone: String,
    pub body: String,
    /// The language `body` is written in: the WhatsApp template's language code.
    pub language: crate::MessageLanguage,
    /// Attempts counted so far, this one included: the lease's token.
    pub attempts: i64,
}

/// How the provider answered one attempt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SendOutcome {
    /// Accepted: the provider's message id.
    Sent { provider_message_id: String },
    /// Worth trying again (a 5xx, a 429, no answer, no connection): why.
    Retry { error: String },
    /// Refused for good (a 4xx other than 429, or no channel): the provider's error, short.
    Refused { error: String },
}

/// A future that is sent between threads.
pub type BoxFuture<'a, T> = std::pin::Pin<Box<dyn std::future::Future<Output = T> + Send + 'a>>;

/// The channels customer messages go by (WhatsApp Business Cloud API, an HTTP SMS gateway),
/// implemented in `crates/system/src/messages.rs`.
pub trait MessageChannels: Send + Sync {
    /// The channels whose settings are given.
    fn configured(&self) -> ConfiguredChannels;
    /// One attempt to hand `message` to its channel's provider; never longer than the sender's
    /// lease allows.
    fn send<'a>(&'a self, message: &'a OutgoingMessage) -> BoxFuture<'a, SendOutcome>;
    /// Whether `signature` (`X-Hub-Signature-256`: `sha256=<hex HMAC-SHA256 of body>`) is the
    /// app secret's signature of `body`, compared in constant time; false without a secret.
    fn verify_callback(&self, body: &[u8], signature: Option<&str>) -> bool;
    /// Whether `token` is the webhook verify token (`LOYALTY_WHATSAPP_VERIFY_TOKEN`); false
    /// without one.
    fn verify_token(&self, token: &str) -> bool;
}
