//! Customers, their statistics and the cashier's search.

use super::*;

#[derive(Debug, Serialize, ToSchema)]
pub struct PersonDto {
    pub id: i64,
    pub name: String,
}

impl From<loyalty_application::PersonRef> for PersonDto {
    fn from(p: loyalty_application::PersonRef) -> Self {
        Self { id: p.id, name: p.name }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CustomerDto {
    pub id: i64,
    pub store_id: i64,
    pub store: StoreRefDto,
    pub name: String,
    /// E.164, e.g. `+218912345678`.
    pub phone: Option<String>,
    pub email: Option<String>,
    pub loyalty_points: i64,
    /// Points the customer owes: a return took back points it had already spent, so its balance
    /// (`loyalty_points`) is below zero; the next points it earns pay them back first. 0 otherwise.
    pub points_owed: i64,
    pub created_at: DateTime<Utc>,
    /// The last change of the customer or its balance (the order of an incremental sync).
    pub updated_at: DateTime<Utc>,
    /// When the customer was hidden; hidden customers appear only in an incremental sync.
    pub deleted_at: Option<DateTime<Utc>>,
    /// True while a customer who joined by the store's link has not been confirmed at the
    /// counter (`POST /customers/{id}/confirm-join`): the phone may not be theirs.
    pub unconfirmed_join: bool,
    /// The customer's birthday, month and day (`MM-DD`, e.g. `"03-15"`; `"02-29"` is kept on
    /// 28 February in other years): the owner's `birthday_points` come on it, once a year.
    #[schema(value_type = Option<String>, pattern = "^[0-9]{2}-[0-9]{2}$", example = "03-15")]
    pub birthday: Option<String>,
    /// The channels the customer consents to messages by (`POST /customers/{id}/consents`).
    pub consents: super::ConsentsDto,
}

impl From<loyalty_application::Customer> for CustomerDto {
    fn from(c: loyalty_application::Customer) -> Self {
        Self {
            id: c.id,
            store_id: c.store.id,
            store: StoreRefDto { id: c.store.id, name: c.store.name },
            name: c.name,
            phone: c.phone,
            email: c.email,
            points_owed: loyalty_domain::points_rules::points_owed(c.loyalty_points),
            loyalty_points: c.loyalty_points,
            created_at: utc(c.created_at),
            updated_at: utc(c.updated_at),
            deleted_at: c.deleted_at.map(utc),
            unconfirmed_join: c.unconfirmed_join,
            birthday: c.birthday.map(|b| b.to_string()),
            consents: c.consents.into(),
        }
    }
}
envelope!(CustomerEnvelope, CustomerDto);
list_envelope!(CustomerList, CustomerDto);

#[derive(Debug, Serialize, ToSchema)]
pub struct CustomerListPlain {
    pub data: Vec<CustomerDto>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CustomerStatistics {
    /// Invoices not voided.
    pub total_invoices: i64,
    /// LYD.
    pub total_spent: String,
    pub rewards_redeemed: i64,
    /// LYD per invoice; `"0.000"` without invoices.
    pub average_per_invoice: String,
    pub points_earned: i64,
    pub points_redeemed: i64,
}

impl From<loyalty_application::CustomerStats> for CustomerStatistics {
    fn from(s: loyalty_application::CustomerStats) -> Self {
        Self {
            total_invoices: s.total_invoices,
            total_spent: s.total_spent.to_string(),
            rewards_redeemed: s.rewards_redeemed,
            average_per_invoice: s.average_per_invoice().to_string(),
            points_earned: s.points_earned,
            points_redeemed: s.points_redeemed,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
/// One customer (the same object create and update answer) with the figures its page shows beside.
pub struct CustomerDetailEnvelope {
    pub data: CustomerDto,
    pub statistics: CustomerStatistics,
    /// The customer's next points to expire within 30 days; `null` when none do.
    pub next_expiry: Option<NextExpiryDto>,
    /// The customer's stamps, when its store has a stamp card (empty otherwise).
    pub stamps: Vec<StampsDto>,
    /// The customer's tier; `null` when its owner has no tiers or it holds none.
    pub tier: Option<CustomerTierDto>,
}

/// Points that expire: how many, and their last day (Africa/Tripoli): they can be used through
/// its end and are gone the day after.
#[derive(Debug, Serialize, ToSchema)]
pub struct NextExpiryDto {
    pub points: i64,
    /// The last day the points can be used.
    #[schema(value_type = String, format = Date, example = "2026-12-31")]
    pub on: chrono::NaiveDate,
}

impl From<loyalty_application::NextExpiry> for NextExpiryDto {
    fn from(n: loyalty_application::NextExpiry) -> Self {
        Self { points: n.points, on: n.on }
    }
}

/// The customer dialog. Empty email or phone means none.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"name": "Salma Ben Ali", "phone": "0912345001", "email": "salma@example.ly", "store_id": 1}))]
#[serde(deny_unknown_fields)]
pub struct CustomerRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    /// Any common Libyan form (`0912345678`, `+218 91 234 5678`, ...) or an international number.
    pub phone: Option<String>,
    pub email: Option<String>,
    /// Left out, or the current balance (0 for a new customer): balances change through
    /// `PUT /customers/{id}/points`; another value is a 422.
    pub loyalty_points: Option<i64>,
    /// The customer's birthday, month and day (`MM-DD`, e.g. `"03-15"`; `"02-29"` is kept on
    /// 28 February in other years): the owner's `birthday_points` come on it, once a year. `null` or `""`: none.
    #[schema(example = "03-15")]
    pub birthday: Option<String>,
    /// Store owners and API keys: which of their stores (may be left out with only one store).
    /// POS users: ignored (their own store).
    pub store_id: Option<i64>,
}

/// A customer replaced whole (`PUT`): every field it would otherwise erase is named, `null` to
/// clear it; a body leaving out `phone` or `email` is refused (change some fields with `PATCH`).
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"name": "Fatima Alsharif", "phone": "0912345678", "email": null}))]
#[serde(deny_unknown_fields)]
pub struct CustomerReplaceRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    /// Any common Libyan form or an international number; `null` (or `""`) for none.
    #[serde(default, deserialize_with = "super::present")]
    #[schema(required = true, value_type = Option<String>)]
    pub phone: Option<Option<String>>,
    /// `null` (or `""`) for none.
    #[serde(default, deserialize_with = "super::present")]
    #[schema(required = true, value_type = Option<String>)]
    pub email: Option<Option<String>>,
    /// Left out, or the current balance: balances change through `PUT /customers/{id}/points`.
    pub loyalty_points: Option<i64>,
    /// The customer's birthday, month and day (`MM-DD`, e.g. `"03-15"`; `"02-29"` is kept on
    /// 28 February in other years): the owner's `birthday_points` come on it, once a year. Left out: kept as it is; `null` or `""`: none.
    #[serde(default, deserialize_with = "super::present")]
    #[schema(value_type = Option<String>, example = "03-15")]
    pub birthday: Option<Option<String>>,
}

