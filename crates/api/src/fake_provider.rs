//! A stand-in for the message providers on loopback (issue #39), for tests and the demo: the
//! WhatsApp Cloud API's messages endpoint and a generic SMS gateway, as `crates/system/src/
//! messages.rs` speaks to them. `loyalty fake-provider` runs it; the API tests start it on port
//! 0 through [`start`]. `GET /_fake/received` answers everything it accepted, so a test counts.

use std::collections::HashMap;
use std::net::TcpListener;
use std::sync::Mutex;
use std::time::Duration;

use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
use serde_json::{json, Value};

/// How the fake behaves.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The bearer token the WhatsApp endpoint requires.
    pub whatsapp_token: String,
    /// Where to post signed status callbacks (`sent`, then `delivered`) of each WhatsApp message.
    pub callback_url: Option<String>,
    /// Signs the callbacks (`X-Hub-Signature-256`).
    pub app_secret: Option<String>,
    /// Answers 500 to the first this many sending requests (both endpoints together).
    pub fail_first: u32,
    /// Waits this long before answering a sending request.
    pub delay: Duration,
}

#[derive(Default)]
struct Received {
    /// Sending requests seen, failed ones included.
    requests: u32,
    /// Every WhatsApp message accepted, in order (a resend shows twice).
    whatsapp: Vec<Value>,
    /// Every SMS accepted, once per `reference`.
    sms: Vec<Value>,
    /// SMS requests seen, repeated references included.
    sms_requests: u32,
    /// The id answered per SMS `reference`.
    sms_ids: HashMap<String, String>,
}

struct Fake {
    options: Options,
    received: Mutex<Received>,
    client: reqwest::Client,
}

impl Fake {
    fn lock(&self) -> std::sync::MutexGuard<'_, Received> {
        self.received.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Counts a sending request; whether it is one of the first `fail_first`.
    fn fails(&self) -> bool {
        let mut received = self.lock();
        received.requests += 1;
        received.requests <= self.options.fail_first
    }
}

fn error(status: actix_web::http::StatusCode, code: i64, message: &str) -> HttpResponse {
    HttpResponse::build(status).json(json!({"error": {"message": message, "type": "OAuthException", "code": code}}))
}

async fn whatsapp(
    fake: web::Data<Fake>,
    path: web::Path<(String, String)>,
    request: HttpRequest,
    body: web::Bytes,
) -> HttpResponse {
    use actix_web::http::StatusCode;
    let expected = format!("Bearer {}", fake.options.whatsapp_token);
    let authorization = request.headers().get("authorization").and_then(|v| v.to_str().ok()).unwrap_or_default();
    if authorization != expected {
        return error(StatusCode::UNAUTHORIZED, 190, "Invalid OAuth access token.");
    }
    if fake.fails() {
        tokio::time::sleep(fake.options.delay).await;
        return error(StatusCode::INTERNAL_SERVER_ERROR, 2, "Service temporarily unavailable");
    }
    let (_, phone_number_id) = path.into_inner();
    if phone_number_id.is_empty() || !phone_number_id.chars().all(|c| c.is_ascii_digit()) {
        let why = format!("Unsupported post request. Object with ID '{phone_number_id}' does not exist");
        return error(StatusCode::BAD_REQUEST, 100, &why);
    }
    let Ok(message) = serde_json::from_slice::<Value>(&body) else {
        return error(StatusCode::BAD_REQUEST, 100, "Invalid JSON");
    };
    let to = message["to"].as_str().unwrap_or_default().to_owned();
    if message["messaging_product"] != "whatsapp" || message["type"] != "template" || to.is_empty() {
        return error(StatusCode::BAD_REQUEST, 100, "Invalid parameter");
    }
    let id = {
        let mut received = fake.lock();
        received.whatsapp.push(message.clone());
        format!("wamid.FAKE{:06}", received.whatsapp.len())
    };
    if let Some(url) = fake.options.callback_url.clone() {
        let fake = fake.clone();
        let (id, data) = (id.clone(), message["biz_opaque_callback_data"].clone());
        tokio::spawn(async move {
            for status in ["sent", "delivered"] {
                fake.callback(&url, &id, &to, &data, status).await;
            }
        });
    }
    // Taken (and its callbacks under way) before the delay: a sender that dies while waiting
    // for the answer finds the message accepted, as with the real API.
    tokio::time::sleep(fake.options.delay).await;
    HttpResponse::Ok().json(json!({
        "messaging_product": "whatsapp",
        "contacts": [{"input": message["to"], "wa_id": message["to"]}],
        "messages": [{"id": id}],
    }))
}

