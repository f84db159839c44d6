//! Messages customers read (issue #39, first step): consent per channel recorded with who and
//! where; the outbox written in the transaction of the event (a sale's points, a first
//! consent's welcome), in Arabic, WhatsApp before SMS, nothing without consent; a withdrawal
//! stops pending messages at once; the owner's monthly limit records messages as not sent; bad
//! consents are refused in both languages and change nothing; another tenant's customer is a
//! 404. On both backends, from the demo data (a point per LYD from 5 LYD).

use serde_json::{json, Value};

use crate::helpers::{both_backends, read, Backend};
use crate::pos::{demo, Demo};

both_backends!(
    a_sale_writes_its_message_only_with_consent,
    whatsapp_goes_first_and_a_withdrawal_stops_at_once,
    the_monthly_limit_records_messages_as_not_sent,
    bad_consents_are_refused_in_both_languages_and_change_nothing,
    another_tenants_customer_is_not_found,
    an_owners_template_in_the_customers_language_is_what_is_sent,
    bad_templates_are_refused_and_change_nothing,
    the_summary_counts_consent_messages_and_their_cost,
    expiring_points_and_birthdays_are_told_once,
    the_join_page_and_the_customers_own_page_record_consent,
    the_till_sends_the_customers_page_when_asked,
);

impl Demo {
    /// A fresh customer of the cashier's store, with a phone.
    async fn messaged_customer(&self, name: &str, phone: &str) -> i64 {
        let body = json!({"name": name, "phone": phone});
        let (status, body) = self.app.post("/api/v1/customers", Some(&self.cashier), &body).await;
        assert_eq!(status, 201, "{body}");
        assert_eq!(body["data"]["consents"]["whatsapp"], false, "{body}");
        assert_eq!(body["data"]["consents"]["sms"], false, "{body}");
        body["data"]["id"].as_i64().unwrap_or_default()
    }

    async fn consent(&self, customer: i64, channel: &str, granted: bool) -> Value {
        let body = json!({"channel": channel, "granted": granted, "source": "till"});
        let (status, body) =
            self.app.post(&format!("/api/v1/customers/{customer}/consents"), Some(&self.cashier), &body).await;
        assert_eq!(status, 200, "{body}");
        body["data"].clone()
    }

    /// A sale by the cashier: the points it earned and the balance after it.
    async fn messaged_sale(&self, customer: i64, total: &str) -> (i64, i64) {
        let (status, sale) = self.invoice(customer, json!(total)).await;
        assert_eq!(status, 201, "{sale}");
        (
            sale["data"]["points_added"].as_i64().unwrap_or(-1),
            sale["data"]["customer_total_points"].as_i64().unwrap_or(-1),
        )
    }

    /// The customer's messages, newest first.
    async fn messages(&self, customer: i64) -> Vec<Value> {
        let (status, body) =
            self.app.get(&format!("/api/v1/customers/{customer}/messages?per_page=100"), Some(&self.cashier)).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["meta"]["total"].as_u64(), body["data"].as_array().map(|a| a.len() as u64), "{body}");
        body["data"].as_array().cloned().unwrap_or_default()
    }

    fn message_rows(&self) -> i64 {
        self.app.scalar("SELECT COUNT(*) AS n FROM customer_messages")
    }

    async fn store_name(&self, customer: i64) -> String {
        let (status, body) = self.app.get(&format!("/api/v1/customers/{customer}"), Some(&self.cashier)).await;
        assert_eq!(status, 200, "{body}");
        body["data"]["store"]["name"].as_str().unwrap_or_default().to_owned()
    }
}

fn summary(message: &Value) -> (String, String, String, Option<String>) {
    let text = |key: &str| message[key].as_str().unwrap_or_default().to_owned();
    (text("kind"), text("channel"), text("status"), message["status_detail"].as_str().map(str::to_owned))
}

fn is(kind: &str, channel: &str, status: &str, detail: Option<&str>) -> (String, String, String, Option<String>) {
    (kind.to_owned(), channel.to_owned(), status.to_owned(), detail.map(str::to_owned))
}

