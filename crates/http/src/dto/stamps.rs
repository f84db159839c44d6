//! Stamp cards, a customer's stamps, and their history.

use super::*;

/// A store's stamp card: a stamp for every sale of at least `min_total`; `stamps_required`
/// stamps redeem `reward_name` at the till.
#[derive(Debug, Serialize, ToSchema)]
pub struct StampCardDto {
    pub store_id: i64,
    /// LYD a sale must reach to earn a stamp.
    #[schema(example = "10.000")]
    pub min_total: String,
    pub stamps_required: i64,
    pub reward_name: String,
    /// Each stamp stops counting this many days after the sale that earned it (as the card
    /// said then); `null`: stamps never expire.
    pub expires_after_days: Option<i64>,
    pub updated_at: DateTime<Utc>,
}

impl From<loyalty_application::StoreStampCard> for StampCardDto {
    fn from(c: loyalty_application::StoreStampCard) -> Self {
        Self {
            store_id: c.store_id,
            min_total: c.card.min_total.to_string(),
            stamps_required: c.card.stamps_required,
            reward_name: c.card.reward_name,
            expires_after_days: c.card.expires_after_days,
            updated_at: utc(c.updated_at),
        }
    }
}

/// The store's stamp card; `data` is `null` when the store gives no stamps.
#[derive(Debug, Serialize, ToSchema)]
pub struct StampCardEnvelope {
    pub data: Option<StampCardDto>,
}

/// Sets or replaces a store's stamp card: every field is named (`expires_after_days` may be
/// `null`: stamps never expire). To turn the card off, `DELETE` it.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"min_total": "10.000", "stamps_required": 10, "reward_name": "Free coffee", "expires_after_days": 90}))]
#[serde(deny_unknown_fields)]
pub struct StampCardRequest {
    /// LYD a sale must reach to earn a stamp: 0 or more.
    #[schema(schema_with = stamp_min_total_schema)]
    pub min_total: Option<DecimalInput>,
    /// Stamps the reward needs: 1 to 50.
    pub stamps_required: Option<i64>,
    /// 1 to 100 characters.
    pub reward_name: Option<String>,
    /// 1 to 3650 days, or `null` for stamps that never expire. Required, as `null` or a number.
    #[serde(deserialize_with = "super::present")]
    #[schema(required = true)]
    pub expires_after_days: Option<Option<i64>>,
}

/// A customer's stamps in a store with a stamp card.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct StampsDto {
    pub store_id: i64,
    /// Stamps that count now: earned, not redeemed, not taken back, not expired.
    pub count: i64,
    /// Stamps the reward needs: it can be redeemed once `count` reaches it.
    pub required: i64,
}

impl From<loyalty_application::StampCount> for StampsDto {
    fn from(s: loyalty_application::StampCount) -> Self {
        Self { store_id: s.store_id, count: s.count, required: s.required }
    }
}

named!(
    StampEventKindDto(loyalty_application::StampEventKind),
    "`earned`: a sale gave a stamp; `redeemed`: the reward was redeemed with `stamps` stamps."
);

/// One line of a customer's stamp history.
#[derive(Debug, Serialize, ToSchema)]
pub struct StampEventDto {
    pub id: i64,
    pub customer_id: i64,
    pub store_id: i64,
    pub kind: StampEventKindDto,
    /// 1 for a stamp earned; the stamps used for a redemption.
    pub stamps: i64,
    /// The sale that earned the stamp.
    pub invoice_id: Option<i64>,
    /// The reward redeemed, as the card named it then.
    pub reward_name: Option<String>,
    /// When an earned stamp stops counting; `null`: never.
    pub expires_at: Option<DateTime<Utc>>,
    /// An earned stamp used by this redemption (its id).
    pub redeemed_by: Option<i64>,
    /// When a void or a return took an earned stamp back.
    pub revoked_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl From<loyalty_application::StampEvent> for StampEventDto {
    fn from(e: loyalty_application::StampEvent) -> Self {
        Self {
            id: e.id,
            customer_id: e.customer_id,
            store_id: e.store_id,
            kind: e.kind.into(),
            stamps: e.stamps,
            invoice_id: e.invoice_id,
            reward_name: e.reward_name,
            expires_at: e.expires_at.map(utc),
            redeemed_by: e.redeemed_by,
            revoked_at: e.revoked_at.map(utc),
            created_at: utc(e.created_at),
        }
    }
}
list_envelope!(StampEventList, StampEventDto);

/// Which store's card to redeem: the customer's own.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"store_id": 1}))]
#[serde(deny_unknown_fields)]
pub struct RedeemStampsRequest {
    pub store_id: i64,
}

/// A stamp card redeemed: the redemption, and the customer's stamps after it.
#[derive(Debug, Serialize, ToSchema)]
pub struct StampsRedeemedDto {
    pub event: StampEventDto,
    pub stamps: StampsDto,
}
envelope!(StampsRedeemedEnvelope, StampsRedeemedDto);

impl From<loyalty_application::use_cases::stamps::StampsRedeemed> for StampsRedeemedDto {
    fn from(r: loyalty_application::use_cases::stamps::StampsRedeemed) -> Self {
        Self { event: r.event.into(), stamps: r.stamps.into() }
    }
}

/// `stamp.earned`, `stamp_card.redeemed`, `stamp.revoked`: the customer, the stamp event, and its stamps after it.
#[derive(Debug, Serialize, ToSchema)]
pub struct StampData {
    pub customer: CustomerDto,
    pub event: StampEventDto,
    pub stamps: StampsDto,
}
