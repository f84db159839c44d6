use std::sync::OnceLock;

use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse, ResponseError};

use super::{handlers, openapi, ApiError, ErrorCode, Lang};

/// Every `/api/v1` route; the binary adds state, middleware and the web app.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.app_data(web::QueryConfig::default().error_handler(|err, req| {
        let lang = Lang::from_request(req);
        ApiError::field(lang, "query", err.to_string()).into()
    }))
    .app_data(web::PathConfig::default().error_handler(|_, req| {
        // `PUT /customers/search` reaches `PUT /customers/{id}` with a bad id; the path exists
        // with other methods, so it is a 405 like any other method the path does not take.
        let lang = Lang::from_request(req);
        match allowed_methods(req.path(), false) {
            Some(allow) => MethodNotAllowed { lang, allow }.into(),
            None => ApiError::new(ErrorCode::NotFound, lang).into(),
        }
    }));
    handlers::auth::configure(cfg);
    handlers::meta::configure(cfg);
    handlers::stores::configure(cfg);
    handlers::staff::configure(cfg);
    handlers::rewards::configure(cfg);
    handlers::loyalty_config::configure(cfg);
    handlers::retention::configure(cfg);
    handlers::reports::configure(cfg);
    handlers::signals::configure(cfg);
    handlers::notifications::configure(cfg);
    handlers::subscriptions::configure(cfg);
    handlers::exports::configure(cfg);
    handlers::imports::configure(cfg);
    handlers::users::configure(cfg);
    handlers::packages::configure(cfg);
    handlers::plans::configure(cfg);
    handlers::cards::configure(cfg);
    handlers::analytics::configure(cfg);
    handlers::api_keys::configure(cfg);
    handlers::webhooks::configure(cfg);
    handlers::customers::configure(cfg);
    handlers::stamps::configure(cfg);
    handlers::messages::configure(cfg);
    handlers::channels::configure(cfg);
    handlers::tiers::configure(cfg);
    handlers::invoices::configure(cfg);
    handlers::redemptions::configure(cfg);
    handlers::pos::configure(cfg);
    handlers::public::configure(cfg);
    cfg.route("/api/v1/openapi.json", web::get().to(openapi_json))
        .service(web::scope("/api").default_service(web::to(api_not_found)));
}

async fn openapi_json() -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(openapi::document_json())
}

/// Unknown API paths answer JSON, not the web app; a known path with a method it does not
/// take answers 405 with the methods it does take in `Allow`.
async fn api_not_found(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let lang = Lang::from_request(&req);
    match allowed_methods(req.path(), true) {
        Some(allow) => Ok(MethodNotAllowed { lang, allow }.error_response()),
        None => Err(ApiError::new(ErrorCode::NotFound, lang)),
    }
}

/// 405 with the methods the path takes.
#[derive(Debug)]
struct MethodNotAllowed {
    lang: Lang,
    allow: String,
}

impl std::fmt::Display for MethodNotAllowed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(ErrorCode::MethodNotAllowed.code())
    }
}

impl ResponseError for MethodNotAllowed {
    fn status_code(&self) -> StatusCode {
        StatusCode::METHOD_NOT_ALLOWED
    }

    fn error_response(&self) -> HttpResponse {
        HttpResponse::MethodNotAllowed()
            .insert_header((header::ALLOW, self.allow.clone()))
            .json(ApiError::new(ErrorCode::MethodNotAllowed, self.lang).body())
    }
}

/// The documented methods of the operation path that `path` matches, as an `Allow` value: a
/// path without parameters first (`/customers/search` before `/customers/{id}`), then, with
/// `templates`, one with parameters.
fn allowed_methods(path: &str, templates: bool) -> Option<String> {
    static ROUTES: OnceLock<Vec<(Vec<String>, String)>> = OnceLock::new();
    let routes = ROUTES.get_or_init(|| {
        let doc = openapi::document();
        doc.paths
            .paths
            .iter()
            .map(|(template, item)| {
                let mut methods = Vec::new();
                for (name, op) in [
                    ("GET", &item.get),
                    ("POST", &item.post),
                    ("PUT", &item.put),
                    ("PATCH", &item.patch),
                    ("DELETE", &item.delete),
                ] {
                    if op.is_some() {
                        methods.push(name);
                    }
                }
                if item.get.is_some() {
                    methods.push("HEAD");
                }
                (template.split('/').map(str::to_owned).collect(), methods.join(", "))
            })
            .collect()
    });
    let segments: Vec<&str> = path.split('/').collect();
    let literal = routes.iter().find(|(template, _)| template.iter().eq(segments.iter()));
    let templated = || {
        routes.iter().find(|(template, _)| {
            template.len() == segments.len()
                && template.iter().zip(&segments).all(|(t, s)| (t.starts_with('{') && !s.is_empty()) || t == s)
        })
    };
    let found = if templates { literal.or_else(templated) } else { literal };
    found.map(|(_, allow)| allow.clone())
}

/// Marks every API answer `Cache-Control: no-store`, and refuses, before any handler runs, a
/// request whose path or query string carries a control
/// character (NUL among them: PostgreSQL cannot even compare text with it) or a bidirectional
/// control, with a 422 naming `path` or `query`. Tokens, ids, codes and searches never hold one.
pub async fn refuse_control_characters(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody + 'static>,
) -> Result<
    actix_web::dev::ServiceResponse<actix_web::body::EitherBody<impl actix_web::body::MessageBody>>,
    actix_web::Error,