async fn a_sale_writes_its_message_only_with_consent(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let customer = d.messaged_customer("سالم", "0913000001").await;

    // Without consent: the sale writes no message.
    let before = d.message_rows();
    d.messaged_sale(customer, "23.750").await;
    assert_eq!(d.message_rows(), before, "no consent, no message");
    assert!(d.messages(customer).await.is_empty());

    // The first consent answers the customer's consents and writes the welcome.
    let consents = d.consent(customer, "sms", true).await;
    assert_eq!((consents["whatsapp"].as_bool(), consents["sms"].as_bool()), (Some(false), Some(true)), "{consents}");
    assert!(consents["sms_at"].is_string() && consents["whatsapp_at"].is_null(), "{consents}");
    let (_, customer_body) = d.app.get(&format!("/api/v1/customers/{customer}"), Some(&d.cashier)).await;
    assert_eq!(customer_body["data"]["consents"], consents, "{customer_body}");
    let messages = d.messages(customer).await;
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert_eq!(summary(&messages[0]), is("welcome", "sms", "pending", None));
    assert_eq!(d.app.scalar("SELECT COUNT(*) AS n FROM customer_consents"), 1);

    // A sale now writes the points message, in Arabic, in the sale's transaction.
    let (points, balance) = d.messaged_sale(customer, "10").await;
    assert_eq!(points, 10);
    let messages = d.messages(customer).await;
    assert_eq!(messages.len(), 2, "{messages:?}");
    let earned = &messages[0];
    assert_eq!(summary(earned), is("points_earned", "sms", "pending", None));
    let store = d.store_name(customer).await;
    // Ten takes the plural in Arabic (3 to 10: نقاط).
    let long = format!("سالم، ربحت 10 نقاط في {store}. رصيدك {balance}.");
    let short = format!("ربحت 10 نقاط في {store}. رصيدك {balance}.");
    let body = earned["body"].as_str().unwrap_or_default();
    assert!(body == long || body == short, "{body}");
    let segments = loyalty_domain::messages_out::segments(body);
    assert!(body == short || segments.count == 1, "the long form only when it fits one segment: {body}");
    assert_eq!(earned["sms_segments"].as_u64(), Some(segments.count as u64), "{earned}");
    assert_eq!(earned["to"], "+218913000001", "{earned}");
    assert!(earned["provider_message_id"].is_null() && earned["sent_at"].is_null(), "{earned}");
    assert!(earned["created_at"].is_string(), "{earned}");
    assert_eq!(earned["attempts"], 0, "{earned}");

    // A sale refused (its number taken) writes no message: the outbox is in its transaction.
    let numbered = json!({"customer_id": customer, "total_cost": "12", "invoice_id": "MSG-1"});
    assert_eq!(d.app.post("/api/v1/invoices", Some(&d.cashier), &numbered).await.0, 201);
    let count = d.message_rows();
    let (status, body) = d.app.post("/api/v1/invoices", Some(&d.cashier), &numbered).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(d.message_rows(), count, "a refused sale leaves no message");
    // A sale below the minimum purchase earns no points and writes nothing.
    d.messaged_sale(customer, "4").await;
    assert_eq!(d.message_rows(), count);
    d.app.assert_ledger_matches_balances();
}

async fn whatsapp_goes_first_and_a_withdrawal_stops_at_once(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let customer = d.messaged_customer("Noura", "0913000002").await;
    d.consent(customer, "sms", true).await;
    let both = d.consent(customer, "whatsapp", true).await;
    assert_eq!((both["whatsapp"].as_bool(), both["sms"].as_bool()), (Some(true), Some(true)), "{both}");
    // Consenting again keeps the first time.
    let again = d.consent(customer, "whatsapp", true).await;
    assert_eq!(again["whatsapp_at"], both["whatsapp_at"]);
    d.messaged_sale(customer, "20").await;
    let messages = d.messages(customer).await;
    assert_eq!(messages.len(), 2, "one welcome, one sale: {messages:?}");
    assert_eq!(summary(&messages[0]), is("points_earned", "whatsapp", "pending", None));
    assert_eq!(summary(&messages[1]), is("welcome", "sms", "pending", None));

    // Withdrawing WhatsApp stops its pending messages at once; SMS carries the next sale.
    let left = d.consent(customer, "whatsapp", false).await;
    assert_eq!((left["whatsapp"].as_bool(), left["sms"].as_bool()), (Some(false), Some(true)), "{left}");
    assert!(left["whatsapp_at"].is_null(), "{left}");
    let messages = d.messages(customer).await;
    assert_eq!(summary(&messages[0]), is("points_earned", "whatsapp", "not_sent", Some("consent_withdrawn")));
    assert_eq!(summary(&messages[1]), is("welcome", "sms", "pending", None), "another channel's stay");
    d.messaged_sale(customer, "20").await;
    assert_eq!(summary(&d.messages(customer).await[0]), is("points_earned", "sms", "pending", None));

    // Withdrawing the last consent: nothing pending stays, and later sales write nothing.
    d.consent(customer, "sms", false).await;
    let messages = d.messages(customer).await;
    assert!(messages.iter().all(|m| m["status"] == "not_sent"), "{messages:?}");
    let count = d.message_rows();
    d.messaged_sale(customer, "30").await;
    assert_eq!(d.message_rows(), count, "no consent, no message");
    // Consenting again sends no second welcome.
    d.consent(customer, "sms", true).await;
    assert_eq!(d.message_rows(), count);
    assert_eq!(d.app.scalar("SELECT COUNT(*) AS n FROM customer_consents"), 6);
    assert_eq!(
        d.app.scalar("SELECT COUNT(*) AS n FROM customer_consents WHERE granted = false AND source = 'till'"),
        2
    );
}

