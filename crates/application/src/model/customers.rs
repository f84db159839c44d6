//! Customers and what the counter shows of them.

use super::*;

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
    /// Month and day; the owner's birthday points come on it, once a year.
    pub birthday: Option<loyalty_domain::Birthday>,
    /// Which channels the customer consents to messages by, and since when.
    pub consents: super::Consents,
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