> {
    let uri = req.uri();
    let lang = crate::Lang::from_request(req.request());
    let refusal = if has_forbidden_escape(uri.path()) {
        // No resource is named with a control character: there is nothing at that path.
        Some(crate::ApiError::new(crate::ErrorCode::NotFound, lang))
    } else if uri.query().is_some_and(has_forbidden_escape) {
        let message = loyalty_domain::Msg::TextCharactersNotAllowed;
        let text = match lang {
            crate::Lang::En => message.en(),
            crate::Lang::Ar => message.ar(),
        };
        Some(crate::ApiError::field(lang, "query", text.to_owned()))
    } else {
        None
    };
    if let Some(error) = refusal {
        let response = actix_web::ResponseError::error_response(&error);
        return Ok(req.into_response(response).map_into_right_body());
    }
    let api = req.path().starts_with("/api/");
    let mut response = next.call(req).await?;
    // API answers carry tokens and people's data: no cache keeps them unless an answer says so.
    if api && !response.headers().contains_key(header::CACHE_CONTROL) {
        response.headers_mut().insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-store"));
    }
    Ok(response.map_into_left_body())
}

/// The IETF `RateLimit-Policy` and `RateLimit` headers on every answer to a request made with an
/// API key (its limits, and what is left of the one the request counted against), the 429 of a
/// key over its limit included: `RateLimit-Policy: "reads";q=600;w=60, "writes";q=120;w=60`,
/// `RateLimit: "writes";r=119;t=1` (requests left, seconds until the whole quota is back).
pub async fn rate_limit_headers(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody + 'static>,
) -> Result<actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>, actix_web::Error> {
    use actix_web::HttpMessage;
    let mut response = next.call(req).await?;
    let rate = response.request().extensions().get::<loyalty_application::KeyRate>().cloned();
    if let Some(rate) = rate {
        let policy = format!(
            "\"reads\";q={};w=60, \"writes\";q={};w=60",
            rate.limits.reads_per_minute, rate.limits.writes_per_minute
        );
        let state = format!("\"{}\";r={};t={}", rate.policy, rate.remaining, rate.reset_secs);
        for (name, value) in [("ratelimit-policy", policy), ("ratelimit", state)] {
            if let Ok(value) = header::HeaderValue::from_str(&value) {
                response.headers_mut().insert(header::HeaderName::from_static(name), value);
            }
        }
    }
    Ok(response)
}

/// Whether a percent-encoded path or query decodes to text with a forbidden character.
fn has_forbidden_escape(raw: &str) -> bool {
    if !raw.contains('%') {
        return loyalty_domain::text::has_forbidden_characters(raw);
    }
    let bytes = raw.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        match (bytes[i], bytes.get(i + 1).copied().and_then(hex), bytes.get(i + 2).copied().and_then(hex)) {
            (b'%', Some(hi), Some(lo)) => {
                decoded.push(u8::try_from(hi * 16 + lo).unwrap_or(0));
                i += 3;
            }
            (b, _, _) => {
                decoded.push(b);
                i += 1;
            }
        }
    }
    loyalty_domain::text::has_forbidden_characters(&String::from_utf8_lossy(&decoded))
}

/// Headers every response carries.
pub fn security_headers() -> actix_web::middleware::DefaultHeaders {
    actix_web::middleware::DefaultHeaders::new()
        .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .add((header::X_FRAME_OPTIONS, "DENY"))
        .add((header::REFERRER_POLICY, "same-origin"))
        .add((
            header::CONTENT_SECURITY_POLICY,
            "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; \
             script-src 'self'; connect-src 'self'; font-src 'self' data:; object-src 'none'; \
             base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
        ))
}

#[cfg(test)]
mod tests {
    use super::{allowed_methods, has_forbidden_escape};

    #[test]
    fn control_characters_in_paths_and_queries() {
        assert!(has_forbidden_escape("/api/v1/public/stores/abc%00def"));
        assert!(has_forbidden_escape("search=%E2%80%AEx"));
        assert!(has_forbidden_escape("q=a%0Ab"));
        assert!(!has_forbidden_escape("/api/v1/public/stores/abc-DEF_1"));
        assert!(!has_forbidden_escape("search=%D9%81%D8%A7%D8%B7%D9%85%D8%A9&page=1"));
        assert!(!has_forbidden_escape("total=100%"));
    }

    #[test]
    fn allow_lists_the_documented_methods_of_the_path() {
        assert_eq!(allowed_methods("/api/v1/customers/search", false).as_deref(), Some("POST"));
        assert_eq!(allowed_methods("/api/v1/customers/12", true).as_deref(), Some("GET, PUT, PATCH, DELETE, HEAD"));
        assert_eq!(allowed_methods("/api/v1/loyalty-config", true).as_deref(), Some("GET, PUT, PATCH, HEAD"));
        // Only a path without parameters when the route's parameter failed to parse.
        assert_eq!(allowed_methods("/api/v1/customers/12", false), None);
        assert_eq!(allowed_methods("/api/v1/no-such-thing", true), None);
        assert_eq!(allowed_methods("/api/v1/customers//history", true), None);
    }
}
