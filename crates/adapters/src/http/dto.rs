//! What goes over the wire. Money is a decimal string with three places, times RFC 3339 UTC.

use std::future::Future;
use std::pin::Pin;

use actix_web::{dev::Payload, http::header, web, FromRequest, HttpRequest};
use chrono::{DateTime, NaiveDateTime, Utc};
use loyalty_application::{Permission, StoreRef, User};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{ApiError, ErrorCode, Lang};

pub fn utc(t: NaiveDateTime) -> DateTime<Utc> {
    t.and_utc()
}

/// `{"data": ...}` wrappers, one named schema each so generated clients read well.
macro_rules! envelope {
    ($name:ident, $inner:ty) => {
        #[derive(Debug, Serialize, ToSchema)]
        pub struct $name {
            pub data: $inner,
        }
    };
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StoreRefDto {
    pub id: i64,
    pub name: String,
}

impl From<StoreRef> for StoreRefDto {
    fn from(s: StoreRef) -> Self {
        Self { id: s.id, name: s.name }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RoleDto {
    Admin,
    StoreOwner,
    PosUser,
}

/// A staff member. The password is never returned.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserDto {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub role: RoleDto,
    pub is_active: bool,
    /// Set for store owners.
    pub store_owner_name: Option<String>,
    /// The store of a POS user.
    pub store_id: Option<i64>,
    pub store: Option<StoreRefDto>,
    pub created_at: DateTime<Utc>,
}

impl From<User> for UserDto {
    fn from(u: User) -> Self {
        use loyalty_domain::Role;
        Self {
            id: u.id,
            name: u.name,
            email: u.email,
            role: match u.role {
                Role::Admin => RoleDto::Admin,
                Role::StoreOwner => RoleDto::StoreOwner,
                Role::PosUser => RoleDto::PosUser,
            },
            is_active: u.is_active,
            store_owner_name: u.store_owner_name,
            store_id: u.store.as_ref().map(|s| s.id),
            store: u.store.map(Into::into),
            created_at: utc(u.created_at),
        }
    }
}
envelope!(UserEnvelope, UserDto);

#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginRequest {
    #[serde(default)]
    #[schema(required = true)]
    #[schema(example = "owner@demo.ly")]
    pub email: String,
    #[serde(default)]
    #[schema(required = true)]
    #[schema(example = "demo1234")]
    pub password: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RegisterRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    #[serde(default)]
    #[schema(required = true)]
    pub email: String,
    /// At least 8 characters.
    #[serde(default)]
    #[schema(required = true)]
    pub password: String,
    #[serde(default)]
    #[schema(required = true)]
    pub store_owner_name: String,
}

/// Something a signed-in person may do (see `SignedInUser.permissions`).
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PermissionDto {
    CreateInvoice,
    VoidInvoiceToday,
    VoidInvoiceAnyDay,
    RedeemReward,
    ManageCustomers,
    AddPoints,
    RemovePoints,
    ManageLoyaltySettings,
}

impl From<Permission> for PermissionDto {
    fn from(p: Permission) -> Self {
        match p {
            Permission::CreateInvoice => Self::CreateInvoice,
            Permission::VoidInvoiceToday => Self::VoidInvoiceToday,
            Permission::VoidInvoiceAnyDay => Self::VoidInvoiceAnyDay,
            Permission::RedeemReward => Self::RedeemReward,
            Permission::ManageCustomers => Self::ManageCustomers,
            Permission::AddPoints => Self::AddPoints,
            Permission::RemovePoints => Self::RemovePoints,
            Permission::ManageLoyaltySettings => Self::ManageLoyaltySettings,
        }
    }
}

/// The signed-in person, with what they may do: a client offers exactly these actions (the
/// server refuses the others with 403).
#[derive(Debug, Serialize, ToSchema)]
pub struct SignedInUser {
    #[serde(flatten)]
    pub user: UserDto,
    pub permissions: Vec<PermissionDto>,
}
envelope!(SignedInUserEnvelope, SignedInUser);

impl From<User> for SignedInUser {
    fn from(user: User) -> Self {
        let permissions = Permission::of(user.role).into_iter().map(Into::into).collect();
        Self { user: user.into(), permissions }
    }
}

/// A signed-in session.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuthSession {
    /// Send as `Authorization: Bearer <token>`.
    pub token: String,
    #[schema(example = "Bearer")]
    pub token_type: &'static str,
    pub expires_at: DateTime<Utc>,
    pub user: SignedInUser,
}
envelope!(AuthSessionEnvelope, AuthSession);

#[derive(Debug, Serialize, ToSchema)]
pub struct Meta {
    /// Demo accounts exist and the login page may list them.
    pub demo_mode: bool,
    pub version: String,
}
envelope!(MetaEnvelope, Meta);

#[derive(Debug, Serialize, ToSchema)]
pub struct DatabaseHealth {
    pub reachable: bool,
    /// Round trip of `SELECT 1`, when reachable.
    pub latency_ms: Option<f64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    pub status: HealthStatus,
    pub version: String,
    pub uptime_seconds: u64,
    pub database: DatabaseHealth,
}
envelope!(HealthEnvelope, Health);

