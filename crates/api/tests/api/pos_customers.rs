//! The counter's customers: managing them by the spec's rules, points by hand, the search, on both backends.

use crate::helpers::{both_backends, Backend};
use futures_util::future::join_all;
use serde_json::{json, Value};

use crate::pos::demo;

both_backends!(
    concurrent_deletes_of_one_customer_answer_once,
    customers_are_managed_with_the_specs_rules,
    add_points_is_bounded_and_recorded,
    search_finds_by_name_and_any_phone_form,
    search_folds_arabic_and_keeps_up_with_every_change,
    search_answers_the_newest_matches_as_a_scan_would,
);

/// Twenty deletes of one customer at once: exactly one 204, the others 404, one audit row.
async fn concurrent_deletes_of_one_customer_answer_once(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let id = d.customer_with("Twice deleted", 0).await;
    let path = format!("/api/v1/customers/{id}");
    let statuses = join_all((0..20).map(|_| d.app.delete(&path, Some(&d.cashier)))).await;
    let mut statuses: Vec<u16> = statuses.into_iter().map(|(status, _)| status).collect();
    statuses.sort_unstable();
    assert_eq!(statuses, [vec![204], vec![404; 19]].concat());
    let audits =
        format!("SELECT COUNT(*) AS n FROM activity_log WHERE kind = 'customer_deleted' AND subject_id = {id}");
    assert_eq!(d.app.scalar(&audits), 1);
}

