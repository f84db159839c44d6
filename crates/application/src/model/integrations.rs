//! Integrations: API keys and webhooks.

use super::*;

loyalty_domain::code_enum! {
    /// What an API key may do. Each operation a key may call names the scope it needs (the
    /// application's table, `Operation::rule`); a key is refused everywhere else.
    pub enum ApiScope {
        /// Read customers, their history, invoices and redemptions.
        #[strum(serialize = "customers:read")]
        CustomersRead,
        /// Create, edit, confirm and hide customers (as a cashier does at the counter).
        #[strum(serialize = "customers:write")]
        CustomersWrite,
        /// Sales at the counter: invoices (and their preview), same-day voids and redemptions.
        #[strum(serialize = "sales:write")]
        SalesWrite,
        /// Read the owner's reports: sales lists, the summary, the overview and the activity feed.
        #[strum(serialize = "reports:read")]
        ReportsRead,
    }
}

loyalty_domain::code_enum! {
    /// Whether an API key or a webhook endpoint works with the owner's stores (`live`) or with the
    /// owner's sandbox store (`test`): a test key (`lk_test_...`) acts on the sandbox alone, whose
    /// records never count in the owner's figures, exports, liability, plan or the public lookup,
    /// and the sandbox's events go to test endpoints alone.
    pub enum Mode {
        Live,
        Test,
    }
}

/// A store owner's API key as the owner sees it (never its secret).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiKey {
    pub id: i64,
    pub owner_id: i64,
    pub name: String,
    /// The start of the secret (`lk_1a2b3c4d`), to tell keys apart.
    pub prefix: String,
    pub mode: Mode,
    pub scopes: Vec<ApiScope>,
    /// The stores it covers; `None`: all of the owner's stores, those added later too (a test
    /// key: the sandbox store).
    pub store_ids: Option<Vec<i64>>,
    pub created_at: NaiveDateTime,
    pub expires_at: Option<NaiveDateTime>,
    pub last_used_at: Option<NaiveDateTime>,
    /// The requests it may make per minute (the same for every key of the deployment; the use
    /// cases fill it from the settings, so the owner sees them).
    pub limits: KeyLimits,
}

/// How many requests one API key may make per minute: reads (`GET`) and writes (everything
/// else), each counted on its own, by every instance together (`LOYALTY_KEY_READS_PER_MINUTE`,
/// `LOYALTY_KEY_WRITES_PER_MINUTE`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyLimits {
    pub reads_per_minute: u32,
    pub writes_per_minute: u32,
}

impl Default for KeyLimits {
    fn default() -> Self {
        Self { reads_per_minute: 600, writes_per_minute: 120 }
    }
}

/// How a keyed request stands against its key's limit (the `RateLimit` header's content).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyRate {
    /// Which limit counted it: `reads` or `writes`.
    pub policy: &'static str,
    pub limits: KeyLimits,
    /// The requests of that kind still allowed now.
    pub remaining: u32,
    /// Seconds until the whole quota is back.
    pub reset_secs: u64,
    /// `Some(seconds to wait)` when this request was over the limit and refused.
    pub refused_for: Option<u64>,
}

/// A key just made: the secret is shown this once and kept only as a digest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewKeySecret {
    pub key: ApiKey,
    pub secret: String,
}

loyalty_domain::code_enum! {
    /// What a webhook endpoint can be told about, by the name sent in the event's `type`.
    pub enum WebhookEventType {
        /// A sale awarded points (or none, under the minimum purchase).
        #[strum(serialize = "invoice.created")]
        InvoiceCreated,
        /// A sale was taken back; its points left the balance.
        #[strum(serialize = "invoice.voided")]
        InvoiceVoided,
        /// Goods were returned against a sale; its share of the points left the balance.
        #[strum(serialize = "invoice.returned")]
        InvoiceReturned,
        /// A sale earned a stamp on the store's stamp card.
        #[strum(serialize = "stamp.earned")]
        StampEarned,
        /// A full stamp card's reward was redeemed at the till.
        #[strum(serialize = "stamp_card.redeemed")]
        StampCardRedeemed,
        /// A sale's stamp was taken back: the sale was voided, or goods came back against it
        /// (the event's `revoked_at` is set; `stamps` counts without it).
        #[strum(serialize = "stamp.revoked")]
        StampRevoked,
        /// A customer's tier moved: up or down a level, or a downgrade's grace started (its last
        /// day in `tier.grace_until`).
        #[strum(serialize = "customer.tier_changed")]
        TierChanged,
        /// A reward was redeemed.
        #[strum(serialize = "redemption.created")]
        RedemptionCreated,
        /// Staff or a key added a customer.
        #[strum(serialize = "customer.created")]
        CustomerCreated,
        /// A customer's name, phone or email changed, or a join was confirmed.
        #[strum(serialize = "customer.updated")]
        CustomerUpdated,
        /// A customer was hidden (its history stays).
        #[strum(serialize = "customer.deleted")]
        CustomerDeleted,
        /// A customer joined by the store's QR link.
        #[strum(serialize = "customer.joined")]
        CustomerJoined,
        /// Points were added or taken by hand.
        #[strum(serialize = "points.adjusted")]
        PointsAdjusted,
        /// A test event, sent only when the owner asks (`POST /store-owner/webhooks/{id}/test`);
        /// not one to subscribe to.
        #[strum(serialize = "ping")]
        Ping,
    }
}

