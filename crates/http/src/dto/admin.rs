//! The admin's users, store owners, packages, cards and analytics.

use super::*;

#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"name": "Salem Ahmed", "email": "salem@example.ly", "password": "s3cure-Passw0rd", "role": "store_owner", "store_owner_name": "Salem Trading", "is_active": true}))]
#[serde(deny_unknown_fields)]
pub struct UserRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    #[serde(default)]
    #[schema(required = true)]
    pub email: String,
    /// Required on create; empty or left out on edit keeps the current one.
    pub password: Option<String>,
    /// `admin`, `store_owner` or `pos_user` (fixed after creation).
    pub role: Option<String>,
    /// Required for store owners.
    pub store_owner_name: Option<String>,
    /// Required for POS users.
    pub store_id: Option<i64>,
    pub is_active: Option<bool>,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UserQuery {
    pub search: Option<String>,
    /// Only this role.
    pub role: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StoreOwnerOption {
    pub id: i64,
    pub name: String,
    pub email: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StoreOwnerOptions {
    pub data: Vec<StoreOwnerOption>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PackageDto {
    pub id: i64,
    pub name: String,
    pub description: Option<String>,
    /// LYD, three decimals.
    pub price: String,
    /// e.g. `250.000 LYD`.
    pub formatted_price: String,
    pub store_limit: i64,
    pub duration_months: i64,
    pub features: Vec<String>,
    pub is_active: bool,
    pub created_at: DateTime<Utc>,
}

impl From<loyalty_application::Package> for PackageDto {
    fn from(p: loyalty_application::Package) -> Self {
        Self {
            id: p.id,
            name: p.name,
            description: p.description,
            formatted_price: format!("{} LYD", p.price),
            price: p.price.to_string(),
            store_limit: p.store_limit,
            duration_months: p.duration_months,
            features: p.features,
            is_active: p.is_active,
            created_at: utc(p.created_at),
        }
    }
}
envelope!(PackageEnvelope, PackageDto);

#[derive(Debug, Serialize, ToSchema)]
pub struct PackageListPlain {
    pub data: Vec<PackageDto>,
}

/// Features as a list, or as one text with a feature per line.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum FeaturesInput {
    Lines(String),
    List(Vec<String>),
}

#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"name": "Gold", "description": "For owners of several branches", "price": "250.000", "store_limit": 3, "duration_months": 6, "features": ["Up to 3 stores", "Activity reports"], "is_active": true}))]
#[serde(deny_unknown_fields)]
pub struct PackageRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    pub description: Option<String>,
    /// LYD, 0 or more (default 0).
    #[schema(schema_with = price_schema)]
    pub price: Option<DecimalInput>,
    /// Default 1.
    pub store_limit: Option<i64>,
    /// Default 1.
    pub duration_months: Option<i64>,
    /// A list, or one text with a feature per line; trimmed, blanks dropped.
    pub features: Option<FeaturesInput>,
    pub is_active: Option<bool>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OwnerUserDto {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub is_active: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OwnerSubscriptionDto {
    pub package: PackageSummaryDto,
    pub end_date: DateTime<Utc>,
    pub remaining_days: i64,
    pub auto_renew: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StoreOwnerRecordDto {
    pub id: i64,
    pub user: OwnerUserDto,
    pub store_owner_name: Option<String>,
    pub stores_count: i64,
    pub has_active_subscription: bool,
    /// Stores the plan still allows; 0 without a plan.
    pub remaining_store_slots: i64,
    pub active_subscription: Option<OwnerSubscriptionDto>,
}

impl StoreOwnerRecordDto {
    pub fn new(r: loyalty_application::StoreOwnerRecord, now: NaiveDateTime) -> Self {
        Self {
            id: r.user.id,
            user: OwnerUserDto { id: r.user.id, name: r.user.name, email: r.user.email, is_active: r.user.is_active },
            store_owner_name: r.user.store_owner_name,
            stores_count: r.stores_count,
            has_active_subscription: r.active_subscription.is_some(),
            remaining_store_slots: loyalty_application::store_slots_left(
                r.active_subscription.as_ref(),
                r.stores_count,
            ),
            active_subscription: r.active_subscription.map(|s| OwnerSubscriptionDto {
                remaining_days: loyalty_domain::plan::days_left(s.ends_at, now),
                end_date: utc(s.ends_at),
                auto_renew: s.auto_renew,
                package: s.package.into(),
            }),
        }
    }
}
envelope!(StoreOwnerRecordEnvelope, StoreOwnerRecordDto);

#[derive(Debug, Serialize, ToSchema)]
pub struct StoreOwnerRecords {
    pub data: Vec<StoreOwnerRecordDto>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AssignPackageRequest {
    pub store_owner_id: Option<i64>,
    pub package_id: Option<i64>,
    #[serde(default)]
    pub auto_renew: bool,
    pub notes: Option<String>,
    /// For another package than the owner's active plan: `queue` (the default) starts it when
    /// the active plan ends; `switch_now` starts it now and gives up the days left.
    #[serde(default)]
    pub mode: PlanModeDto,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PersonWithEmail {
    pub id: i64,
    pub name: String,
    pub email: String,
}

named!(CardStatusDto(loyalty_application::CardStatus));

#[derive(Debug, Serialize, ToSchema)]
pub struct CardDto {
    pub id: i64,
    pub code: String,
    pub package: PackageSummaryDto,
    pub status: CardStatusDto,
    pub redeemed_by: Option<PersonWithEmail>,
    pub redeemed_at: Option<DateTime<Utc>>,
    /// None: no expiration.
    pub expires_at: Option<DateTime<Utc>>,
    pub notes: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<loyalty_application::Card> for CardDto {
    fn from(c: loyalty_application::Card) -> Self {
        Self {
            id: c.id,
            code: c.code,
            package: c.package.into(),
            status: c.status.into(),
            redeemed_by: c.redeemed_by.map(|(p, email)| PersonWithEmail { id: p.id, name: p.name, email }),
            redeemed_at: c.redeemed_at.map(utc),
            expires_at: c.expires_at.map(utc),
            notes: c.notes,
            created_at: utc(c.created_at),
        }
    }
}
envelope!(CardEnvelope, CardDto);
list_envelope!(CardList, CardDto);

#[derive(Debug, Serialize, ToSchema)]
pub struct CardListPlain {
    pub data: Vec<CardDto>,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CardQuery {
    /// `available`, `redeemed` or `expired`.
    pub status: Option<String>,
    pub package_id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CardRequest {
    pub package_id: Option<i64>,
    /// Leave out or blank for a generated 12-character code; else letters A-Z (lower case is
    /// upper-cased) and digits, spaces around ignored.
    pub code: Option<String>,
    /// `YYYY-MM-DD` (valid through that day, Tripoli) or RFC 3339; null for no expiry.
    pub expires_at: Option<String>,
    pub notes: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CardBatchRequest {
    /// How many cards.
    pub count: i64,
    pub package_id: Option<i64>,
    pub expires_at: Option<String>,
    pub notes: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminOverview {
    pub total_users: i64,
    pub total_stores: i64,
    /// Invoices and redemptions.
    pub total_transactions: i64,
    /// LYD of all invoices not voided.
    pub revenue: String,
    pub recent_activity: Vec<ActivityEntryDto>,
    pub health: Health,
}
envelope!(AdminOverviewEnvelope, AdminOverview);

#[derive(Debug, Serialize, ToSchema)]
pub struct DayFiguresDto {
    /// Tripoli date, `YYYY-MM-DD`.
    pub day: String,
    pub invoices: i64,
    pub revenue: String,
    pub points_issued: i64,
    pub points_redeemed: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StoreRankingDto {
    pub store: StoreRefDto,
    pub owner: PersonDto,
    pub invoices: i64,
    pub revenue: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminAnalytics {
    /// The last 30 days, oldest first, every day present.
    pub days: Vec<DayFiguresDto>,
    /// By revenue over the same 30 days.
    pub top_stores: Vec<StoreRankingDto>,
}
envelope!(AdminAnalyticsEnvelope, AdminAnalytics);
