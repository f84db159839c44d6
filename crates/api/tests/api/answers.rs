//! One answer per cause (issue #36, item 6): a taken phone names its customer, every error body
//! has the documented fields, amounts are read exactly as the document's pattern says, a hidden
//! customer is gone everywhere but the sync.

use serde_json::{json, Value};

use crate::helpers::{both_backends, Backend};
use crate::pos::demo;

both_backends!(
    a_taken_phone_names_the_customer_who_has_it,
    every_error_body_has_errors_and_details,
    amounts_are_read_as_the_document_writes_them,
    a_hidden_customer_is_gone_except_in_the_sync,
    put_replaces_whole_patch_changes_what_it_names_and_unknown_fields_are_refused,
    the_request_examples_issue_36_found_refused_are_accepted_by_a_demo_server
);

async fn a_taken_phone_names_the_customer_who_has_it(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    // Fatima has 0912345678 in the cashier's store: a new customer with it (in any local form)
    // is refused, and the answer says who has it.
    for phone in ["0912345678", "+218912345678", "00218912345678"] {
        let body = json!({"name": "Fatima Again", "phone": phone});
        let (status, answer) = d.app.post("/api/v1/customers", Some(&d.cashier), &body).await;
        assert_eq!(status, 422, "{answer}");
        let detail = &answer["details"][0];
        assert_eq!((detail["field"].as_str(), detail["code"].as_str()), (Some("phone"), Some("phone_taken")));
        assert_eq!(detail["customer_id"].as_i64(), Some(d.fatima), "{answer}");
    }
    // Changing another customer to her phone: the same, naming her.
    let (status, made) =
        d.app.post("/api/v1/customers", Some(&d.cashier), &json!({"name": "Omar", "phone": "0914440100"})).await;
    assert_eq!(status, 201, "{made}");
    let omar = made["data"]["id"].as_i64().unwrap_or_default();
    let change = json!({"name": "Omar", "phone": "0912345678", "email": null});
    let (status, answer) = d.app.put(&format!("/api/v1/customers/{omar}"), Some(&d.cashier), &change).await;
    assert_eq!((status, answer["details"][0]["customer_id"].as_i64()), (422, Some(d.fatima)), "{answer}");
    // Keeping one's own phone is no clash; other field errors name no customer.
    let same = json!({"name": "Omar B", "phone": "0914440100", "email": null});
    assert_eq!(d.app.put(&format!("/api/v1/customers/{omar}"), Some(&d.cashier), &same).await.0, 200);
    let (_, answer) =
        d.app.post("/api/v1/customers", Some(&d.cashier), &json!({"name": "", "phone": "0914440101"})).await;
    assert!(answer["details"][0].get("customer_id").is_none(), "{answer}");
}

async fn every_error_body_has_errors_and_details(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let cases: Vec<(u16, Value)> = vec![
        d.app.get("/api/v1/customers", None).await,
        d.app.get("/api/v1/customers/99999999", Some(&d.cashier)).await,
        d.app.get("/api/v1/store-owner/webhooks", Some(&d.cashier)).await,
        d.app.post("/api/v1/invoices", Some(&d.cashier), &json!({"customer_id": d.fatima, "total_cost": "abc"})).await,
    ];
    let statuses: Vec<u16> = cases.iter().map(|(s, _)| *s).collect();
    assert_eq!(statuses, vec![401, 404, 403, 422]);
    for (status, body) in &cases {
        assert!(body["message"].is_string() && body["code"].is_string(), "{status}: {body}");
        assert!(body["errors"].is_object(), "{status}: {body}");
        assert!(body["details"].is_array(), "{status}: {body}");
    }
    assert_eq!(cases[0].1["errors"], json!({}));
    assert_eq!(cases[0].1["details"], json!([]));
}