async fn the_monthly_limit_records_messages_as_not_sent(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let owner = d.app.login("owner@demo.ly", "demo1234").await;
    let (status, config) = d.app.get("/api/v1/loyalty-config", Some(&owner)).await;
    assert_eq!((status, config["data"]["messages_monthly_limit"].as_i64()), (200, Some(1000)), "{config}");

    // Bounds: 0 to 1,000,000, told in both languages; a bad value changes nothing.
    for (lang, message) in [
        ("en", "Messages a month must be between 0 and 1,000,000"),
        ("ar", "يجب أن يكون عدد الرسائل في الشهر بين 0 و 1,000,000"),
    ] {
        for limit in [-1, 1_000_001] {
            let request = d.app.client.patch(d.app.url("/api/v1/loyalty-config")).bearer_auth(&owner);
            let request = request.header("Accept-Language", lang).json(&json!({"messages_monthly_limit": limit}));
            let (status, body) = read(request.send().await).await;
            assert_eq!(status, 422, "{body}");
            assert_eq!(body["errors"]["messages_monthly_limit"][0], message, "{body}");
        }
    }
    let (status, body) =
        d.app.patch("/api/v1/loyalty-config", Some(&owner), &json!({"messages_monthly_limit": 2})).await;
    assert_eq!((status, body["data"]["messages_monthly_limit"].as_i64()), (200, Some(2)), "{body}");

    // The welcome and the first sale are the month's two; the second sale's is recorded, not sent.
    let customer = d.messaged_customer("Limit", "0913000003").await;
    d.consent(customer, "sms", true).await;
    d.messaged_sale(customer, "10").await;
    d.messaged_sale(customer, "11").await;
    let messages = d.messages(customer).await;
    assert_eq!(messages.len(), 3, "{messages:?}");
    assert_eq!(summary(&messages[0]), is("points_earned", "sms", "not_sent", Some("monthly_limit")));
    assert_eq!(summary(&messages[1]), is("points_earned", "sms", "pending", None));
    assert_eq!(summary(&messages[2]), is("welcome", "sms", "pending", None));

    // 0: nothing is sent, every message is still recorded for the owner to see.
    d.app.patch("/api/v1/loyalty-config", Some(&owner), &json!({"messages_monthly_limit": 0})).await;
    let other = d.messaged_customer("Zero", "0913000004").await;
    d.consent(other, "whatsapp", true).await;
    d.messaged_sale(other, "10").await;
    let messages = d.messages(other).await;
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert!(
        messages
            .iter()
            .all(|m| summary(m) == is(m["kind"].as_str().unwrap_or(""), "whatsapp", "not_sent", Some("monthly_limit"))),
        "{messages:?}"
    );
}

async fn bad_consents_are_refused_in_both_languages_and_change_nothing(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let customer = d.messaged_customer("Bad", "0913000005").await;
    let path = format!("/api/v1/customers/{customer}/consents");
    let bad = json!({"channel": "email", "source": "web"});
    for (lang, channel, granted, source) in [
        (
            "en",
            "Choose whatsapp or sms",
            "Say whether the customer consents (true) or withdraws consent (false)",
            "Choose till, join, import or customer_page",
        ),
        (
            "ar",
            "اختر whatsapp أو sms",
            "حدّد هل يوافق العميل (true) أم يسحب موافقته (false)",
            "اختر till أو join أو import أو customer_page",
        ),
    ] {
        let request = d.app.client.post(d.app.url(&path)).bearer_auth(&d.cashier).header("Accept-Language", lang);
        let (status, body) = read(request.json(&bad).send().await).await;
        assert_eq!(status, 422, "{body}");
        assert_eq!(body["errors"]["channel"][0], channel, "{body}");
        assert_eq!(body["errors"]["granted"][0], granted, "{body}");
        assert_eq!(body["errors"]["source"][0], source, "{body}");
    }
    for body in [
        json!({}),
        json!({"channel": "sms", "granted": true}),
        json!({"channel": "sms", "granted": "yes", "source": "till"}),
        json!({"channel": "sms", "granted": null, "source": "till"}),
        json!({"channel": "SMS ", "granted": true, "source": "Till"}),
        json!({"channel": "sms", "granted": true, "source": "till", "extra": 1}),
        json!({"channel": 1, "granted": true, "source": "till"}),
    ] {
        let (status, answer) = d.app.post(&path, Some(&d.cashier), &body).await;
        assert_eq!(status, 422, "{body}: {answer}");
    }
    assert_eq!(d.app.scalar("SELECT COUNT(*) AS n FROM customer_consents"), 0);
    assert_eq!(d.message_rows(), 0);
    let (_, body) = d.app.get(&format!("/api/v1/customers/{customer}"), Some(&d.cashier)).await;
    assert_eq!(
        body["data"]["consents"],
        json!({"whatsapp": false, "sms": false, "whatsapp_at": null, "sms_at": null, "language": "ar"})
    );
}

async fn another_tenants_customer_is_not_found(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let form = json!({"name": "Other Owner", "email": "other@msgs.ly", "password": "other-pass-1", "store_owner_name": "Other"});
    let (status, registered) = d.app.post("/api/v1/auth/register", None, &form).await;
    assert_eq!(status, 201, "{registered}");
    let other = registered["data"]["token"].as_str().unwrap_or_default().to_owned();
    let consent = json!({"channel": "sms", "granted": true, "source": "till"});
    for customer in [d.fatima, 999_999] {
        let (status, body) =
            d.app.post(&format!("/api/v1/customers/{customer}/consents"), Some(&other), &consent).await;
        assert_eq!(status, 404, "{body}");
        let (status, body) = d.app.get(&format!("/api/v1/customers/{customer}/messages"), Some(&other)).await;
        assert_eq!(status, 404, "{body}");
    }
    // The cashier reaches its own store's customers only.
    let path = format!("/api/v1/customers/{}/consents", d.benghazi_customer);
    assert_eq!(d.app.post(&path, Some(&d.cashier), &consent).await.0, 404);
    assert_eq!(d.app.scalar("SELECT COUNT(*) AS n FROM customer_consents"), 0);
    assert_eq!(d.app.scalar("SELECT COUNT(*) AS n FROM customers WHERE sms_consent_at IS NOT NULL"), 0);
}

