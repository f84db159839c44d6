//! Records the use cases hand back. Plain data; the HTTP edge turns them into DTOs.

use chrono::NaiveDateTime;
use loyalty_domain::Role;

use crate::AppError;

/// A store as other records refer to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreRef {
    pub id: i64,
    pub name: String,
}

/// A staff member, without the password hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub role: Role,
    pub is_active: bool,
    pub store_owner_name: Option<String>,
    pub store: Option<StoreRef>,
    pub created_at: NaiveDateTime,
}

/// A user with the secret the sign-in check needs; never leaves the application layer.
#[derive(Debug, Clone)]
pub struct UserCredentials {
    pub user: User,
    pub password_hash: String,
}

/// A signed-in session: the bearer token and who it belongs to.
#[derive(Debug, Clone)]
pub struct Session {
    pub token: String,
    pub expires_at: NaiveDateTime,
    pub user: User,
}

/// Someone named on a record (the cashier of an invoice, the actor of a ledger row).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonRef {
    pub id: i64,
    pub name: String,
}

/// A store with its owner, as tenancy checks need it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreScope {
    pub id: i64,
    pub name: String,
    pub owner_id: i64,
}

/// A customer of one store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Customer {
    pub id: i64,
    pub store: StoreScope,
    pub name: String,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub loyalty_points: i64,
    pub created_at: NaiveDateTime,
    /// The last change of the customer or its balance: the incremental sync's order.
    pub updated_at: NaiveDateTime,
    /// When it was hidden; only a sync lists hidden customers.
    pub deleted_at: Option<NaiveDateTime>,
    /// Joined by the store's link and no cashier has confirmed the name at the counter yet:
    /// anyone can join with a phone that is not theirs, so the counter checks.
    pub unconfirmed_join: bool,
}

/// What the customer detail page shows beside the customer.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CustomerStats {
    pub total_invoices: i64,
    pub total_spent: loyalty_domain::Money,
    pub rewards_redeemed: i64,
    pub points_earned: i64,
    pub points_redeemed: i64,
}

/// A pattern at the counter that crossed one of the owner's thresholds on a Tripoli day: a
/// customer with too many sales, or a cashier with too many voids or points added by hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Signal {
    pub id: i64,
    pub kind: loyalty_domain::SignalKind,
    pub day: chrono::NaiveDate,
    pub store: StoreRef,
    /// The customer of a `sales_per_customer` signal.
    pub customer: Option<PersonRef>,
    /// The cashier of a `void_rate` or `manual_points` signal.
    pub cashier: Option<PersonRef>,
    /// Sales, voids or points that day, at the latest crossing.
    pub figure: i64,
    /// The cashier's sales that day, for a void rate.
    pub out_of: Option<i64>,
    pub threshold: i64,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub reviewed_at: Option<NaiveDateTime>,
    pub reviewed_by: Option<PersonRef>,
}

/// A customer's next points to expire: how many, and their last Tripoli day (they are gone from
/// the next).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NextExpiry {
    pub points: i64,
    pub on: chrono::NaiveDate,
}

