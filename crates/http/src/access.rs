//! Which operation a request calls, so the application can say who may call it
//! ([`Operation::rule`], the one table). The HTTP layer keeps no table of its own: a route's
//! operation is the `operationId` its handler gives the document, and the document's `apiKey`
//! requirements are written from the application's table.

use std::collections::HashMap;
use std::sync::OnceLock;

use actix_web::http::Method;
use loyalty_application::{KeyAccess, Operation};
use utoipa::openapi::path::PathItem;
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityRequirement, SecurityScheme};

/// The operations of a path item, with their methods.
fn operations(item: &mut PathItem) -> [(Method, Option<&mut utoipa::openapi::path::Operation>); 5] {
    [
        (Method::GET, item.get.as_mut()),
        (Method::POST, item.post.as_mut()),
        (Method::PUT, item.put.as_mut()),
        (Method::PATCH, item.patch.as_mut()),
        (Method::DELETE, item.delete.as_mut()),
    ]
}

/// The signed-in operation at `method` and the route's `pattern` (`/api/v1/customers/{id}`);
/// `None` for a route the document does not list or a public one.
pub fn operation_of(method: &Method, pattern: &str) -> Option<Operation> {
    static TABLE: OnceLock<HashMap<(Method, String), Operation>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut doc = super::openapi::document();
        let mut table = HashMap::new();
        for (path, item) in doc.paths.paths.iter_mut() {
            for (method, op) in operations(item) {
                let named = op.and_then(|op| op.operation_id.as_deref()).and_then(Operation::named);
                if let Some(operation) = named {
                    table.insert((method, path.clone()), operation);
                }
            }
        }
        table
    });
    table.get(&(method.clone(), pattern.to_owned())).copied()
}

/// Writes each signed-in operation's security requirements from the application's table: the
/// `bearer` token always, and the `apiKey` scheme with the scope it needs where keys may call it.
pub fn document(doc: &mut utoipa::openapi::OpenApi) {
    let components = doc.components.get_or_insert_with(Default::default);
    let mut scheme = Http::builder().scheme(HttpAuthScheme::Bearer).bearer_format("lk_...").build();
    scheme.description = Some(
        "A store owner's API key (`Authorization: Bearer lk_...`), made with `POST \
         /api/v1/store-owner/api-keys`. It acts for its owner within its scopes and stores; the \
         operations it may call list the scope they need."
            .to_owned(),
    );
    components.add_security_scheme("apiKey", SecurityScheme::Http(scheme));
    for item in doc.paths.paths.values_mut() {
        for (_, op) in operations(item) {
            let Some(op) = op else { continue };
            let Some(operation) = op.operation_id.as_deref().and_then(Operation::named) else { continue };
            // Every operation of the table is a signed-in one: a person's bearer token, and an
            // API key where the table opens it to keys.
            let security = op.security.get_or_insert_with(Vec::new);
            security.push(SecurityRequirement::new("bearer", Vec::<&str>::new()));
            let scopes: Vec<&str> = match operation.key_access() {
                KeyAccess::Never => continue,
                KeyAccess::AnyKey => vec![],
                KeyAccess::Scope(scope) => vec![scope.as_str()],
            };
            security.push(SecurityRequirement::new("apiKey", scopes));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every signed-in operation of the document is in the application's table and every row of
    /// the table is documented, so an operation added later cannot go unchecked (a request to
    /// an operation the table lacks is refused).
    #[test]
    fn the_document_and_the_table_name_the_same_operations() {
        let mut doc = super::super::openapi::document();
        let mut documented = Vec::new();
        for (path, item) in doc.paths.paths.iter_mut() {
            for (method, op) in operations(item) {
                let Some(op) = op else { continue };
                let id = op.operation_id.clone().unwrap_or_default();
                let public = op.security.as_ref().is_some_and(|s| s.is_empty());
                match Operation::named(&id) {
                    Some(operation) => documented.push(operation),
                    None => assert!(public, "{method} {path} ({id}) is signed in but not in the table"),
                }
            }
        }
        for operation in Operation::all() {
            assert!(documented.contains(operation), "{operation:?} is not documented");
        }
        assert_eq!(operation_of(&Method::GET, "/api/v1/store-owner/summary"), Some(Operation::OwnerSummary));
        assert_eq!(operation_of(&Method::POST, "/api/v1/store-owner/summary"), None);
        assert_eq!(operation_of(&Method::POST, "/api/v1/public/points"), None);
    }

    #[test]
    fn the_key_limit_message_names_the_limit() {
        let max = loyalty_application::use_cases::api_keys::KEYS_MAX.to_string();
        let error = crate::ApiError::new(crate::ErrorCode::ApiKeyLimitReached, crate::Lang::En);
        assert!(error.body().message.contains(&max), "{}", error.body().message);
    }
}
