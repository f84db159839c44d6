//! Sending customer messages (issue #39, the sender): through the fake provider on loopback,
//! each message handed over once with our id (WhatsApp's `biz_opaque_callback_data`, the SMS
//! gateway's `reference`), the provider's id stored; 5xx answers retried with backoff, a 4xx
//! failed at once with the provider's error; routing among the configured channels only, and
//! `not_sent`/`no_channel` without one; a message left `sending` by a crash resent by SMS with
//! the same reference (deduplicated) and by WhatsApp only after the callback window. On both
//! backends, the sender stepped by `send_due`.

use chrono::{Duration, Utc};
use loyalty_api::fake_provider::{self, Options};
use loyalty_system::messages::{send_due, ChannelSettings};
use serde_json::{json, Value};

use crate::helpers::{both_backends, channels_at, read, TEST_APP_SECRET, TEST_VERIFY_TOKEN};
use crate::pos::{demo_with, Demo};

both_backends!(
    messages_are_sent_through_the_fake_provider_once,
    server_errors_are_retried_with_backoff_then_sent,
    a_refusal_fails_at_once_with_the_providers_error,
    without_a_configured_channel_messages_are_not_sent,
    only_configured_channels_are_routed_to,
    a_message_left_sending_is_resent_safely,
    unsigned_callbacks_are_refused_and_change_nothing,
    signed_statuses_are_recorded_and_never_move_back,
    the_fake_providers_callbacks_mark_messages_delivered,
    a_stop_reply_withdraws_whatsapp_consent,
    the_subscription_handshake_needs_the_verify_token,
    the_owner_is_told_when_the_monthly_limit_is_reached,
);

pub(crate) const TOKEN: &str = "fake-whatsapp-token";

/// A fake provider and a demo server configured to send through it (WhatsApp as phone number
/// `phone_number_id`).
pub(crate) async fn with_fake(
    backend: crate::helpers::Backend,
    options: Options,
    phone_number_id: &str,
) -> Option<(Demo, String)> {
    let fake = fake_provider::spawn(Options { whatsapp_token: TOKEN.to_owned(), ..options })
        .unwrap_or_else(|e| panic!("fake provider: {e}"));
    let channels = channels_at(&fake, phone_number_id, TOKEN);
    let d = demo_with(backend, move |c| c.channels = channels).await?;
    Some((d, fake))
}

impl Demo {
    pub(crate) async fn new_customer(&self, name: &str, phone: &str) -> i64 {
        let (status, body) =
            self.app.post("/api/v1/customers", Some(&self.cashier), &json!({"name": name, "phone": phone})).await;
        assert_eq!(status, 201, "{body}");
        body["data"]["id"].as_i64().unwrap_or_default()
    }

    pub(crate) async fn grant(&self, customer: i64, channel: &str) {
        let body = json!({"channel": channel, "granted": true, "source": "till"});
        let path = format!("/api/v1/customers/{customer}/consents");
        let (status, body) = self.app.post(&path, Some(&self.cashier), &body).await;
        assert_eq!(status, 200, "{body}");
    }

    pub(crate) async fn customer_messages(&self, customer: i64) -> Vec<Value> {
        let path = format!("/api/v1/customers/{customer}/messages?per_page=100");
        let (status, body) = self.app.get(&path, Some(&self.cashier)).await;
        assert_eq!(status, 200, "{body}");
        body["data"].as_array().cloned().unwrap_or_default()
    }

    pub(crate) async fn send(&self) -> usize {
        send_due(&self.app.state.services).await.unwrap_or_else(|e| panic!("send_due: {e}"))
    }

    /// Moves the server's clock `by` from the real now.
    pub(crate) fn later(&self, by: Duration) {
        self.app.config.clock.set(Utc::now().naive_utc() + by);
    }
}

