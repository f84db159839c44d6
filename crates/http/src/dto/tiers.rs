//! Tiers: an owner's ladder and a customer's tier on it.

use chrono::NaiveDate;
use loyalty_domain::tiers::{TierInput, TierLadder};

use super::*;

/// A multiplier in thousandths as its decimal (`1500` -> `"1.5"`).
pub(crate) fn multiplier(milli: i64) -> String {
    format!("{}.{}", milli / 1000, (milli % 1000) / 100)
}

/// One level of an owner's ladder.
#[derive(Debug, Serialize, ToSchema)]
pub struct TierDto {
    /// 1 for the lowest level, up to 4.
    pub level: i64,
    #[schema(example = "Gold")]
    pub name_en: String,
    #[schema(example = "ذهبي")]
    pub name_ar: String,
    /// LYD spent in the last twelve months (sales less returns) that reaches the level.
    #[schema(example = "500.000")]
    pub min_spend: String,
    /// Points earned are multiplied by this.
    #[schema(example = "1.5")]
    pub multiplier: String,
}

/// The owner's ladder, lowest level first; empty when it has no tiers.
#[derive(Debug, Serialize, ToSchema)]
pub struct LoyaltyTiersDto {
    pub tiers: Vec<TierDto>,
}

envelope!(LoyaltyTiersEnvelope, LoyaltyTiersDto);

impl From<TierLadder> for LoyaltyTiersDto {
    fn from(ladder: TierLadder) -> Self {
        Self {
            tiers: ladder
                .tiers()
                .iter()
                .enumerate()
                .map(|(level, t)| TierDto {
                    level: level as i64 + 1,
                    name_en: t.name_en.clone(),
                    name_ar: t.name_ar.clone(),
                    min_spend: t.min_spend.to_string(),
                    multiplier: multiplier(t.multiplier_milli),
                })
                .collect(),
        }
    }
}

fn tier_spend_schema() -> utoipa::openapi::Schema {
    super::money::decimal_schema(
        "LYD spent in the last twelve months that reaches the level: 0 or more.",
        "500.000",
        false,
    )
}

fn tier_multiplier_schema() -> utoipa::openapi::Schema {
    super::money::decimal_schema("1.0 to 10.0, in steps of 0.1.", "1.5", false)
}

/// One level as sent: every field is required.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TierRequest {
    #[schema(required = true)]
    pub name_en: Option<String>,
    #[schema(required = true)]
    pub name_ar: Option<String>,
    #[schema(schema_with = tier_spend_schema, required = true)]
    pub min_spend: Option<DecimalInput>,
    #[schema(schema_with = tier_multiplier_schema, required = true)]
    pub multiplier: Option<DecimalInput>,
}

/// Replaces the owner's ladder: up to four levels, lowest spend first, each spend higher than
/// the one before; an empty list removes the tiers.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"tiers": [
    {"name_en": "Silver", "name_ar": "فضي", "min_spend": "0", "multiplier": "1.0"},
    {"name_en": "Gold", "name_ar": "ذهبي", "min_spend": "500.000", "multiplier": "1.5"},
    {"name_en": "Platinum", "name_ar": "بلاتيني", "min_spend": "2000.000", "multiplier": "2.0"}
]}))]
#[serde(deny_unknown_fields)]
pub struct LoyaltyTiersRequest {
    pub tiers: Vec<TierRequest>,
}

impl LoyaltyTiersRequest {
    pub fn into_input(self) -> Vec<TierInput> {
        self.tiers
            .into_iter()
            .map(|t| TierInput {
                name_en: t.name_en.unwrap_or_default(),
                name_ar: t.name_ar.unwrap_or_default(),
                min_spend: t.min_spend.map(DecimalInput::into_string).unwrap_or_default(),
                multiplier: t.multiplier.map(DecimalInput::into_string).unwrap_or_default(),
            })
            .collect()
    }
}

/// The next level up and the spend it needs.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"name_en": "Platinum", "name_ar": "بلاتيني", "min_spend": "2000.000", "remaining": "1360.000"}))]
pub struct NextTierDto {
    pub name_en: String,
    pub name_ar: String,
    #[schema(example = "2000.000")]
    pub min_spend: String,
    /// LYD more to spend within the window to reach it (`min_spend` less the customer's `spend`).
    #[schema(example = "1360.000")]
    pub remaining: String,
}

/// A customer's tier: its level on the owner's ladder, what it multiplies, the spend behind it
/// and, while the spend is below the level, the last day the customer keeps it (the grace of a
/// downgrade).
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({
    "level": 1, "name_en": "Gold", "name_ar": "ذهبي", "multiplier": "1.5", "spend": "640.000",
    "grace_until": null,
    "next": {"name_en": "Platinum", "name_ar": "بلاتيني", "min_spend": "2000.000", "remaining": "1360.000"}
}))]
pub struct CustomerTierDto {
    /// 1 for the lowest level, up to 4.
    pub level: i64,
    #[schema(example = "Gold")]
    pub name_en: String,
    #[schema(example = "ذهبي")]
    pub name_ar: String,
    #[schema(example = "1.5")]
    pub multiplier: String,
    /// LYD spent in the last twelve months, sales less returns.
    #[schema(example = "640.000")]
    pub spend: String,
    /// Set while the spend is below the level: the last day (Africa/Tripoli) the customer keeps
    /// it; after it, the tier follows the spend.
    pub grace_until: Option<NaiveDate>,
    /// The next level, if any.
    pub next: Option<NextTierDto>,
}

impl From<loyalty_application::CustomerTier> for CustomerTierDto {
    fn from(t: loyalty_application::CustomerTier) -> Self {
        Self {
            level: t.level,
            name_en: t.name_en,
            name_ar: t.name_ar,
            multiplier: multiplier(t.multiplier_milli),
            spend: t.spend.to_string(),
            grace_until: t.grace_until,
            next: t.next.map(|n| NextTierDto {
                name_en: n.name_en,
                name_ar: n.name_ar,
                min_spend: n.min_spend.to_string(),
                remaining: n.remaining.to_string(),
            }),
        }
    }
}

/// A tier's name and multiplier.
#[derive(Debug, Serialize, ToSchema)]
pub struct TierBadgeDto {
    /// 1 for the lowest level, up to 4.
    pub level: i64,
    #[schema(example = "Gold")]
    pub name_en: String,
    #[schema(example = "ذهبي")]
    pub name_ar: String,
    #[schema(example = "1.5")]
    pub multiplier: String,
}

impl From<loyalty_application::TierBadge> for TierBadgeDto {
    fn from(t: loyalty_application::TierBadge) -> Self {
        Self { level: t.level, name_en: t.name_en, name_ar: t.name_ar, multiplier: multiplier(t.multiplier_milli) }
    }
}