impl CustomerStats {
    /// Spent per invoice (rounded down to the dirham); zero without invoices.
    pub fn average_per_invoice(&self) -> loyalty_domain::Money {
        match self.total_invoices {
            0 => loyalty_domain::Money::ZERO,
            n => loyalty_domain::Money::from_dirhams(self.total_spent.dirhams() / n),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invoice {
    pub id: i64,
    pub store_id: i64,
    pub customer: PersonRef,
    pub invoice_number: Option<String>,
    pub total: loyalty_domain::Money,
    pub points_earned: i64,
    pub pos_user: Option<PersonRef>,
    pub created_at: NaiveDateTime,
    pub voided_at: Option<NaiveDateTime>,
    /// Why it was voided.
    pub void_reason: Option<String>,
    /// When it was made or, later, voided: the incremental sync's order.
    pub updated_at: NaiveDateTime,
    /// Whether the caller may void it now (`invoices::may_void`); false as read from storage.
    pub can_void: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RewardRef {
    pub id: i64,
    pub name: String,
    pub description: Option<String>,
    pub points_required: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Redemption {
    pub id: i64,
    pub store_id: i64,
    pub customer: PersonRef,
    /// The reward bought; `None` when the points were used as money.
    pub reward: Option<RewardRef>,
    pub points_spent: i64,
    /// LYD the points were worth, when used as money (a discount on the sale).
    pub value: Option<loyalty_domain::Money>,
    pub pos_user: Option<PersonRef>,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantArray)]
#[strum(serialize_all = "snake_case")]
pub enum RewardType {
    Prize,
    Discount,
    Cash,
}

impl RewardType {
    /// The name stored and sent (`snake_case`).
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    pub fn parse(value: &str) -> Option<Self> {
        value.parse().ok()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reward {
    pub id: i64,
    pub store_owner_id: i64,
    pub name: String,
    pub description: Option<String>,
    pub reward_type: RewardType,
    pub points_required: i64,
    /// Thousandths: dirhams for cash and prize, thousandths of a percent for discount.
    pub amount_milli: i64,
    pub is_active: bool,
    pub redemptions_count: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantArray)]
#[strum(serialize_all = "snake_case")]
pub enum LedgerKind {
    Invoice,
    Redemption,
    Manual,
    Adjustment,
    Void,
    /// Points a customer brought when imported from paper or another system.
    OpeningBalance,
    /// Points that reached their expiry (the server's own change; no actor).
    Expired,
}

impl LedgerKind {
    /// The name stored and sent (`snake_case`).
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    pub fn parse(value: &str) -> Option<Self> {
        value.parse().ok()
    }
}

/// One change of a customer's points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LedgerEntry {
    pub id: i64,
    pub kind: LedgerKind,
    pub delta: i64,
    pub balance_after: i64,
    pub reason: Option<String>,
    pub actor: Option<PersonRef>,
    /// The API key the change was made with (`actor` is then its owner).
    pub api_key: Option<PersonRef>,
    /// The sale the entry belongs to: its id and the store's own number, if one was typed.
    pub invoice: Option<(i64, Option<String>)>,
    pub redemption_id: Option<i64>,
    pub created_at: NaiveDateTime,
}

/// An item of the POS recent-activity panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActivityEvent {
    Invoice(Invoice),
    Redemption(Redemption),
}

impl ActivityEvent {
    pub fn created_at(&self) -> NaiveDateTime {
        match self {
            ActivityEvent::Invoice(i) => i.created_at,
            ActivityEvent::Redemption(r) => r.created_at,
        }
    }
}

/// A page of a list and the total it was cut from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub page: i64,
    pub per_page: i64,
    pub total: i64,
}

/// Which page the caller asks for; `per_page` is bounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    pub page: i64,
    pub per_page: i64,
    /// Incremental sync: the records changed at or after a moment, oldest change first, instead
    /// of a numbered page (lists that support it: customers, invoices, redemptions, history).
    pub sync: Option<SyncFrom>,
}

impl PageRequest {
    pub const MAX_PER_PAGE: i64 = 100;

    pub fn new(page: Option<i64>, per_page: Option<i64>) -> Self {
        Self {
            page: page.unwrap_or(1).max(1),
            per_page: per_page.unwrap_or(20).clamp(1, Self::MAX_PER_PAGE),
            sync: None,
        }
    }

    /// The first `per_page` records of a sync.
    pub fn with_sync(self, sync: Option<SyncFrom>) -> Self {
        Self { sync, ..self }
    }

    /// Records to skip: none in a sync, whose position is its cursor.
    pub fn offset(self) -> i64 {
        if self.sync.is_some() {
            0
        } else {
            (self.page - 1).saturating_mul(self.per_page)
        }
    }
}

/// Where an incremental sync resumes: records whose change time is after `since`, or equal to
/// it with an id above `after_id` (a keyset cursor: a record changed meanwhile moves to the
/// end, and no record is skipped). Pass the last record's change time and id to go on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SyncFrom {
    pub since: NaiveDateTime,
    pub after_id: i64,
}

