//! Examples in the OpenAPI document: every request body and every 2xx and 4xx answer carries
//! one, so an integrator (and a generated client's documentation) sees a whole message, not
//! only its schema.
//!
//! A body's example is composed from its schema: a property's own `example` where the DTO sets
//! one, else the first of its `enum`, else its `default`, else a value for the property's name
//! from [`by_name`], else one for its format or type within its bounds. An error answer's
//! example is the error body the server sends for that status (English messages, the real
//! codes); an operation may set its own (a 409's conflict, a 422's field) in its
//! `#[utoipa::path]`. Redocly's `no-invalid-media-type-examples` checks every example against
//! its schema in `just openapi-lint`.

use serde_json::{json, Map, Value};

use super::error::{ErrorCode, INVALID_VALUE};
use super::{ApiError, Lang};

/// Fill in every missing example of `doc` (the document as JSON).
pub fn add(doc: &mut Value) {
    let components = doc.pointer("/components/schemas").cloned().unwrap_or(Value::Null);
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else { return };
    for item in paths.values_mut() {
        let Some(item) = item.as_object_mut() else { continue };
        for op in item.values_mut() {
            let Some(op) = op.as_object_mut() else { continue };
            let field = first_input(op, &components);
            if let Some(content) =
                op.get_mut("requestBody").and_then(|b| b.pointer_mut("/content")).and_then(Value::as_object_mut)
            {
                for media in content.values_mut() {
                    fill_body(media, &components);
                }
            }
            let Some(responses) = op.get_mut("responses").and_then(Value::as_object_mut) else { continue };
            for (status, response) in responses.iter_mut() {
                let Some(content) = response.get_mut("content").and_then(Value::as_object_mut) else { continue };
                for media in content.values_mut() {
                    if media.get("example").is_some() || media.get("examples").is_some() {
                        continue;
                    }
                    let error_body =
                        media.pointer("/schema/$ref").and_then(Value::as_str) == Some("#/components/schemas/ErrorBody");
                    if !error_body {
                        fill_body(media, &components);
                    } else {
                        if let Some(example) = error_example(status, field.as_deref()) {
                            media["example"] = example;
                        }
                    }
                }
            }
        }
    }
}

fn fill_body(media: &mut Value, components: &Value) {
    if media.get("example").is_some() || media.get("examples").is_some() {
        return;
    }
    if let Some(schema) = media.get("schema").cloned() {
        media["example"] = compose(&schema, components, Ctx::default(), 0);
    }
}

/// The body of an error answer of this status, as the server sends it in English.
fn error_example(status: &str, field: Option<&str>) -> Option<Value> {
    let code = match status {
        "400" => ErrorCode::InvalidJson,
        "401" => ErrorCode::Unauthenticated,
        "403" => ErrorCode::Forbidden,
        "404" => ErrorCode::NotFound,
        "408" => ErrorCode::RequestTimeout,
        "413" => ErrorCode::PayloadTooLarge,
        "415" => ErrorCode::UnsupportedMediaType,
        "422" => {
            let field = field.unwrap_or("body");
            return Some(field_error(field, INVALID_VALUE, "This value has the wrong type or format."));
        }
        "429" => ErrorCode::RateLimited,
        "503" => ErrorCode::ServiceUnavailable,
        _ => return None,
    };
    Some(error(code))
}

/// The body the server answers with this code (no field errors).
pub fn error(code: ErrorCode) -> Value {
    serde_json::to_value(ApiError::new(code, Lang::En).body()).unwrap_or(Value::Null)
}

/// A 422 body with one field error of this machine code and message.
pub fn field_error(field: &str, code: &str, message: &str) -> Value {
    let mut body = error(ErrorCode::ValidationFailed);
    body["errors"] = json!({ field: [message] });
    body["details"] = json!([{ "field": field, "code": code, "message": message }]);
    body
}

/// A 422 body for a rule of the domain (`Msg::PhoneTaken` on `phone`).
pub fn rule_error(field: &str, msg: loyalty_domain::Msg) -> Value {
    field_error(field, msg.code(), msg.en())
}

/// The first field a client sends: the body's first required property, else the first query
/// parameter. A generic 422 example names it.
fn first_input(op: &Map<String, Value>, components: &Value) -> Option<String> {
    let body = op
        .get("requestBody")
        .and_then(|b| b.pointer("/content/application~1json/schema"))
        .map(|s| resolve(s, components));
    if let Some(name) = body.and_then(|s| s.get("required")).and_then(|r| r.get(0)).and_then(Value::as_str) {
        return Some(name.to_owned());
    }
    op.get("parameters")?
        .as_array()?
        .iter()
        .find(|p| p.get("in").and_then(Value::as_str) == Some("query"))
        .and_then(|p| p.get("name"))
        .and_then(Value::as_str)
        .map(str::to_owned)
}

fn resolve<'a>(schema: &'a Value, components: &'a Value) -> &'a Value {
    match schema.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix("#/components/schemas/")) {
        Some(name) => components.get(name).map_or(schema, |s| resolve(s, components)),
        None => schema,
    }
}