async fn customers_are_managed_with_the_specs_rules(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let (status, body) = d.app.post("/api/v1/customers", Some(&d.cashier), &json!({"name": "  "})).await;
    assert_eq!(status, 422);
    assert_eq!(body["errors"]["name"][0], "Customer name is required");
    let bad = json!({"name": "X", "email": "nope", "phone": "12"});
    let (_, body) = d.app.post("/api/v1/customers", Some(&d.cashier), &bad).await;
    assert_eq!(body["errors"]["email"][0], "Please enter a valid email address");
    assert_eq!(body["errors"]["phone"][0], "Please enter a valid phone number");

    // A new customer starts at 0 points: a balance is refused rather than dropped, and nothing
    // is made.
    let customers = d.app.scalar("SELECT COUNT(*) AS n FROM customers");
    for points in [999, -1] {
        let form = json!({"name": "Salma", "phone": "092-555-1234", "loyalty_points": points});
        let (status, body) = d.app.post("/api/v1/customers", Some(&d.cashier), &form).await;
        assert_eq!(status, 422, "{body}");
        assert_eq!(body["details"][0]["field"], "loyalty_points");
    }
    assert_eq!(d.app.scalar("SELECT COUNT(*) AS n FROM customers"), customers);
    let form = json!({"name": " Salma ", "phone": "092-555-1234", "email": "", "loyalty_points": 0});
    let (status, body) = d.app.post("/api/v1/customers", Some(&d.cashier), &form).await;
    assert_eq!(status, 201, "{body}");
    let created = &body["data"];
    assert_eq!(created["name"], "Salma");
    assert_eq!(created["phone"], "+218925551234");
    assert_eq!(created["email"], Value::Null);
    assert_eq!(created["loyalty_points"], 0);
    let id = created["id"].as_i64().unwrap_or_default();

    // The same number in another form is the same number; in another store it is fine.
    let (status, body) =
        d.app.post("/api/v1/customers", Some(&d.cashier), &json!({"name": "Y", "phone": "+218 92 555 1234"})).await;
    assert_eq!(status, 422);
    assert_eq!(body["errors"]["phone"][0], "This phone number is already registered in this store");
    let owner = d.app.login("owner@demo.ly", "demo1234").await;
    let other_store = d.app.scalar("SELECT MAX(id) AS n FROM stores");
    let elsewhere = json!({"name": "Salma", "phone": "0925551234", "store_id": other_store});
    assert_eq!(d.app.post("/api/v1/customers", Some(&owner), &elsewhere).await.0, 201);
    let (status, body) = d.app.post("/api/v1/customers", Some(&owner), &json!({"name": "No store"})).await;
    assert_eq!((status, body["errors"]["store_id"][0].as_str()), (422, Some("Please select a store")));

    // Editing never sets a balance: the current value is accepted (a form echoes it back), any
    // other is refused and changes nothing; balances change through adjustments.
    let path = format!("/api/v1/customers/{id}");
    let edit = json!({"name": "Salma B", "phone": "0925551234", "email": "salma@shop.ly", "loyalty_points": 40});
    let (status, body) = d.app.put(&path, Some(&d.cashier), &edit).await;
    assert_eq!(
        (status, body["errors"]["loyalty_points"][0].as_str()),
        (422, Some("Points change only through a points adjustment with a reason"))
    );
    let (status, body) = d.app.put(&path, Some(&owner), &edit).await;
    assert_eq!(status, 422, "the owner too: {body}");
    let (_, unchanged) = d.app.get(&path, Some(&d.cashier)).await;
    assert_eq!(
        (unchanged["data"]["name"].as_str(), unchanged["data"]["loyalty_points"].as_i64()),
        (Some("Salma"), Some(0))
    );
    let edit = json!({"name": "Salma B", "phone": "0925551234", "email": "salma@shop.ly", "loyalty_points": 0});
    let (status, body) = d.app.put(&path, Some(&d.cashier), &edit).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (body["data"]["loyalty_points"].as_i64(), body["data"]["email"].as_str()),
        (Some(0), Some("salma@shop.ly"))
    );
    let ledger = format!("SELECT COUNT(*) AS n FROM points_ledger WHERE customer_id = {id}");
    assert_eq!(d.app.scalar(&ledger), 0);
    let negative = json!({"name": "S", "phone": null, "email": null, "loyalty_points": -1});
    let (status, body) = d.app.put(&path, Some(&d.cashier), &negative).await;
    assert_eq!(
        (status, body["errors"]["loyalty_points"][0].as_str()),
        (422, Some("Loyalty points cannot be negative"))
    );

    // Deleting hides the customer and keeps its history.
    let ledger_rows = d.app.scalar(&format!("SELECT COUNT(*) AS n FROM points_ledger WHERE customer_id = {id}"));
    assert_eq!(d.app.delete(&path, Some(&d.cashier)).await.0, 204);
    assert_eq!(d.app.get(&path, Some(&d.cashier)).await.0, 404);
    assert_eq!(d.app.delete(&path, Some(&d.cashier)).await.0, 404);
    assert_eq!(d.app.scalar(&format!("SELECT COUNT(*) AS n FROM points_ledger WHERE customer_id = {id}")), ledger_rows);
    // Its phone is free again in that store.
    let again = json!({"name": "Salma again", "phone": "0925551234"});
    assert_eq!(d.app.post("/api/v1/customers", Some(&d.cashier), &again).await.0, 201);
    d.app.assert_ledger_matches_balances();
}