async fn an_owners_template_in_the_customers_language_is_what_is_sent(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let owner = d.app.login("owner@demo.ly", "demo1234").await;

    // Every kind, the product's text in both languages, with its placeholders.
    let (status, list) = d.app.get("/api/v1/message-templates", Some(&owner)).await;
    assert_eq!(status, 200, "{list}");
    let kinds: Vec<&str> = list["data"].as_array().into_iter().flatten().filter_map(|t| t["kind"].as_str()).collect();
    assert_eq!(kinds, ["welcome", "points_earned", "points_expiring", "birthday", "link"], "{list}");
    let earned = &list["data"][1];
    assert_eq!(earned["own"], false, "{earned}");
    assert_eq!(earned["text_en"], "{name}, you earned {points} points at {store}. Balance: {balance}.", "{earned}");
    assert_eq!(earned["required"], json!(["points"]), "{earned}");
    assert_eq!(list["data"][2]["placeholders"], json!(["name", "store", "points", "balance", "days"]), "{list}");
    assert_eq!(earned["sms_segments_ar"], 1, "{earned}");

    // The owner writes its own; the cashier may not.
    let own = json!({"text_ar": "  شكراً {name}! +{points} نقطة. رصيدك {balance}.  ",
                     "text_en": "Thanks {name}! +{points} points. Balance: {balance}."});
    let (status, body) = d.app.put("/api/v1/message-templates/points_earned", Some(&d.cashier), &own).await;
    assert_eq!(status, 403, "{body}");
    let (status, body) = d.app.put("/api/v1/message-templates/points_earned", Some(&owner), &own).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["own"], true, "{body}");
    assert_eq!(body["data"]["text_ar"], "شكراً {name}! +{points} نقطة. رصيدك {balance}.", "trimmed: {body}");
    let (_, list) = d.app.get("/api/v1/message-templates", Some(&owner)).await;
    assert_eq!(list["data"][1], body["data"], "{list}");

    // A customer who reads English, and one who reads Arabic (the default).
    let english = d.messaged_customer("Sara", "0913000011").await;
    let body = json!({"channel": "sms", "granted": true, "source": "till", "language": "en"});
    let (status, consents) =
        d.app.post(&format!("/api/v1/customers/{english}/consents"), Some(&d.cashier), &body).await;
    assert_eq!((status, consents["data"]["language"].as_str()), (200, Some("en")), "{consents}");
    let arabic = d.messaged_customer("سارة", "0913000012").await;
    assert_eq!(d.consent(arabic, "sms", true).await["language"], "ar");

    let (_, balance) = d.messaged_sale(english, "10").await;
    let messages = d.messages(english).await;
    assert_eq!(messages[0]["body"], format!("Thanks Sara! +10 points. Balance: {balance}."), "{messages:?}");
    assert_eq!(messages[0]["sms_segments"], 1, "GSM-7: {messages:?}");
    assert_eq!(messages[0]["language"], "en", "each message says the language it is written in");
    // Its welcome was the product's, in English: the short form, as the store's Arabic name makes
    // the text UCS-2, and the long one would take two segments. The Arabic name is set apart
    // (U+2068 ... U+2069), so it reads whole in the English text.
    let store = d.store_name(english).await;
    assert_eq!(messages[1]["body"], format!("Welcome to \u{2068}{store}\u{2069} points. Your balance: 0 points."));
    let (_, balance) = d.messaged_sale(arabic, "10").await;
    let messages = d.messages(arabic).await;
    assert_eq!(messages[0]["body"], format!("شكراً سارة! +10 نقاط. رصيدك {balance}."));
    assert_eq!(messages[0]["language"], "ar", "{messages:?}");

    // Back to the product's text, for the next message.
    let (status, body) = d.app.delete("/api/v1/message-templates/points_earned", Some(&owner)).await;
    assert_eq!((status, body["data"]["own"].as_bool()), (200, Some(false)), "{body}");
    let (_, balance) = d.messaged_sale(english, "10").await;
    let body = d.messages(english).await[0]["body"].as_str().unwrap_or_default().to_owned();
    let long = format!("Sara, you earned 10 points at \u{2068}{store}\u{2069}. Balance: {balance}.");
    let short = format!("You earned 10 points at \u{2068}{store}\u{2069}. Balance: {balance}.");
    assert!(body == long || body == short, "{body}");
    assert_eq!(d.app.scalar("SELECT COUNT(*) AS n FROM message_templates"), 0);
}