impl SyncFrom {
    /// `updated_since` (RFC 3339) and `after_id` as sent; `None` without `updated_since`.
    pub fn parse(updated_since: Option<&str>, after_id: Option<i64>) -> Result<Option<SyncFrom>, AppError> {
        let since = match updated_since.map(str::trim).filter(|s| !s.is_empty()) {
            None if after_id.is_some() => {
                return Err(
                    loyalty_domain::FieldErrors::single("after_id", loyalty_domain::Msg::AfterIdNeedsSince).into()
                )
            }
            None => return Ok(None),
            Some(raw) => chrono::DateTime::parse_from_rfc3339(raw).map_err(|_| {
                AppError::from(loyalty_domain::FieldErrors::single(
                    "updated_since",
                    loyalty_domain::Msg::InstantInvalid,
                ))
            })?,
        };
        Ok(Some(SyncFrom { since: since.naive_utc(), after_id: after_id.unwrap_or(i64::MIN) }))
    }
}

/// Today's figures of one store, for its local day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DayCounts {
    pub invoices: i64,
    pub points_issued: i64,
    pub redemptions: i64,
}

/// A package as plans and cards refer to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackageSummary {
    pub id: i64,
    pub name: String,
    pub store_limit: i64,
    pub duration_months: i64,
    pub price: loyalty_domain::Money,
    pub is_active: bool,
}

/// A store owner's plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subscription {
    pub id: i64,
    pub store_owner_id: i64,
    pub package: PackageSummary,
    pub starts_at: NaiveDateTime,
    pub ends_at: NaiveDateTime,
    pub auto_renew: bool,
}

/// Stores an owner may still add: the plan's limit less the stores it has (never below 0);
/// none without a plan. The rule `stores::create` enforces.
pub fn store_slots_left(plan: Option<&Subscription>, store_count: i64) -> i64 {
    plan.map_or(0, |s| (s.package.store_limit - store_count).max(0))
}

/// Whether the owner may add cashiers and rewards, or switch them back on: only while a plan is
/// in effect (docs/plans.md). The rule `subscriptions::plan_in_effect` enforces.
pub fn may_grow(plan: Option<&Subscription>) -> bool {
    plan.is_some()
}

/// What the subscription tab shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubscriptionStatus {
    pub active: Option<Subscription>,
    /// The plan waiting to start when the active one ends.
    pub next: Option<Subscription>,
    pub current_store_count: i64,
    pub remaining_days: i64,
    /// Stores the plan still allows ([`store_slots_left`]).
    pub remaining_store_slots: i64,
    /// Cashiers and rewards may be added or switched back on ([`may_grow`]).
    pub may_grow: bool,
}

/// What taking a package would do, shown before anything changes: the choices the owner (or
/// the admin) has, each with its period, and the days a switch gives up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanChangePreview {
    pub package: PackageSummary,
    pub current: Option<Subscription>,
    pub next: Option<Subscription>,
    /// One choice for a start or an extension; for another plan, "queue" (unless a plan already
    /// waits) and "switch now".
    pub choices: Vec<(loyalty_domain::plan::PlanMode, loyalty_domain::plan::PlanChange)>,
    pub store_count: i64,
}

/// A store with its live figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreSummary {
    pub id: i64,
    pub name: String,
    pub address: Option<String>,
    pub owner: PersonRef,
    pub customers: i64,
    pub points: i64,
    /// Total of today's invoices (Tripoli day), voided ones excluded.
    pub sales_today: loyalty_domain::Money,
    pub created_at: NaiveDateTime,
}

/// Per-store figures of the owner's customers overview.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreCustomerFigures {
    pub store: StoreRef,
    pub customer_count: i64,
    pub total_points: i64,
}

/// The owner's dashboard cards, all live.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OwnerSummary {
    pub stores: i64,
    pub revenue: loyalty_domain::Money,
    pub customers: i64,
    pub points_issued: i64,
    pub duplicate_phone_numbers: i64,
    pub points_outstanding: i64,
}

/// What an owner owes its customers in points (and LYD, where points have a value), per
/// store, and how points moved in each of the last months.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Liability {
    pub point_value: Option<loyalty_domain::Money>,
    pub outstanding_points: i64,
    pub outstanding_value: Option<loyalty_domain::Money>,
    pub stores: Vec<StoreLiability>,
    /// Oldest first, every month present (zeros where nothing happened).
    pub months: Vec<MonthPoints>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreLiability {
    pub store: StoreRef,
    pub points: i64,
    pub value: Option<loyalty_domain::Money>,
}