async fn amounts_are_read_as_the_document_writes_them(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let before = d.balance(d.fatima).await;
    let sell = |total: Value| {
        let (app, token) = (&d.app, d.cashier.clone());
        let body = json!({"customer_id": d.fatima, "total_cost": total});
        async move { app.post("/api/v1/invoices", Some(&token), &body).await }
    };
    // Outside the pattern: spaces around it, more than three decimals (zeros too, as a string or
    // a number), more than nine whole digits.
    for total in [json!("  10"), json!("10 "), json!("10.5000"), json!("0000000010")] {
        let (status, answer) = sell(total.clone()).await;
        assert_eq!((status, answer["details"][0]["field"].as_str()), (422, Some("total_cost")), "{total}: {answer}");
    }
    let body = r#"{"customer_id": FATIMA, "total_cost": 10.5000}"#.replace("FATIMA", &d.fatima.to_string());
    let response = d
        .app
        .client
        .post(d.app.url("/api/v1/invoices"))
        .bearer_auth(&d.cashier)
        .header("Content-Type", "application/json")
        .body(body)
        .send()
        .await;
    let (status, answer) = crate::helpers::read(response).await;
    assert_eq!(status, 422, "the JSON number 10.5000: {answer}");
    assert_eq!(d.balance(d.fatima).await, before, "nothing sold");
    // Inside it: Latin or Arabic-Indic digits, as the document's pattern now says.
    for total in [json!("10"), json!("10.5"), json!("١٠٫٥"), json!(10.5)] {
        let (status, answer) = sell(total.clone()).await;
        assert_eq!(status, 201, "{total}: {answer}");
    }
    let doc: Value = serde_json::from_str(&loyalty_http::openapi::document_json()).unwrap_or_default();
    let pattern = doc["components"]["schemas"]["CreateInvoiceRequest"]["properties"]["total_cost"]["oneOf"][0]
        ["pattern"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(pattern.contains('٠') && pattern.contains('٫'), "{pattern}");
}

async fn a_hidden_customer_is_gone_except_in_the_sync(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let owner = d.app.login("owner@demo.ly", "demo1234").await;
    let (status, made) =
        d.app.post("/api/v1/customers", Some(&d.cashier), &json!({"name": "Short Stay", "phone": "0914440200"})).await;
    assert_eq!(status, 201, "{made}");
    let id = made["data"]["id"].as_i64().unwrap_or_default();
    let since = made["data"]["updated_at"].as_str().unwrap_or_default().to_owned();
    assert_eq!(d.app.delete(&format!("/api/v1/customers/{id}"), Some(&owner)).await.0, 204);
    let (status, body) = d.app.get(&format!("/api/v1/customers/{id}"), Some(&owner)).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("not_found")), "{body}");
    let (_, page) = d.app.get("/api/v1/customers?per_page=100&search=Short%20Stay", Some(&owner)).await;
    assert_eq!(page["meta"]["total"], 0, "{page}");
    let (status, synced) = d
        .app
        .get(&format!("/api/v1/customers?per_page=100&updated_since={}", since.replace('+', "%2B")), Some(&owner))
        .await;
    assert_eq!(status, 200, "{synced}");
    let row = synced["data"].as_array().and_then(|rows| rows.iter().find(|r| r["id"] == id).cloned());
    assert!(row.is_some_and(|r| r["deleted_at"].is_string()), "{synced}");
}

async fn put_replaces_whole_patch_changes_what_it_names_and_unknown_fields_are_refused(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let app = &d.app;
    let made = json!({"name": "Layla", "phone": "0914440300", "email": "layla@example.ly"});
    let (status, made) = app.post("/api/v1/customers", Some(&d.cashier), &made).await;
    assert_eq!(status, 201, "{made}");
    let id = made["data"]["id"].as_i64().unwrap_or_default();
    let path = format!("/api/v1/customers/{id}");
    let read = || async { app.get(&path, Some(&d.cashier)).await.1["data"].clone() };

    // PUT with only a name would erase the phone and the email: refused, naming both; nothing
    // changes.
    let (status, refused) = app.put(&path, Some(&d.cashier), &json!({"name": "Layla K"})).await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(refused["details"][0]["code"], "field_required_to_replace", "{refused}");
    assert!(refused["errors"]["phone"].is_array() && refused["errors"]["email"].is_array(), "{refused}");
    let now = read().await;
    assert_eq!((now["name"].as_str(), now["phone"].as_str()), (Some("Layla"), Some("+218914440300")));
    // A whole PUT, null clearing the email.
    let whole = json!({"name": "Layla K", "phone": "0914440300", "email": null});
    let (status, put) = app.put(&path, Some(&d.cashier), &whole).await;
    assert_eq!((status, put["data"]["email"].clone()), (200, Value::Null), "{put}");

    // PATCH: only what it names; null clears; left out stays.
    let patch = |body: Value| {
        let request = app.client.patch(app.url(&path)).bearer_auth(&d.cashier);
        async move {
            let response =
                request.header("Content-Type", "application/merge-patch+json").body(body.to_string()).send().await;
            crate::helpers::read(response).await
        }
    };
    let (status, patched) = patch(json!({"email": "layla@shop.ly"})).await;
    assert_eq!(status, 200, "{patched}");
    let data = &patched["data"];
    assert_eq!(
        (data["name"].as_str(), data["phone"].as_str(), data["email"].as_str()),
        (Some("Layla K"), Some("+218914440300"), Some("layla@shop.ly"))
    );
    let (status, patched) = patch(json!({"phone": null})).await;
    assert_eq!(
        (status, patched["data"]["phone"].clone(), patched["data"]["email"].as_str()),
        (200, Value::Null, Some("layla@shop.ly"))
    );
    let (status, patched) = patch(json!({})).await;
    assert_eq!((status, patched["data"]["name"].as_str()), (200, Some("Layla K")), "an empty patch changes nothing");
    // The same rules as a PUT: a taken phone names its holder; a bad email is a 422.
    let (status, taken) = patch(json!({"phone": "0912345678"})).await;
    assert_eq!((status, taken["details"][0]["customer_id"].as_i64()), (422, Some(d.fatima)), "{taken}");
    assert_eq!(patch(json!({"email": "not an email"})).await.0, 422);

    // A field the body does not have is refused by name, in a PATCH, a PUT, a POST; nothing
    // changes.
    let (status, refused) = patch(json!({"nmae": "Typo"})).await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(
        (refused["details"][0]["field"].as_str(), refused["details"][0]["code"].as_str()),
        (Some("nmae"), Some("field_unknown"))
    );
    let typo = json!({"name": "Layla", "phone": null, "email": null, "emial": "x@y.ly"});
    let (status, refused) = app.put(&path, Some(&d.cashier), &typo).await;
    assert_eq!((status, refused["details"][0]["field"].as_str()), (422, Some("emial")), "{refused}");
    let sale = json!({"customer_id": id, "total_cost": "10", "totl": "99"});
    let (status, refused) = app.post("/api/v1/invoices", Some(&d.cashier), &sale).await;
    assert_eq!((status, refused["details"][0]["field"].as_str()), (422, Some("totl")), "{refused}");
    assert_eq!(read().await["name"], "Layla K");
}

