use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};

use super::{handlers, openapi, ApiError, ErrorCode, Lang};

/// Every `/api/v1` route; the binary adds state, middleware and the web app.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.app_data(web::QueryConfig::default().error_handler(|err, req| {
        let lang = Lang::from_request(req);
        ApiError::field(lang, "query", err.to_string()).into()
    }))
    .app_data(
        web::PathConfig::default()
            .error_handler(|_, req| ApiError::new(ErrorCode::NotFound, Lang::from_request(req)).into()),
    );
    handlers::auth::configure(cfg);
    handlers::meta::configure(cfg);
    // Before customers: `/customers/store-owner-overview` must win over `/customers/{id}`.
    handlers::owner::configure(cfg);
    handlers::admin::configure(cfg);
    handlers::customers::configure(cfg);
    handlers::sales::configure(cfg);
    handlers::public::configure(cfg);
    cfg.route("/api/v1/openapi.json", web::get().to(openapi_json))
        .service(web::scope("/api").default_service(web::to(api_not_found)));
}

async fn openapi_json() -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(openapi::document_json())
}

/// Unknown API paths answer JSON, not the web app.
async fn api_not_found(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    Err(ApiError::new(ErrorCode::NotFound, Lang::from_request(&req)))
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