async fn add_points_is_bounded_and_recorded(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let before = d.balance(d.fatima).await;
    let path = format!("/api/v1/customers/{}/points", d.fatima);
    for (points, message) in [
        (0, "Please enter a valid number of points (minimum 1)"),
        (-5, "Please enter a valid number of points (minimum 1)"),
        (10_001, "Cannot add more than 10,000 points at once"),
    ] {
        let (status, body) = d.app.put(&path, Some(&d.cashier), &json!({"points": points})).await;
        assert_eq!((status, body["errors"]["points"][0].as_str()), (422, Some(message)));
    }
    let (status, body) = d.app.put(&path, Some(&d.cashier), &json!({"points": 100, "reason": "birthday"})).await;
    assert_eq!((status, body["data"]["loyalty_points"].as_i64()), (200, Some(before + 100)));
    let (_, history) = d.app.get(&format!("/api/v1/customers/{}/history", d.fatima), Some(&d.cashier)).await;
    assert_eq!(
        (history["data"][0]["kind"].as_str(), history["data"][0]["reason"].as_str()),
        (Some("manual"), Some("birthday"))
    );
    assert_eq!(history["data"][0]["actor"]["name"], "سالم الزوي");

    // The owner's daily cap for cashiers counts everything this cashier added today.
    let owner = d.app.login("owner@demo.ly", "demo1234").await;
    let (status, body) = d.app.put("/api/v1/loyalty-config", Some(&owner), &json!({"cashier_daily_points": 150})).await;
    assert_eq!((status, body["data"]["cashier_daily_points"].as_i64()), (200, Some(150)), "{body}");
    let (status, body) = d.app.put(&path, Some(&d.cashier), &json!({"points": 51})).await;
    assert_eq!(
        (status, body["errors"]["points"][0].as_str()),
        (422, Some("This passes today's limit of points a cashier may add by hand"))
    );
    assert_eq!(d.balance(d.fatima).await, before + 100);
    assert_eq!(d.app.put(&path, Some(&d.cashier), &json!({"points": 50})).await.0, 200);
    assert_eq!(d.app.put(&path, Some(&d.cashier), &json!({"points": 1})).await.0, 422);

    // The owner adds or removes, always with a reason, never below zero; cashiers cannot remove.
    let (status, body) = d.app.put(&path, Some(&owner), &json!({"points": -30})).await;
    assert_eq!((status, body["errors"]["reason"][0].as_str()), (422, Some("A reason is required")));
    let (status, body) = d.app.put(&path, Some(&owner), &json!({"points": -30, "reason": "typo at the till"})).await;
    assert_eq!((status, body["data"]["loyalty_points"].as_i64()), (200, Some(before + 120)), "{body}");
    let (status, body) = d.app.put(&path, Some(&owner), &json!({"points": 10_001, "reason": "x"})).await;
    assert_eq!(
        (status, body["errors"]["points"][0].as_str()),
        (422, Some("Cannot change more than 10,000 points at once"))
    );
    let everything = -(before + 121);
    let (status, body) =
        d.app.put(&path, Some(&owner), &json!({"points": everything.max(-10_000), "reason": "x"})).await;
    if before + 121 <= 10_000 {
        assert_eq!(
            (status, body["errors"]["points"][0].as_str()),
            (422, Some("Cannot remove more points than the customer has"))
        );
    }
    assert_eq!(d.balance(d.fatima).await, before + 120);
    let (_, history) = d.app.get(&format!("/api/v1/customers/{}/history", d.fatima), Some(&d.cashier)).await;
    assert_eq!(
        (history["data"][0]["kind"].as_str(), history["data"][0]["delta"].as_i64()),
        (Some("adjustment"), Some(-30))
    );
    assert_eq!(history["data"][0]["reason"], "typo at the till");
    assert_eq!(history["data"][0]["actor"]["name"], "خالد بن علي");
    d.app.assert_ledger_matches_balances();
}

async fn search_finds_by_name_and_any_phone_form(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let search = |q: &str| {
        let body = json!({"query": q});
        let (app, token) = (&d.app, d.cashier.clone());
        async move { app.post("/api/v1/customers/search", Some(&token), &body).await }
    };
    let (status, body) = search("ف").await;
    assert_eq!((status, body["errors"]["query"].is_array()), (422, true));
    for query in ["فاطمة", "0912345678", "+218 91 234", "FATIMA@example", "912345", "٠٩١٢٣٤٥٦٧٨", "٠٩١٢"]
    {
        let (status, body) = search(query).await;
        assert_eq!(status, 200);
        let ids: Vec<i64> = body["data"].as_array().into_iter().flatten().filter_map(|c| c["id"].as_i64()).collect();
        assert_eq!(ids, vec![d.fatima], "{query}");
    }
    // A search never reaches into another store, even for a phone that exists there too.
    let (_, body) = search("218912345678").await;
    assert_eq!(body["data"].as_array().map(Vec::len), Some(1));
    let (_, body) = search("100%").await;
    assert_eq!(body["data"].as_array().map(Vec::len), Some(0));
}

