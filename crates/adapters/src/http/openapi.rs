use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi};

use super::handlers;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Loyalty platform API",
        description = "Loyalty points and store management for merchants in Libya (LYD). \
            JSON in and out. Money is a decimal string with three places (\"12.500\"); points are \
            integers; times are RFC 3339 UTC. Errors are `{message, code, errors}`; messages follow \
            `Accept-Language` (`ar` or `en`).",
    ),
    modifiers(&BearerAuth),
    tags(
        (name = "auth", description = "Sign-in, registration and the current user"),
        (name = "meta", description = "Server facts and health"),
        (name = "customers", description = "A store's customers, their points and history"),
        (name = "sales", description = "Invoices, redemptions and the POS dashboard"),
        (name = "admin", description = "The platform: users, stores, packages, plans, redemption cards, overview, analytics"),
        (name = "owner", description = "A store owner's stores, staff, rewards, settings, QR codes and plan"),
        (name = "public", description = "Without signing in: points lookup and joining a store"),
    )
)]
struct RootApi;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(Http::builder().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()),
        );
    }
}

/// The whole document: each route module contributes its own part.
pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = RootApi::openapi();
    doc.merge(handlers::auth::AuthApi::openapi());
    doc.merge(handlers::meta::MetaApi::openapi());
    doc.merge(handlers::customers::CustomersApi::openapi());
    doc.merge(handlers::sales::SalesApi::openapi());
    doc.merge(handlers::public::PublicApi::openapi());
    doc.merge(handlers::owner::OwnerApi::openapi());
    doc.merge(handlers::admin::AdminApi::openapi());
    doc.info.version = env!("CARGO_PKG_VERSION").to_owned();
    doc
}

/// The document as committed in `openapi/openapi.json`.
pub fn document_json() -> String {
    let mut json = document().to_pretty_json().unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    json.push('\n');
    json
}