async fn bad_templates_are_refused_and_change_nothing(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let owner = d.app.login("owner@demo.ly", "demo1234").await;
    let good = "Thanks {name}! +{points} points.";
    let too_long = format!("{{points}}{}", "x".repeat(loyalty_domain::messages_out::TEMPLATE_MAX_CHARS - 7));
    for (lang, text_ar, field, message) in [
        (
            "en",
            "شكراً {nmae} +{points}",
            "text_ar",
            "A placeholder is not one of this message's: use those listed for it",
        ),
        ("ar", "شكراً {name}", "text_ar", "يجب أن تذكر هذه الرسالة النقاط: أبقِ {points} فيها"),
        ("en", "+{points} {days}", "text_ar", "A placeholder is not one of this message's: use those listed for it"),
        ("en", "+{points", "text_ar", "Write each placeholder in braces, like {name}"),
        ("en", "   ", "text_ar", "Write the message's text"),
        ("en", too_long.as_str(), "text_ar", "A message's text can be at most 320 characters"),
    ] {
        let request = d.app.client.put(d.app.url("/api/v1/message-templates/points_earned")).bearer_auth(&owner);
        let request = request.header("Accept-Language", lang).json(&json!({"text_ar": text_ar, "text_en": good}));
        let (status, body) = read(request.send().await).await;
        assert_eq!(status, 422, "{text_ar}: {body}");
        assert_eq!(body["errors"][field][0], message, "{body}");
    }
    // Both fields named at once; an unknown kind; unknown fields.
    let (status, body) = d.app.put("/api/v1/message-templates/points_earned", Some(&owner), &json!({})).await;
    assert_eq!(status, 422, "{body}");
    assert!(body["errors"]["text_ar"].is_array() && body["errors"]["text_en"].is_array(), "{body}");
    let both = json!({"text_ar": good, "text_en": good});
    let (status, body) = d.app.put("/api/v1/message-templates/coupon", Some(&owner), &both).await;
    assert_eq!(status, 422, "{body}");
    assert!(body["errors"]["kind"].is_array(), "{body}");
    assert_eq!(d.app.delete("/api/v1/message-templates/coupon", Some(&owner)).await.0, 422);
    let extra = json!({"text_ar": good, "text_en": good, "text_fr": good});
    assert_eq!(d.app.put("/api/v1/message-templates/points_earned", Some(&owner), &extra).await.0, 422);
    // A bad language for a consent.
    let customer = d.messaged_customer("Lang", "0913000013").await;
    let body = json!({"channel": "sms", "granted": true, "source": "till", "language": "fr"});
    let (status, body) = d.app.post(&format!("/api/v1/customers/{customer}/consents"), Some(&d.cashier), &body).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["errors"]["language"][0], "Choose ar or en", "{body}");
    // Left out, the language stays; an explicit null is not a language.
    let body = json!({"channel": "sms", "granted": true, "source": "till", "language": null});
    let (status, body) = d.app.post(&format!("/api/v1/customers/{customer}/consents"), Some(&d.cashier), &body).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(d.app.scalar("SELECT COUNT(*) AS n FROM message_templates"), 0);
    assert_eq!(d.app.scalar(&format!("SELECT COUNT(*) AS n FROM customer_consents WHERE customer_id = {customer}")), 0);
}

async fn the_summary_counts_consent_messages_and_their_cost(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let owner = d.app.login("owner@demo.ly", "demo1234").await;
    assert_eq!(d.app.get("/api/v1/messages/summary", Some(&d.cashier)).await.0, 403);

    let by_sms = d.messaged_customer("SMS", "0913000021").await;
    d.consent(by_sms, "sms", true).await;
    let by_whatsapp = d.messaged_customer("WA", "0913000022").await;
    d.consent(by_whatsapp, "whatsapp", true).await;
    d.consent(by_whatsapp, "sms", true).await;
    d.messaged_sale(by_sms, "10").await;
    d.messaged_sale(by_whatsapp, "10").await;
    // The sender's work, as it would record it: the SMS welcome delivered, a WhatsApp message sent.
    d.app.execute(&format!(
        "UPDATE customer_messages SET status = 'delivered' WHERE customer_id = {by_sms} AND kind = 'welcome'"
    ));
    d.app.execute(&format!(
        "UPDATE customer_messages SET status = 'sent' WHERE customer_id = {by_whatsapp} AND kind = 'welcome'"
    ));

    let (status, body) = d.app.get("/api/v1/messages/summary", Some(&owner)).await;
    assert_eq!(status, 200, "{body}");
    let s = &body["data"];
    let live = "FROM customers c JOIN stores s ON s.id = c.store_id JOIN users u ON u.id = s.owner_id \
                WHERE u.email = 'owner@demo.ly' AND c.deleted_at IS NULL AND s.is_sandbox = false";
    assert_eq!(s["consents"]["customers"].as_i64(), Some(d.app.scalar(&format!("SELECT COUNT(*) AS n {live}"))));
    assert_eq!(s["consents"]["whatsapp"], 1, "{s}");
    assert_eq!(s["consents"]["sms"], 2, "{s}");
    assert_eq!(s["consents"]["any"], 2, "{s}");
    assert_eq!((s["monthly_limit"].as_i64(), s["this_month"].as_i64()), (Some(1000), Some(4)), "{s}");
    assert_eq!(s["limit_reached"], false, "{s}");
    assert_eq!(s["prices"], json!({"sms_segment_usd": "0.350000", "whatsapp_message_usd": "0.022500"}), "{s}");

    let months = s["months"].as_array().cloned().unwrap_or_default();
    assert_eq!(months.len(), 12, "six months, two channels: {s}");
    let this = loyalty_domain::local_day::local_date(chrono::Utc::now().naive_utc()).format("%Y-%m");
    let row = |channel: &str| months.iter().find(|m| m["month"] == this.to_string() && m["channel"] == channel);
    let sms = row("sms").cloned().unwrap_or_default();
    let sms_segments = d.app.scalar(&format!(
        "SELECT segments AS n FROM customer_messages WHERE customer_id = {by_sms} AND kind = 'welcome'"
    ));
    assert_eq!(sms_segments, 1);
    assert_eq!(
        (sms["pending"].as_i64(), sms["delivered"].as_i64(), sms["segments"].as_i64()),
        (Some(1), Some(1), Some(1)),
        "{sms}"
    );
    assert_eq!(sms["estimated_cost_usd"], "0.350000", "{sms}");
    let whatsapp = row("whatsapp").cloned().unwrap_or_default();
    assert_eq!((whatsapp["pending"].as_i64(), whatsapp["sent"].as_i64()), (Some(1), Some(1)), "{whatsapp}");
    assert_eq!(whatsapp["estimated_cost_usd"], "0.022500", "{whatsapp}");
    // Earlier months are there, empty; the oldest first.
    assert_eq!(months[0]["sent"], 0, "{s}");
    assert!(months[0]["month"].as_str() < months[11]["month"].as_str(), "{s}");

    // At the limit, the owner sees it.
    d.app.patch("/api/v1/loyalty-config", Some(&owner), &json!({"messages_monthly_limit": 4})).await;
    let (_, body) = d.app.get("/api/v1/messages/summary", Some(&owner)).await;
    assert_eq!(body["data"]["limit_reached"], true, "{body}");
}

