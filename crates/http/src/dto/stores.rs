//! Stores as their owner, cashiers and the admin see them, and a store's registration QR code.

use super::*;

#[derive(Debug, Serialize, ToSchema)]
pub struct StoreDto {
    pub id: i64,
    pub name: String,
    pub address: Option<String>,
    pub store_owner_id: i64,
    pub owner: PersonDto,
    /// Live customers.
    pub customers: i64,
    /// Points held by its customers now.
    pub points: i64,
    /// LYD of today's invoices (Africa/Tripoli day).
    pub sales_today: String,
    pub created_at: DateTime<Utc>,
}

impl From<loyalty_application::StoreSummary> for StoreDto {
    fn from(s: loyalty_application::StoreSummary) -> Self {
        Self {
            id: s.id,
            name: s.name,
            address: s.address,
            store_owner_id: s.owner.id,
            owner: s.owner.into(),
            customers: s.customers,
            points: s.points,
            sales_today: s.sales_today.to_string(),
            created_at: utc(s.created_at),
        }
    }
}

envelope!(StoreEnvelope, StoreDto);

#[derive(Debug, Serialize, ToSchema)]
pub struct StoreListPlain {
    pub data: Vec<StoreDto>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StoreRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    pub address: Option<String>,
    /// Admin only: the store owner the store belongs to.
    pub store_owner_id: Option<i64>,
}

/// A store replaced whole (`PUT`): the body names `name` and `address` (`null` for none); one
/// leaving out `address` is refused instead of erasing it (change some fields with `PATCH`).
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"name": "Ben Ali - Tripoli", "address": "Omar Al-Mukhtar Street, Tripoli"}))]
#[serde(deny_unknown_fields)]
pub struct StoreReplaceRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    /// `null` (or `""`) for none.
    #[serde(default, deserialize_with = "super::present")]
    #[schema(required = true, value_type = Option<String>)]
    pub address: Option<Option<String>>,
    /// Left out, or the store's owner: a store stays with the owner it was made for.
    pub store_owner_id: Option<i64>,
}

/// A JSON Merge Patch (RFC 7396) of a store (`PATCH`, `application/merge-patch+json` or
/// `application/json`): a field left out stays as it is, `null` clears the address, a value
/// replaces it.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"address": "Omar Al-Mukhtar Street, Tripoli"}))]
#[serde(deny_unknown_fields)]
pub struct StorePatchRequest {
    #[serde(default, deserialize_with = "super::non_null")]
    #[schema(value_type = String)]
    pub name: Option<String>,
    #[serde(default, deserialize_with = "super::present")]
    #[schema(value_type = Option<String>)]
    pub address: Option<Option<String>>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"store_id": 1, "size": 200}))]
#[serde(deny_unknown_fields)]
pub struct QrRequest {
    pub store_id: i64,
    /// 150, 200 (default) or 300 pixels.
    pub size: Option<u32>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct QrCodeDto {
    /// An SVG document of the code.
    pub qr_code_svg: String,
    /// What the code encodes: the store's public registration page.
    pub registration_url: String,
    pub size: u32,
    pub store: StoreRefDto,
}

envelope!(QrCodeEnvelope, QrCodeDto);