pub(crate) async fn received(fake: &str) -> Value {
    let answer = reqwest::get(format!("{fake}/_fake/received")).await.unwrap_or_else(|e| panic!("fake: {e}"));
    answer.json().await.unwrap_or_else(|e| panic!("fake: {e}"))
}

fn status_of(message: &Value) -> (&str, &str) {
    (message["channel"].as_str().unwrap_or_default(), message["status"].as_str().unwrap_or_default())
}

async fn messages_are_sent_through_the_fake_provider_once(backend: crate::helpers::Backend) {
    let Some((d, fake)) = with_fake(backend, Options::default(), "123456789").await else { return };
    let wa = d.new_customer("واتساب", "0913100001").await;
    let sms = d.new_customer("SMS", "0913100002").await;
    d.grant(wa, "whatsapp").await;
    d.grant(sms, "sms").await;
    assert_eq!(d.invoice(wa, json!("10")).await.0, 201);
    assert_eq!(d.send().await, 3, "two welcomes and a sale's message");
    assert_eq!(d.send().await, 0, "nothing is due twice");

    let wa_messages = d.customer_messages(wa).await;
    assert_eq!(wa_messages.len(), 2, "{wa_messages:?}");
    for message in &wa_messages {
        assert_eq!(status_of(message), ("whatsapp", "sent"), "{message}");
        assert!(message["provider_message_id"].as_str().unwrap_or_default().starts_with("wamid.FAKE"), "{message}");
        assert!(message["sent_at"].is_string() && message["status_detail"].is_null(), "{message}");
        assert_eq!(message["attempts"], 1, "{message}");
    }
    let sms_messages = d.customer_messages(sms).await;
    assert_eq!(sms_messages.len(), 1);
    assert_eq!(status_of(&sms_messages[0]), ("sms", "sent"));
    assert!(sms_messages[0]["provider_message_id"].as_str().unwrap_or_default().starts_with("sms-"));

    // What the provider got: the Cloud API's template message with our id, the gateway's JSON.
    let got = received(&fake).await;
    let whatsapp = got["whatsapp"].as_array().cloned().unwrap_or_default();
    assert_eq!(whatsapp.len(), 2, "{got}");
    let mut ids: Vec<String> =
        whatsapp.iter().map(|m| m["biz_opaque_callback_data"].as_str().unwrap_or_default().to_owned()).collect();
    ids.sort();
    let mut expected: Vec<String> = wa_messages.iter().map(|m| m["id"].to_string()).collect();
    expected.sort();
    assert_eq!(ids, expected);
    // The welcome (the older of the two): the sender sends at once, so they may arrive either way.
    let welcome_id = wa_messages[1]["id"].to_string();
    let first = whatsapp.iter().find(|m| m["biz_opaque_callback_data"] == welcome_id.as_str()).cloned();
    let first = &first.unwrap_or_default();
    assert_eq!(first["messaging_product"], "whatsapp");
    assert_eq!(first["to"], "218913100001", "{first}");
    assert_eq!(first["type"], "template");
    assert_eq!(first["template"]["name"], "welcome", "{first}");
    assert_eq!(first["template"]["language"]["code"], "ar");
    let text = &first["template"]["components"][0]["parameters"][0];
    assert_eq!(text["type"], "text");
    assert_eq!(text["text"], wa_messages[1]["body"], "the stored text is sent");
    let sms_got = got["sms"].as_array().cloned().unwrap_or_default();
    assert_eq!(sms_got.len(), 1, "{got}");
    assert_eq!(sms_got[0]["to"], "+218913100002");
    assert_eq!(sms_got[0]["from"], "Loyalty");
    assert_eq!(sms_got[0]["reference"], sms_messages[0]["id"].to_string());
    assert_eq!(sms_got[0]["text"], sms_messages[0]["body"]);
}