/// `ok` when the database answers, else `degraded`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum HealthStatus {
    Ok,
    Degraded,
}

impl HealthStatus {
    pub fn of(database_reachable: bool) -> Self {
        if database_reachable {
            HealthStatus::Ok
        } else {
            HealthStatus::Degraded
        }
    }
}

/// Largest JSON body any endpoint takes.
pub const JSON_LIMIT: usize = 64 * 1024;

/// A JSON body, read with a size cap and parsed so that a wrong type or a missing field is a
/// 422 naming the field, bad JSON a 400, a wrong content type 415 and a huge body 413.
pub struct ValidJson<T>(pub T);

/// How long a JSON body may take to arrive once its headers have.
pub const BODY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

impl<T: DeserializeOwned + 'static> FromRequest for ValidJson<T> {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let lang = Lang::from_request(req);
        let is_json = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .is_some_and(|mime| {
                let mime = mime.trim().to_ascii_lowercase();
                mime == "application/json" || (mime.starts_with("application/") && mime.ends_with("+json"))
            });
        let body = web::Bytes::from_request(req, payload);
        Box::pin(async move {
            // A client that stops sending half-way is cut off instead of holding the connection.
            let bytes = actix_web::rt::time::timeout(BODY_TIMEOUT, body)
                .await
                .map_err(|_| ApiError::new(ErrorCode::RequestTimeout, lang))?
                .map_err(|e| {
                    if e.as_response_error().status_code() == actix_web::http::StatusCode::PAYLOAD_TOO_LARGE {
                        ApiError::new(ErrorCode::PayloadTooLarge, lang)
                    } else {
                        ApiError::new(ErrorCode::InvalidJson, lang)
                    }
                })?;
            if !is_json {
                return Err(ApiError::new(ErrorCode::UnsupportedMediaType, lang));
            }
            parse_json(&bytes, lang).map(ValidJson)
        })
    }
}

fn parse_json<T: DeserializeOwned>(bytes: &[u8], lang: Lang) -> Result<T, ApiError> {
    if let Some(field) = control_character_field(bytes) {
        let message = loyalty_domain::Msg::TextCharactersNotAllowed;
        let text = match lang {
            Lang::En => message.en(),
            Lang::Ar => message.ar(),
        };
        return Err(ApiError::field(lang, &field, text.to_owned()));
    }
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        if !inner.is_data() {
            return ApiError::new(ErrorCode::InvalidJson, lang);
        }
        let text = inner.to_string();
        // serde names a missing field only in its message.
        let missing = text.strip_prefix("missing field `").and_then(|rest| rest.split('`').next());
        let (field, message) = match missing {
            Some(name) => {
                let field = if path == "." { name.to_owned() } else { format!("{path}.{name}") };
                (
                    field,
                    match lang {
                        Lang::En => "This field is required.",
                        Lang::Ar => "هذا الحقل مطلوب.",
                    },
                )
            }
            None => (
                if path == "." { "body".to_owned() } else { path },
                match lang {
                    Lang::En => "This value has the wrong type or format.",
                    Lang::Ar => "نوع هذه القيمة أو صيغتها غير صحيحة.",
                },
            ),
        };
        ApiError::field(lang, &field, message.to_owned())
    })?;
    de.end().map_err(|_| ApiError::new(ErrorCode::InvalidJson, lang))?;
    Ok(value)
}

