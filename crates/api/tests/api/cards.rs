//! The admin's redemption cards and packages under concurrent saves, on both backends.

use crate::helpers::{both_backends, Backend};
use futures_util::future::join_all;
use serde_json::{json, Value};

use crate::admin::admin_app;

both_backends!(redemption_cards_lifecycle, concurrent_saves_of_one_package_stay_whole,);

async fn redemption_cards_lifecycle(backend: Backend) {
    let Some((app, admin)) = admin_app(backend).await else { return };
    let package = app.scalar("SELECT MIN(id) AS n FROM packages");
    let (status, body) = app.post("/api/v1/admin/redemption-cards", Some(&admin), &json!({})).await;
    assert_eq!((status, body["errors"]["package_id"][0].as_str()), (422, Some("please select a package")));

    let (status, body) = app
        .post(
            "/api/v1/admin/redemption-cards",
            Some(&admin),
            &json!({"package_id": package, "code": "", "expires_at": null, "notes": ""}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let code = body["data"]["code"].as_str().unwrap_or_default().to_owned();
    assert_eq!(code.len(), 12);
    assert!(code.chars().all(|c| "ABCDEFGHJKMNPQRSTUVWXYZ23456789".contains(c)), "{code}");
    assert_eq!((body["data"]["status"].as_str(), body["data"]["notes"].clone()), (Some("available"), Value::Null));
    let id = body["data"]["id"].as_i64().unwrap_or_default();

    let dup = json!({"package_id": package, "code": code.to_lowercase()});
    let (status, body) = app.post("/api/v1/admin/redemption-cards", Some(&admin), &dup).await;
    assert_eq!((status, body["errors"]["code"][0].as_str()), (422, Some("This code is already used by another card.")));
    let (status, body) = app
        .post("/api/v1/admin/redemption-cards", Some(&admin), &json!({"package_id": package, "expires_at": "soon"}))
        .await;
    assert_eq!((status, body["errors"]["expires_at"].is_array()), (422, true));

    // A typed code is 4 to 50 of A-Z and 0-9; lower case is upper-cased. An expiry is today or
    // later. Each refusal changes nothing.
    let cards_before = app.scalar("SELECT COUNT(*) AS n FROM redemption_cards");
    let shape = "A card code is 4 to 50 letters A-Z and digits 0-9, without spaces.";
    for bad in ["GOLD 2026", "GOLD-2026", "ذهب2026", "ABC", "straße", "\u{85}GOLD"] {
        let (status, body) = app
            .post("/api/v1/admin/redemption-cards", Some(&admin), &json!({"package_id": package, "code": bad}))
            .await;
        assert_eq!((status, body["errors"]["code"][0].as_str()), (422, Some(shape)), "{bad}");
    }
    let past = json!({"package_id": package, "code": "PAST2020", "expires_at": "2020-01-01"});
    let (status, body) = app.post("/api/v1/admin/redemption-cards", Some(&admin), &past).await;
    assert_eq!(
        (status, body["errors"]["expires_at"][0].as_str()),
        (422, Some("The expiry date cannot be in the past."))
    );
    assert_eq!(app.scalar("SELECT COUNT(*) AS n FROM redemption_cards"), cards_before);
    let (status, body) = app
        .post("/api/v1/admin/redemption-cards", Some(&admin), &json!({"package_id": package, "code": " gold2026\t"}))
        .await;
    assert_eq!((status, body["data"]["code"].as_str()), (201, Some("GOLD2026")), "{body}");
    let gold = body["data"]["id"].as_i64().unwrap_or_default();
    let (status, _) = app.delete(&format!("/api/v1/admin/redemption-cards/{gold}"), Some(&admin)).await;
    assert_eq!(status, 204);

    let (status, body) = app
        .put(
            &format!("/api/v1/admin/redemption-cards/{id}"),
            Some(&admin),
            &json!({"package_id": package, "expires_at": "2030-01-31", "notes": "shelf A"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!((body["data"]["code"].as_str(), body["data"]["notes"].as_str()), (Some(code.as_str()), Some("shelf A")));
    assert!(body["data"]["expires_at"].as_str().is_some_and(|e| e.starts_with("2030-01-31")));

    // Once redeemed, a card is locked and shows who redeemed it.
    let owner = app.login("owner@demo.ly", "demo1234").await;
    assert_eq!(app.post("/api/v1/redemption-cards/redeem", Some(&owner), &json!({"code": code})).await.0, 200);
    let (_, redeemed) = app.get("/api/v1/admin/redemption-cards?status=redeemed", Some(&admin)).await;
    let card = redeemed["data"].as_array().and_then(|c| c.iter().find(|c| c["id"] == id)).cloned().unwrap_or_default();
    assert_eq!(card["redeemed_by"]["email"], "owner@demo.ly");
    assert!(card["redeemed_at"].is_string());
    let (status, body) =
        app.put(&format!("/api/v1/admin/redemption-cards/{id}"), Some(&admin), &json!({"package_id": package})).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("card_locked")));
    assert_eq!(app.delete(&format!("/api/v1/admin/redemption-cards/{id}"), Some(&admin)).await.0, 409);

    // A batch for printing; filters by status and package; expired status.
    let (status, batch) = app
        .post(
            "/api/v1/admin/redemption-cards/batch",
            Some(&admin),
            &json!({"count": 25, "package_id": package, "notes": "print run 1"}),
        )
        .await;
    assert_eq!(status, 201, "{batch}");
    let codes: std::collections::HashSet<String> =
        batch["data"].as_array().into_iter().flatten().filter_map(|c| c["code"].as_str().map(str::to_owned)).collect();
    assert_eq!(codes.len(), 25);
    assert_eq!(
        app.post("/api/v1/admin/redemption-cards/batch", Some(&admin), &json!({"count": 0, "package_id": package}))
            .await
            .0,
        422
    );
    let (_, by_package) = app
        .get(&format!("/api/v1/admin/redemption-cards?package_id={package}&status=available&per_page=10"), Some(&admin))
        .await;
    assert_eq!(by_package["meta"]["total"], 25);
    assert_eq!(by_package["data"].as_array().map(Vec::len), Some(10));
    app.execute("INSERT INTO redemption_cards (code, package_id, expires_at, created_at, updated_at) VALUES ('EXPIREDCARD2', 1, '2020-01-01 00:00:00', '2020-01-01 00:00:00', '2020-01-01 00:00:00')");
    let (_, expired) = app.get("/api/v1/admin/redemption-cards?status=expired", Some(&admin)).await;
    assert_eq!(expired["data"][0]["code"], "EXPIREDCARD2");
    assert_eq!(expired["data"][0]["status"], "expired");

    let spare = batch["data"][0]["id"].as_i64().unwrap_or_default();
    assert_eq!(app.delete(&format!("/api/v1/admin/redemption-cards/{spare}"), Some(&admin)).await.0, 204);
    assert_eq!(app.delete(&format!("/api/v1/admin/redemption-cards/{spare}"), Some(&admin)).await.0, 404);
}

async fn concurrent_saves_of_one_package_stay_whole(backend: Backend) {
    let Some((app, admin)) = admin_app(backend).await else { return };
    let id = app.scalar("SELECT MIN(id) AS n FROM packages");
    let saves = (1..=12).map(|n| {
        let body = json!({"name": format!("Plan {n}"), "price": format!("{n}.000"), "store_limit": n, "duration_months": n, "features": [format!("F{n}")]});
        let (app, admin) = (&app, admin.clone());
        async move { app.put(&format!("/api/v1/packages/{id}"), Some(&admin), &body).await }
    });
    let results = join_all(saves).await;
    assert!(results.iter().all(|r| r.0 == 200), "{:?}", results.iter().map(|r| r.0).collect::<Vec<_>>());
    let (_, all) = app.get("/api/v1/admin/packages", Some(&admin)).await;
    let p = all["data"].as_array().and_then(|a| a.iter().find(|p| p["id"] == id)).cloned().unwrap_or_default();
    // Whichever save won, the row is that save, whole.
    let n = p["store_limit"].as_i64().unwrap_or(0);
    assert_eq!(p["name"], format!("Plan {n}"));
    assert_eq!(p["price"], format!("{n}.000"));
    assert_eq!(p["duration_months"], n);
    assert_eq!(p["features"], json!([format!("F{n}")]));
}
