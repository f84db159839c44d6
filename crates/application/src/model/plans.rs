//! Plans: packages, an owner's subscription and its changes, redemption cards.

use super::*;

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

/// Stores beyond a package's limit (never below 0). They keep working (the counter never stops);
/// no store can be added until the owner is within the limit again.
pub fn stores_over_limit(store_limit: i64, store_count: i64) -> i64 {
    (store_count - store_limit).max(0)
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
    /// Stores beyond the active plan's limit, and beyond the queued plan's once it starts.
    pub stores_over_limit: i64,
    pub stores_over_next_limit: i64,
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

loyalty_domain::code_enum! {
    pub enum CardStatus {
        Available,
        Redeemed,
        Expired,
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