async fn expiring_points_and_birthdays_are_told_once(backend: Backend) {
    use crate::expiry::{tripoli, Shop};
    use chrono::{Datelike, Duration};
    // Forty days ahead: the demo's own expiring points are past by then.
    let d0 = loyalty_domain::local_day::local_date(chrono::Utc::now().naive_utc()) + Duration::days(40);
    let Some(shop) = Shop::open(backend, tripoli(d0, 10, 0)).await else { return };
    let (status, body) = shop.settings(json!({"points_expiry_months": 1, "birthday_points": 30})).await;
    assert_eq!(status, 200, "{body}");
    let birthday = format!("{:02}-{:02}", d0.month(), d0.day());
    let mut customers = Vec::new();
    for (phone, consent) in [("+218910000501", Some("whatsapp")), ("+218910000502", None)] {
        let body = json!({"name": "Told", "phone": phone, "birthday": birthday});
        let (status, body) = shop.app.post("/api/v1/customers", Some(&shop.cashier), &body).await;
        assert_eq!(status, 201, "{body}");
        let id = body["data"]["id"].as_i64().unwrap_or_default();
        if let Some(channel) = consent {
            let body = json!({"channel": channel, "granted": true, "source": "till"});
            let path = format!("/api/v1/customers/{id}/consents");
            assert_eq!(shop.app.post(&path, Some(&shop.cashier), &body).await.0, 200);
        }
        let sale = json!({"customer_id": id, "total_cost": "40"});
        assert_eq!(shop.app.post("/api/v1/invoices", Some(&shop.cashier), &sale).await.0, 201);
        customers.push(id);
    }
    let (told, silent) = (customers[0], customers[1]);
    let kinds = |id: i64| {
        shop.app.scalar(&format!(
            "SELECT COUNT(*) AS n FROM customer_messages WHERE customer_id = {id} AND kind IN ('birthday', 'points_expiring')"
        ))
    };
    let tell = || {
        let services = shop.app.state.services.clone();
        async move {
            tokio::task::spawn_blocking(move || loyalty_application::use_cases::messages::tell_expiring(&services))
                .await
                .unwrap_or_else(|e| panic!("join: {e}"))
                .unwrap_or_else(|e| panic!("tell: {e}"))
        }
    };

    // The birthday points, told to the customer who consents.
    let services = shop.app.state.services.clone();
    let run = tokio::task::spawn_blocking(move || loyalty_application::use_cases::birthdays::run_daily(&services))
        .await
        .unwrap_or_else(|e| panic!("join: {e}"))
        .unwrap_or_else(|e| panic!("birthdays: {e}"));
    assert!(run.customers >= 2, "{run:?}");
    let messages = {
        let (status, body) = shop.app.get(&format!("/api/v1/customers/{told}/messages"), Some(&shop.cashier)).await;
        assert_eq!(status, 200, "{body}");
        body["data"].as_array().cloned().unwrap_or_default()
    };
    assert_eq!(messages[0]["kind"], "birthday", "{messages:?}");
    assert!(messages[0]["body"].as_str().unwrap_or_default().contains("30"), "{messages:?}");
    assert_eq!(kinds(silent), 0, "no consent, no message");

    // Nothing expires in 14 days yet.
    assert_eq!(tell().await, 0);
    // Fourteen days before the sale's points' last day: told once, however often asked.
    let last_day = d0.checked_add_months(chrono::Months::new(1)).unwrap_or(d0);
    shop.at(tripoli(last_day - Duration::days(14), 8, 0));
    assert_eq!(tell().await, 1);
    assert_eq!(tell().await, 0, "once per customer and day");
    let (_, body) = shop.app.get(&format!("/api/v1/customers/{told}/messages"), Some(&shop.cashier)).await;
    let notice = &body["data"][0];
    assert_eq!(notice["kind"], "points_expiring", "{body}");
    let text = notice["body"].as_str().unwrap_or_default();
    // The sale's 40 and the birthday's 30, earned the same day, end the same day.
    assert!(text.contains(" 70 ") && text.contains(" 14 "), "{text}");
    assert_eq!(kinds(told), 2);
    assert_eq!(kinds(silent), 0);
    // The database keeps it once even when asked to write it again.
    let duplicate = shop.app.try_execute(&format!(
        "INSERT INTO customer_messages (owner_id, store_id, customer_id, kind, channel, to_phone, body, status, \
         attempts, created_at, updated_at, segments, once_key) SELECT owner_id, store_id, customer_id, kind, channel, \
         to_phone, body, status, attempts, created_at, updated_at, segments, once_key FROM customer_messages \
         WHERE customer_id = {told} AND kind = 'points_expiring'"
    ));
    assert!(duplicate.is_err(), "the occasion is unique per customer");
}

