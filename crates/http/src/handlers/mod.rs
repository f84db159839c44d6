//! Handlers, one module per resource as the use cases are: each module documents its
//! operations (`#[utoipa::path]`) and serves them (`configure`).

pub mod analytics;
pub mod api_keys;
pub mod auth;
pub mod cards;
pub mod channels;
pub mod customers;
pub mod exports;
pub mod imports;
pub mod invoices;
pub mod loyalty_config;
pub mod messages;
pub mod meta;
pub mod notifications;
pub mod packages;
pub mod plans;
pub mod pos;
pub mod public;
pub mod redemptions;
pub mod reports;
pub mod retention;
pub mod rewards;
pub mod signals;
pub mod staff;
pub mod stamps;
pub mod stores;
pub mod subscriptions;
pub mod tiers;
pub mod users;
pub mod webhooks;

use actix_web::dev::Payload;
use actix_web::http::Method;
use actix_web::{web, FromRequest, Handler, HttpRequest, HttpResponse, Responder};
use utoipa::openapi::path::HttpMethod;

/// Serves `handler` at the path and methods of its `#[utoipa::path]` (`P`, the struct the
/// attribute generates), so each path and method is written once, where it is documented, and
/// no route can be served undocumented or documented unserved.
pub(crate) fn route<P, F, Args>(cfg: &mut web::ServiceConfig, handler: F)
where
    P: utoipa::Path,
    F: Handler<Args> + Clone,
    Args: FromRequest + 'static,
    F::Output: Responder + 'static,
{
    for method in P::methods().into_iter().map(actix_method) {
        #[cfg(test)]
        SERVED.with(|served| served.borrow_mut().push((method.as_str().to_lowercase(), P::path())));
        cfg.route(&P::path(), web::method(method).to(handler.clone()));
    }
}

#[cfg(test)]
thread_local! {
    /// What [`route`] served on this thread, as `(method, path)`, for the test that the served
    /// routes are the documented operations.
    pub(crate) static SERVED: std::cell::RefCell<Vec<(String, String)>> = const { std::cell::RefCell::new(Vec::new()) };
}

fn actix_method(method: HttpMethod) -> Method {
    match method {
        HttpMethod::Get => Method::GET,
        HttpMethod::Post => Method::POST,
        HttpMethod::Put => Method::PUT,
        HttpMethod::Delete => Method::DELETE,
        HttpMethod::Options => Method::OPTIONS,
        HttpMethod::Head => Method::HEAD,
        HttpMethod::Patch => Method::PATCH,
        HttpMethod::Trace => Method::TRACE,
    }
}

/// A caller who has not signed in (signing in, registering, the public pages): the services,
/// the client's address as the limits see it ([`crate::client_address`]) and the language.
#[derive(Clone)]
pub(crate) struct Visitor {
    services: web::Data<loyalty_application::Services>,
    client: String,
    lang: crate::Lang,
}

impl Visitor {
    pub(crate) fn services(&self) -> web::Data<loyalty_application::Services> {
        self.services.clone()
    }

    pub(crate) fn lang(&self) -> crate::Lang {
        self.lang
    }

    /// Runs the visitor's use case on the blocking pool, its error in the visitor's language.
    pub(crate) async fn run<T, F>(self, work: F) -> Result<T, crate::ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&loyalty_application::Services, String) -> Result<T, loyalty_application::AppError> + Send + 'static,
    {
        let Visitor { services, client, lang } = self;
        crate::auth::blocking(lang, move || work(&services, client)).await
    }

    /// Runs a read-only use case as [`crate::auth::read_only`] does.
    pub(crate) async fn read<T, F>(self, work: F) -> Result<T, crate::ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&loyalty_application::Services, String) -> Result<T, loyalty_application::AppError> + Send + 'static,
    {
        let Visitor { services, client, lang } = self;
        let reader = services.clone();
        crate::auth::read_only(&reader, lang, move || work(&services, client)).await
    }
}