/// Points earned by sales (voided sales taken off), redeemed and expired in one Tripoli month.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MonthPoints {
    /// The month's first day.
    pub month: chrono::NaiveDate,
    pub earned: i64,
    pub redeemed: i64,
    pub expired: i64,
}

/// A phone registered in several of an owner's stores, and who holds it in each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SharedPhone {
    pub phone: String,
    /// (customer id, customer name, store)
    pub customers: Vec<(i64, String, StoreRef)>,
}

/// The owner's customers overview: summary cards and, per store, one page of customers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CustomersOverview {
    pub summary: OwnerSummary,
    /// Which customers share a phone across stores (the summary counts them).
    pub shared_phones: Vec<SharedPhone>,
    pub stores: Vec<(StoreCustomerFigures, Page<Customer>)>,
}

/// What happened, for the activity feeds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantArray)]
#[strum(serialize_all = "snake_case")]
pub enum ActivityKind {
    InvoiceCreated,
    InvoiceVoided,
    RedemptionCreated,
    CustomerCreated,
    CustomerUpdated,
    CustomerDeleted,
    PointsAdded,
    /// Customers imported from a file, with their opening balances.
    CustomersImported,
    /// Points of a store's customers reached their expiry (the daily run; no actor).
    PointsExpired,
    /// A pattern at the counter crossed one of the owner's thresholds (no actor).
    SignalRaised,
}

impl ActivityKind {
    /// The name stored and sent (`snake_case`).
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    pub fn parse(value: &str) -> Option<Self> {
        value.parse().ok()
    }

    /// The feed's filter group: `invoice`, `redemption` or `customer`.
    pub fn group(self) -> &'static str {
        match self {
            ActivityKind::InvoiceCreated | ActivityKind::InvoiceVoided => "invoice",
            ActivityKind::RedemptionCreated => "redemption",
            _ => "customer",
        }
    }
}

/// One entry of an activity feed. `details` are facts for the description (customer name,
/// total, points, reward), rendered in the reader's language by the client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActivityRecord {
    pub id: i64,
    pub kind: ActivityKind,
    pub store: Option<StoreRef>,
    pub actor: Option<PersonRef>,
    /// The API key the change was made with (`actor` is then its owner).
    pub api_key: Option<PersonRef>,
    pub subject_id: Option<i64>,
    pub details: Vec<(String, String)>,
    pub created_at: NaiveDateTime,
}

/// A subscription package (plan) as the admin manages it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Package {
    pub id: i64,
    pub name: String,
    pub description: Option<String>,
    pub price: loyalty_domain::Money,
    pub store_limit: i64,
    pub duration_months: i64,
    pub features: Vec<String>,
    pub is_active: bool,
    pub created_at: NaiveDateTime,
}

/// A store owner as the admin's store-owners tab shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreOwnerRecord {
    pub user: User,
    pub stores_count: i64,
    pub active_subscription: Option<Subscription>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantArray)]
#[strum(serialize_all = "snake_case")]
pub enum CardStatus {
    Available,
    Redeemed,
    Expired,
}

impl CardStatus {
    /// The name stored and sent (`snake_case`).
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    pub fn parse(value: &str) -> Option<Self> {
        value.parse().ok()
    }
}

/// A redemption card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    pub id: i64,
    pub code: String,
    pub package: PackageSummary,
    pub status: CardStatus,
    pub redeemed_by: Option<(PersonRef, String)>,
    pub redeemed_at: Option<NaiveDateTime>,
    pub expires_at: Option<NaiveDateTime>,
    pub notes: Option<String>,
    pub created_at: NaiveDateTime,
}

/// The admin overview's cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlatformCounts {
    pub users: i64,
    pub stores: i64,
    pub transactions: i64,
    pub revenue: loyalty_domain::Money,
}

/// One Tripoli day of the analytics series.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DayFigures {
    pub day: chrono::NaiveDate,
    pub invoices: i64,
    pub revenue: loyalty_domain::Money,
    pub points_issued: i64,
    pub points_redeemed: i64,
    pub points_expired: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreRanking {
    pub store: StoreRef,
    pub owner: PersonRef,
    pub invoices: i64,
    pub revenue: loyalty_domain::Money,
}

/// What a sale of `total` would earn at a counter, and the settings that decided it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SalePreview {
    pub total: loyalty_domain::Money,
    pub points: i64,
    pub needs_confirmation: bool,
    pub settings: loyalty_domain::LoyaltySettings,
}

