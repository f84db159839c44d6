//! The admin's platform figures.

use super::*;

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
