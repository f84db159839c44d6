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
    a_hidden_customer_is_gone_except_in_the_sync
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
    let change = json!({"name": "Omar", "phone": "0912345678"});
    let (status, answer) = d.app.put(&format!("/api/v1/customers/{omar}"), Some(&d.cashier), &change).await;
    assert_eq!((status, answer["details"][0]["customer_id"].as_i64()), (422, Some(d.fatima)), "{answer}");
    // Keeping one's own phone is no clash; other field errors name no customer.
    let same = json!({"name": "Omar B", "phone": "0914440100"});
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