async fn server_errors_are_retried_with_backoff_then_sent(backend: crate::helpers::Backend) {
    let options = Options { fail_first: 2, ..Options::default() };
    let Some((d, fake)) = with_fake(backend, options, "123456789").await else { return };
    let customer = d.new_customer("Retry", "0913100003").await;
    d.grant(customer, "sms").await;

    assert_eq!(d.send().await, 1);
    let message = d.customer_messages(customer).await[0].clone();
    assert_eq!(status_of(&message), ("sms", "pending"), "{message}");
    assert_eq!(message["attempts"], 1);
    assert!(message["status_detail"].as_str().unwrap_or_default().starts_with("500"), "{message}");
    assert_eq!(d.send().await, 0, "not due again before its backoff");

    d.later(Duration::seconds(31));
    assert_eq!(d.send().await, 1);
    let message = d.customer_messages(customer).await[0].clone();
    assert_eq!((status_of(&message), message["attempts"].as_i64()), (("sms", "pending"), Some(2)), "{message}");
    d.later(Duration::seconds(31 + 61));
    assert_eq!(d.send().await, 1);
    let message = d.customer_messages(customer).await[0].clone();
    assert_eq!((status_of(&message), message["attempts"].as_i64()), (("sms", "sent"), Some(3)), "{message}");
    assert!(message["status_detail"].is_null(), "{message}");
    let got = received(&fake).await;
    assert_eq!((got["requests"].as_u64(), got["sms"].as_array().map(Vec::len)), (Some(3), Some(1)), "{got}");
}

async fn a_refusal_fails_at_once_with_the_providers_error(backend: crate::helpers::Backend) {
    // The fake answers 400 for a phone number id that is not one (as the Cloud API does).
    let Some((d, fake)) = with_fake(backend, Options::default(), "unknown").await else { return };
    let customer = d.new_customer("Refused", "0913100004").await;
    d.grant(customer, "whatsapp").await;
    assert_eq!(d.send().await, 1);
    let message = d.customer_messages(customer).await[0].clone();
    assert_eq!(status_of(&message), ("whatsapp", "failed"), "{message}");
    let detail = message["status_detail"].as_str().unwrap_or_default();
    assert!(detail.starts_with("400: Unsupported post request"), "{detail}");
    assert!(message["provider_message_id"].is_null(), "{message}");
    d.later(Duration::hours(2));
    assert_eq!(d.send().await, 0, "a refusal is not retried");
    assert_eq!(received(&fake).await["whatsapp"].as_array().map(Vec::len), Some(0));
}

async fn without_a_configured_channel_messages_are_not_sent(backend: crate::helpers::Backend) {
    let Some(d) = demo_with(backend, |c| c.channels = ChannelSettings::default()).await else { return };
    let customer = d.new_customer("Nobody", "0913100005").await;
    d.grant(customer, "whatsapp").await;
    assert_eq!(d.invoice(customer, json!("10")).await.0, 201);
    let messages = d.customer_messages(customer).await;
    assert_eq!(messages.len(), 2, "{messages:?}");
    for message in &messages {
        assert_eq!(status_of(message), ("whatsapp", "not_sent"), "{message}");
        assert_eq!(message["status_detail"], "no_channel", "{message}");
    }
    assert_eq!(d.send().await, 0);
    // Not sent, so not counted against the owner's monthly limit.
    assert_eq!(d.app.scalar("SELECT COUNT(*) AS n FROM customer_messages WHERE status = 'pending'"), 0);
}