/// What an API key may do. Each operation a key may call names the scope it needs (the HTTP
/// layer's table); a key is refused everywhere else.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::VariantArray,
)]
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

impl ApiScope {
    /// The scope's name as sent and stored (`customers:read`).
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    pub fn parse(value: &str) -> Option<Self> {
        value.parse().ok()
    }

    /// Every scope, in order.
    pub fn all() -> &'static [ApiScope] {
        <Self as strum::VariantArray>::VARIANTS
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
    pub scopes: Vec<ApiScope>,
    /// The stores it covers; `None`: all of the owner's stores, those added later too.
    pub store_ids: Option<Vec<i64>>,
    pub created_at: NaiveDateTime,
    pub expires_at: Option<NaiveDateTime>,
    pub last_used_at: Option<NaiveDateTime>,
}

/// A key just made: the secret is shown this once and kept only as a digest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewKeySecret {
    pub key: ApiKey,
    pub secret: String,
}

/// What a webhook endpoint can be told about, by the name sent in the event's `type`.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::VariantArray,
)]
pub enum WebhookEventType {
    /// A sale awarded points (or none, under the minimum purchase).
    #[strum(serialize = "invoice.created")]
    InvoiceCreated,
    /// A sale was taken back; its points left the balance.
    #[strum(serialize = "invoice.voided")]
    InvoiceVoided,
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
}

impl WebhookEventType {
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    pub fn parse(value: &str) -> Option<Self> {
        value.parse().ok()
    }

    pub fn all() -> &'static [WebhookEventType] {
        <Self as strum::VariantArray>::VARIANTS
    }
}

/// What an event carries as its `data`: the record as the API answers it, as it was when the
/// change was made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebhookData {
    Invoice(Invoice),
    Redemption(Redemption),
    Customer(Customer),
    PointsAdjusted { customer: Customer, points: i64, reason: Option<String> },
}

/// An owner's webhook endpoint (never its secret, except once when made or rotated).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookEndpoint {
    pub id: i64,
    pub owner_id: i64,
    pub url: String,
    pub events: Vec<WebhookEventType>,
    pub is_active: bool,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// An endpoint with its signing secret, shown when it is made and when the secret is rotated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndpointSecret {
    pub endpoint: WebhookEndpoint,
    pub secret: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantArray)]
#[strum(serialize_all = "snake_case")]
pub enum DeliveryStatus {
    /// Waiting for its first or next attempt.
    Pending,
    /// An attempt was answered 2xx.
    Succeeded,
    /// Every attempt failed for 72 hours.
    Failed,
}

impl DeliveryStatus {
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    pub fn parse(value: &str) -> Option<Self> {
        value.parse().ok()
    }
}

/// One event sent (or to be sent) to one endpoint, as the owner sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookDelivery {
    pub id: i64,
    pub event_id: String,
    pub event_type: WebhookEventType,
    pub endpoint_id: i64,
    pub status: DeliveryStatus,
    pub attempts: i32,
    pub next_attempt_at: Option<NaiveDateTime>,
    /// The HTTP status of the last answer; `None` when there was none (refused, timed out).
    pub last_status: Option<i32>,
    pub last_error: Option<String>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// A delivery the worker has claimed: what to send and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DueDelivery {
    pub id: i64,
    pub event_id: String,
    pub url: String,
    pub secret: String,
    /// The body, exactly as signed and sent.
    pub payload: String,
    /// Attempts made before this one.
    pub attempts: i32,
    pub created_at: NaiveDateTime,
}

/// What an export file holds (issue #19): one row per record of the caller's stores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantArray)]
#[strum(serialize_all = "snake_case")]
pub enum ExportKind {
    Customers,
    Invoices,
    Redemptions,
    /// The points ledger: every change of every balance.
    Ledger,
    /// The platform's people (the admin's only).
    Users,
    /// The store owners with their stores and plan (the admin's only).
    StoreOwners,
    /// The redemption cards (the admin's only).
    Cards,
}

impl ExportKind {
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// The platform's own records, not a store's: only the admin exports them.
    pub fn platform_wide(self) -> bool {
        matches!(self, ExportKind::Users | ExportKind::StoreOwners | ExportKind::Cards)
    }
}