/// What an event carries as its `data`: the record as the API answers it, as it was when the
/// change was made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebhookData {
    Invoice(Invoice),
    /// The invoice after the return, and the return.
    InvoiceReturned {
        invoice: Invoice,
        returned: InvoiceReturn,
    },
    Redemption(Redemption),
    /// A stamp earned or a stamp card redeemed: the customer, the event, and the stamps after it.
    Stamp {
        customer: Customer,
        event: crate::StampEvent,
        stamps: crate::StampCount,
    },
    Customer(Customer),
    /// A customer's tier after it moved (`None`: no level now), and the level it held before.
    TierChanged {
        customer: Customer,
        tier: Option<crate::CustomerTier>,
        previous_level: Option<i64>,
    },
    PointsAdjusted {
        customer: Customer,
        points: i64,
        reason: Option<String>,
    },
    /// The test event: which endpoint asked for it.
    Ping {
        endpoint_id: i64,
    },
}

impl WebhookData {
    /// The version of the record the event is about: its change time (`updated_at`; a
    /// redemption never changes, so its `created_at`), the one incremental sync orders by. Of
    /// two events about one record, the later change has the greater version. `None` for a
    /// test event.
    pub fn resource_version(&self) -> Option<NaiveDateTime> {
        match self {
            WebhookData::Invoice(invoice) | WebhookData::InvoiceReturned { invoice, .. } => Some(invoice.updated_at),
            WebhookData::Redemption(redemption) => Some(redemption.created_at),
            WebhookData::Stamp { event, .. } => Some(event.created_at),
            WebhookData::Customer(customer)
            | WebhookData::PointsAdjusted { customer, .. }
            | WebhookData::TierChanged { customer, .. } => Some(customer.updated_at),
            WebhookData::Ping { .. } => None,
        }
    }
}

/// An owner's webhook endpoint (never its secret, except once when made or rotated).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookEndpoint {
    pub id: i64,
    pub owner_id: i64,
    pub url: String,
    pub events: Vec<WebhookEventType>,
    pub is_active: bool,
    /// `test`: receives the sandbox store's events (and only those).
    pub mode: Mode,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// An endpoint with its signing secret, shown when it is made and when the secret is rotated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndpointSecret {
    pub endpoint: WebhookEndpoint,
    pub secret: String,
}

loyalty_domain::code_enum! {
    pub enum DeliveryStatus {
        /// Waiting for its first or next attempt.
        Pending,
        /// An attempt was answered 2xx.
        Succeeded,
        /// Every attempt failed for 72 hours.
        Failed,
    }
}

/// One event sent (or to be sent) to one endpoint, as the owner sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookDelivery {
    pub id: i64,
    pub event_id: String,
    pub event_type: WebhookEventType,
    pub endpoint_id: i64,
    /// The event's number among those made for this endpoint (1, 2, 3...).
    pub sequence: i64,
    pub status: DeliveryStatus,
    pub attempts: i32,
    pub next_attempt_at: Option<NaiveDateTime>,
    /// The HTTP status of the last answer; `None` when there was none (refused, timed out).
    pub last_status: Option<i32>,
    pub last_error: Option<String>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// Which of an endpoint's deliveries to list: all when both are `None`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeliveryFilter {
    pub status: Option<DeliveryStatus>,
    pub event_type: Option<WebhookEventType>,
}

/// A delivery the worker has claimed: what to send and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DueDelivery {
    pub id: i64,
    pub event_id: String,
    pub endpoint_id: i64,
    pub url: String,
    pub secret: String,
    /// The body, exactly as signed and sent.
    pub payload: String,
    /// Set while `payload` is its event's body as kept (sequence 0, a delivery written by the
    /// event's fan-out): the body to send is it with this sequence number
    /// ([`WebhookPayloads::with_sequence`](crate::ports::WebhookPayloads::with_sequence)).
    pub renumber: Option<i64>,
    /// Attempts made before this one.
    pub attempts: i32,
    pub created_at: NaiveDateTime,
}
