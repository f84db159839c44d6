//! Sending customer messages (issue #39): the channels behind the `MessageChannels` port
//! (WhatsApp Business Cloud API template messages, a generic HTTP SMS gateway) and the worker
//! that takes due messages from the outbox and sends each exactly once (the lease and the
//! in-doubt rule are `use_cases::messages::LEASE`'s). The providers' addresses come from the
//! operator's settings, never from an owner, so they are not checked as webhooks' are.

use std::time::Duration;

use loyalty_application::ports::{BoxFuture, ConfiguredChannels, MessageChannels, OutgoingMessage, SendOutcome};
use loyalty_application::use_cases::messages::{self, SendAttempt, ATTEMPT_TIMEOUT_SECS, DETAIL_MAX};
use loyalty_application::{AppError, MessageChannel, Services};
use serde_json::{json, Value};

/// How many messages one round of the worker takes and sends at once.
const BATCH: i64 = 50;
/// How long the worker rests when nothing was due.
const IDLE: Duration = Duration::from_millis(500);

/// WhatsApp Business Cloud API settings (`LOYALTY_WHATSAPP_*`).
#[derive(Debug, Clone, Default)]
pub struct WhatsappSettings {
    /// `https://graph.facebook.com` unless told.
    pub base_url: String,
    /// `v21.0` unless told.
    pub api_version: String,
    pub phone_number_id: String,
    pub token: String,
}

/// The HTTP SMS gateway's settings (`LOYALTY_SMS_*`).
#[derive(Debug, Clone, Default)]
pub struct SmsSettings {
    pub url: String,
    pub token: String,
    pub sender: String,
}

/// Every channel setting; a channel without its settings is not configured.
#[derive(Debug, Clone, Default)]
pub struct ChannelSettings {
    /// Set when the phone number id and the token are given.
    pub whatsapp: Option<WhatsappSettings>,
    /// Set when the gateway's URL is given.
    pub sms: Option<SmsSettings>,
    /// Signs the Cloud API's callbacks (`LOYALTY_WHATSAPP_APP_SECRET`).
    pub app_secret: Option<String>,
    /// Answers Meta's subscription handshake (`LOYALTY_WHATSAPP_VERIFY_TOKEN`).
    pub verify_token: Option<String>,
}

/// The channels over HTTP (reqwest, no redirects, one timeout per attempt).
pub struct HttpChannels {
    settings: ChannelSettings,
    client: reqwest::Client,
}

impl HttpChannels {
    pub fn new(settings: ChannelSettings) -> Self {
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(Duration::from_secs(ATTEMPT_TIMEOUT_SECS))
            .user_agent(concat!("loyalty-messages/", env!("CARGO_PKG_VERSION")))
            .build()
            .unwrap_or_default();
        Self { settings, client }
    }

    async fn whatsapp(&self, wa: &WhatsappSettings, message: &OutgoingMessage) -> SendOutcome {
        let url = format!(
            "{}/{}/{}/messages",
            wa.base_url.trim_end_matches('/'),
            wa.api_version.trim_matches('/'),
            wa.phone_number_id
        );
        let body = json!({
            "messaging_product": "whatsapp",
            "recipient_type": "individual",
            "to": message.to_phone.trim_start_matches('+'),
            "type": "template",
            "template": {
                "name": message.kind.as_str(),
                "language": {"code": message.language.as_str()},
                "components": [{"type": "body", "parameters": [{"type": "text", "text": message.body}]}],
            },
            "biz_opaque_callback_data": message.id.to_string(),
        });
        let request = self.client.post(url).bearer_auth(&wa.token);
        self.post(request, body, |answer| answer["messages"][0]["id"].as_str().map(str::to_owned)).await
    }

    async fn sms(&self, sms: &SmsSettings, message: &OutgoingMessage) -> SendOutcome {
        let body = json!({
            "to": message.to_phone,
            "from": sms.sender,
            "text": message.body,
            "reference": message.id.to_string(),
        });
        let mut request = self.client.post(&sms.url);
        if !sms.token.is_empty() {
            request = request.bearer_auth(&sms.token);
        }
        self.post(request, body, |answer| match &answer["id"] {
            Value::String(id) => Some(id.clone()),
            Value::Number(id) => Some(id.to_string()),
            _ => None,
        })
        .await
    }

    async fn post(
        &self,
        request: reqwest::RequestBuilder,
        body: Value,
        provider_id: impl Fn(&Value) -> Option<String>,
    ) -> SendOutcome {
        let answer =
            request.header("Content-Type", "application/json").body(body.to_string()).send().await.map_err(|e| {
                if e.is_timeout() {
                    format!("no answer within {ATTEMPT_TIMEOUT_SECS} s")
                } else {
                    format!("cannot reach the provider: {e}")
                }
            });
        let response = match answer {
            Ok(response) => response,
            Err(error) => return SendOutcome::Retry { error: short(&error) },
        };
        let status = response.status();
        let text = response.text().await.unwrap_or_default();
        let parsed: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        if status.is_success() {
            return match provider_id(&parsed).filter(|id| !id.trim().is_empty()) {
                Some(id) => SendOutcome::Sent { provider_message_id: short(&id) },
                None => SendOutcome::Retry { error: format!("{}: an answer without a message id", status.as_u16()) },
            };
        }
        // The Cloud API says why in `error.message`; a gateway in `error` or its text.
        let why = parsed["error"]["message"]
            .as_str()
            .or_else(|| parsed["error"].as_str())
            .or_else(|| parsed["message"].as_str())
            .map(str::to_owned)
            .unwrap_or(text);
        let error = short(&format!("{}: {}", status.as_u16(), why.trim()));
        if status.is_server_error() || status.as_u16() == 429 {
            SendOutcome::Retry { error }
        } else {
            SendOutcome::Refused { error }
        }
    }
}