async fn only_configured_channels_are_routed_to(backend: crate::helpers::Backend) {
    let fake = fake_provider::spawn(Options { whatsapp_token: TOKEN.to_owned(), ..Options::default() })
        .unwrap_or_else(|e| panic!("fake provider: {e}"));
    let mut channels = channels_at(&fake, "123456789", TOKEN);
    channels.whatsapp = None;
    let Some(d) = demo_with(backend, move |c| c.channels = channels).await else { return };
    let customer = d.new_customer("Both", "0913100006").await;
    d.grant(customer, "sms").await;
    d.grant(customer, "whatsapp").await;
    assert_eq!(d.invoice(customer, json!("10")).await.0, 201);
    let messages = d.customer_messages(customer).await;
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert!(messages.iter().all(|m| status_of(m) == ("sms", "pending")), "SMS, the one configured: {messages:?}");
    assert_eq!(d.send().await, 2);
    assert!(d.customer_messages(customer).await.iter().all(|m| status_of(m) == ("sms", "sent")));
    // A message due by a channel no longer configured is recorded not sent by the sender.
    let past = (Utc::now().naive_utc() - Duration::seconds(1)).format("%Y-%m-%d %H:%M:%S%.6f");
    d.app.execute(&format!(
        "UPDATE customer_messages SET channel = 'whatsapp', status = 'pending', attempts = 0, \
         next_attempt_at = '{past}'"
    ));
    assert_eq!(d.send().await, 0);
    let messages = d.customer_messages(customer).await;
    assert!(
        messages.iter().all(|m| status_of(m) == ("whatsapp", "not_sent") && m["status_detail"] == "no_channel"),
        "{messages:?}"
    );
    assert_eq!(received(&fake).await["whatsapp"].as_array().map(Vec::len), Some(0));
}

async fn a_message_left_sending_is_resent_safely(backend: crate::helpers::Backend) {
    let Some((d, fake)) = with_fake(backend, Options::default(), "123456789").await else { return };
    let by_sms = d.new_customer("Crash SMS", "0913100007").await;
    let by_wa = d.new_customer("Crash WA", "0913100008").await;
    d.grant(by_sms, "sms").await;
    d.grant(by_wa, "whatsapp").await;
    assert_eq!(d.send().await, 2);
    // As if the sender had been killed after the provider took each message and before the
    // answer was recorded: `sending`, its lease run out.
    let past = (Utc::now().naive_utc() - Duration::seconds(1)).format("%Y-%m-%d %H:%M:%S%.6f");
    d.app.execute(&format!(
        "UPDATE customer_messages SET status = 'sending', provider_message_id = NULL, sent_at = NULL, \
         next_attempt_at = '{past}'"
    ));
    // The SMS is sent again at once with the same reference: the gateway takes it once.
    assert_eq!(d.send().await, 1);
    let sms = d.customer_messages(by_sms).await[0].clone();
    assert_eq!((status_of(&sms), sms["attempts"].as_i64()), (("sms", "sent"), Some(2)), "{sms}");
    let got = received(&fake).await;
    assert_eq!((got["sms"].as_array().map(Vec::len), got["sms_requests"].as_u64()), (Some(1), Some(2)), "{got}");
    assert_eq!(sms["provider_message_id"], "sms-000001", "the gateway's id for the reference: {sms}");
    // WhatsApp waits for a status callback for the window, and is resent only after it.
    let wa = d.customer_messages(by_wa).await[0].clone();
    assert_eq!(status_of(&wa), ("whatsapp", "sending"), "{wa}");
    d.later(Duration::minutes(9));
    assert_eq!(d.send().await, 0, "still in the callback window");
    d.later(Duration::minutes(11));
    assert_eq!(d.send().await, 1);
    let wa = d.customer_messages(by_wa).await[0].clone();
    assert_eq!((status_of(&wa), wa["attempts"].as_i64()), (("whatsapp", "sent"), Some(2)), "{wa}");
    assert_eq!(received(&fake).await["whatsapp"].as_array().map(Vec::len), Some(2));
}

const STATUS_PATH: &str = "/api/v1/channels/whatsapp/status";

/// A Cloud API callback body with `statuses` and inbound `messages`.
fn callback(statuses: Value, messages: Value) -> String {
    json!({"object": "whatsapp_business_account", "entry": [{"id": "1", "changes": [{"field": "messages",
        "value": {"messaging_product": "whatsapp", "statuses": statuses, "messages": messages}}]}]})
    .to_string()
}

