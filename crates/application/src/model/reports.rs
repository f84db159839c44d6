//! An owner's figures: stores, the summary, points owed, the overview, the activity feed, signals.

use super::*;

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
    /// Points its customers owe (balances below zero after a return), counted apart.
    pub points_owed: i64,
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
    /// Points customers owe after returns (not subtracted from the outstanding points).
    pub points_owed: i64,
    pub stores: Vec<StoreLiability>,
    /// Oldest first, every month present (zeros where nothing happened).
    pub months: Vec<MonthPoints>,
    /// All stores together, one per window of [`EXPIRY_AHEAD_DAYS`](loyalty_domain::loyalty_settings::EXPIRY_AHEAD_DAYS).
    pub expiring: Vec<ExpiryAhead>,
    /// The customers whose points expire soonest (within the notice window), soonest first.
    pub expiring_customers: Vec<ExpiringCustomer>,
    /// How many customers have points expiring within the notice window (all, not only those listed).
    pub expiring_customers_total: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreLiability {
    pub store: StoreRef,
    pub points: i64,
    pub points_owed: i64,
    pub value: Option<loyalty_domain::Money>,
    /// One per window, as [`Liability::expiring`].
    pub expiring: Vec<ExpiryAhead>,
}

/// Points whose last day falls within the next `days` days (today included).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpiryAhead {
    pub days: i64,
    pub points: i64,
    /// What they are worth, where points have a value.
    pub value: Option<loyalty_domain::Money>,
    /// The customers who hold them.
    pub customers: i64,
}

/// A customer with points to use before their last day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpiringCustomer {
    pub customer_id: i64,
    pub name: String,
    pub phone: Option<String>,
    pub store: StoreRef,
    /// The points whose last day is within the notice window.
    pub points: i64,
    /// The last day of the first of them.
    pub last_day: chrono::NaiveDate,
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

loyalty_domain::code_enum! {
    /// What happened, for the activity feeds.
    pub enum ActivityKind {
        InvoiceCreated,
        InvoiceVoided,
        /// Goods returned against an invoice.
        InvoiceReturned,
        RedemptionCreated,
        CustomerCreated,
        CustomerUpdated,
        CustomerDeleted,
        PointsAdded,
        /// Customers imported from a file, with their opening balances.
        CustomersImported,
        /// Points of a store's customers reached their expiry (the daily run; no actor).
        PointsExpired,
        /// Customers of a store got the owner's birthday points (the daily run; no actor).
        BirthdayPoints,
        /// A pattern at the counter crossed one of the owner's thresholds (no actor).
        SignalRaised,
    }
}

impl ActivityKind {
    /// The feed's filter group: `invoice`, `redemption` or `customer`.
    pub fn group(self) -> &'static str {
        match self {
            ActivityKind::InvoiceCreated | ActivityKind::InvoiceVoided | ActivityKind::InvoiceReturned => "invoice",
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