/// The contract's request examples that a demo server refused (issue #36, item 3), sent as the
/// document writes them, by the caller each operation is for: every one is accepted.
async fn the_request_examples_issue_36_found_refused_are_accepted_by_a_demo_server(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let app = &d.app;
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let admin = app.login("admin@demo.ly", "demo1234").await;
    let doc: Value = serde_json::from_str(&loyalty_http::openapi::document_json()).unwrap_or_default();
    let example = |method: &str, path: &str| {
        let content = &doc["paths"][path][method]["requestBody"]["content"];
        let media = content.as_object().and_then(|c| c.values().next().cloned()).unwrap_or_default();
        media["example"].clone()
    };
    let first = |list: Value| list["data"][0]["id"].as_i64().unwrap_or_default();
    let reward = format!("/api/v1/rewards/{}", first(app.get("/api/v1/rewards", Some(&owner)).await.1));
    let store = format!("/api/v1/stores/{}", first(app.get("/api/v1/stores", Some(&owner)).await.1));
    let cashier = app.get("/api/v1/auth/user", Some(&d.cashier)).await.1["data"]["id"].as_i64().unwrap_or_default();
    let cashier = format!("/api/v1/store-owner/pos-users/{cashier}");
    let cases = [
        ("post", "/api/v1/customers", "/api/v1/customers", &owner),
        ("put", "/api/v1/customers/{id}", "/api/v1/customers/1", &d.cashier),
        ("post", "/api/v1/redemptions", "/api/v1/redemptions", &d.cashier),
        ("post", "/api/v1/rewards", "/api/v1/rewards", &owner),
        ("post", "/api/v1/users", "/api/v1/users", &admin),
        ("post", "/api/v1/qr-code/generate", "/api/v1/qr-code/generate", &owner),
        ("post", "/api/v1/qr-code/rotate", "/api/v1/qr-code/rotate", &owner),
        ("post", "/api/v1/store-owner/pos-users", "/api/v1/store-owner/pos-users", &owner),
        // The replacements and merge patches of issue #36's item 2 (the cashier's last: it
        // switches the cashier off).
        ("put", "/api/v1/rewards/{id}", &reward, &owner),
        ("patch", "/api/v1/rewards/{id}", &reward, &owner),
        ("put", "/api/v1/stores/{id}", &store, &owner),
        ("patch", "/api/v1/stores/{id}", &store, &owner),
        ("put", "/api/v1/loyalty-config", "/api/v1/loyalty-config", &owner),
        ("patch", "/api/v1/loyalty-config", "/api/v1/loyalty-config", &owner),
        ("patch", "/api/v1/store-owner/pos-users/{id}", &cashier, &owner),
    ];
    for (method, documented, path, token) in cases {
        let body = example(method, documented);
        assert!(body.is_object(), "{method} {documented} has no example");
        let (status, answer) = match method {
            "put" => app.put(path, Some(token), &body).await,
            "patch" => app.patch(path, Some(token), &body).await,
            _ => app.post(path, Some(token), &body).await,
        };
        assert!((200..300).contains(&status), "{method} {documented} {body}: {status} {answer}");
    }
}