fn status(id: &str, status: &str, ours: Option<i64>) -> Value {
    let mut s = json!({"id": id, "status": status, "timestamp": "1764316800", "recipient_id": "218913100010"});
    if let Some(ours) = ours {
        s["biz_opaque_callback_data"] = json!(ours.to_string());
    }
    s
}

impl Demo {
    /// Posts `body` to the status callback with `signature` (none when `None`).
    async fn post_callback(&self, body: &str, signature: Option<String>) -> (u16, Value) {
        let mut request = self
            .app
            .client
            .post(self.app.url(STATUS_PATH))
            .header("Content-Type", "application/json")
            .body(body.to_owned());
        if let Some(signature) = signature {
            request = request.header("X-Hub-Signature-256", signature);
        }
        read(request.send().await).await
    }

    async fn signed_callback(&self, body: &str) -> (u16, Value) {
        self.post_callback(body, Some(loyalty_system::messages::hub_signature(TEST_APP_SECRET, body.as_bytes()))).await
    }

    fn message_states(&self) -> String {
        let rows: i64 = self.app.scalar("SELECT COUNT(*) AS n FROM customer_messages");
        let sent: i64 = self.app.scalar("SELECT COUNT(*) AS n FROM customer_messages WHERE status = 'sent'");
        let delivered: i64 = self.app.scalar("SELECT COUNT(*) AS n FROM customer_messages WHERE status = 'delivered'");
        let consents: i64 = self.app.scalar("SELECT COUNT(*) AS n FROM customer_consents");
        format!("{rows}/{sent}/{delivered}/{consents}")
    }
}

