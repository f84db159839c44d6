//! API keys as the owner manages them.

use super::*;
use loyalty_application::ApiScope;

/// What an API key may do: `customers:read` (customers, their history, invoices and
/// redemptions) or `reports:read` (sales lists, the summary, the overview and the activity feed).
/// Each operation a key may call lists the scope it needs under the `apiKey` security scheme.
#[derive(Debug, Clone, Copy)]
pub struct ApiScopeDto(ApiScope);

const API_SCOPE_DESCRIPTION: &str = "What an API key may do: `customers:read` (customers, their history, invoices and \
     redemptions) or `reports:read` (sales lists, the summary, the overview and the activity feed).";

impl Serialize for ApiScopeDto {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.0.as_str())
    }
}

impl utoipa::PartialSchema for ApiScopeDto {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        let names = <ApiScope as strum::VariantArray>::VARIANTS.iter().map(|s| s.as_str());
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .description(Some(API_SCOPE_DESCRIPTION))
            .enum_values(Some(names))
            .into()
    }
}

impl ToSchema for ApiScopeDto {}

/// A key as listed: never its secret.
#[derive(Debug, Serialize, ToSchema)]
pub struct ApiKeyDto {
    pub id: i64,
    pub name: String,
    /// The start of the secret (`lk_1a2b3c4d`), to tell keys apart.
    pub prefix: String,
    pub scopes: Vec<ApiScopeDto>,
    /// The stores the key covers; `null`: all of the owner's stores, those added later too.
    pub store_ids: Option<Vec<i64>>,
    pub created_at: DateTime<Utc>,
    /// `null`: never expires.
    pub expires_at: Option<DateTime<Utc>>,
    /// Updated at most once a minute.
    pub last_used_at: Option<DateTime<Utc>>,
}

impl From<loyalty_application::ApiKey> for ApiKeyDto {
    fn from(k: loyalty_application::ApiKey) -> Self {
        Self {
            id: k.id,
            name: k.name,
            prefix: k.prefix,
            scopes: k.scopes.into_iter().map(ApiScopeDto).collect(),
            store_ids: k.store_ids,
            created_at: utc(k.created_at),
            expires_at: k.expires_at.map(utc),
            last_used_at: k.last_used_at.map(utc),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ApiKeyList {
    pub data: Vec<ApiKeyDto>,
}

/// A key just made, with its secret: shown this once, keep it safe.
#[derive(Debug, Serialize, ToSchema)]
pub struct ApiKeyCreated {
    #[serde(flatten)]
    pub key: ApiKeyDto,
    /// Send as `Authorization: Bearer <secret>`. Only a digest is kept: it cannot be shown again.
    #[schema(example = "lk_1a2b3c4d5e6f708192a3b4c5d6e7f809")]
    pub secret: String,
}
envelope!(ApiKeyCreatedEnvelope, ApiKeyCreated);

#[derive(Debug, Deserialize, ToSchema)]
pub struct ApiKeyRequest {
    /// What the key is for, e.g. "Web shop".
    #[serde(default)]
    #[schema(required = true, example = "Web shop")]
    pub name: String,
    /// At least one.
    #[serde(default)]
    #[schema(required = true, value_type = Vec<ApiScopeDto>)]
    pub scopes: Vec<String>,
    /// Some of the owner's stores; leave out for all of them (those added later too).
    pub store_ids: Option<Vec<i64>>,
    /// A day (`2027-06-30`, valid through its end in Tripoli) or an RFC 3339 instant; leave out
    /// for a key that does not expire.
    pub expires_at: Option<String>,
}
