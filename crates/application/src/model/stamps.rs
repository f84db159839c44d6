//! A store's stamp card and the stamps its customers earn and redeem.

use chrono::NaiveDateTime;
use loyalty_domain::stamps::StampCard;

/// A store's stamp card as kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreStampCard {
    pub store_id: i64,
    pub card: StampCard,
    pub updated_at: NaiveDateTime,
}

/// A customer's stamps in a store with a card: those that count now, and how many the reward needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StampCount {
    pub store_id: i64,
    pub count: i64,
    pub required: i64,
}

loyalty_domain::code_enum! {
    /// What a stamp event records.
    pub enum StampEventKind {
        /// A sale earned a stamp.
        Earned,
        /// The reward was redeemed with `stamps` stamps.
        Redeemed,
    }
}

/// One line of a customer's stamp history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StampEvent {
    pub id: i64,
    pub customer_id: i64,
    pub store_id: i64,
    pub kind: StampEventKind,
    /// 1 for a stamp earned; the stamps used for a redemption.
    pub stamps: i64,
    /// The sale that earned the stamp.
    pub invoice_id: Option<i64>,
    /// The reward redeemed, as the card named it then.
    pub reward_name: Option<String>,
    /// When an earned stamp stops counting (`None`: never).
    pub expires_at: Option<NaiveDateTime>,
    /// An earned stamp used by this redemption.
    pub redeemed_by: Option<i64>,
    /// When a void or a return took an earned stamp back.
    pub revoked_at: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
}