/// At most `DETAIL_MAX` characters.
fn short(text: &str) -> String {
    text.chars().take(DETAIL_MAX).collect()
}

/// The hex HMAC-SHA256 of `body` with `secret`, as `X-Hub-Signature-256` carries it after
/// `sha256=`.
pub fn hub_signature(secret: &str, body: &[u8]) -> String {
    let mac = hmac_sha256::HMAC::mac(body, secret.as_bytes());
    let hex: String = mac.iter().map(|b| format!("{b:02x}")).collect();
    format!("sha256={hex}")
}

/// Whether two byte strings are equal, in time that depends on their length only.
fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

impl MessageChannels for HttpChannels {
    fn configured(&self) -> ConfiguredChannels {
        ConfiguredChannels { whatsapp: self.settings.whatsapp.is_some(), sms: self.settings.sms.is_some() }
    }

    fn send<'a>(&'a self, message: &'a OutgoingMessage) -> BoxFuture<'a, SendOutcome> {
        Box::pin(async move {
            let attempt = async {
                match (message.channel, &self.settings.whatsapp, &self.settings.sms) {
                    (MessageChannel::Whatsapp, Some(wa), _) => self.whatsapp(wa, message).await,
                    (MessageChannel::Sms, _, Some(sms)) => self.sms(sms, message).await,
                    _ => SendOutcome::Refused { error: messages::DETAIL_NO_CHANNEL.to_owned() },
                }
            };
            // Never past the lease, however the connection behaves.
            let limit = Duration::from_secs(ATTEMPT_TIMEOUT_SECS + 2);
            tokio::time::timeout(limit, attempt)
                .await
                .unwrap_or_else(|_| SendOutcome::Retry { error: format!("no answer within {ATTEMPT_TIMEOUT_SECS} s") })
        })
    }

    fn verify_callback(&self, body: &[u8], signature: Option<&str>) -> bool {
        let (Some(secret), Some(signature)) = (self.settings.app_secret.as_deref(), signature) else {
            return false;
        };
        if secret.is_empty() {
            return false;
        }
        let expected = hub_signature(secret, body);
        constant_time_eq(expected.as_bytes(), signature.trim().to_ascii_lowercase().as_bytes())
    }

    fn verify_token(&self, token: &str) -> bool {
        match self.settings.verify_token.as_deref() {
            Some(expected) if !expected.is_empty() => constant_time_eq(expected.as_bytes(), token.as_bytes()),
            _ => false,
        }
    }
}

async fn blocking<T, F>(services: &Services, work: F) -> Result<T, AppError>
where
    T: Send + 'static,
    F: FnOnce(&Services) -> Result<T, AppError> + Send + 'static,
{
    let services = services.clone();
    tokio::task::spawn_blocking(move || work(&services))
        .await
        .map_err(|e| AppError::Internal(format!("message sender: {e}")))?
}

/// Sends what `claimed` holds, all at once.
async fn send_all(services: &Services, claimed: Vec<OutgoingMessage>) -> Vec<SendAttempt> {
    let channels = services.message_channels.clone();
    let outcomes = futures_util::future::join_all(claimed.iter().map(|m| channels.send(m))).await;
    claimed.into_iter().zip(outcomes).map(|(message, outcome)| SendAttempt { message, outcome }).collect()
}

/// One round: takes what is due (committed as `sending`), sends it, records the answers.
/// Answers how many were sent (tests step the sender with it; the worker loops on it).
pub async fn send_due(services: &Services) -> Result<usize, AppError> {
    let claimed = blocking(services, |services| messages::finish_and_claim(services, Vec::new(), BATCH)).await?;
    let count = claimed.len();
    if count > 0 {
        let attempts = send_all(services, claimed).await;
        blocking(services, move |services| messages::finish_and_claim(services, attempts, 0)).await?;
    }
    Ok(count)
}

/// Sends for as long as it runs: each round records the last round's answers and takes what is
/// due in the same transaction.
pub async fn run_worker(services: Services) {
    let mut answered: Vec<SendAttempt> = Vec::new();
    loop {
        let attempts = std::mem::take(&mut answered);
        let kept = attempts.clone();
        match blocking(&services, move |services| messages::finish_and_claim(services, attempts, BATCH)).await {
            Ok(claimed) if claimed.is_empty() => tokio::time::sleep(IDLE).await,
            Ok(claimed) => answered = send_all(&services, claimed).await,
            Err(error) => {
                // The answers are recorded on the next round; a message not recorded stays
                // `sending` until its lease runs out and is then handled as in doubt.
                tracing::warn!(%error, "message sending round failed");
                answered = kept;
                tokio::time::sleep(IDLE * 4).await;
            }
        }
    }
}

/// Sends customer messages on a thread of its own until the process ends.
pub fn start_worker(services: Services) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    std::thread::Builder::new().name("messages".into()).spawn(move || {
        runtime.block_on(run_worker(services));
    })?;
    Ok(())
}
