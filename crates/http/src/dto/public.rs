//! What the public pages read and send: the points lookup and joining a store.

use super::*;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PointsLookupRequest {
    /// Any common Libyan form (`0912345678`, `091-234-5678`, `+218 91 234 5678`,
    /// `00218912345678`) or an international number.
    #[serde(default)]
    #[schema(required = true)]
    pub phone: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ClaimableRewardDto {
    pub name: String,
    pub points_required: i64,
    /// Whether the points in this store already pay for it.
    pub claimable: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StorePointsDto {
    pub store: StoreRefDto,
    pub points: i64,
    /// LYD these points are worth as a discount in this store, where its owner gave points a
    /// value; `null` otherwise.
    #[schema(example = "12.340")]
    pub points_value: Option<String>,
    /// The next points to expire in this store within 30 days; `null` when none do.
    pub next_expiry: Option<NextExpiryDto>,
    pub rewards: Vec<ClaimableRewardDto>,
    /// The customer's tier in this store's program; `null` when its owner has no tiers or the
    /// customer holds none.
    pub tier: Option<TierBadgeDto>,
}

/// Points of one phone number. An unknown number has the same shape: no stores, zero points.
#[derive(Debug, Serialize, ToSchema)]
pub struct PointsLookupDto {
    pub total_points: i64,
    pub stores: Vec<StorePointsDto>,
    /// The stamps of each store that has a stamp card, as its `store_id`.
    pub stamps: Vec<StampsDto>,
}
envelope!(PointsLookupEnvelope, PointsLookupDto);

impl From<loyalty_application::use_cases::public::PointsLookup> for PointsLookupDto {
    fn from(p: loyalty_application::use_cases::public::PointsLookup) -> Self {
        Self {
            total_points: p.total_points,
            stamps: p.stores.iter().filter_map(|s| s.stamps).map(Into::into).collect(),
            stores: p
                .stores
                .into_iter()
                .map(|s| StorePointsDto {
                    store: s.store.into(),
                    points: s.points,
                    points_value: s.points_value.map(|v| v.to_string()),
                    next_expiry: s.next_expiry.map(Into::into),
                    tier: s.tier.map(Into::into),
                    rewards: s
                        .rewards
                        .into_iter()
                        .map(|r| ClaimableRewardDto {
                            name: r.name,
                            points_required: r.points_required,
                            claimable: r.claimable,
                        })
                        .collect(),
                })
                .collect(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PublicStore {
    pub store: StoreRefDto,
}
envelope!(PublicStoreEnvelope, PublicStore);

#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({
    "name": "Amal Ben Omran", "phone": "0912345002", "email": "amal@example.ly",
    "consents": ["whatsapp"], "language": "ar"
}))]
#[serde(deny_unknown_fields)]
pub struct JoinStoreRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    #[serde(default)]
    #[schema(required = true)]
    pub phone: String,
    pub email: Option<String>,
    /// The channels the customer agrees to be sent messages by (`whatsapp`, `sms`): none when
    /// left out. Recorded with source `join`; the first brings the welcome message.
    #[serde(default)]
    #[schema(value_type = Vec<MessageChannelDto>)]
    pub consents: Vec<String>,
    /// The language its messages are written in: `ar` when left out.
    #[serde(default, deserialize_with = "super::non_null")]
    #[schema(required = false, nullable = false, value_type = MessageLanguageDto)]
    pub language: Option<String>,
}

/// A store of the owner on the customer's own page.
#[derive(Debug, Serialize, ToSchema)]
pub struct PageStoreDto {
    pub store: StoreRefDto,
    pub points: i64,
    /// Points still to use that have a last day, soonest first (empty when none expire).
    pub expiring: Vec<NextExpiryDto>,
    /// The stamps in this store; `null` when it has no stamp card.
    pub stamps: Option<StampsDto>,
    /// The customer's tier here; `null` when the owner has no tiers or the customer holds none.
    pub tier: Option<CustomerTierDto>,
}

/// A change of the customer's points.
#[derive(Debug, Serialize, ToSchema)]
pub struct PageMovementDto {
    pub store: StoreRefDto,
    pub kind: LedgerKindDto,
    /// Points added (positive) or taken (negative).
    pub delta: i64,
    /// The points in that store after the change.
    pub balance_after: i64,
    pub created_at: DateTime<Utc>,
}

/// The customer's own page: the points in each store of the owner where the customer is a
/// member (the same phone number), the points expiring and when, and the last 20 movements.
/// New fields may be added.
#[derive(Debug, Serialize, ToSchema)]
pub struct CustomerPageDto {
    pub total_points: i64,
    pub stores: Vec<PageStoreDto>,
    /// Newest first.
    pub movements: Vec<PageMovementDto>,
    /// When this link stops opening the page.
    pub expires_at: DateTime<Utc>,
    /// The customer's consent to messages, which it may change here
    /// (`POST /public/me/{token}/consents`).
    pub consents: ConsentsDto,
}
envelope!(CustomerPageEnvelope, CustomerPageDto);

/// The customer's consent by one channel, given or withdrawn from its own page; with
/// `language`, the language its messages are written in.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"channel": "sms", "granted": false}))]
#[serde(deny_unknown_fields)]
pub struct PageConsentRequest {
    #[schema(required = true, value_type = MessageChannelDto)]
    pub channel: Option<String>,
    #[schema(required = true, value_type = bool)]
    pub granted: Option<bool>,
    #[serde(default, deserialize_with = "super::non_null")]
    #[schema(required = false, nullable = false, value_type = MessageLanguageDto)]
    pub language: Option<String>,
}

impl From<loyalty_application::use_cases::customer_pages::CustomerPage> for CustomerPageDto {
    fn from(p: loyalty_application::use_cases::customer_pages::CustomerPage) -> Self {
        Self {
            total_points: p.total_points,
            stores: p
                .stores
                .into_iter()
                .map(|s| PageStoreDto {
                    store: s.store.into(),
                    points: s.points,
                    expiring: s.expiring.into_iter().map(Into::into).collect(),
                    stamps: s.stamps.map(Into::into),
                    tier: s.tier.map(Into::into),
                })
                .collect(),
            movements: p
                .movements
                .into_iter()
                .map(|m| PageMovementDto {
                    store: m.store.into(),
                    kind: LedgerKindDto(m.kind),
                    delta: m.delta,
                    balance_after: m.balance_after,
                    created_at: utc(m.created_at),
                })
                .collect(),
            expires_at: utc(p.expires_at),
            consents: p.consents.into(),
        }
    }
}

/// What a cash receipt's claim link offers: the store, the sale's total and the points it
/// gives, before claiming.
#[derive(Debug, Serialize, ToSchema)]
pub struct ClaimOfferDto {
    pub store: StoreRefDto,
    /// LYD, three decimals.
    #[schema(example = "25.000")]
    pub total: String,
    pub points: i64,
    pub sale_at: DateTime<Utc>,
    /// When the link stops giving the points.
    pub expires_at: DateTime<Utc>,
}
envelope!(ClaimOfferEnvelope, ClaimOfferDto);

impl From<loyalty_application::use_cases::claims::ClaimOffer> for ClaimOfferDto {
    fn from(o: loyalty_application::use_cases::claims::ClaimOffer) -> Self {
        Self {
            store: o.store.into(),
            total: o.total.to_string(),
            points: o.points,
            sale_at: utc(o.sale_at),
            expires_at: utc(o.expires_at),
        }
    }
}

/// Claiming a receipt's points: the buyer's name and phone (a member of the store with that
/// phone gets them; otherwise the buyer joins the store).
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"name": "Khaled Ben Omran", "phone": "0925550142"}))]
#[serde(deny_unknown_fields)]
pub struct ClaimRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    #[serde(default)]
    #[schema(required = true)]
    pub phone: String,
}

/// A claim made: the points given, the balance in the store after, and the member's own page.
#[derive(Debug, Serialize, ToSchema)]
pub struct ClaimDoneDto {
    pub store: StoreRefDto,
    pub points: i64,
    /// The member's points in this store after the claim.
    pub balance: i64,
    /// Whether claiming made the buyer a member of the store.
    pub joined: bool,
    pub customer_page_url: String,
}
envelope!(ClaimDoneEnvelope, ClaimDoneDto);
