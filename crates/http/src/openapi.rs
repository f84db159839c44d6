use utoipa::openapi::path::{Operation, ParameterIn};
use utoipa::openapi::response::ResponseBuilder;
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::openapi::{ContentBuilder, Ref, RefOr};
use utoipa::{Modify, OpenApi};

use super::handlers;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Loyalty platform API",
        description = "Loyalty points and store management for merchants in Libya (LYD). \
            JSON in and out. Money is a decimal string with three places (\"12.500\"); points are \
            integers; times are RFC 3339 UTC. Errors are `{message, code, errors, details}`, all \
            four always there; messages follow `Accept-Language` (`ar` or `en`). Requests made with \
            an API key are limited per key (reads and writes per minute, `rate_limits` on the key): \
            every answer to one carries the IETF `RateLimit-Policy` and `RateLimit` headers, and \
            one past a limit is a 429 with `Retry-After`. Changes: `CHANGELOG.md`, one entry per \
            `info.version`.",
        license(name = "Proprietary", identifier = "LicenseRef-Proprietary"),
        contact(name = "Loyalty platform support", url = "https://loyalty.example.ly/about", email = "support@loyalty.example.ly"),
    ),
    servers((url = "/", description = "The server that serves this document (its paths start with /api/v1)")),
    modifiers(&BearerAuth),
    tags(
        (name = "auth", description = "Sign-in, registration and the current user"),
        (name = "meta", description = "Server facts and health"),
        (name = "customers", description = "A store's customers, their points and history"),
        (name = "sales", description = "Invoices, redemptions and the POS dashboard"),
        (name = "admin", description = "The platform: users, stores, packages, plans, redemption cards, overview, analytics"),
        (name = "owner", description = "A store owner's stores, staff, rewards, settings, QR codes and plan"),
        (name = "public", description = "Without signing in: points lookup and joining a store"),
        (name = "integrations", description = "A store owner's API keys and webhooks for integrations (web shops, ERPs, accounting tools)"),
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
    doc.merge(handlers::stores::StoresApi::openapi());
    doc.merge(handlers::staff::StaffApi::openapi());
    doc.merge(handlers::rewards::RewardsApi::openapi());
    doc.merge(handlers::loyalty_config::LoyaltyConfigApi::openapi());
    doc.merge(handlers::retention::RetentionApi::openapi());
    doc.merge(handlers::reports::ReportsApi::openapi());
    doc.merge(handlers::signals::SignalsApi::openapi());
    doc.merge(handlers::notifications::NotificationsApi::openapi());
    doc.merge(handlers::subscriptions::SubscriptionsApi::openapi());
    doc.merge(handlers::exports::ExportsApi::openapi());
    doc.merge(handlers::imports::ImportsApi::openapi());
    doc.merge(handlers::users::UsersApi::openapi());
    doc.merge(handlers::packages::PackagesApi::openapi());
    doc.merge(handlers::plans::PlansApi::openapi());
    doc.merge(handlers::cards::CardsApi::openapi());
    doc.merge(handlers::analytics::AnalyticsApi::openapi());
    doc.merge(handlers::api_keys::ApiKeysApi::openapi());
    doc.merge(handlers::webhooks::WebhooksApi::openapi());
    doc.merge(handlers::customers::CustomersApi::openapi());
    doc.merge(handlers::stamps::StampsApi::openapi());
    doc.merge(handlers::messages::MessagesApi::openapi());
    doc.merge(handlers::channels::ChannelsApi::openapi());
    doc.merge(handlers::tiers::TiersApi::openapi());
    doc.merge(handlers::invoices::InvoicesApi::openapi());
    doc.merge(handlers::redemptions::RedemptionsApi::openapi());
    doc.merge(handlers::pos::PosApi::openapi());
    doc.merge(handlers::public::PublicApi::openapi());
    super::bounds::PublishedBounds.modify(&mut doc);
    super::access::document(&mut doc);
    document_edge_errors(&mut doc);
    say_public_operations_are_public(&mut doc);
    summarise_operations(&mut doc);
    document_webhooks(&mut doc);
    doc.info.version = CONTRACT_VERSION.to_owned();
    doc
}

