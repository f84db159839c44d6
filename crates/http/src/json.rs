//! The JSON body extractor: a size cap, a time limit, and 422s that name the field.

use std::future::Future;
use std::pin::Pin;

use actix_web::{dev::Payload, http::header, web, FromRequest, HttpRequest};
use serde::de::DeserializeOwned;

use super::{ApiError, ErrorCode, Lang};

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

pub(crate) fn parse_json<T: DeserializeOwned>(bytes: &[u8], lang: Lang) -> Result<T, ApiError> {
    if let Some(field) = control_character_field(bytes) {
        let message = loyalty_domain::Msg::TextCharactersNotAllowed;
        let text = match lang {
            Lang::En => message.en(),
            Lang::Ar => message.ar(),
        };
        return Err(ApiError::field(lang, &field, text.to_owned()));
    }
    // Every body is an object: serde would read a struct from an array too (`[null, null]` as
    // its fields in order), which no client means.
    if bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'[') {
        let message = match lang {
            Lang::En => "This value has the wrong type or format.",
            Lang::Ar => "نوع هذه القيمة أو صيغتها غير صحيحة.",
        };
        return Err(ApiError::field(lang, "body", message.to_owned()));
    }
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        if !inner.is_data() {
            return ApiError::new(ErrorCode::InvalidJson, lang);
        }
        let text = inner.to_string();
        // A field the body's type does not have (`deny_unknown_fields`): refused, naming it,
        // so a typo in a field's name never passes as "left out".
        if let Some(name) = text.strip_prefix("unknown field `").and_then(|rest| rest.split('`').next()) {
            // serde_path_to_error's path already ends with the unknown field's name.
            let field = if path == "." || path.is_empty() { name.to_owned() } else { path };
            let msg = loyalty_domain::Msg::FieldUnknown;
            let mut error =
                ApiError::field(lang, &field, if lang == Lang::Ar { msg.ar() } else { msg.en() }.to_owned());
            error.codes.insert(field, vec![msg.code()]);
            return error;
        }
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
    use serde::Deserialize;

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
    fn unknown_fields_are_refused_by_name() {
        #[derive(Debug, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct Strict {
            name: String,
        }
        let err = parse_json::<Strict>(br#"{"name": "x", "nmae": "y"}"#, Lang::En).err();
        let (errors, codes) = err.map(|e| (e.errors, e.codes)).unwrap_or_default();
        assert_eq!(errors.get("nmae").map(|m| m[0].as_str()), Some("This field is not known: check its name."));
        assert_eq!(codes.get("nmae"), Some(&vec!["field_unknown"]));
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