/// The search text and its index (issue #37, item 1): Arabic written several ways finds the same
/// customer, an edit moves the customer in the index, and customers made before the search text
/// existed get theirs when the server starts.
async fn search_folds_arabic_and_keeps_up_with_every_change(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let ids = |body: &Value| -> Vec<i64> {
        body["data"].as_array().into_iter().flatten().filter_map(|c| c["id"].as_i64()).collect()
    };
    let search = |q: String| {
        let body = json!({"query": q});
        let (app, token) = (&d.app, d.cashier.clone());
        async move { app.post("/api/v1/customers/search", Some(&token), &body).await }
    };
    let body = json!({"name": "أحمد مصطفى الطرابلسي", "phone": "0917654321", "email": "Ahmed.T@Mail.ly"});
    let (status, made) = d.app.post("/api/v1/customers", Some(&d.cashier), &body).await;
    assert_eq!(status, 201, "{made}");
    let ahmed = made["data"]["id"].as_i64().unwrap_or_default();
    for query in ["احمد", "أحمد", "مصطفي", "مُصْطَفى", "الطرابلس", "ahmed.t@mail", "٠٩١٧٦٥", "7654321", "mail.ly"]
    {
        let (status, body) = search(query.to_owned()).await;
        assert_eq!((status, ids(&body)), (200, vec![ahmed]), "{query}: {body}");
    }
    // Two characters are searched too (without the index).
    let (_, body) = search("حم".to_owned()).await;
    assert!(ids(&body).contains(&ahmed), "{body}");

    // Renamed: found by the new name, no longer by the old.
    let edit = json!({"name": "سالم الورفلي", "phone": "0917654321", "email": "Ahmed.T@Mail.ly"});
    let (status, body) = d.app.put(&format!("/api/v1/customers/{ahmed}"), Some(&d.cashier), &edit).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(ids(&search("الورفلي".to_owned()).await.1), vec![ahmed]);
    assert!(ids(&search("مصطفى".to_owned()).await.1).is_empty());

    // Customers without a search text (made before it was kept) are filled in at start.
    d.app.execute("UPDATE customers SET search_text = ''");
    assert!(ids(&search("الورفلي".to_owned()).await.1).is_empty(), "an empty text finds nothing");
    let mut conn = d.app.pool().get().unwrap_or_else(|e| panic!("pool: {e}"));
    loyalty_db::pool::run_migrations(&mut conn).unwrap_or_else(|e| panic!("{e}"));
    drop(conn);
    assert_eq!(ids(&search("الورفلي".to_owned()).await.1), vec![ahmed]);
    assert_eq!(ids(&search("فاطمه".to_owned()).await.1), vec![d.fatima]);
    assert_eq!(d.app.scalar("SELECT COUNT(*) AS n FROM customers WHERE search_text = ''"), 0);
}