/// The contract's version (`info.version`): bumped with every change of the document, each
/// version with its entry in `CHANGELOG.md`. `openapi/openapi.stamp` holds the version and the
/// fingerprint of the document it was given to ([`next_stamp`]), so a change that keeps the
/// version fails the contract test.
pub const CONTRACT_VERSION: &str = "0.2.0";

/// SHA-256 (hex) of the document as served, its `info.version` left out: what changes when the
/// contract does.
pub fn fingerprint() -> String {
    let mut doc = document();
    doc.info.version = String::new();
    // Through a `Value` (its maps are sorted): utoipa keeps a field's extensions in a HashMap, so
    // the document's own text orders two extensions differently from one run to the next.
    let text = serde_json::to_value(&doc).map(|value| value.to_string()).unwrap_or_default();
    hmac_sha256::Hash::hash(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// The stamp for the document now (`<version> <fingerprint>`), given the stamp it had: refused
/// when the document changed and the version did not.
pub fn next_stamp(previous: &str) -> Result<String, String> {
    let (version, print) = (CONTRACT_VERSION, fingerprint());
    let stamp = format!("{version} {print}\n");
    let mut old = previous.split_whitespace();
    match (old.next(), old.next()) {
        (Some(v), Some(p)) if v == version && p != print => Err(format!(
            "the contract changed but info.version is still {version}: bump CONTRACT_VERSION \
             (crates/http/src/openapi.rs) and add its entry to CHANGELOG.md"
        )),
        _ => Ok(stamp),
    }
}

/// An operation without a security requirement says so with `security: []`, so a client (and
/// a linter) knows it is public on purpose rather than undocumented.
fn say_public_operations_are_public(doc: &mut utoipa::openapi::OpenApi) {
    for item in doc.paths.paths.values_mut() {
        let ops = [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch];
        for op in ops.into_iter().flatten() {
            op.security.get_or_insert_with(Vec::new);
        }
    }
}

/// Every operation gets a one-line summary and a description: the summary is the first sentence
/// of its doc comment, the description the whole comment (utoipa puts a comment's first paragraph
/// in `summary` and the rest, if any, in `description`).
fn summarise_operations(doc: &mut utoipa::openapi::OpenApi) {
    for item in doc.paths.paths.values_mut() {
        let ops = [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch];
        for op in ops.into_iter().flatten() {
            let Some(text) = op.summary.clone() else { continue };
            let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
            let first = match text.find(". ") {
                Some(end) => text[..end].to_owned(),
                None => text.trim_end_matches('.').to_owned(),
            };
            op.description = Some(match op.description.take() {
                Some(rest) => format!("{text}\n\n{rest}"),
                None => text.clone(),
            });
            op.summary = Some(first);
        }
    }
}

/// The events the server sends to an owner's endpoints, as an OpenAPI 3.1 `webhooks` entry, so
/// a generated client has the `WebhookEvent` type and the headers are documented.
fn document_webhooks(doc: &mut utoipa::openapi::OpenApi) {
    let receive = serde_json::json!({
        "post": {
            "operationId": "receive_event",
            "tags": ["integrations"],
            "summary": "An event, sent to each endpoint that takes its type",
            "description": "Sent as a `POST` to the endpoint's URL when something happens in the owner's stores \
                (the event is written with the change itself, and sent at least once). Check the signature \
                over the raw body, de-duplicate by `id`, and answer 2xx within 10 seconds; any other answer \
                is tried again with backoff (30 s, doubling to 6 hours apart) for 72 hours.",
            "security": [],
            "parameters": [
                {
                    "name": "X-Loyalty-Event-Id",
                    "in": "header",
                    "required": true,
                    "description": "The event's id, the same on every attempt: de-duplicate by it.",
                    "schema": {"type": "string", "example": "evt_1a2b3c4d5e6f708192a3b4c5d6e7f809"}
                },
                {
                    "name": "X-Loyalty-Signature",
                    "in": "header",
                    "required": true,
                    "description": "`t=<unix seconds>,v1=<hex HMAC-SHA256 of \"<t>.<raw body>\" keyed with the endpoint's secret>`.",
                    "schema": {"type": "string", "example": "t=1764000000,v1=c89214b5b5da833daed6f0b8c5bb6bd58cea9022bd80ccc78230f3942d632925"}
                }
            ],
            "requestBody": {
                "required": true,
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/WebhookEvent"}}}
            },
            "responses": {
                "200": {"description": "Received; any 2xx will do"},
                "400": {"description": "Not accepted (a bad signature, say): it is tried again later"}
            }
        }
    });
    let webhooks = serde_json::json!({ "loyaltyEvent": receive });
    let extensions = doc.extensions.get_or_insert_with(Default::default);
    extensions.merge(utoipa::openapi::extensions::Extensions::from_iter([("webhooks", webhooks)]));
}

/// The document as committed in `openapi/openapi.json`.
/// The document as committed in `openapi/openapi.json`, with an example for every request body
/// and every 2xx and 4xx answer (composed at the JSON level: [`super::examples`]).
pub fn document_json() -> String {
    let mut json = match serde_json::to_value(document()) {
        Ok(mut value) => {
            super::examples::add(&mut value);
            serde_json::to_string_pretty(&value).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
        }
        Err(e) => format!("{{\"error\": \"{e}\"}}"),
    };
    json.push('\n');
    json
}

/// Paths that answer without the database.
const NO_DATABASE: &[&str] = &["/api/v1/meta", "/api/v1/health", "/api/v1/ready"];

/// The answers every operation can give before or beside its handler's own: no valid session on
/// a secured operation (401), a body that is not JSON (400), too large (413), not `application/json` (415) or of the wrong shape (422); a query
/// or path parameter of the wrong type (422 / 404); the database unreachable (503). Documented
/// here once so that every operation lists them, and left as they are where a handler already
/// describes them more precisely.
fn document_edge_errors(doc: &mut utoipa::openapi::OpenApi) {
    for (path, item) in doc.paths.paths.iter_mut() {
        let uses_database = !NO_DATABASE.contains(&path.as_str());
        let ops = [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch];
        for op in ops.into_iter().flatten() {
            add_edge_errors(op, uses_database);
        }
    }
}

fn add_edge_errors(op: &mut Operation, uses_database: bool) {
    let has_param = |place: ParameterIn| {
        op.parameters
            .iter()
            .flatten()
            .any(|p| std::mem::discriminant(&p.parameter_in) == std::mem::discriminant(&place))
    };
    let (query, path) = (has_param(ParameterIn::Query), has_param(ParameterIn::Path));
    let mut wanted: Vec<(&str, &str)> = Vec::new();
    let signed_in = op
        .security
        .iter()
        .flatten()
        .any(|requirement| serde_json::to_value(requirement).is_ok_and(|v| v.get("bearer").is_some()));
    if signed_in {
        wanted.push(("401", "Not signed in"));
        wanted.push(("403", "Not allowed: the caller's role, or an API key without this operation"));
    }
    if op.request_body.is_some() {
        wanted.push(("400", "The body is not valid JSON"));
        wanted.push(("408", "The body stopped arriving (10 s)"));
        wanted.push(("413", "The body is larger than 64 KiB"));
        wanted.push(("415", "The body is not `application/json`"));
        wanted.push(("422", "A field is missing or has the wrong type or value"));
    }
    if query {
        wanted.push(("422", "A query parameter has the wrong type or value"));
    }
    if path {
        wanted.push(("404", "Not found, or a path parameter of the wrong type"));
    }
    if uses_database {
        wanted.push(("503", "The database is unreachable; try again after `Retry-After` seconds"));
    }
    for (status, description) in wanted {
        op.responses.responses.entry(status.to_owned()).or_insert_with(|| error_response(description));
    }
    let keyed = op
        .security
        .iter()
        .flatten()
        .any(|requirement| serde_json::to_value(requirement).is_ok_and(|v| v.get("apiKey").is_some()));
    if keyed {
        op.responses.responses.entry("429".to_owned()).or_insert_with(key_limited_response);
    }
}

/// A key past its reads or writes a minute: the 429 every operation open to keys may answer,
/// with the headers it carries.
fn key_limited_response() -> RefOr<utoipa::openapi::Response> {
    let content = ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build();
    let header = |description: &str, schema: utoipa::openapi::Object| {
        let mut header = utoipa::openapi::header::Header::new(schema);
        header.description = Some(description.to_owned());
        header
    };
    let seconds = utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::Integer)
        .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(utoipa::openapi::KnownFormat::Int64)))
        .minimum(Some(0))
        .build();
    let text = || utoipa::openapi::ObjectBuilder::new().schema_type(utoipa::openapi::schema::Type::String).build();
    RefOr::T(
        ResponseBuilder::new()
            .description(
                "The API key is past its reads or writes a minute (`rate_limits` on the key); try again \
                 after `Retry-After` seconds",
            )
            .content("application/json", content)
            .header("Retry-After", header("Seconds to wait before trying again", seconds))
            .header(
                "RateLimit-Policy",
                header(
                    "The key's quotas: `\"reads\";q=600;w=60, \"writes\";q=120;w=60` (on every keyed answer)",
                    text(),
                ),
            )
            .header(
                "RateLimit",
                header(
                    "How the key stands: `\"writes\";r=0;t=1`, the requests left now and the seconds until \
                     the whole quota is back (on every keyed answer)",
                    text(),
                ),
            )
            .build(),
    )
}

