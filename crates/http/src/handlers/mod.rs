//! Handlers, one module per resource as the use cases are: each module documents its
//! operations (`#[utoipa::path]`) and serves them (`configure`).

pub mod analytics;
pub mod api_keys;
pub mod auth;
pub mod cards;
pub mod customers;
pub mod exports;
pub mod imports;
pub mod invoices;
pub mod loyalty_config;
pub mod meta;
pub mod packages;
pub mod plans;
pub mod pos;
pub mod public;
pub mod redemptions;
pub mod reports;
pub mod rewards;
pub mod signals;
pub mod staff;
pub mod stores;
pub mod subscriptions;
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

/// The client's address as the limits see it ([`crate::client_address`]).
pub(crate) struct ClientAddr(pub String);

impl FromRequest for ClientAddr {
    type Error = actix_web::Error;
    type Future = std::future::Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready(Ok(ClientAddr(crate::client_address(req))))
    }
}

/// 201, marked `Idempotent-Replayed: true` when it repeats an earlier request's answer.
pub(super) fn created(replayed: bool) -> actix_web::HttpResponseBuilder {
    let mut response = HttpResponse::Created();
    if replayed {
        response.insert_header(("Idempotent-Replayed", "true"));
    }
    response
}

pub(super) fn idempotency_key(req: &HttpRequest) -> Option<String> {
    req.headers().get("idempotency-key").and_then(|v| v.to_str().ok()).map(str::to_owned)
}
