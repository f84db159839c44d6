//! A customer's tier as shown: its level on the owner's ladder, the level's names and multiplier,
//! and, while its spend is below the level, the last day it keeps it.

use chrono::NaiveDate;
use loyalty_domain::tiers::{Standing, Tier, TierLadder};
use loyalty_domain::Money;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CustomerTier {
    /// 1 for the lowest level, up to 4.
    pub level: i64,
    pub name_en: String,
    pub name_ar: String,
    pub multiplier_milli: i64,
    /// Spend in the last twelve months, sales less returns.
    pub spend: Money,
    /// While the spend is below the level: the last day the customer keeps it.
    pub grace_until: Option<NaiveDate>,
    /// The next level up and the spend it needs, if there is one.
    pub next: Option<NextTier>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NextTier {
    pub name_en: String,
    pub name_ar: String,
    pub min_spend: Money,
    /// What more the customer must spend to reach it (never below zero).
    pub remaining: Money,
}

impl CustomerTier {
    /// The tier a standing holds on a ladder, with the spend behind it; `None` without a level.
    /// A customer without a level still has a next one when the ladder has levels: it is
    /// answered as `None` here (the till shows nothing until a level is reached).
    pub fn of(ladder: &TierLadder, standing: Standing, spend: Money) -> Option<CustomerTier> {
        let (level, tier) = ladder.held(standing)?;
        let next = ladder.get(level + 1).map(|t: &Tier| NextTier {
            name_en: t.name_en.clone(),
            name_ar: t.name_ar.clone(),
            min_spend: t.min_spend,
            remaining: Money::from_dirhams((t.min_spend.dirhams() - spend.dirhams()).max(0)),
        });
        Some(CustomerTier {
            level: level as i64 + 1,
            name_en: tier.name_en.clone(),
            name_ar: tier.name_ar.clone(),
            multiplier_milli: tier.multiplier_milli,
            spend,
            grace_until: standing.grace_until,
            next,
        })
    }
}

/// A tier's name and multiplier, as the public lookup shows it beside the points (the level as
/// the customer's last sale or the daily run moved it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TierBadge {
    /// 1 for the lowest level, up to 4.
    pub level: i64,
    pub name_en: String,
    pub name_ar: String,
    pub multiplier_milli: i64,
}