/// A JSON Merge Patch (RFC 7396) of a customer (`PATCH`, `application/merge-patch+json` or
/// `application/json`): a field left out stays as it is, `null` clears it (phone, email), a
/// value replaces it; a name cannot be cleared (`null` is a 422 naming it).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CustomerPatchRequest {
    #[serde(default, deserialize_with = "super::non_null")]
    #[schema(nullable = false, example = "Fatima Ali")]
    pub name: Option<String>,
    #[serde(default, deserialize_with = "super::present")]
    #[schema(value_type = Option<String>, example = "0912345678")]
    pub phone: Option<Option<String>>,
    #[serde(default, deserialize_with = "super::present")]
    #[schema(value_type = Option<String>)]
    pub email: Option<Option<String>>,
    /// The customer's birthday, month and day (`MM-DD`, e.g. `"03-15"`; `"02-29"` is kept on
    /// 28 February in other years): the owner's `birthday_points` come on it, once a year. `null` or `""` clears it.
    #[serde(default, deserialize_with = "super::present")]
    #[schema(value_type = Option<String>, example = "03-15")]
    pub birthday: Option<Option<String>>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AddPointsRequest {
    /// A POS user adds 1 to 10,000, within the owner's daily cap for cashiers; a store owner
    /// adds or removes (negative) up to 10,000 at a time.
    pub points: i64,
    /// Optional for a POS user; required for a store owner. Up to 255 characters.
    pub reason: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CustomerSearchRequest {
    /// At least 2 characters of a name, phone or email.
    #[serde(default)]
    #[schema(required = true)]
    pub query: String,
}
