//! Rewards as the counter and the owner see them.

use super::*;

named!(RewardTypeDto(loyalty_application::RewardType));

#[derive(Debug, Serialize, ToSchema)]
pub struct RewardDto {
    pub id: i64,
    pub name: String,
    pub description: Option<String>,
    #[serde(rename = "type")]
    pub reward_type: RewardTypeDto,
    pub points_required: i64,
    /// LYD for cash and prize; percent for discount. Three decimals.
    pub amount: String,
    pub is_active: bool,
    pub redemptions_count: i64,
}

impl From<loyalty_application::Reward> for RewardDto {
    fn from(r: loyalty_application::Reward) -> Self {
        Self {
            id: r.id,
            name: r.name,
            description: r.description,
            reward_type: r.reward_type.into(),
            points_required: r.points_required,
            amount: loyalty_domain::Money::from_dirhams(r.amount_milli).to_string(),
            is_active: r.is_active,
            redemptions_count: r.redemptions_count,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RewardListPlain {
    pub data: Vec<RewardDto>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"name": "20 LYD voucher", "description": "Off the next purchase", "type": "cash", "points_required": 250, "amount": "20", "is_active": true}))]
#[serde(deny_unknown_fields)]
pub struct RewardRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    pub description: Option<String>,
    /// `prize`, `discount` or `cash`.
    #[serde(rename = "type")]
    pub reward_type: Option<String>,
    pub points_required: Option<i64>,
    /// LYD for cash and prize; percent 0-100 for discount.
    #[schema(schema_with = reward_amount_schema)]
    pub amount: Option<DecimalInput>,
    pub is_active: Option<bool>,
}

/// A reward replaced whole (`PUT`): the body names every field, `null` for no description; one
/// leaving out `description`, `amount` or `is_active` is refused instead of erasing them (change
/// some fields with `PATCH`).
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"name": "20 LYD voucher", "description": null, "type": "cash", "points_required": 250, "amount": "20", "is_active": true}))]
#[serde(deny_unknown_fields)]
pub struct RewardReplaceRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    /// `null` for none.
    #[serde(default, deserialize_with = "super::present")]
    #[schema(required = true, value_type = Option<String>)]
    pub description: Option<Option<String>>,
    /// `prize`, `discount` or `cash`.
    #[serde(rename = "type")]
    #[schema(required = true, value_type = String)]
    pub reward_type: Option<String>,
    #[schema(required = true, value_type = i64)]
    pub points_required: Option<i64>,
    /// LYD for cash and prize; percent 0-100 for discount.
    #[serde(default, deserialize_with = "super::present")]
    #[schema(required = true, schema_with = reward_amount_schema)]
    pub amount: Option<Option<DecimalInput>>,
    #[serde(default, deserialize_with = "super::non_null")]
    #[schema(required = true, value_type = bool)]
    pub is_active: Option<bool>,
}

/// A JSON Merge Patch (RFC 7396) of a reward (`PATCH`, `application/merge-patch+json` or
/// `application/json`): a field left out stays as it is, a value replaces it, `null` clears the
/// description (and makes the amount 0); `{"is_active": false}` switches the reward off and
/// changes nothing else.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"is_active": false}))]
#[serde(deny_unknown_fields)]
pub struct RewardPatchRequest {
    #[serde(default, deserialize_with = "super::non_null")]
    #[schema(value_type = String)]
    pub name: Option<String>,
    #[serde(default, deserialize_with = "super::present")]
    #[schema(value_type = Option<String>)]
    pub description: Option<Option<String>>,
    /// `prize`, `discount` or `cash`.
    #[serde(rename = "type", default, deserialize_with = "super::non_null")]
    #[schema(value_type = String)]
    pub reward_type: Option<String>,
    #[serde(default, deserialize_with = "super::non_null")]
    #[schema(value_type = i64)]
    pub points_required: Option<i64>,
    #[serde(default, deserialize_with = "super::present")]
    #[schema(schema_with = reward_amount_schema)]
    pub amount: Option<Option<DecimalInput>>,
    #[serde(default, deserialize_with = "super::non_null")]
    #[schema(value_type = bool)]
    pub is_active: Option<bool>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RewardEnvelope {
    pub data: RewardDto,
}