async fn unsigned_callbacks_are_refused_and_change_nothing(backend: crate::helpers::Backend) {
    let Some((d, _fake)) = with_fake(backend, Options::default(), "123456789").await else { return };
    let customer = d.new_customer("Unsigned", "0913100010").await;
    d.grant(customer, "whatsapp").await;
    d.send().await;
    let sent = d.customer_messages(customer).await[0].clone();
    let (id, wamid) =
        (sent["id"].as_i64().unwrap_or_default(), sent["provider_message_id"].as_str().unwrap_or("").to_owned());
    let body = callback(
        json!([status(&wamid, "delivered", Some(id))]),
        json!([
            {"from": "218913100010", "id": "wamid.in", "timestamp": "1", "type": "text", "text": {"body": "STOP"}}
        ]),
    );
    let before = d.message_states();
    let wrong = loyalty_system::messages::hub_signature("another-secret", body.as_bytes());
    let right = loyalty_system::messages::hub_signature(TEST_APP_SECRET, body.as_bytes());
    let tampered = loyalty_system::messages::hub_signature(TEST_APP_SECRET, format!("{body} ").as_bytes());
    for signature in [None, Some(wrong), Some(tampered), Some(right.replace("sha256=", "")), Some(String::new())] {
        let (code, answer) = d.post_callback(&body, signature.clone()).await;
        assert_eq!(code, 401, "{signature:?}: {answer}");
        assert_eq!(answer["code"], "signature_invalid", "{answer}");
        assert_eq!(d.message_states(), before, "{signature:?} changed something");
    }
    assert_eq!(d.customer_messages(customer).await[0]["status"], "sent");

    // A server without an app secret refuses every callback, a signed one too.
    let Some(bare) = demo_with(backend, |c| c.channels.app_secret = None).await else { return };
    let (code, _) = bare.signed_callback(&body).await;
    assert_eq!(code, 401);

    // Bad bodies, signed, are refused as bad input (never a 500) and change nothing.
    for bad in
        ["not json", "[1, 2]", r#"{"entry": 5}"#, r#"{"entry": [{"changes": [{"value": {"statuses": [{"id": 1}]}}]}]}"#]
    {
        let (code, answer) = d.signed_callback(bad).await;
        assert!(code == 400 || code == 422, "{bad}: {code} {answer}");
    }
    let (code, answer) = d.signed_callback("{}").await;
    assert_eq!((code, &answer["data"]), (200, &json!({"statuses": 0, "withdrawals": 0})), "{answer}");
    assert_eq!(d.message_states(), before);
}

async fn signed_statuses_are_recorded_and_never_move_back(backend: crate::helpers::Backend) {
    let Some((d, _fake)) = with_fake(backend, Options::default(), "123456789").await else { return };
    let first = d.new_customer("Signed", "0913100011").await;
    let second = d.new_customer("Failing", "0913100012").await;
    d.grant(first, "whatsapp").await;
    d.grant(second, "whatsapp").await;
    assert_eq!(d.send().await, 2);
    let one = d.customer_messages(first).await[0].clone();
    let two = d.customer_messages(second).await[0].clone();
    let (one_id, one_wamid) =
        (one["id"].as_i64().unwrap_or_default(), one["provider_message_id"].as_str().unwrap_or(""));
    let two_wamid = two["provider_message_id"].as_str().unwrap_or("");

    // Delivered, by our id; then read counts as delivered; a late `sent` moves nothing back.
    let (code, answer) =
        d.signed_callback(&callback(json!([status(one_wamid, "delivered", Some(one_id))]), json!([]))).await;
    assert_eq!((code, answer["data"]["statuses"].as_i64()), (200, Some(1)), "{answer}");
    let (code, answer) = d
        .signed_callback(&callback(
            json!([status(one_wamid, "read", None), status(one_wamid, "sent", Some(one_id))]),
            json!([]),
        ))
        .await;
    assert_eq!((code, answer["data"]["statuses"].as_i64()), (200, Some(0)), "{answer}");
    let one = d.customer_messages(first).await[0].clone();
    assert_eq!(one["status"], "delivered", "{one}");
    assert_eq!(one["provider_message_id"], one_wamid);

    // Failed, found by the provider's id alone, with its error.
    let mut failed = status(two_wamid, "failed", None);
    failed["errors"] = json!([{"code": 131026, "title": "Message undeliverable", "message": "Message undeliverable"}]);
    let (code, answer) = d.signed_callback(&callback(json!([failed]), json!([]))).await;
    assert_eq!((code, answer["data"]["statuses"].as_i64()), (200, Some(1)), "{answer}");
    let two = d.customer_messages(second).await[0].clone();
    assert_eq!(two["status"], "failed", "{two}");
    assert_eq!(two["status_detail"], "131026: Message undeliverable", "{two}");
    let (_, answer) = d.signed_callback(&callback(json!([status(two_wamid, "delivered", None)]), json!([]))).await;
    assert_eq!(answer["data"]["statuses"], 0, "failed stays failed");

    // Unknown messages and statuses change nothing.
    let (code, answer) = d
        .signed_callback(&callback(
            json!([status("wamid.unknown", "delivered", Some(999_999)), status(one_wamid, "deleted", None)]),
            json!([]),
        ))
        .await;
    assert_eq!((code, answer["data"]["statuses"].as_i64()), (200, Some(0)), "{answer}");
    // Our id with another message's provider id is not that message.
    let (_, answer) = d
        .signed_callback(&callback(
            json!([status("wamid.other", "delivered", Some(two["id"].as_i64().unwrap_or(0)))]),
            json!([]),
        ))
        .await;
    assert_eq!(answer["data"]["statuses"], 0);
}

async fn the_fake_providers_callbacks_mark_messages_delivered(backend: crate::helpers::Backend) {
    // The fake posts signed `sent` then `delivered` callbacks to the server, whose address is
    // known once it runs: the fake starts after it, and the sender is given the fake's address.
    let Some(d) = demo_with(backend, |_| {}).await else { return };
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap_or_else(|e| panic!("bind: {e}"));
    let options = Options {
        whatsapp_token: TOKEN.to_owned(),
        callback_url: Some(d.app.url(STATUS_PATH)),
        app_secret: Some(TEST_APP_SECRET.to_owned()),
        ..Options::default()
    };
    let (server, port) = fake_provider::start(listener, options).unwrap_or_else(|e| panic!("fake: {e}"));
    tokio::spawn(server);
    let fake = format!("http://127.0.0.1:{port}");
    // Point the running server's channels at the fake: a server of its own, on the same database.
    let channels = channels_at(&fake, "123456789", TOKEN);
    let services = loyalty_application::Services {
        message_channels: std::sync::Arc::new(loyalty_system::messages::HttpChannels::new(channels)),
        ..d.app.state.services.clone()
    };
    let customer = d.new_customer("Delivered", "0913100013").await;
    d.grant(customer, "whatsapp").await;
    assert_eq!(send_due(&services).await.unwrap_or_default(), 1);
    let mut last = Value::Null;
    for _ in 0..100 {
        last = d.customer_messages(customer).await[0].clone();
        if last["status"] == "delivered" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(last["status"], "delivered", "{last}");
    assert!(last["provider_message_id"].as_str().unwrap_or("").starts_with("wamid.FAKE"), "{last}");
}

async fn a_stop_reply_withdraws_whatsapp_consent(backend: crate::helpers::Backend) {
    let Some(d) = demo_with(backend, |_| {}).await else { return };
    let customer = d.new_customer("Stop", "0913100014").await;
    let other = d.new_customer("Stays", "0913100015").await;
    d.grant(customer, "whatsapp").await;
    d.grant(customer, "sms").await;
    d.grant(other, "whatsapp").await;
    assert_eq!(d.invoice(customer, json!("10")).await.0, 201);
    // Not a stop: nothing changes.
    let chat = json!([{"from": "218913100014", "id": "wamid.a", "timestamp": "1", "type": "text", "text": {"body": "stop please"}}]);
    let (code, answer) = d.signed_callback(&callback(json!([]), chat)).await;
    assert_eq!((code, answer["data"]["withdrawals"].as_i64()), (200, Some(0)), "{answer}");

    let stop = json!([{"from": "218913100014", "id": "wamid.b", "timestamp": "1", "type": "text", "text": {"body": " إيقاف "}}]);
    let (code, answer) = d.signed_callback(&callback(json!([]), stop)).await;
    assert_eq!((code, answer["data"]["withdrawals"].as_i64()), (200, Some(1)), "{answer}");
    let (_, body) = d.app.get(&format!("/api/v1/customers/{customer}"), Some(&d.cashier)).await;
    let consents = &body["data"]["consents"];
    assert_eq!((consents["whatsapp"].as_bool(), consents["sms"].as_bool()), (Some(false), Some(true)), "{body}");
    assert_eq!(
        d.app.scalar(&format!(
            "SELECT COUNT(*) AS n FROM customer_consents WHERE customer_id = {customer} AND source = 'whatsapp_reply' \
             AND granted = false AND actor_id IS NULL"
        )),
        1
    );
    let messages = d.customer_messages(customer).await;
    assert!(
        messages.iter().all(|m| m["status"] == "not_sent" && m["status_detail"] == "consent_withdrawn"),
        "pending WhatsApp messages stop: {messages:?}"
    );
    // Another phone's consent stays; a second STOP changes nothing more.
    assert!(d.customer_messages(other).await.iter().all(|m| m["status"] == "pending"));
    let again =
        json!([{"from": "218913100014", "id": "wamid.c", "timestamp": "2", "type": "text", "text": {"body": "STOP"}}]);
    let (_, answer) = d.signed_callback(&callback(json!([]), again)).await;
    assert_eq!(answer["data"]["withdrawals"], 0, "{answer}");
    // The next sale goes by SMS, the consent left.
    assert_eq!(d.invoice(customer, json!("10")).await.0, 201);
    assert_eq!(d.customer_messages(customer).await[0]["channel"], "sms");
    // The till cannot claim the customer's own reply as its source.
    let path = format!("/api/v1/customers/{customer}/consents");
    let (code, _) = d
        .app
        .post(&path, Some(&d.cashier), &json!({"channel": "whatsapp", "granted": false, "source": "whatsapp_reply"}))
        .await;
    assert_eq!(code, 422);
}

async fn the_subscription_handshake_needs_the_verify_token(backend: crate::helpers::Backend) {
    let Some(d) = demo_with(backend, |_| {}).await else { return };
    let url = |token: &str| {
        d.app.url(&format!("{STATUS_PATH}?hub.mode=subscribe&hub.verify_token={token}&hub.challenge=1158201444"))
    };
    let answer = d.app.client.get(url(TEST_VERIFY_TOKEN)).send().await.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(answer.status(), 200);
    assert!(answer.headers()["content-type"].to_str().unwrap_or("").starts_with("text/plain"));
    assert_eq!(answer.text().await.unwrap_or_default(), "1158201444");
    for wrong in [
        url("wrong"),
        d.app.url(STATUS_PATH),
        d.app.url(&format!("{STATUS_PATH}?hub.verify_token={TEST_VERIFY_TOKEN}&hub.challenge=1")),
    ] {
        let (code, body) = read(d.app.client.get(wrong.clone()).send().await).await;
        assert_eq!(code, 403, "{wrong}: {body}");
        assert_eq!(body["code"], "verify_token_wrong");
    }
}

async fn the_owner_is_told_when_the_monthly_limit_is_reached(backend: crate::helpers::Backend) {
    let Some(d) = demo_with(backend, |_| {}).await else { return };
    let owner = d.app.login("owner@demo.ly", "demo1234").await;
    let (status, _) = d.app.patch("/api/v1/loyalty-config", Some(&owner), &json!({"messages_monthly_limit": 2})).await;
    assert_eq!(status, 200);
    let bell = |lang: &'static str| {
        let request = d.app.client.get(d.app.url("/api/v1/notifications")).bearer_auth(&owner);
        async move {
            let (status, body) = read(request.header("Accept-Language", lang).send().await).await;
            assert_eq!(status, 200, "{body}");
            body["data"]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .find(|n| n["kind"] == "messages_limit_reached")
        }
    };
    let customer = d.new_customer("Limit", "0913100016").await;
    d.grant(customer, "sms").await;
    assert!(bell("en").await.is_none(), "one message of two: not yet");
    assert_eq!(d.invoice(customer, json!("10")).await.0, 201);
    let told = bell("en").await.unwrap_or_else(|| panic!("the bell lists the limit once it is reached"));
    assert_eq!(told["messages_limit"]["limit"], 2, "{told}");
    assert!(told["messages_limit"]["month"].as_str().unwrap_or("").starts_with("20"), "{told}");
    assert_eq!(told["messages_limit"]["message"], loyalty_domain::Msg::MessagesMonthlyLimitReached.en());
    assert_eq!(told["read"], false);
    let arabic = bell("ar").await.unwrap_or_default();
    assert_eq!(arabic["messages_limit"]["message"], loyalty_domain::Msg::MessagesMonthlyLimitReached.ar());
    assert_eq!(arabic["key"], told["key"]);
    // Marked read, it stays read for the month.
    let (status, _) = d.app.post("/api/v1/notifications/read", Some(&owner), &json!({"keys": [told["key"]]})).await;
    assert_eq!(status, 200);
    assert_eq!(bell("en").await.unwrap_or_default()["read"], true);
    // A cashier has no bell.
    let (_, body) = d.app.get("/api/v1/notifications", Some(&d.cashier)).await;
    assert_eq!(body["data"], json!([]));
}
