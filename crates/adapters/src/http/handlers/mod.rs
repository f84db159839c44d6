pub mod admin;
pub mod auth;
pub mod customers;
pub mod exports;
pub mod imports;
pub mod integrations;
pub mod meta;
pub mod owner;
pub mod public;
pub mod sales;

use actix_web::dev::Payload;
use actix_web::http::Method;
use actix_web::{web, FromRequest, Handler, HttpRequest, Responder};
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

/// The client's address as the limits see it ([`crate::http::client_address`]).
pub(crate) struct ClientAddr(pub String);

impl FromRequest for ClientAddr {
    type Error = actix_web::Error;
    type Future = std::future::Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready(Ok(ClientAddr(crate::http::client_address(req))))
    }
}