/// The search's indexes (issue #37): whatever the search (broad or narrow, longer than what the
/// suffix index keeps, a phone's digits), the answer is the newest 20 live customers of the store
/// whose search text contains it, exactly what reading every row would find; the admin's list
/// (every store) finds them too, and an edit or a hidden customer leaves the index in step.
async fn search_answers_the_newest_matches_as_a_scan_would(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let store = d.app.scalar(&format!("SELECT store_id AS n FROM customers WHERE id = {}", d.fatima));
    let other = d.app.scalar(&format!("SELECT store_id AS n FROM customers WHERE id = {}", d.benghazi_customer));
    // 1,100 customers sharing a word (more than the suffix index's broad limit), two long names
    // agreeing in their first 12 characters, and the same names in another store.
    for target in [store, other] {
        let rows: Vec<String> = (0..1_100)
            .map(|i| {
                let phone = format!("+21894{target:02}{i:05}");
                let text = format!("زبون كبير {i} {}", &phone[1..]);
                format!("({target}, 'زبون كبير {i}', '{phone}', '{text}', 0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)")
            })
            .collect();
        d.app.execute(&format!(
            "INSERT INTO customers (store_id, name, phone, search_text, loyalty_points, created_at, updated_at) VALUES {}",
            rows.join(", ")
        ));
    }
    for name in ["عبد الرحمن بن عبد الله الفيتوري", "عبد الرحمن بن عبد الكريم"]
    {
        let body = json!({"name": name});
        let (status, made) = d.app.post("/api/v1/customers", Some(&d.cashier), &body).await;
        assert_eq!(status, 201, "{made}");
    }
    let hidden = d
        .app
        .scalar(&format!("SELECT MAX(id) AS n FROM customers WHERE store_id = {store} AND name = 'زبون كبير 150'"));
    let (status, _) = d.app.delete(&format!("/api/v1/customers/{hidden}"), Some(&d.cashier)).await;
    assert_eq!(status, 204);
    let renamed =
        d.app.scalar(&format!("SELECT MAX(id) AS n FROM customers WHERE store_id = {store} AND name = 'زبون كبير 7'"));
    let edit = json!({"name": "زبونة جديدة"});
    let (status, body) = d.app.patch(&format!("/api/v1/customers/{renamed}"), Some(&d.cashier), &edit).await;
    assert_eq!(status, 200, "{body}");

    let admin = d.app.login("admin@demo.ly", "demo1234").await;
    for (query, key) in [
        ("زبون", "زبون"),
        ("زبون كبير 15", "زبون كبير 15"),
        ("كبير 7", "كبير 7"),
        ("زبونة", "زبونه"),
        ("الرحمن بن عبد الله", "الرحمن بن عبد الله"),
        ("عبد الرحمن بن عبد", "عبد الرحمن بن عبد"),
        (&format!("094{store:02}001"), &format!("94{store:02}001")[..]),
        (&format!("94{store:02}00012"), &format!("94{store:02}00012")[..]),
        ("94", "94"),
    ] {
        let (status, body) = d.app.post("/api/v1/customers/search", Some(&d.cashier), &json!({"query": query})).await;
        assert_eq!(status, 200, "{query}: {body}");
        let ids: Vec<i64> = body["data"].as_array().into_iter().flatten().filter_map(|c| c["id"].as_i64()).collect();
        let matching = format!("store_id = {store} AND deleted_at IS NULL AND search_text LIKE '%{key}%'");
        let total = d.app.scalar(&format!("SELECT COUNT(*) AS n FROM customers WHERE {matching}"));
        assert_eq!(ids.len() as i64, total.min(20), "{query}: {body}");
        assert!(ids.windows(2).all(|w| w[0] > w[1]), "{query}: newest first: {ids:?}");
        if let Some(oldest) = ids.last() {
            let newer =
                d.app.scalar(&format!("SELECT COUNT(*) AS n FROM customers WHERE {matching} AND id >= {oldest}"));
            assert_eq!(newer, ids.len() as i64, "{query}: no newer match left out: {ids:?}");
        }
        // The admin's list reads every store: this store's and the other's matches.
        let everywhere = format!("deleted_at IS NULL AND search_text LIKE '%{key}%'");
        let path = format!("/api/v1/customers?per_page=100&search={}", urlencoding(query));
        let (status, body) = d.app.get(&path, Some(&admin)).await;
        assert_eq!(status, 200, "{query}: {body}");
        assert_eq!(
            body["meta"]["total"].as_i64(),
            Some(d.app.scalar(&format!("SELECT COUNT(*) AS n FROM customers WHERE {everywhere}"))),
            "{query}"
        );
    }
    let (_, body) = d.app.post("/api/v1/customers/search", Some(&d.cashier), &json!({"query": "زبون كبير 7 "})).await;
    assert!(
        body["data"].as_array().is_some_and(|found| found.iter().all(|c| c["id"].as_i64() != Some(renamed))),
        "{body}"
    );
}

fn urlencoding(text: &str) -> String {
    text.bytes()
        .map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}
