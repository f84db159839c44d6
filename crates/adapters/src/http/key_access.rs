//! Which operations an API key may call, and the scope each needs: the one table. A key is
//! refused (403) on every operation not listed here, so an operation added later is closed to
//! keys until it is listed. The document shows the table as each listed operation's `apiKey`
//! security requirement.

use actix_web::http::Method;
use loyalty_application::ApiScope::{self, CustomersRead, CustomersWrite, ReportsRead, SalesWrite};
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityRequirement, SecurityScheme};

/// Method, path (as documented), the scope needed (`None`: any live key).
pub const KEY_OPERATIONS: &[(&str, &str, Option<ApiScope>)] = &[
    ("get", "/api/v1/stores", None),
    ("get", "/api/v1/rewards", None),
    ("get", "/api/v1/loyalty-config", None),
    ("get", "/api/v1/customers", Some(CustomersRead)),
    ("post", "/api/v1/customers/search", Some(CustomersRead)),
    ("get", "/api/v1/customers/{id}", Some(CustomersRead)),
    ("get", "/api/v1/customers/{id}/history", Some(CustomersRead)),
    ("get", "/api/v1/customers/{id}/invoices", Some(CustomersRead)),
    ("get", "/api/v1/customers/{id}/redemptions", Some(CustomersRead)),
    ("post", "/api/v1/customers", Some(CustomersWrite)),
    ("put", "/api/v1/customers/{id}", Some(CustomersWrite)),
    ("delete", "/api/v1/customers/{id}", Some(CustomersWrite)),
    ("post", "/api/v1/customers/{id}/confirm-join", Some(CustomersWrite)),
    ("get", "/api/v1/invoices/preview", Some(SalesWrite)),
    ("post", "/api/v1/invoices", Some(SalesWrite)),
    ("post", "/api/v1/invoices/{id}/void", Some(SalesWrite)),
    ("post", "/api/v1/redemptions", Some(SalesWrite)),
    ("get", "/api/v1/redemptions/preview", Some(SalesWrite)),
    ("get", "/api/v1/invoices", Some(ReportsRead)),
    ("get", "/api/v1/redemptions", Some(ReportsRead)),
    ("get", "/api/v1/store-owner/summary", Some(ReportsRead)),
    ("get", "/api/v1/store-owner/liability", Some(ReportsRead)),
    ("get", "/api/v1/store-owner/signals", Some(ReportsRead)),
    ("get", "/api/v1/customers/store-owner-overview", Some(ReportsRead)),
    ("get", "/api/v1/store-owner/pos-activities", Some(ReportsRead)),
];

/// Whether a key with `scopes` may call `method path` (the route's pattern).
pub fn allows(scopes: &[ApiScope], method: &Method, path: &str) -> bool {
    KEY_OPERATIONS.iter().any(|(m, p, needed)| {
        method.as_str().eq_ignore_ascii_case(m) && *p == path && needed.is_none_or(|s| scopes.contains(&s))
    })
}

/// Adds the `apiKey` scheme and, on each operation a key may call, its requirement with the
/// scope it needs.
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
    for (method, path, scope) in KEY_OPERATIONS {
        let Some(item) = doc.paths.paths.get_mut(*path) else { continue };
        let op = match *method {
            "get" => item.get.as_mut(),
            "post" => item.post.as_mut(),
            "put" => item.put.as_mut(),
            "delete" => item.delete.as_mut(),
            _ => None,
        };
        if let Some(op) = op {
            let scopes: Vec<&str> = scope.iter().map(|s| s.as_str()).collect();
            op.security.get_or_insert_with(Vec::new).push(SecurityRequirement::new("apiKey", scopes));
        }
    }
}

#[cfg(test)]
mod tests {
    /// Every listed operation exists in the document, so a renamed path cannot silently close
    /// (or leave open) an operation.
    #[test]
    fn every_key_operation_is_documented() {
        let doc = super::super::openapi::document();
        for (method, path, _) in super::KEY_OPERATIONS {
            let item = doc.paths.paths.get(*path).unwrap_or_else(|| panic!("{path} is not documented"));
            let op = match *method {
                "get" => &item.get,
                "post" => &item.post,
                "put" => &item.put,
                "delete" => &item.delete,
                _ => &None,
            };
            let op = op.as_ref().unwrap_or_else(|| panic!("{method} {path} is not documented"));
            let json = serde_json::to_string(&op.security).unwrap_or_default();
            assert!(json.contains("apiKey"), "{method} {path}: {json}");
        }
    }

    #[test]
    fn the_key_limit_message_names_the_limit() {
        let max = loyalty_application::use_cases::api_keys::KEYS_MAX.to_string();
        let error = crate::http::ApiError::new(crate::http::ErrorCode::ApiKeyLimitReached, crate::http::Lang::En);
        assert!(error.body().message.contains(&max), "{}", error.body().message);
    }
}