/// The field of the first JSON string that holds a control character other than a line
/// break or a tab (NUL among them), or `None`. JSON can carry such a character only as a
/// `\u00XX` escape, so bodies without one are not parsed twice.
fn control_character_field(bytes: &[u8]) -> Option<String> {
    if !bytes.windows(2).any(|w| w == b"\\u") {
        return None;
    }
    fn find(value: &serde_json::Value, path: &str) -> Option<String> {
        let bad = |s: &str| s.chars().any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'));
        match value {
            serde_json::Value::String(s) if bad(s) => Some(if path.is_empty() { "body".into() } else { path.into() }),
            serde_json::Value::Array(items) => items
                .iter()
                .enumerate()
                .find_map(|(i, v)| find(v, &if path.is_empty() { format!("[{i}]") } else { format!("{path}[{i}]") })),
            serde_json::Value::Object(map) => map.iter().find_map(|(k, v)| {
                if bad(k) {
                    return Some("body".into());
                }
                find(v, &if path.is_empty() { k.clone() } else { format!("{path}.{k}") })
            }),
            _ => None,
        }
    }
    serde_json::from_slice::<serde_json::Value>(bytes).ok().and_then(|v| find(&v, ""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_in_json_strings_name_their_field() {
        assert_eq!(control_character_field(br#"{"name": "a\u0000b"}"#).as_deref(), Some("name"));
        assert_eq!(control_character_field(br#"{"features": ["ok", "\u0007"]}"#).as_deref(), Some("features[1]"));
        assert_eq!(control_character_field(br#"{"notes": "a\nb\u0009c"}"#), None);
        assert_eq!(control_character_field(br#"{"name": "\\u0000 is text"}"#), None);
        assert_eq!(control_character_field(br#"{"name": "\u0633\u0627"}"#), None);
    }

    #[derive(Debug, Deserialize)]
    struct Sample {
        name: String,
        #[allow(dead_code)]
        count: i64,
    }

    #[test]
    fn json_errors_name_the_field() {
        let err = parse_json::<Sample>(br#"{"name": 5, "count": 1}"#, Lang::En).err().map(|e| e.errors);
        assert!(err.is_some_and(|e| e.contains_key("name")));
        let err = parse_json::<Sample>(br#"{"name": "x"}"#, Lang::En).err().map(|e| e.errors);
        assert!(err.is_some_and(|e| e.contains_key("count")));
        let err = parse_json::<Sample>(br#"{"name": "x""#, Lang::En).err().map(|e| e.code);
        assert_eq!(err, Some(ErrorCode::InvalidJson));
        let err = parse_json::<Sample>(br#"{"name": "x", "count": 1} trailing"#, Lang::En).err().map(|e| e.code);
        assert_eq!(err, Some(ErrorCode::InvalidJson));
        assert_eq!(
            parse_json::<Sample>(br#"{"name": "x", "count": 1}"#, Lang::En).map(|s| s.name).ok(),
            Some("x".into())
        );
    }
}

/// `{"data": [...], "meta": {...}}` wrappers for paginated lists.
macro_rules! list_envelope {
    ($name:ident, $inner:ty) => {
        #[derive(Debug, Serialize, ToSchema)]
        pub struct $name {
            pub data: Vec<$inner>,
            pub meta: ListMeta,
        }

        impl $name {
            pub fn from_page<T: Into<$inner>>(page: loyalty_application::Page<T>) -> Self {
                Self {
                    meta: ListMeta { page: page.page, per_page: page.per_page, total: page.total },
                    data: page.items.into_iter().map(Into::into).collect(),
                }
            }
        }
    };
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ListMeta {
    pub page: i64,
    pub per_page: i64,
    pub total: i64,
}

/// `page`: 1 or more (an out-of-range page is a 422, not a silent clamp).
fn page_number<'de, D: serde::Deserializer<'de>>(de: D) -> Result<Option<i64>, D::Error> {
    let value = Option::<i64>::deserialize(de)?;
    match value {
        Some(n) if n < 1 => Err(serde::de::Error::custom("page must be 1 or more")),
        _ => Ok(value),
    }
}

/// `per_page`: 1 to 100.
fn page_size<'de, D: serde::Deserializer<'de>>(de: D) -> Result<Option<i64>, D::Error> {
    let value = Option::<i64>::deserialize(de)?;
    match value {
        Some(n) if !(1..=loyalty_application::PageRequest::MAX_PER_PAGE).contains(&n) => {
            Err(serde::de::Error::custom("per_page must be between 1 and 100"))
        }
        _ => Ok(value),
    }
}

/// Paging and narrowing of a list.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// 1-based page number.
    #[serde(default, deserialize_with = "page_number")]
    #[param(minimum = 1)]
    pub page: Option<i64>,
    /// Items per page, 1 to 100 (default 20).
    #[serde(default, deserialize_with = "page_size")]
    #[param(minimum = 1, maximum = 100)]
    pub per_page: Option<i64>,
    /// Matches name, phone or email (customers only).
    pub search: Option<String>,
    /// Only this store (it must be one the caller can see).
    pub store_id: Option<i64>,
}

impl ListQuery {
    pub fn page_request(&self) -> loyalty_application::PageRequest {
        loyalty_application::PageRequest::new(self.page, self.per_page)
    }
}

/// A decimal amount in LYD, sent as a string (`"12.500"`) or a JSON number (`12.5`).
///
/// A number is kept exactly as it was written (never through a float), so
/// `12.0000000000000001` or `1e2` are refused like the strings `"12.0000000000000001"` and
/// `"1e2"` instead of being rounded on the way in.
///
/// Holds the text either way: a string's content, or the number's literal.
#[derive(Debug, Clone)]
pub struct DecimalInput(String);

impl<'de> Deserialize<'de> for DecimalInput {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error as _;
        let raw = <Box<serde_json::value::RawValue>>::deserialize(deserializer)?;
        let text = raw.get();
        match text.as_bytes().first() {
            Some(b'"') => serde_json::from_str(text).map(DecimalInput).map_err(D::Error::custom),
            Some(b'-' | b'0'..=b'9') => Ok(DecimalInput(text.to_owned())),
            _ => Err(D::Error::custom("invalid type: expected a decimal string or a number")),
        }
    }
}

/// What an amount looks like as a string: up to 9 digits, then up to 3 decimals.
pub const AMOUNT_PATTERN: &str = r"^\d{1,9}(\.\d{1,3})?$";

/// The schema of a [`DecimalInput`]: a decimal string or a JSON number.
fn decimal_schema(description: &str, example: &str, nullable: bool) -> utoipa::openapi::Schema {
    use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Type};
    let mut one_of = OneOfBuilder::new()
        .description(Some(format!(
            "{description} A decimal string or a JSON number, exactly as written: at most three \
             decimals, no exponent, no separators."
        )))
        .item(ObjectBuilder::new().schema_type(Type::String).pattern(Some(AMOUNT_PATTERN)).examples([example]))
        .item(
            ObjectBuilder::new()
                .schema_type(Type::Number)
                .minimum(Some(0.0))
                .maximum(Some(999_999_999.999))
                .multiple_of(Some(0.001)),
        );
    if nullable {
        one_of = one_of.item(ObjectBuilder::new().schema_type(Type::Null));
    }
    utoipa::openapi::Schema::OneOf(one_of.build())
}

fn invoice_total_schema() -> utoipa::openapi::Schema {
    decimal_schema("LYD, at least 0.01, up to three decimals.", "12.500", false)
}

fn reward_amount_schema() -> utoipa::openapi::Schema {
    decimal_schema("LYD for cash and prize; a whole percent up to `x-discount-maximum` for discount.", "10", true)
}

fn points_rate_schema() -> utoipa::openapi::Schema {
    decimal_schema("Points per LYD: at least 0.1, in steps of 0.1.", "1.5", false)
}

fn min_purchase_schema() -> utoipa::openapi::Schema {
    decimal_schema("LYD; 0 or more. Omitted keeps the current value.", "5", false)
}

fn max_invoice_total_schema() -> utoipa::openapi::Schema {
    decimal_schema("LYD; at least 0.010. Omitted keeps the current value.", "10000.000", false)
}

fn confirm_above_schema() -> utoipa::openapi::Schema {
    decimal_schema("LYD; 0 or more. Omitted keeps the current value.", "1000.000", false)
}

fn price_schema() -> utoipa::openapi::Schema {
    decimal_schema("LYD, 0 or more (default 0).", "250.000", true)
}

impl DecimalInput {
    pub fn into_string(self) -> String {
        self.0
    }
}

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
    pub created_at: DateTime<Utc>,
    /// True while a customer who joined by the store's link has not been confirmed at the
    /// counter (`POST /customers/{id}/confirm-join`): the phone may not be theirs.
    pub unconfirmed_join: bool,
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
            loyalty_points: c.loyalty_points,
            created_at: utc(c.created_at),
            unconfirmed_join: c.unconfirmed_join,
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
pub struct CustomerDetail {
    pub customer: CustomerDto,
    pub statistics: CustomerStatistics,
}
envelope!(CustomerDetailEnvelope, CustomerDetail);

/// The customer dialog. Empty email or phone means none.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CustomerRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    /// Any common Libyan form (`0912345678`, `+218 91 234 5678`, ...) or an international number.
    pub phone: Option<String>,
    pub email: Option<String>,
    /// Editing only, and only as the current balance: balances change through
    /// `PUT /customers/{id}/points`; another value is a 422.
    pub loyalty_points: Option<i64>,
    /// Store owners: which of their stores. POS users: ignored (their own store).
    pub store_id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AddPointsRequest {
    /// A POS user adds 1 to 10,000, within the owner's daily cap for cashiers; a store owner
    /// adds or removes (negative) up to 10,000 at a time.
    pub points: i64,
    /// Optional for a POS user; required for a store owner. Up to 255 characters.
    pub reason: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CustomerSearchRequest {
    /// At least 2 characters of a name, phone or email.
    #[serde(default)]
    #[schema(required = true)]
    pub query: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct InvoiceDto {
    pub id: i64,
    pub store_id: i64,
    pub customer: PersonDto,
    /// The store's own invoice number, if one was typed.
    pub invoice_id: Option<String>,
    /// LYD, three decimals.
    pub total_cost: String,
    pub points_earned: i64,
    pub pos_user: Option<PersonDto>,
    pub created_at: DateTime<Utc>,
    /// Set when the invoice was voided: its points were taken back.
    pub voided_at: Option<DateTime<Utc>>,
    /// Why it was voided.
    pub void_reason: Option<String>,
    /// Whether the caller may void this invoice now: the store's owner any day, its cashier on
    /// the invoice's own day; false once voided. A void can still be refused when the customer
    /// has spent the points (409).
    pub can_void: bool,
}

impl From<loyalty_application::Invoice> for InvoiceDto {
    fn from(i: loyalty_application::Invoice) -> Self {
        Self {
            id: i.id,
            store_id: i.store_id,
            customer: i.customer.into(),
            invoice_id: i.invoice_number,
            total_cost: i.total.to_string(),
            points_earned: i.points_earned,
            pos_user: i.pos_user.map(Into::into),
            created_at: utc(i.created_at),
            voided_at: i.voided_at.map(utc),
            void_reason: i.void_reason,
            can_void: i.can_void,
        }
    }
}
envelope!(InvoiceEnvelope, InvoiceDto);
list_envelope!(InvoiceList, InvoiceDto);

#[derive(Debug, Deserialize, ToSchema)]
pub struct CreateInvoiceRequest {
    pub customer_id: Option<i64>,
    /// Optional; unique per store.
    pub invoice_id: Option<String>,
    /// LYD, at least 0.01, up to three decimals.
    #[schema(schema_with = invoice_total_schema, required = true)]
    pub total_cost: Option<DecimalInput>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct InvoiceCreated {
    pub invoice: InvoiceDto,
    pub points_added: i64,
    pub customer_total_points: i64,
}
envelope!(InvoiceCreatedEnvelope, InvoiceCreated);

#[derive(Debug, Serialize, ToSchema)]
pub struct RewardRefDto {
    pub id: i64,
    pub name: String,
    pub description: Option<String>,
    pub points_required: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RedemptionDto {
    pub id: i64,
    pub store_id: i64,
    pub customer: PersonDto,
    pub reward: RewardRefDto,
    pub points_spent: i64,
    pub pos_user: Option<PersonDto>,
    pub created_at: DateTime<Utc>,
}

impl From<loyalty_application::Redemption> for RedemptionDto {
    fn from(r: loyalty_application::Redemption) -> Self {
        Self {
            id: r.id,
            store_id: r.store_id,
            customer: r.customer.into(),
            reward: RewardRefDto {
                id: r.reward.id,
                name: r.reward.name,
                description: r.reward.description,
                points_required: r.reward.points_required,
            },
            points_spent: r.points_spent,
            pos_user: r.pos_user.map(Into::into),
            created_at: utc(r.created_at),
        }
    }
}
list_envelope!(RedemptionList, RedemptionDto);

#[derive(Debug, Deserialize, ToSchema)]
pub struct CreateRedemptionRequest {
    pub customer_id: Option<i64>,
    pub reward_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RedemptionDone {
    pub redemption: RedemptionDto,
    pub points_deducted: i64,
    pub customer_total_points: i64,
}
envelope!(RedemptionDoneEnvelope, RedemptionDone);

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LedgerKindDto {
    Invoice,
    Redemption,
    Manual,
    Adjustment,
    Void,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LedgerEntryDto {
    pub id: i64,
    pub kind: LedgerKindDto,
    /// Points added (positive) or taken (negative).
    pub delta: i64,
    pub balance_after: i64,
    pub reason: Option<String>,
    /// Who made the change.
    pub actor: Option<PersonDto>,
    pub invoice_id: Option<i64>,
    pub redemption_id: Option<i64>,
    pub created_at: DateTime<Utc>,
}

impl From<loyalty_application::LedgerEntry> for LedgerEntryDto {
    fn from(e: loyalty_application::LedgerEntry) -> Self {
        use loyalty_application::LedgerKind as K;
        Self {
            id: e.id,
            kind: match e.kind {
                K::Invoice => LedgerKindDto::Invoice,
                K::Redemption => LedgerKindDto::Redemption,
                K::Manual => LedgerKindDto::Manual,
                K::Adjustment => LedgerKindDto::Adjustment,
                K::Void => LedgerKindDto::Void,
            },
            delta: e.delta,
            balance_after: e.balance_after,
            reason: e.reason,
            actor: e.actor.map(Into::into),
            invoice_id: e.invoice_id,
            redemption_id: e.redemption_id,
            created_at: utc(e.created_at),
        }
    }
}
list_envelope!(LedgerList, LedgerEntryDto);

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RewardTypeDto {
    Prize,
    Discount,
    Cash,
}

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
        use loyalty_application::RewardType as T;
        Self {
            id: r.id,
            name: r.name,
            description: r.description,
            reward_type: match r.reward_type {
                T::Prize => RewardTypeDto::Prize,
                T::Discount => RewardTypeDto::Discount,
                T::Cash => RewardTypeDto::Cash,
            },
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

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ActivityType {
    Invoice,
    Redemption,
}

/// An item of the recent-activity panel: exactly one of `invoice` and `redemption` is set.
#[derive(Debug, Serialize, ToSchema)]
pub struct ActivityItem {
    #[serde(rename = "type")]
    pub activity_type: ActivityType,
    pub created_at: DateTime<Utc>,
    pub invoice: Option<InvoiceDto>,
    pub redemption: Option<RedemptionDto>,
}

impl From<loyalty_application::ActivityEvent> for ActivityItem {
    fn from(e: loyalty_application::ActivityEvent) -> Self {
        use loyalty_application::ActivityEvent as E;
        let created_at = utc(e.created_at());
        match e {
            E::Invoice(i) => {
                Self { activity_type: ActivityType::Invoice, created_at, invoice: Some(i.into()), redemption: None }
            }
            E::Redemption(r) => {
                Self { activity_type: ActivityType::Redemption, created_at, invoice: None, redemption: Some(r.into()) }
            }
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ActivityList {
    pub data: Vec<ActivityItem>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TodayCounts {
    pub invoices: i64,
    pub points_issued: i64,
    pub redemptions: i64,
}
envelope!(TodayCountsEnvelope, TodayCounts);

#[derive(Debug, Deserialize, ToSchema)]
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
    pub rewards: Vec<ClaimableRewardDto>,
}

/// Points of one phone number. An unknown number has the same shape: no stores, zero points.
#[derive(Debug, Serialize, ToSchema)]
pub struct PointsLookupDto {
    pub total_points: i64,
    pub stores: Vec<StorePointsDto>,
}
envelope!(PointsLookupEnvelope, PointsLookupDto);

impl From<loyalty_application::use_cases::public::PointsLookup> for PointsLookupDto {
    fn from(p: loyalty_application::use_cases::public::PointsLookup) -> Self {
        Self {
            total_points: p.total_points,
            stores: p
                .stores
                .into_iter()
                .map(|s| StorePointsDto {
                    store: s.store.into(),
                    points: s.points,
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
pub struct JoinStoreRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    #[serde(default)]
    #[schema(required = true)]
    pub phone: String,
    pub email: Option<String>,
}

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
pub struct StoreRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    pub address: Option<String>,
    /// Admin only: the store owner the store belongs to.
    pub store_owner_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UserListPlain {
    pub data: Vec<UserDto>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct StaffRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    #[serde(default)]
    #[schema(required = true)]
    pub email: String,
    /// Required on create; leave out (or empty) on edit to keep the current one.
    pub password: Option<String>,
    pub store_id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
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

#[derive(Debug, Serialize, ToSchema)]
pub struct RewardEnvelope {
    pub data: RewardDto,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LoyaltyConfig {
    /// Points earned per LYD spent, e.g. `"1.000"`.
    pub cost_per_point: String,
    /// LYD an invoice must reach to earn points.
    pub min_purchase: String,
    /// LYD: a sale above it is refused (422 on `total_cost`); almost always a mistyped total.
    pub max_invoice_total: String,
    /// LYD: the counter asks the cashier to confirm a total above it before sending the sale.
    pub confirm_above: String,
    /// The most points one cashier may add by hand in a day (Africa/Tripoli).
    pub cashier_daily_points: i64,
}
envelope!(LoyaltyConfigEnvelope, LoyaltyConfig);

impl From<loyalty_domain::LoyaltySettings> for LoyaltyConfig {
    fn from(s: loyalty_domain::LoyaltySettings) -> Self {
        Self {
            cost_per_point: loyalty_domain::Money::from_dirhams(s.rate.milli()).to_string(),
            min_purchase: s.minimum_purchase.to_string(),
            max_invoice_total: s.max_invoice_total.to_string(),
            confirm_above: s.confirm_above.to_string(),
            cashier_daily_points: s.cashier_daily_points,
        }
    }
}

/// The settings to change: a field left out keeps its value.
#[derive(Debug, Deserialize, ToSchema)]
pub struct LoyaltyConfigRequest {
    /// Points per LYD: at least 0.1, in steps of 0.1.
    #[schema(schema_with = points_rate_schema)]
    pub cost_per_point: Option<DecimalInput>,
    /// LYD; 0 or more.
    #[schema(schema_with = min_purchase_schema)]
    pub min_purchase: Option<DecimalInput>,
    /// LYD; at least 0.010. Default 10,000.000.
    #[schema(schema_with = max_invoice_total_schema)]
    pub max_invoice_total: Option<DecimalInput>,
    /// LYD; 0 or more (0 asks for every sale). Default 1,000.000.
    #[schema(schema_with = confirm_above_schema)]
    pub confirm_above: Option<DecimalInput>,
    /// 0 to 1,000,000 points (0: cashiers add no points by hand). Default 10,000.
    pub cashier_daily_points: Option<i64>,
}

impl LoyaltyConfigRequest {
    pub fn into_change(self) -> loyalty_domain::SettingsChange {
        loyalty_domain::SettingsChange {
            rate: self.cost_per_point.map(DecimalInput::into_string),
            minimum_purchase: self.min_purchase.map(DecimalInput::into_string),
            max_invoice_total: self.max_invoice_total.map(DecimalInput::into_string),
            confirm_above: self.confirm_above.map(DecimalInput::into_string),
            cashier_daily_points: self.cashier_daily_points,
        }
    }
}

/// What a sale would earn at the caller's counter.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SalePreviewQuery {
    /// The total typed so far, LYD (`"12.500"`).
    pub total: Option<String>,
}

/// The points a sale of `total` earns under the store's settings, from the rule the sale uses.
#[derive(Debug, Serialize, ToSchema)]
pub struct SalePreview {
    /// The total, as the server reads it.
    #[schema(example = "12.500")]
    pub total: String,
    /// Points this sale earns (0 below the minimum purchase).
    pub points: i64,
    /// Whether the counter should ask the cashier to confirm this total.
    pub needs_confirmation: bool,
    /// The store's settings the answer used.
    pub settings: LoyaltyConfig,
}
envelope!(SalePreviewEnvelope, SalePreview);

impl From<loyalty_application::SalePreview> for SalePreview {
    fn from(p: loyalty_application::SalePreview) -> Self {
        Self {
            total: p.total.to_string(),
            points: p.points,
            needs_confirmation: p.needs_confirmation,
            settings: p.settings.into(),
        }
    }
}

/// Why an invoice is voided.
#[derive(Debug, Deserialize, ToSchema)]
pub struct VoidInvoiceRequest {
    /// Required, up to 255 characters.
    #[serde(default)]
    #[schema(required = true)]
    pub reason: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
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

#[derive(Debug, Serialize, ToSchema)]
pub struct PackageSummaryDto {
    pub id: i64,
    pub name: String,
    pub store_limit: i64,
    pub duration_months: i64,
    pub price: String,
}

impl From<loyalty_application::PackageSummary> for PackageSummaryDto {
    fn from(p: loyalty_application::PackageSummary) -> Self {
        Self {
            id: p.id,
            name: p.name,
            store_limit: p.store_limit,
            duration_months: p.duration_months,
            price: p.price.to_string(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ActiveSubscription {
    pub package: PackageSummaryDto,
    pub starts_at: DateTime<Utc>,
    pub end_date: DateTime<Utc>,
    pub auto_renew: bool,
}

impl From<loyalty_application::Subscription> for ActiveSubscription {
    fn from(a: loyalty_application::Subscription) -> Self {
        Self {
            package: a.package.into(),
            starts_at: utc(a.starts_at),
            end_date: utc(a.ends_at),
            auto_renew: a.auto_renew,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SubscriptionStatusDto {
    pub has_active_subscription: bool,
    pub current_store_count: i64,
    /// Whole days until the end, rounded up; 0 without a plan.
    pub remaining_days: i64,
    pub active_subscription: Option<ActiveSubscription>,
    /// A plan bought for after the active one: it starts when the active one ends.
    pub next_subscription: Option<ActiveSubscription>,
    /// Stores the plan still allows; 0 without a plan (then "Add store" answers 409).
    pub remaining_store_slots: i64,
    /// Cashiers and rewards may be added or switched back on: false without a plan in effect
    /// (cancelled or expired), when those answer 409 `no_active_plan`. What exists keeps working.
    pub may_add_staff_and_rewards: bool,
}

impl From<loyalty_application::SubscriptionStatus> for SubscriptionStatusDto {
    fn from(s: loyalty_application::SubscriptionStatus) -> Self {
        Self {
            has_active_subscription: s.active.is_some(),
            current_store_count: s.current_store_count,
            remaining_days: s.remaining_days,
            remaining_store_slots: s.remaining_store_slots,
            may_add_staff_and_rewards: s.may_grow,
            active_subscription: s.active.map(Into::into),
            next_subscription: s.next.map(Into::into),
        }
    }
}

/// How a package for another plan than the one in effect is taken.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum PlanModeDto {
    /// After the current plan ends: no paid day is lost (the default).
    #[default]
    Queue,
    /// From now: the days left of the current plan (and of a waiting one) are given up.
    SwitchNow,
}

impl From<PlanModeDto> for loyalty_domain::plan::PlanMode {
    fn from(mode: PlanModeDto) -> Self {
        match mode {
            PlanModeDto::Queue => Self::Queue,
            PlanModeDto::SwitchNow => Self::SwitchNow,
        }
    }
}

/// What a choice does to the owner's plan.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PlanOutcomeDto {
    /// No plan in effect: the package starts now.
    Start,
    /// The plan in effect runs on from its current end.
    Extend,
    /// The plan waiting to start runs on from its end.
    ExtendNext,
    /// Another plan starts when the current one ends.
    Queue,
    /// Another plan starts now; the days left are given up.
    SwitchNow,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PlanChoiceDto {
    /// Send this `mode` to make the change.
    pub mode: PlanModeDto,
    pub outcome: PlanOutcomeDto,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    /// Paid days given up by this choice (0 unless switching now).
    pub days_given_up: i64,
}

/// What redeeming a card or assigning a package would do, before anything changes.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlanChangePreviewDto {
    pub package: PackageSummaryDto,
    pub active_subscription: Option<ActiveSubscription>,
    pub next_subscription: Option<ActiveSubscription>,
    /// One choice for a start or an extension; for another plan, `queue` (unless a plan already
    /// waits to start) and `switch_now`.
    pub choices: Vec<PlanChoiceDto>,
    pub current_store_count: i64,
    /// Stores beyond the package's limit: they keep working, but no store can be added until
    /// the count is within the limit.
    pub stores_over_limit: i64,
}

impl From<loyalty_application::PlanChangePreview> for PlanChangePreviewDto {
    fn from(p: loyalty_application::PlanChangePreview) -> Self {
        use loyalty_domain::plan::{PlanChange as C, PlanMode as M};
        let stores_over_limit = (p.store_count - p.package.store_limit).max(0);
        let choices = p
            .choices
            .into_iter()
            .map(|(mode, change)| {
                let period = change.period();
                let (outcome, days_given_up) = match change {
                    C::Start(_) => (PlanOutcomeDto::Start, 0),
                    C::ExtendCurrent(_) => (PlanOutcomeDto::Extend, 0),
                    C::ExtendNext(_) => (PlanOutcomeDto::ExtendNext, 0),
                    C::Queue(_) => (PlanOutcomeDto::Queue, 0),
                    C::SwitchNow { days_given_up, .. } => (PlanOutcomeDto::SwitchNow, days_given_up),
                };
                PlanChoiceDto {
                    mode: match mode {
                        M::Queue => PlanModeDto::Queue,
                        M::SwitchNow => PlanModeDto::SwitchNow,
                    },
                    outcome,
                    starts_at: utc(period.starts_at),
                    ends_at: utc(period.ends_at),
                    days_given_up,
                }
            })
            .collect();
        Self {
            package: p.package.into(),
            active_subscription: p.current.map(Into::into),
            next_subscription: p.next.map(Into::into),
            choices,
            current_store_count: p.store_count,
            stores_over_limit,
        }
    }
}
envelope!(PlanChangePreviewEnvelope, PlanChangePreviewDto);
envelope!(SubscriptionStatusEnvelope, SubscriptionStatusDto);

#[derive(Debug, Deserialize, ToSchema)]
pub struct RedeemCodeRequest {
    /// Trimmed; case-insensitive.
    #[serde(default)]
    #[schema(required = true)]
    pub code: String,
    /// For a card of another plan than the active one: `queue` (the default) starts it when the
    /// active plan ends; `switch_now` starts it now and gives up the days left. Ignored by the
    /// preview.
    #[serde(default)]
    pub mode: PlanModeDto,
}

/// Filters of the POS activity feed.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ActivityQuery {
    pub pos_user_id: Option<i64>,
    pub store_id: Option<i64>,
    /// `all`, `invoice`, `redemption` or `customer`.
    pub activity_type: Option<String>,
    /// `7d` (default), `30d` or `90d`; leave out and send `from`/`to` for custom dates.
    pub date_range: Option<String>,
    /// First day, `YYYY-MM-DD` (Tripoli), with no `date_range`.
    pub from: Option<String>,
    /// Last day, `YYYY-MM-DD` (Tripoli), inclusive, with no `date_range`.
    pub to: Option<String>,
    /// 1-based page number.
    #[serde(default, deserialize_with = "page_number")]
    #[param(minimum = 1)]
    pub page: Option<i64>,
    /// Items per page, 1 to 100 (default 20).
    #[serde(default, deserialize_with = "page_size")]
    #[param(minimum = 1, maximum = 100)]
    pub per_page: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ActivityGroup {
    Invoice,
    Redemption,
    Customer,
}

/// One entry of the POS activity feed. `details` hold the facts of the description
/// (`customer`, `total`, `points`, `reward`, `reason`, `invoice_number`, `source`).
#[derive(Debug, Serialize, ToSchema)]
pub struct ActivityEntryDto {
    pub id: i64,
    /// The filter group.
    #[serde(rename = "type")]
    pub activity_type: ActivityGroup,
    /// What happened, e.g. `invoice_created`, `invoice_voided`, `points_added`.
    #[schema(schema_with = activity_kind_schema)]
    pub kind: String,
    pub created_at: DateTime<Utc>,
    pub store: Option<StoreRefDto>,
    /// Who did it; none when a customer joined by itself.
    pub pos_user: Option<PersonDto>,
    pub subject_id: Option<i64>,
    pub details: std::collections::BTreeMap<String, String>,
}

/// Every kind of activity, listed in the document from the application's list.
fn activity_kind_schema() -> utoipa::openapi::Object {
    utoipa::openapi::schema::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .description(Some("What happened."))
        .enum_values(Some(loyalty_application::ActivityKind::ALL.iter().map(|k| k.as_str())))
        .build()
}

impl From<loyalty_application::ActivityRecord> for ActivityEntryDto {
    fn from(r: loyalty_application::ActivityRecord) -> Self {
        Self {
            id: r.id,
            activity_type: match r.kind.group() {
                "invoice" => ActivityGroup::Invoice,
                "redemption" => ActivityGroup::Redemption,
                _ => ActivityGroup::Customer,
            },
            kind: r.kind.as_str().to_owned(),
            created_at: utc(r.created_at),
            store: r.store.map(Into::into),
            pos_user: r.actor.map(Into::into),
            subject_id: r.subject_id,
            details: r.details.into_iter().collect(),
        }
    }
}
list_envelope!(ActivityFeed, ActivityEntryDto);

list_envelope!(UserList, UserDto);

#[derive(Debug, Deserialize, ToSchema)]
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
    /// 1-based page number.
    #[serde(default, deserialize_with = "page_number")]
    #[param(minimum = 1)]
    pub page: Option<i64>,
    /// Items per page, 1 to 100 (default 20).
    #[serde(default, deserialize_with = "page_size")]
    #[param(minimum = 1, maximum = 100)]
    pub per_page: Option<i64>,
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

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CardStatusDto {
    Available,
    Redeemed,
    Expired,
}

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
        use loyalty_application::CardStatus as S;
        Self {
            id: c.id,
            code: c.code,
            package: c.package.into(),
            status: match c.status {
                S::Available => CardStatusDto::Available,
                S::Redeemed => CardStatusDto::Redeemed,
                S::Expired => CardStatusDto::Expired,
            },
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
    /// 1-based page number.
    #[serde(default, deserialize_with = "page_number")]
    #[param(minimum = 1)]
    pub page: Option<i64>,
    /// Items per page, 1 to 100 (default 20).
    #[serde(default, deserialize_with = "page_size")]
    #[param(minimum = 1, maximum = 100)]
    pub per_page: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
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