/// Where a value sits: the property it is the value of, and the thing it describes (the
/// nearest property or component naming an object: `pos_user`, `store`, `RewardDto`).
#[derive(Clone, Copy, Default)]
struct Ctx<'a> {
    name: Option<&'a str>,
    thing: Option<&'a str>,
}

/// Properties that are empty on a record in its usual state (a sale not voided, a card not
/// redeemed), so an example shows them as `null`.
const USUALLY_NULL: &[&str] =
    &["voided_at", "void_reason", "deleted_at", "redeemed_at", "redeemed_by", "last_error", "api_key", "redemption"];

/// Flags that are off on a record in its usual state.
const USUALLY_FALSE: &[&str] = &["unconfirmed_join", "demo_mode", "replayed"];

/// An example value for `schema`.
fn compose(schema: &Value, components: &Value, ctx: Ctx<'_>, depth: usize) -> Value {
    let name = ctx.name;
    if depth > 12 {
        return Value::Null;
    }
    if let Some(example) = schema.get("example") {
        return example.clone();
    }
    if let Some(first) = schema.get("examples").and_then(|e| e.get(0)) {
        return first.clone();
    }
    if let Some(component) =
        schema.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix("#/components/schemas/"))
    {
        let thing = match ctx.thing {
            None | Some("data") => Some(component),
            named => named,
        };
        return compose(resolve(schema, components), components, Ctx { thing, ..ctx }, depth + 1);
    }
    if let Some(first) = schema.get("enum").and_then(|e| e.as_array()).and_then(|e| e.iter().find(|v| !v.is_null())) {
        return first.clone();
    }
    if let Some(value) = schema.get("const").or_else(|| schema.get("default")) {
        if !value.is_null() {
            return value.clone();
        }
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(variants) = schema.get(key).and_then(Value::as_array) {
            let chosen = variants.iter().find(|v| v.get("type") != Some(&json!("null"))).or(variants.first());
            let nullable = variants.iter().any(|v| v.get("type") == Some(&json!("null")));
            if nullable && name.is_some_and(|n| USUALLY_NULL.contains(&n)) {
                return Value::Null;
            }
            return chosen.map_or(Value::Null, |v| compose(v, components, ctx, depth + 1));
        }
    }
    if let Some(parts) = schema.get("allOf").and_then(Value::as_array) {
        let mut merged = Map::new();
        for part in parts {
            if let Value::Object(fields) = compose(part, components, ctx, depth + 1) {
                merged.extend(fields);
            }
        }
        return Value::Object(merged);
    }
    if schema.get("type").and_then(Value::as_array).is_some_and(|k| k.contains(&json!("null")))
        && name.is_some_and(|n| USUALLY_NULL.contains(&n))
    {
        return Value::Null;
    }
    let kind = match schema.get("type") {
        Some(Value::String(kind)) => kind.as_str(),
        Some(Value::Array(kinds)) => kinds.iter().filter_map(Value::as_str).find(|k| *k != "null").unwrap_or("null"),
        _ if schema.get("properties").is_some() => "object",
        _ => "object",
    };
    match kind {
        "object" => {
            let mut out = Map::new();
            if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
                for (property, sub) in properties {
                    let inner = Ctx { name: Some(property), thing: Some(property) };
                    let inner = if sub.get("type").is_some() { Ctx { thing: ctx.thing, ..inner } } else { inner };
                    out.insert(property.clone(), compose(sub, components, inner, depth + 1));
                }
            }
            Value::Object(out)
        }
        "array" => {
            let item = schema.get("items").map_or(Value::Null, |items| compose(items, components, ctx, depth + 1));
            Value::Array(vec![item])
        }
        "string" => string_example(schema, ctx),
        "integer" | "number" => number_example(schema, ctx),
        "boolean" => Value::Bool(!name.is_some_and(|n| USUALLY_FALSE.contains(&n))),
        _ => Value::Null,
    }
}

fn string_example(schema: &Value, ctx: Ctx<'_>) -> Value {
    let name = ctx.name;
    match schema.get("format").and_then(Value::as_str) {
        Some("date-time") => return json!("2026-11-20T10:15:00Z"),
        Some("date") => return json!("2026-11-20"),
        Some("uri") => return json!("https://shop.example.ly/hooks/loyalty"),
        Some("email") => return json!("fatima@example.ly"),
        _ => {}
    }
    if let Some(value) = name.and_then(|n| by_name(n, ctx.thing)) {
        return value;
    }
    json!(name.unwrap_or("text").replace('_', " "))
}

fn number_example(schema: &Value, ctx: Ctx<'_>) -> Value {
    if let Some(value) = ctx.name.and_then(|n| by_name(n, ctx.thing)).filter(Value::is_number) {
        return value;
    }
    let min = schema.get("minimum").and_then(Value::as_i64).unwrap_or(1).max(1);
    let max = schema.get("maximum").and_then(Value::as_i64).unwrap_or(i64::MAX);
    json!(min.min(max))
}