async fn the_join_page_and_the_customers_own_page_record_consent(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let owner = d.app.login("owner@demo.ly", "demo1234").await;
    let store = d.app.scalar("SELECT store_id AS n FROM users WHERE email = 'cashier@demo.ly'");
    let (status, qr) = d.app.post("/api/v1/qr-code/generate", Some(&owner), &json!({"store_id": store})).await;
    assert_eq!(status, 200, "{qr}");
    let url = qr["data"]["registration_url"].as_str().unwrap_or_default();
    let join = format!("/api/v1/public/stores/{}/join", url.rsplit("/join/").next().unwrap_or_default());

    // Bad consents on the join page: refused, nobody joins.
    for bad in [json!({"consents": ["email"]}), json!({"consents": ["sms"], "language": "fr"})] {
        let mut body = json!({"name": "Joiner", "phone": "0913000031"});
        for (key, value) in bad.as_object().into_iter().flatten() {
            body[key] = value.clone();
        }
        let (status, answer) = d.app.post(&join, None, &body).await;
        assert_eq!(status, 422, "{answer}");
    }
    assert_eq!(d.app.scalar("SELECT COUNT(*) AS n FROM customers WHERE phone = '+218913000031'"), 0);

    // Joining with both consents, in English: recorded with source `join`, no staff member;
    // the welcome goes by WhatsApp, in English.
    let body =
        json!({"name": "Joiner", "phone": "0913000031", "consents": ["whatsapp", "sms", "sms"], "language": "en"});
    let (status, answer) = d.app.post(&join, None, &body).await;
    assert_eq!(status, 201, "{answer}");
    let joiner = d.app.scalar("SELECT id AS n FROM customers WHERE phone = '+218913000031'");
    let history = format!("SELECT COUNT(*) AS n FROM customer_consents WHERE customer_id = {joiner} AND source = 'join' AND actor_id IS NULL AND granted = true");
    assert_eq!(d.app.scalar(&history), 2, "one row per channel");
    let messages = d.messages(joiner).await;
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert_eq!(summary(&messages[0]), is("welcome", "whatsapp", "pending", None));
    assert!(messages[0]["body"].as_str().unwrap_or_default().starts_with("Welcome"), "{messages:?}");
    // Joining without consents: nothing recorded, nothing written.
    let (status, _) = d.app.post(&join, None, &json!({"name": "Quiet", "phone": "0913000032"})).await;
    assert_eq!(status, 201);
    let quiet = d.app.scalar("SELECT id AS n FROM customers WHERE phone = '+218913000032'");
    assert!(d.messages(quiet).await.is_empty());

    // The customer's own page shows its consents and withdraws one for every store it shows.
    let (status, sale) = d.invoice(joiner, json!("10")).await;
    assert_eq!(status, 201, "{sale}");
    let page_url = sale["data"]["customer_page_url"].as_str().unwrap_or_default();
    let token = page_url.rsplit('/').next().unwrap_or_default().to_owned();
    let (status, page) = d.app.get(&format!("/api/v1/public/me/{token}"), None).await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(
        (page["data"]["consents"]["whatsapp"].as_bool(), page["data"]["consents"]["language"].as_str()),
        (Some(true), Some("en")),
        "{page}"
    );
    let consent = format!("/api/v1/public/me/{token}/consents");
    let (status, body) = d.app.post(&consent, None, &json!({"channel": "whatsapp"})).await;
    assert_eq!(status, 422, "granted left out: {body}");
    let (status, body) = d.app.post(&consent, None, &json!({"channel": "pigeon", "granted": false})).await;
    assert_eq!((status, body["errors"]["channel"].is_array()), (422, true), "{body}");
    let (status, body) = d
        .app
        .post(
            // The last digit changed (to 1 when it was 0).
            &format!("/api/v1/public/me/{}{}/consents", &token[..31], if token.ends_with('0') { '1' } else { '0' }),
            None,
            &json!({"channel": "sms", "granted": false}),
        )
        .await;
    assert_eq!(status, 404, "an altered link: {body}");
    assert_eq!(d.app.scalar(&format!("SELECT COUNT(*) AS n FROM customer_consents WHERE customer_id = {joiner}")), 2);

    let pending = d.messages(joiner).await.iter().filter(|m| m["status"] == "pending").count();
    assert_eq!(pending, 2, "the welcome and the sale's message wait");
    let (status, body) = d.app.post(&consent, None, &json!({"channel": "whatsapp", "granted": false})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (body["data"]["whatsapp"].as_bool(), body["data"]["sms"].as_bool()),
        (Some(false), Some(true)),
        "{body}"
    );
    let messages = d.messages(joiner).await;
    assert!(
        messages
            .iter()
            .all(|m| summary(m)
                == is(m["kind"].as_str().unwrap_or(""), "whatsapp", "not_sent", Some("consent_withdrawn"))),
        "withdrawn from the page, stopped at once: {messages:?}"
    );
    let from_page = format!("SELECT COUNT(*) AS n FROM customer_consents WHERE customer_id = {joiner} AND source = 'customer_page' AND granted = false AND actor_id IS NULL");
    assert_eq!(d.app.scalar(&from_page), 1);
    // The next sale goes by SMS, the consent left.
    d.messaged_sale(joiner, "10").await;
    assert_eq!(summary(&d.messages(joiner).await[0]), is("points_earned", "sms", "pending", None));
}

