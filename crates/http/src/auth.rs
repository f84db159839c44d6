//! The bearer-token extractor and the bridge from async handlers to blocking use cases.

use std::future::Future;
use std::pin::Pin;

use actix_web::{dev::Payload, http::header, web, FromRequest, HttpMessage, HttpRequest};
use loyalty_application::ports::as_caller;
use loyalty_application::use_cases::{api_keys, auth};
use loyalty_application::{Actor, AppError, Services, User};

use super::{access, ApiError, ErrorCode, Lang};

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

/// Runs a read-only use case (one `Read` or `SingleRead` transaction, no argon2) on this
/// thread when the database can start it at once ([`Database::read_now`]: SQLite with a free
/// connection), else on the blocking pool as [`blocking`] does.
///
/// [`Database::read_now`]: loyalty_application::ports::Database::read_now
pub async fn read_only<T, F>(services: &Services, lang: Lang, work: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce() -> Result<T, AppError> + Send + 'static,
{
    let mut work = Some(work);
    let mut answer = None;
    services.db.read_now(&mut || answer = work.take().map(|work| work()));
    match (answer, work) {
        (Some(answer), _) => answer.map_err(|e| ApiError::from_app(e, lang)),
        (None, Some(work)) => blocking(lang, work).await,
        (None, None) => Err(ApiError::new(ErrorCode::InternalError, lang)),
    }
}

/// The signed-in caller: 401 unless the request carries a live bearer token or API key; 403
/// unless the application's table lets the caller call the route's operation.
#[derive(Clone)]
pub struct Authenticated {
    pub actor: Actor,
    pub user: User,
    pub lang: Lang,
    pub services: web::Data<Services>,
}

impl Authenticated {
    /// Runs the caller's use case on the blocking pool and renders its error in the caller's
    /// language.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Services, &Actor) -> Result<T, AppError> + Send + 'static,
    {
        let (services, actor) = (self.services.clone(), self.actor.clone());
        // The caller's committed writes are noted, so its next replica reads see them.
        blocking(self.lang, move || as_caller(actor.user_id, || work(&services, &actor))).await
    }

    /// Runs a read-only use case as [`read_only`] does.
    pub async fn read<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Services, &Actor) -> Result<T, AppError> + Send + 'static,
    {
        let (services, actor) = (self.services.clone(), self.actor.clone());
        read_only(&self.services, self.lang, move || as_caller(actor.user_id, || work(&services, &actor))).await
    }
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
        let (method, path) = (req.method().clone(), req.match_pattern());
        let req = req.clone();
        Box::pin(async move {
            let services = services.ok_or_else(|| ApiError::new(ErrorCode::InternalError, lang))?;
            let token = token.ok_or_else(|| ApiError::new(ErrorCode::Unauthenticated, lang))?;
            let checker = services.clone();
            let (actor, user) = if api_keys::is_key_secret(&token) {
                // A key's request counts against its limit before anything else is asked of it.
                let write = !matches!(method, actix_web::http::Method::GET | actix_web::http::Method::HEAD);
                let (actor, user, rate) = blocking(lang, move || {
                    let (actor, user) = api_keys::authenticate(&checker, &token)?;
                    let rate = api_keys::take_request(&checker, &actor, write);
                    Ok((actor, user, rate))
                })
                .await?;
                if let Some(rate) = rate {
                    // Every answer to the request says how the key stands (`rate_limit_headers`).
                    req.extensions_mut().insert(rate.clone());
                    if let Some(wait) = rate.refused_for {
                        let mut refused = ApiError::new(ErrorCode::RateLimited, lang);
                        refused.retry_after_secs = Some(wait);
                        return Err(refused);
                    }
                }
                (actor, user)
            } else {
                read_only(&services, lang, move || auth::authenticate(&checker, &token)).await?
            };
            // Who may call the operation is the application's to say (its one table); a route
            // the table does not know is refused.
            let operation = path.and_then(|path| access::operation_of(&method, &path));
            match operation.map(|operation| actor.authorize(operation)) {
                Some(Ok(())) => Ok(Authenticated { actor, user, lang, services }),
                Some(Err(e)) => Err(ApiError::from_app(e, lang)),
                None => Err(ApiError::new(ErrorCode::Forbidden, lang)),
            }
        })
    }
}