impl FromRequest for Visitor {
    type Error = actix_web::Error;
    type Future = std::future::Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        std::future::ready((|| {
            Ok(Visitor {
                services: web::Data::<loyalty_application::Services>::from_request(req, payload).into_inner()?,
                client: crate::client_address(req),
                lang: crate::Lang::from_request(req),
            })
        })())
    }
}

/// A full replacement (`PUT`) erases what it leaves out, so its body names each field it would
/// erase (`null` to clear it): `named` pairs each such field with whether the body had it. A body
/// leaving any out is a 422 `field_required_to_replace` naming each.
pub(super) fn named_to_replace(named: &[(&'static str, bool)], lang: crate::Lang) -> Result<(), crate::ApiError> {
    let mut missing = loyalty_domain::FieldErrors::new();
    for (field, present) in named {
        if !present {
            missing.add(field, loyalty_domain::Msg::FieldRequiredToReplace);
        }
    }
    missing.into_result().map_err(|e| crate::ApiError::from_app(e.into(), lang))
}

/// 201, marked `Idempotent-Replayed: true` when it repeats an earlier request's answer.
pub(super) fn created(replayed: bool) -> actix_web::HttpResponseBuilder {
    let mut response = HttpResponse::Created();
    if replayed {
        response.insert_header(("Idempotent-Replayed", "true"));
    }
    response
}

/// The `Idempotency-Key` header as sent (bytes outside UTF-8 replaced), for the application to
/// validate: a malformed key is refused, never taken for no key.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Header)]
pub(crate) struct IdempotencyKey {
    /// Makes retries safe: 1 to 255 visible ASCII characters, no spaces (a malformed key is a 422 under `errors.Idempotency-Key`). A retry with the same key and body answers what the first request answered, with `Idempotent-Replayed: true`, and changes nothing; the same key with another body is a 409 `idempotency_key_reused`. Keys are kept for 24 hours.
    #[param(rename = "Idempotency-Key")]
    key: Option<String>,
}

impl IdempotencyKey {
    pub(crate) fn into_inner(self) -> Option<String> {
        self.key
    }
}

impl FromRequest for IdempotencyKey {
    type Error = actix_web::Error;
    type Future = std::future::Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let key = req.headers().get("idempotency-key").map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
        std::future::ready(Ok(IdempotencyKey { key }))
    }
}

/// A synced list's query as its handler receives it: the page, the narrowing and the sync
/// cursor (`params(PageQuery, ListQuery, SyncQuery)` in its document). The cursor is read inside
/// the use case's run, after the caller is authorized, so a bad cursor never answers before a 403.
pub(crate) struct Listing {
    page: crate::dto::PageQuery,
    list: crate::dto::ListQuery,
    sync: crate::dto::SyncQuery,
}

impl Listing {
    /// The page asked for, with the sync cursor when there is one.
    pub(crate) fn page(&self) -> Result<loyalty_application::PageRequest, loyalty_application::AppError> {
        Ok(self.page.page_request().with_sync(self.sync.sync()?))
    }

    /// The search text and the store the list is narrowed to.
    pub(crate) fn narrowing(self) -> (Option<String>, Option<i64>) {
        (self.list.search, self.list.store_id)
    }

    /// A sales list (invoices or redemptions): of one customer, or of the store asked for.
    pub(crate) fn sales(
        self,
        customer_id: Option<i64>,
    ) -> Result<loyalty_application::use_cases::customers::SalesQuery, loyalty_application::AppError> {
        let page = self.page()?;
        let store_id = if customer_id.is_some() { None } else { self.list.store_id };
        Ok(loyalty_application::use_cases::customers::SalesQuery { customer_id, store_id, page })
    }
}

impl FromRequest for Listing {
    type Error = actix_web::Error;
    type Future = std::future::Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        fn query<T: serde::de::DeserializeOwned>(
            req: &HttpRequest,
            payload: &mut Payload,
        ) -> Result<T, actix_web::Error> {
            Ok(web::Query::<T>::from_request(req, payload).into_inner()?.into_inner())
        }
        std::future::ready((|| {
            Ok(Listing { page: query(req, payload)?, list: query(req, payload)?, sync: query(req, payload)? })
        })())
    }
}
