//! What goes over the wire. Money is a decimal string with three places, times RFC 3339 UTC.

use std::future::Future;
use std::pin::Pin;

use actix_web::{dev::Payload, http::header, web, FromRequest, HttpRequest};
use chrono::{DateTime, NaiveDateTime, Utc};
use loyalty_application::{StoreRef, User};
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
    #[schema(example = "owner@demo.ly")]
    pub email: String,
    #[serde(default)]
    #[schema(example = "demo1234")]
    pub password: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RegisterRequest {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub email: String,
    /// At least 8 characters.
    #[serde(default)]
    pub password: String,
    #[serde(default)]
    pub store_owner_name: String,
}

/// A signed-in session.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuthSession {
    /// Send as `Authorization: Bearer <token>`.
    pub token: String,
    #[schema(example = "Bearer")]
    pub token_type: &'static str,
    pub expires_at: DateTime<Utc>,
    pub user: UserDto,
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
    /// `ok` or `degraded`.
    pub status: String,
    pub version: String,
    pub uptime_seconds: u64,
    pub database: DatabaseHealth,
}
envelope!(HealthEnvelope, Health);

/// Largest JSON body any endpoint takes.
pub const JSON_LIMIT: usize = 64 * 1024;

/// A JSON body, read with a size cap and parsed so that a wrong type or a missing field is a
/// 422 naming the field, bad JSON a 400, a wrong content type 415 and a huge body 413.
pub struct ValidJson<T>(pub T);

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
            let bytes = body.await.map_err(|e| {
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

#[cfg(test)]
mod tests {
    use super::*;

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