/// A person of the platform, as the admin's export lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserExport {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub role: loyalty_domain::Role,
    /// A store owner's business name.
    pub business_name: Option<String>,
    /// A POS user's store.
    pub store: Option<String>,
    pub active: bool,
    pub created_at: NaiveDateTime,
}

/// A store owner with its live stores and the plan marked active, as the admin's export lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnerExport {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub business_name: Option<String>,
    pub stores: i64,
    pub plan: Option<String>,
    pub plan_ends_at: Option<NaiveDateTime>,
    pub active: bool,
    pub created_at: NaiveDateTime,
}

/// A redemption card, as the admin's export lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardExport {
    pub id: i64,
    pub code: String,
    pub package: String,
    pub expires_at: Option<NaiveDateTime>,
    /// The email of the owner who redeemed it.
    pub redeemed_by: Option<String>,
    pub redeemed_at: Option<NaiveDateTime>,
    pub notes: Option<String>,
    pub created_at: NaiveDateTime,
}

/// A live customer, as an export lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CustomerExport {
    pub id: i64,
    pub store: String,
    pub name: String,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub points: i64,
    pub joined_at: NaiveDateTime,
    pub unconfirmed_join: bool,
}

/// An invoice, voided or not, as an export lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoiceExport {
    pub id: i64,
    pub created_at: NaiveDateTime,
    pub store: String,
    pub invoice_number: Option<String>,
    pub customer_id: i64,
    pub customer_name: String,
    pub customer_phone: Option<String>,
    pub total: loyalty_domain::Money,
    pub points_earned: i64,
    pub cashier: Option<String>,
    pub voided_at: Option<NaiveDateTime>,
    pub void_reason: Option<String>,
}

/// A redemption, as an export lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RedemptionExport {
    pub id: i64,
    pub created_at: NaiveDateTime,
    pub store: String,
    pub customer_id: i64,
    pub customer_name: String,
    pub customer_phone: Option<String>,
    /// Empty when the points were used as money.
    pub reward: Option<String>,
    pub points_spent: i64,
    /// LYD, when the points were used as money.
    pub value: Option<loyalty_domain::Money>,
    pub cashier: Option<String>,
}

/// A row of the points ledger, as an export lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LedgerExport {
    pub id: i64,
    pub created_at: NaiveDateTime,
    pub store: String,
    pub customer_id: i64,
    pub customer_name: String,
    pub kind: LedgerKind,
    pub delta: i64,
    pub balance_after: i64,
    pub reason: Option<String>,
    /// Who made the change: the user's name, or the API key's.
    pub by: Option<String>,
    pub invoice_id: Option<i64>,
    pub redemption_id: Option<i64>,
}

/// One page of an export, in id order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExportPage {
    Customers(Vec<CustomerExport>),
    Invoices(Vec<InvoiceExport>),
    Redemptions(Vec<RedemptionExport>),
    Ledger(Vec<LedgerExport>),
    Users(Vec<UserExport>),
    StoreOwners(Vec<OwnerExport>),
    Cards(Vec<CardExport>),
}

impl ExportPage {
    pub fn len(&self) -> usize {
        match self {
            ExportPage::Customers(rows) => rows.len(),
            ExportPage::Invoices(rows) => rows.len(),
            ExportPage::Redemptions(rows) => rows.len(),
            ExportPage::Ledger(rows) => rows.len(),
            ExportPage::Users(rows) => rows.len(),
            ExportPage::StoreOwners(rows) => rows.len(),
            ExportPage::Cards(rows) => rows.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The id of the page's last row: the next page starts after it.
    pub fn last_id(&self) -> Option<i64> {
        match self {
            ExportPage::Customers(rows) => rows.last().map(|r| r.id),
            ExportPage::Invoices(rows) => rows.last().map(|r| r.id),
            ExportPage::Redemptions(rows) => rows.last().map(|r| r.id),
            ExportPage::Ledger(rows) => rows.last().map(|r| r.id),
            ExportPage::Users(rows) => rows.last().map(|r| r.id),
            ExportPage::StoreOwners(rows) => rows.last().map(|r| r.id),
            ExportPage::Cards(rows) => rows.last().map(|r| r.id),
        }
    }
}