impl Fake {
    /// Posts one signed status callback in the Cloud API's shape, again every half second until
    /// the server takes it (2xx), for a minute at most (the Cloud API retries for longer).
    async fn callback(&self, url: &str, id: &str, to: &str, data: &Value, status: &str) {
        let body = json!({
            "object": "whatsapp_business_account",
            "entry": [{"id": "0", "changes": [{"field": "messages", "value": {
                "messaging_product": "whatsapp",
                "metadata": {"display_phone_number": "0", "phone_number_id": "0"},
                "statuses": [{
                    "id": id,
                    "status": status,
                    "timestamp": chrono::Utc::now().timestamp().to_string(),
                    "recipient_id": to,
                    "biz_opaque_callback_data": data,
                }],
            }}]}],
        })
        .to_string();
        for _ in 0..120 {
            let mut request = self.client.post(url).header("Content-Type", "application/json");
            if let Some(secret) = &self.options.app_secret {
                let signature = loyalty_system::messages::hub_signature(secret, body.as_bytes());
                request = request.header("X-Hub-Signature-256", signature);
            }
            match request.body(body.clone()).send().await {
                Ok(answer) if answer.status().is_success() => return,
                Ok(answer) => tracing::warn!(status = %answer.status(), "fake provider: callback refused"),
                Err(e) => tracing::debug!(error = %e, "fake provider: callback not delivered yet"),
            }
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
        tracing::warn!(id, status, "fake provider: callback given up");
    }
}

async fn sms(fake: web::Data<Fake>, body: web::Bytes) -> HttpResponse {
    use actix_web::http::StatusCode;
    if fake.fails() {
        tokio::time::sleep(fake.options.delay).await;
        return HttpResponse::InternalServerError().json(json!({"error": "temporarily unavailable"}));
    }
    let Ok(message) = serde_json::from_slice::<Value>(&body) else {
        return HttpResponse::BadRequest().json(json!({"error": "invalid JSON"}));
    };
    let (Some(to), Some(_), Some(reference)) =
        (message["to"].as_str(), message["text"].as_str(), message["reference"].as_str())
    else {
        return HttpResponse::build(StatusCode::BAD_REQUEST)
            .json(json!({"error": "to, text and reference are required"}));
    };
    if to.is_empty() || reference.is_empty() {
        return HttpResponse::BadRequest().json(json!({"error": "to and reference are required"}));
    }
    let id = {
        let mut received = fake.lock();
        received.sms_requests += 1;
        match received.sms_ids.get(reference) {
            Some(id) => id.clone(),
            None => {
                received.sms.push(message.clone());
                let id = format!("sms-{:06}", received.sms.len());
                received.sms_ids.insert(reference.to_owned(), id.clone());
                id
            }
        }
    };
    tokio::time::sleep(fake.options.delay).await;
    HttpResponse::Ok().json(json!({"id": id, "status": "accepted"}))
}

async fn received(fake: web::Data<Fake>) -> HttpResponse {
    let received = fake.lock();
    HttpResponse::Ok().json(json!({
        "requests": received.requests,
        "whatsapp": received.whatsapp,
        "sms": received.sms,
        "sms_requests": received.sms_requests,
    }))
}

/// Serves the fake on `listener` (one worker); answers the server, to be awaited or spawned,
/// and the port it listens on.
pub fn start(listener: TcpListener, options: Options) -> std::io::Result<(actix_web::dev::Server, u16)> {
    let port = listener.local_addr()?.port();
    let fake = web::Data::new(Fake { options, received: Mutex::default(), client: reqwest::Client::new() });
    let server = HttpServer::new(move || {
        App::new()
            .app_data(fake.clone())
            .route("/_fake/received", web::get().to(received))
            .route("/sms", web::post().to(sms))
            .route("/{version}/{phone_number_id}/messages", web::post().to(whatsapp))
    })
    .workers(1)
    .disable_signals()
    .listen(listener)?
    .run();
    Ok((server, port))
}

/// A fake on a free loopback port, running on the caller's runtime; answers its base URL.
pub fn spawn(options: Options) -> std::io::Result<String> {
    let listener = TcpListener::bind("127.0.0.1:0")?;
    let (server, port) = start(listener, options)?;
    tokio::spawn(server);
    Ok(format!("http://127.0.0.1:{port}"))
}