/// Values for the properties that recur across the API, so the composed examples read like
/// a Libyan shop's data rather than like a schema. `thing` is what the property belongs to.
/// The ids a request sends are the demo data's (`LOYALTY_DEMO=1`): store 1 (Tripoli), its owner
/// 2, customer 1 (Fatima Alsharif, +218912345678), reward 1 (the coffee, 50 points), so every
/// request example is one a demo server accepts (`scripts/client-test/test_examples.py`).
fn by_name(name: &str, thing: Option<&str>) -> Option<Value> {
    let thing = thing.unwrap_or("").to_ascii_lowercase();
    let is = |words: &[&str]| words.iter().any(|w| thing.contains(w));
    let value = match name {
        "name" if is(&["pos_user", "actor", "owner", "user", "staff", "redeemed_by", "person"]) => json!("Salem Ahmed"),
        "name" if is(&["store"]) => json!("Ben Ali - Tripoli"),
        "name" if is(&["reward"]) => json!("Free coffee"),
        "name" if is(&["package", "plan", "subscription"]) => json!("Gold"),
        "name" if is(&["key"]) => json!("ERP"),
        "id" if is(&["pos_user", "actor", "owner", "user", "staff", "redeemed_by"]) => json!(7),
        "id" if is(&["store"]) => json!(1),
        "id" if is(&["reward"]) => json!(1),
        "id" if is(&["package", "plan"]) => json!(2),
        "id" if is(&["invoice", "activity", "ledger", "redemption", "card", "delivery", "webhook"]) => json!(1051),
        "id" if is(&["customer"]) => json!(1),
        "name" | "customer_name" => json!("Fatima Alsharif"),
        "email" => json!("fatima@example.ly"),
        "phone" => json!("+218912345678"),
        "password" => json!("s3cure-Passw0rd"),
        "store_owner_name" => json!("Ben Ali Trading"),
        "address" => json!("Omar Al-Mukhtar Street, Tripoli"),
        "description" => json!("A cup of Arabic coffee"),
        "notes" => json!("For the Tripoli trade fair"),
        "reason" | "void_reason" => json!("Typed the wrong total"),
        "invoice_id" => json!("INV-2026-0042"),
        "code" => json!("7K2MQ9XAGD4H"),
        "token" => json!("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl"),
        "prefix" => json!("lk_1a2b3c4d"),
        "query" => json!("0912345678"),
        "version" => json!(env!("CARGO_PKG_VERSION")),
        "message" => json!("Typed the wrong total"),
        "day" => json!("2026-11-20"),
        "last_error" => json!("answered 500"),
        "qr_code_svg" => json!("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 29 29\"></svg>"),
        "registration_url" => json!("https://loyalty.example.ly/join/3f9c2a7e"),
        "customer_page_url" => json!("https://loyalty.example.ly/me/6f1d0c9a4b7e42d8a3c5e0f9b2d47a16"),
        "claim_url" => json!("https://loyalty.example.ly/claim/0b8e5d2c7a9f41e6b3d0c8a5f2e94b71"),
        "formatted_price" => json!("250.000 LYD"),
        "revenue" | "sales_today" | "total_spent" | "total_cost" | "price" | "max_invoice_total" | "confirm_above" => {
            json!("250.000")
        }
        "average_per_invoice" | "amount" | "min_purchase" => json!("12.500"),
        "cost_per_point" => json!("1.000"),
        "expires_at" => json!("2027-06-30T21:59:59Z"),
        "customer_id" => json!(1),
        "id" | "invoice_record_id" => json!(42),
        "store_id" => json!(1),
        "store_owner_id" => json!(2),
        "loyalty_points" | "points" | "balance_after" | "customer_total_points" => json!(120),
        "points_required" => json!(50),
        "delta" | "points_earned" | "points_added" => json!(25),
        _ => return None,
    };
    Some(value)
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    /// Every request body and every answer with a body carries an example, and an error
    /// answer's example is an error body of its own status.
    #[test]
    fn every_body_has_an_example() {
        let doc: Value = serde_json::from_str(&super::super::openapi::document_json()).unwrap_or_default();
        let mut checked = 0;
        for (path, item) in doc["paths"].as_object().into_iter().flatten() {
            for (method, op) in item.as_object().into_iter().flatten() {
                for media in
                    op.pointer("/requestBody/content").and_then(Value::as_object).into_iter().flatten().map(|(_, m)| m)
                {
                    assert!(media.get("example").is_some(), "{method} {path}: request body without an example");
                    checked += 1;
                }
                for (status, response) in op["responses"].as_object().into_iter().flatten() {
                    for media in
                        response.get("content").and_then(Value::as_object).into_iter().flatten().map(|(_, m)| m)
                    {
                        let example = media.get("example");
                        assert!(example.is_some(), "{method} {path} {status}: answer without an example");
                        if status.starts_with('4') {
                            let code = example.and_then(|e| e["code"].as_str()).unwrap_or_default();
                            let known = super::ErrorCode::ALL.iter().find(|c| c.code() == code);
                            assert_eq!(
                                known.map(|c| c.status().as_u16().to_string()),
                                Some(status.clone()),
                                "{method} {path} {status}: example code {code:?}"
                            );
                        }
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 500, "only {checked} bodies checked");
    }
}
