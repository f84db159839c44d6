//! The bearer-token extractor and the bridge from async handlers to blocking use cases.

use std::future::Future;
use std::pin::Pin;

use actix_web::{dev::Payload, http::header, web, FromRequest, HttpRequest};
use loyalty_application::use_cases::auth;
use loyalty_application::{Actor, AppError, Services, User};

use super::{ApiError, ErrorCode, Lang};

/// Runs a use case on the blocking pool (diesel and argon2 block) and renders its error in
/// the caller's language.
pub async fn blocking<T, F>(lang: Lang, work: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce() -> Result<T, AppError> + Send + 'static,
{
    match web::block(work).await {
        Ok(result) => result.map_err(|e| ApiError::from_app(e, lang)),
        Err(_) => Err(ApiError::new(ErrorCode::ServiceUnavailable, lang)),
    }
}

/// The signed-in caller: 401 unless the request carries a live bearer token.
#[derive(Debug, Clone)]
pub struct Authenticated {
    pub actor: Actor,
    pub user: User,
    pub lang: Lang,
}

/// The token of an `Authorization: Bearer <token>` header.
pub fn bearer_token(req: &HttpRequest) -> Option<String> {
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.trim().split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then(|| token.to_owned())
}

impl FromRequest for Authenticated {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let lang = Lang::from_request(req);
        let services = req.app_data::<web::Data<Services>>().cloned();
        let token = bearer_token(req);
        Box::pin(async move {
            let services = services.ok_or_else(|| ApiError::new(ErrorCode::InternalError, lang))?;
            let token = token.ok_or_else(|| ApiError::new(ErrorCode::Unauthenticated, lang))?;
            let (actor, user) = blocking(lang, move || auth::authenticate(&services, &token)).await?;
            Ok(Authenticated { actor, user, lang })
        })
    }
}