fn error_response(description: &str) -> RefOr<utoipa::openapi::Response> {
    let content = ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build();
    RefOr::T(ResponseBuilder::new().description(description).content("application/json", content).build())
}

#[cfg(test)]
mod tests {
    /// The stamp's fingerprint is the same however the document's maps happen to be ordered (CI
    /// once refused an unchanged contract because two extensions swapped places).
    #[test]
    fn the_fingerprint_does_not_depend_on_map_order() {
        let first = super::fingerprint();
        assert!((0..16).all(|_| super::fingerprint() == first));
    }

    /// Every documented operation is served, and nothing is served that the document does not
    /// describe: the routes are registered from the operations' own `#[utoipa::path]`.
    #[test]
    fn the_served_routes_are_the_documented_operations() {
        use std::collections::BTreeSet;
        super::super::handlers::SERVED.with(|served| served.borrow_mut().clear());
        let _ = actix_web::App::new().configure(super::super::routes::configure);
        let served: BTreeSet<(String, String)> =
            super::super::handlers::SERVED.with(|served| served.borrow().iter().cloned().collect());
        let doc = super::document();
        let mut documented = BTreeSet::new();
        for (path, item) in &doc.paths.paths {
            let ops = [
                ("get", &item.get),
                ("put", &item.put),
                ("post", &item.post),
                ("delete", &item.delete),
                ("patch", &item.patch),
            ];
            for (method, op) in ops {
                if op.is_some() {
                    documented.insert((method.to_owned(), path.clone()));
                }
            }
        }
        assert_eq!(served.len(), 131, "the API serves 131 operations");
        assert_eq!(served, documented);
    }

    #[test]
    fn every_operation_documents_the_edge_errors() {
        let doc = super::document();
        for (path, item) in &doc.paths.paths {
            for op in [&item.get, &item.put, &item.post, &item.delete].into_iter().flatten() {
                let has = |status: &str| op.responses.responses.contains_key(status);
                if op.request_body.is_some() {
                    for status in ["400", "408", "413", "415", "422"] {
                        assert!(has(status), "{path} lacks {status}");
                    }
                }
                if !super::NO_DATABASE.contains(&path.as_str()) {
                    assert!(has("503"), "{path} lacks 503");
                }
                if serde_json::to_value(&op.security).is_ok_and(|s| s.to_string().contains("apiKey")) {
                    assert!(has("429"), "{path}: open to API keys, lacks 429");
                }
            }
        }
    }
}
