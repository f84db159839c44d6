//! An owner's figures: the dashboard summary, points owed, and the customers overview.

use super::*;

#[derive(Debug, Serialize, ToSchema)]
pub struct OwnerSummaryDto {
    pub total_stores: i64,
    pub total_customers: i64,
    pub total_points_across_all_stores: i64,
    pub duplicate_phone_numbers: i64,
    /// LYD of all invoices not voided.
    pub revenue: String,
    pub points_issued: i64,
}

impl From<loyalty_application::OwnerSummary> for OwnerSummaryDto {
    fn from(s: loyalty_application::OwnerSummary) -> Self {
        Self {
            total_stores: s.stores,
            total_customers: s.customers,
            total_points_across_all_stores: s.points_outstanding,
            duplicate_phone_numbers: s.duplicate_phone_numbers,
            revenue: s.revenue.to_string(),
            points_issued: s.points_issued,
        }
    }
}

envelope!(OwnerSummaryEnvelope, OwnerSummaryDto);

/// The points the owner's customers hold: what the owner owes them.
#[derive(Debug, Serialize, ToSchema)]
pub struct LiabilityDto {
    /// LYD that 100 points are worth; `null` when points buy rewards only (then every
    /// `value` below is `null` too).
    #[schema(example = "5.000")]
    pub point_value: Option<String>,
    /// Points held by the live customers of all the owner's stores.
    pub outstanding_points: i64,
    /// LYD they are worth, rounded down to the dirham.
    #[schema(example = "1234.550")]
    pub outstanding_value: Option<String>,
    /// Points customers owe: a return took back points they had already spent (their balance is
    /// below zero); the next points they earn pay them back. Not subtracted from
    /// `outstanding_points`, which counts what customers hold.
    pub points_owed: i64,
    pub stores: Vec<StoreLiabilityDto>,
    /// The last 12 months in Tripoli time, this one last, every month present.
    pub months: Vec<MonthPointsDto>,
    /// Points expiring soon, all stores together: one entry for each of the next 7, 30 and 90 days.
    pub expiring: Vec<ExpiryAheadDto>,
    /// The customers with points whose last day is within the next 30 days, soonest first (then
    /// the most points), at most 50: whom to remind.
    pub expiring_customers: Vec<ExpiringCustomerDto>,
    /// How many customers have points whose last day is within the next 30 days, listed or not.
    pub expiring_customers_total: i64,
}

envelope!(LiabilityEnvelope, LiabilityDto);

#[derive(Debug, Serialize, ToSchema)]
pub struct StoreLiabilityDto {
    pub store: StoreRefDto,
    pub points: i64,
    /// Points this store's customers owe after returns.
    pub points_owed: i64,
    #[schema(example = "250.000")]
    pub value: Option<String>,
    /// The store's points expiring soon, as the owner's `expiring`.
    pub expiring: Vec<ExpiryAheadDto>,
}

/// Points whose last day to be used falls within the next `days` days, today included.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExpiryAheadDto {
    #[schema(example = 30)]
    pub days: i64,
    pub points: i64,
    /// LYD they are worth, rounded down to the dirham; `null` when points buy rewards only.
    #[schema(example = "12.500")]
    pub value: Option<String>,
    /// The customers who hold them.
    pub customers: i64,
}

/// A customer with points to use before their last day.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExpiringCustomerDto {
    pub customer_id: i64,
    pub name: String,
    /// E.164.
    pub phone: Option<String>,
    pub store: StoreRefDto,
    /// The points whose last day is within the next 30 days.
    pub points: i64,
    /// `YYYY-MM-DD` (Tripoli): the last day the first of them can be used; they are gone the day after.
    #[schema(example = "2026-12-20")]
    pub last_day: String,
}

impl From<loyalty_application::ExpiryAhead> for ExpiryAheadDto {
    fn from(e: loyalty_application::ExpiryAhead) -> Self {
        Self { days: e.days, points: e.points, value: e.value.map(|m| m.to_string()), customers: e.customers }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MonthPointsDto {
    /// `YYYY-MM`, a Tripoli month.
    #[schema(example = "2026-11")]
    pub month: String,
    /// Points sales gave in the month (a voided sale's points taken off the month it was made).
    pub earned: i64,
    /// Points spent on rewards or used as money in the month.
    pub redeemed: i64,
    /// Points that reached their expiry in the month.
    pub expired: i64,
}

impl From<loyalty_application::Liability> for LiabilityDto {
    fn from(l: loyalty_application::Liability) -> Self {
        let lyd = |m: Option<loyalty_domain::Money>| m.map(|m| m.to_string());
        Self {
            point_value: lyd(l.point_value),
            outstanding_points: l.outstanding_points,
            outstanding_value: lyd(l.outstanding_value),
            points_owed: l.points_owed,
            stores: l
                .stores
                .into_iter()
                .map(|s| StoreLiabilityDto {
                    store: s.store.into(),
                    points: s.points,
                    points_owed: s.points_owed,
                    value: lyd(s.value),
                    expiring: s.expiring.into_iter().map(Into::into).collect(),
                })
                .collect(),
            expiring: l.expiring.into_iter().map(Into::into).collect(),
            expiring_customers: l
                .expiring_customers
                .into_iter()
                .map(|c| ExpiringCustomerDto {
                    customer_id: c.customer_id,
                    name: c.name,
                    phone: c.phone,
                    store: c.store.into(),
                    points: c.points,
                    last_day: c.last_day.format("%Y-%m-%d").to_string(),
                })
                .collect(),
            expiring_customers_total: l.expiring_customers_total,
            months: l
                .months
                .into_iter()
                .map(|m| MonthPointsDto {
                    month: m.month.format("%Y-%m").to_string(),
                    earned: m.earned,
                    redeemed: m.redeemed,
                    expired: m.expired,
                })
                .collect(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StoreOverview {
    pub store: StoreRefDto,
    pub customer_count: i64,
    pub total_points_in_store: i64,
    /// The requested page of the store's customers, newest first.
    pub customers: Vec<CustomerDto>,
    pub meta: ListMeta,
}

/// A phone registered in several of the owner's stores, and who holds it in each.
#[derive(Debug, Serialize, ToSchema)]
pub struct SharedPhoneDto {
    /// E.164.
    pub phone: String,
    pub customers: Vec<SharedPhoneCustomer>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SharedPhoneCustomer {
    pub id: i64,
    pub name: String,
    pub store: StoreRefDto,
}

impl From<loyalty_application::SharedPhone> for SharedPhoneDto {
    fn from(p: loyalty_application::SharedPhone) -> Self {
        Self {
            phone: p.phone,
            customers: p
                .customers
                .into_iter()
                .map(|(id, name, store)| SharedPhoneCustomer { id, name, store: store.into() })
                .collect(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CustomersOverview {
    pub summary: OwnerSummaryDto,
    /// Which customers share a phone across the owner's stores (up to 50 phones; the summary
    /// counts all).
    pub shared_phones: Vec<SharedPhoneDto>,
    pub stores_overview: Vec<StoreOverview>,
}

envelope!(CustomersOverviewEnvelope, CustomersOverview);