/// The till sends a customer who consents a link to its own page (`link`, with `{link}`): a
/// new page link in the customer's language by its channel, which opens the page; without
/// consent a 409 in the request's language and nothing written; the owner's link text must
/// keep `{link}`.
async fn the_till_sends_the_customers_page_when_asked(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let customer = d.messaged_customer("Amal", "0913000021").await;
    let send = format!("/api/v1/customers/{customer}/messages/page-link");
    let links =
        || d.app.scalar(&format!("SELECT COUNT(*) AS n FROM customer_page_links WHERE customer_id = {customer}"));

    // No consent: refused, nothing written.
    let (rows, before) = (d.message_rows(), links());
    let request = d.app.client.post(d.app.url(&send)).bearer_auth(&d.cashier).header("Accept-Language", "ar");
    let (status, body) = read(request.send().await).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("no_message_consent")), "{body}");
    assert!(body["message"].as_str().unwrap_or_default().contains("لم يوافق"), "{body}");
    assert_eq!((d.message_rows(), links()), (rows, before));

    // With WhatsApp consent, in English: one link message, pending, whose link opens the page.
    let consent = json!({"channel": "whatsapp", "granted": true, "source": "till", "language": "en"});
    let (status, body) =
        d.app.post(&format!("/api/v1/customers/{customer}/consents"), Some(&d.cashier), &consent).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = d.app.post(&send, Some(&d.cashier), &json!({})).await;
    assert_eq!(status, 201, "{body}");
    let message = &body["data"];
    assert_eq!(summary(message), is("link", "whatsapp", "pending", None));
    assert_eq!(links(), before + 1);
    let text = message["body"].as_str().unwrap_or_default();
    let store = d.store_name(customer).await;
    assert!(
        text.starts_with(&format!("Amal, your balance at \u{2068}{store}\u{2069}: 0 points. Your page: ")),
        "{text}"
    );
    let token = text.rsplit("/me/").next().unwrap_or_default();
    assert_eq!(token.len(), 32, "{text}");
    let (status, page) = d.app.get(&format!("/api/v1/public/me/{token}"), None).await;
    assert_eq!((status, page["data"]["consents"]["whatsapp"].as_bool()), (200, Some(true)), "{page}");
    assert_eq!(d.messages(customer).await[0], *message);

    // The owner's link text keeps {link}; the owner may send it too.
    let owner = d.app.login("owner@demo.ly", "demo1234").await;
    let without = json!({"text_ar": "صفحتك في {store}", "text_en": "Your page at {store}"});
    let request = d
        .app
        .client
        .put(d.app.url("/api/v1/message-templates/link"))
        .bearer_auth(&owner)
        .header("Accept-Language", "en")
        .json(&without);
    let (status, body) = read(request.send().await).await;
    assert_eq!(status, 422, "{body}");
    let missing = "This message must carry the customer's page: keep {link} in it";
    assert_eq!(body["errors"]["text_ar"][0], missing, "{body}");
    let own = json!({"text_ar": "صفحتك في {store}: {link}", "text_en": "{store}: {link}"});
    assert_eq!(d.app.put("/api/v1/message-templates/link", Some(&owner), &own).await.0, 200);
    let (status, body) = d.app.post(&send, Some(&owner), &json!({})).await;
    assert_eq!(status, 201, "{body}");
    let text = body["data"]["body"].as_str().unwrap_or_default();
    assert!(text.starts_with(&format!("\u{2068}{store}\u{2069}: ")) && text.contains("/me/"), "{text}");
    assert_eq!(links(), before + 2);
}
