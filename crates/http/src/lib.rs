//! actix-web routes, handlers, DTOs, the bearer-token extractor, the error table and the
//! OpenAPI document (utoipa).

pub mod access;
pub mod auth;
mod bounds;
pub mod client_addr;
mod csv_export;
pub mod csv_import;
pub mod dto;
pub mod error;
pub mod examples;
pub mod handlers;
pub mod json;
pub mod lang;
pub mod openapi;
pub mod routes;
pub mod spa;

pub use error::{ApiError, ErrorCode};
pub use lang::Lang;
pub use routes::configure;

/// Read-only facts the HTTP layer shows (demo mode, version, start time).
#[derive(Debug, Clone)]
pub struct ServerInfo {
    pub version: &'static str,
    pub demo_mode: bool,
    pub started_at: std::time::Instant,
    /// Where customers reach the web app, e.g. `https://loyalty.example.ly`; registration
    /// links in QR codes start with it.
    pub public_url: String,
    /// Origins (`https://shop.example.ly`) whose browser pages may call the API; none by default.
    pub cors_origins: Vec<String>,
    /// Proxies whose `Forwarded` / `X-Forwarded-For` name the client; none by default.
    pub trusted_proxies: client_addr::TrustedProxies,
    /// Set on SIGTERM: `/api/v1/ready` answers 503 from then on, so a balancer drains the
    /// instance before it stops accepting.
    pub stopping: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl ServerInfo {
    /// A public page of the web app under [`ServerInfo::public_url`], as a store's registration
    /// link is: `{public_url}/{page}/{token}`.
    pub fn public_link(&self, page: &str, token: &str) -> String {
        format!("{}/{page}/{token}", self.public_url.trim_end_matches('/'))
    }
}

/// The client's address as the limits and the access log see it: the peer, or behind trusted
/// proxies the client they name (empty when unknown).
pub fn client_address(req: &actix_web::HttpRequest) -> String {
    let peer = req.peer_addr().map(|a| a.ip());
    let client = match req.app_data::<actix_web::web::Data<ServerInfo>>() {
        Some(info) if !info.trusted_proxies.is_empty() => info.trusted_proxies.client(peer, req.headers()),
        _ => peer,
    };
    client.map(|a| a.to_string()).unwrap_or_default()
}
