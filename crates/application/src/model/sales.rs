//! Sales at the counter: invoices, redemptions, rewards, the points ledger.

use super::*;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invoice {
    pub id: i64,
    pub store_id: i64,
    /// `None` for a walk-in sale until its receipt's points are claimed.
    pub customer: Option<PersonRef>,
    pub invoice_number: Option<String>,
    pub total: loyalty_domain::Money,
    pub points_earned: i64,
    /// The cashier who made it; for a sale made with an API key, the key's owner.
    pub pos_user: Option<PersonRef>,
    /// The API key it was made with, if any.
    pub api_key: Option<PersonRef>,
    pub created_at: NaiveDateTime,
    pub voided_at: Option<NaiveDateTime>,
    /// Why it was voided.
    pub void_reason: Option<String>,
    /// When it was made or, later, voided: the incremental sync's order.
    pub updated_at: NaiveDateTime,
    /// Whether the caller may void it now (`invoices::may_void`); false as read from storage.
    pub can_void: bool,
    /// What its returns add up to, and the points they took back.
    pub returned_total: loyalty_domain::Money,
    pub returned_points: i64,
    /// Its returns, oldest first.
    pub returns: Vec<InvoiceReturn>,
    /// Whether the caller may take a return against it now (`invoices::may_return`); false as
    /// read from storage.
    pub can_return: bool,
}

impl Invoice {
    /// What is left to return: the total less the returns so far (nothing once voided).
    pub fn returnable(&self) -> loyalty_domain::Money {
        if self.voided_at.is_some() {
            return loyalty_domain::Money::ZERO;
        }
        loyalty_domain::Money::from_dirhams(self.total.dirhams() - self.returned_total.dirhams())
    }
}

/// Goods brought back against an invoice: the amount, the points it took back, why, who took it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoiceReturn {
    pub id: i64,
    pub invoice_id: i64,
    pub amount: loyalty_domain::Money,
    pub points: i64,
    pub reason: String,
    /// The cashier or owner who took it; with an API key, the key's owner.
    pub by: Option<PersonRef>,
    /// The API key it was taken with, if any.
    pub api_key: Option<PersonRef>,
    pub created_at: NaiveDateTime,
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
    /// The cashier who redeemed; with an API key, the key's owner.
    pub pos_user: Option<PersonRef>,
    /// The API key it was made with, if any.
    pub api_key: Option<PersonRef>,
    pub created_at: NaiveDateTime,
}

loyalty_domain::code_enum! {
    pub enum RewardType {
        Prize,
        Discount,
        Cash,
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

loyalty_domain::code_enum! {
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
        /// A sale's points taken back in proportion to the goods returned (may leave the
        /// balance below zero: points owed).
        Return,
        /// The owner's points on the customer's birthday (the daily run; no actor).
        Birthday,
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

/// Today's figures of one store, for its local day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DayCounts {
    pub invoices: i64,
    pub points_issued: i64,
    pub redemptions: i64,
}

/// What a sale of `total` would earn at a counter, and the settings that decided it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SalePreview {
    pub total: loyalty_domain::Money,
    pub points: i64,
    /// The customer's tier multiplier in thousandths (1000 without a customer or a tier).
    pub multiplier_milli: i64,
    pub needs_confirmation: bool,
    pub settings: loyalty_domain::LoyaltySettings,
}
