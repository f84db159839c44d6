//! Delivering webhooks: signed POSTs to the owners' endpoints, each address checked at the
//! moment of sending (no SSRF through a name that resolves to a private address).

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use loyalty_application::use_cases::webhooks::{self, ATTEMPT_TIMEOUT_SECS};
use loyalty_application::{AppError, DueDelivery, Services};
use tokio::task::JoinSet;

/// How many deliveries one pass of [`deliver_due`] claims and sends at once.
const BATCH: i64 = 50;
/// The most deliveries the worker has under way at once, all endpoints together.
const IN_FLIGHT_MAX: usize = 256;
/// How long the worker waits for answers before it looks for due deliveries again.
const TICK: Duration = Duration::from_millis(100);
/// How long the worker keeps gathering answers after the first of a round before it records
/// them: at most this much later, and not at all once nothing is under way.
const GATHER: Duration = Duration::from_millis(20);
/// How long the worker rests when nothing is due.
const IDLE: Duration = Duration::from_millis(500);
/// The longest answer body kept as the delivery's error.
const ERROR_MAX: usize = 200;

/// `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>`.
pub fn signature(secret: &str, unix_seconds: i64, body: &str) -> String {
    let mac = hmac_sha256::HMAC::mac(format!("{unix_seconds}.{body}").as_bytes(), secret.as_bytes());
    let hex: String = mac.iter().map(|b| format!("{b:02x}")).collect();
    format!("t={unix_seconds},v1={hex}")
}

/// The most HTTP clients kept (one per endpoint host and checked address, so connections are
/// reused between deliveries); all are dropped when the cache is full.
const CLIENTS_MAX: usize = 256;

/// Sends deliveries; `allow_private` lets tests and local setups use loopback and `http://`.
pub struct WebhookSender {
    allow_private: bool,
    clients: std::sync::Mutex<std::collections::HashMap<(String, SocketAddr), reqwest::Client>>,
}

impl WebhookSender {
    pub fn new(allow_private: bool) -> Self {
        Self { allow_private, clients: std::sync::Mutex::default() }
    }

    /// A client pinned to the checked address (so the name cannot resolve elsewhere between
    /// the check and the connection), without redirects: a redirect could point anywhere.
    fn client(&self, host: &str, address: SocketAddr) -> Result<reqwest::Client, String> {
        let mut clients = self.clients.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(client) = clients.get(&(host.to_owned(), address)) {
            return Ok(client.clone());
        }
        let client = reqwest::Client::builder()
            .resolve(host, address)
            .redirect(reqwest::redirect::Policy::none())
            .timeout(Duration::from_secs(ATTEMPT_TIMEOUT_SECS))
            .user_agent(concat!("loyalty-webhooks/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| format!("client: {e}"))?;
        if clients.len() >= CLIENTS_MAX {
            clients.clear();
        }
        clients.insert((host.to_owned(), address), client.clone());
        Ok(client)
    }

    /// The one address to connect to: every address the host resolves to must be public.
    async fn address(&self, url: &url::Url) -> Result<(String, SocketAddr), String> {
        let host = url.host_str().ok_or("no host")?.trim_start_matches('[').trim_end_matches(']').to_owned();
        let port = url.port_or_known_default().ok_or("no port")?;
        let addresses: Vec<SocketAddr> = match host.parse::<IpAddr>() {
            Ok(ip) => vec![SocketAddr::new(ip, port)],
            Err(_) => tokio::net::lookup_host((host.as_str(), port))
                .await
                .map_err(|e| format!("cannot resolve {host}: {e}"))?
                .collect(),
        };
        let first = *addresses.first().ok_or_else(|| format!("{host} has no address"))?;
        if !self.allow_private {
            if url.scheme() != "https" {
                return Err("only https:// endpoints are delivered to".into());
            }
            if let Some(private) = addresses.iter().find(|a| !webhooks::is_public_address(a.ip())) {
                return Err(format!("{host} resolves to {}, which is not a public address", private.ip()));
            }
        }
        Ok((host, first))
    }

    /// One attempt: the answer's status, or why there was none; and the answer's start when it
    /// was not a success. Never longer than the attempt timeout and 2 s (the lease is longer).
    pub async fn send(&self, delivery: &DueDelivery) -> (Option<u16>, Option<String>) {
        let limit = Duration::from_secs(ATTEMPT_TIMEOUT_SECS + 2);
        match tokio::time::timeout(limit, self.attempt(delivery)).await {
            Ok(outcome) => outcome,
            Err(_) => (None, Some(format!("no answer within {ATTEMPT_TIMEOUT_SECS} s"))),
        }
    }

    async fn attempt(&self, delivery: &DueDelivery) -> (Option<u16>, Option<String>) {
        let url = match url::Url::parse(&delivery.url) {
            Ok(url) => url,
            Err(e) => return (None, Some(format!("bad url: {e}"))),
        };
        let (host, address) = match self.address(&url).await {
            Ok(found) => found,
            Err(why) => return (None, Some(why)),
        };
        let client = match self.client(&host, address) {
            Ok(client) => client,
            Err(why) => return (None, Some(why)),
        };
        let now = chrono::Utc::now().timestamp();
        let answer = client
            .post(url)
            .header("Content-Type", "application/json")
            .header("X-Loyalty-Event-Id", &delivery.event_id)
            .header("X-Loyalty-Signature", signature(&delivery.secret, now, &delivery.payload))
            .body(delivery.payload.clone())
            .send()
            .await;
        match answer {
            Ok(response) => {
                let status = response.status().as_u16();
                if response.status().is_success() {
                    (Some(status), None)
                } else {
                    let text = response.text().await.unwrap_or_default();
                    let start: String = text.chars().take(ERROR_MAX).collect();
                    (Some(status), (!start.is_empty()).then_some(start))
                }
            }
            Err(e) if e.is_timeout() => (None, Some(format!("no answer within {ATTEMPT_TIMEOUT_SECS} s"))),
            Err(e) => (None, Some(format!("{e}"))),
        }
    }
}

/// Claims what is due and sends it, in one pass (the worker runs [`run_worker`]; tests step
/// with this); returns how many deliveries were attempted.
pub async fn deliver_due(services: &Services, sender: &WebhookSender) -> Result<usize, AppError> {
    let claimed = blocking(services, |services| webhooks::claim_due(services, BATCH)).await?;
    let count = claimed.len();
    if count == 0 {
        return Ok(0);
    }
    let sent = futures_util::future::join_all(claimed.iter().map(|d| sender.send(d))).await;
    let attempts: Vec<webhooks::Attempt> = claimed
        .into_iter()
        .zip(sent)
        .map(|(delivery, (http_status, error))| webhooks::Attempt { delivery, http_status, error })
        .collect();
    // One transaction for the whole pass: one commit (one WAL flush on PostgreSQL) instead of
    // one per delivery.
    let outcomes = blocking(services, move |services| webhooks::finish(services, attempts)).await?;
    tracing::debug!(?outcomes, "webhook deliveries");
    Ok(count)
}

async fn blocking<T, F>(services: &Services, work: F) -> Result<T, AppError>
where
    T: Send + 'static,
    F: FnOnce(&Services) -> Result<T, AppError> + Send + 'static,
{
    let services = services.clone();
    tokio::task::spawn_blocking(move || work(&services))
        .await
        .map_err(|e| AppError::Internal(format!("webhook worker: {e}")))?
}

/// Delivers for as long as it runs, never waiting for one delivery to send the next: whenever
/// answers come (or `TICK` passes), one transaction records them and claims what is due in
/// their place, each endpoint up to its concurrency (`Settings::webhook_concurrency`, counted
/// across instances by the claims in the database), this worker up to `IN_FLIGHT_MAX`.
pub async fn run_worker(services: Services, sender: Arc<WebhookSender>) {
    let mut running: JoinSet<webhooks::Attempt> = JoinSet::new();
    let mut answered: Vec<webhooks::Attempt> = Vec::new();
    loop {
        let room = i64::try_from(IN_FLIGHT_MAX.saturating_sub(running.len())).unwrap_or(0);
        let attempts = answered.clone();
        match blocking(&services, move |services| webhooks::finish_and_claim(services, attempts, room)).await {
            Ok((outcomes, claimed)) => {
                tracing::debug!(?outcomes, claimed = claimed.len(), "webhook deliveries");
                answered.clear();
                for delivery in claimed {
                    let sender = sender.clone();
                    running.spawn(async move {
                        let (http_status, error) = sender.send(&delivery).await;
                        webhooks::Attempt { delivery, http_status, error }
                    });
                }
            }
            Err(error) => {
                // What was answered is recorded on the next round; a claim not recorded runs
                // out its lease and is sent again (at least once).
                tracing::warn!(%error, "webhook delivery round failed");
                tokio::time::sleep(IDLE * 4).await;
            }
        }
        if running.is_empty() {
            if answered.is_empty() {
                tokio::time::sleep(IDLE).await;
            }
            continue;
        }
        if let Ok(Some(done)) = tokio::time::timeout(TICK, running.join_next()).await {
            answered.extend(done.ok());
            // The answers that follow within GATHER join this round: one write transaction
            // for them all, not one per answer (a fast endpoint answers in a millisecond, and
            // every round is a turn of SQLite's one writer beside the sales).
            let until = tokio::time::Instant::now() + GATHER;
            while let Ok(Some(done)) = tokio::time::timeout_at(until, running.join_next()).await {
                answered.extend(done.ok());
            }
        }
    }
}

/// Delivers webhooks on a thread of its own until the process ends.
pub fn start_worker(services: Services, allow_private: bool) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    std::thread::Builder::new().name("webhooks".into()).spawn(move || {
        let sender = Arc::new(WebhookSender::new(allow_private));
        runtime.block_on(run_worker(services, sender));
    })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The signature Python's own `hmac` module computes for the same secret, time and body.
    #[test]
    fn the_signature_is_the_hmac_of_time_dot_body() {
        let sig = signature("whsec_test", 1_700_000_000, r#"{"id":"evt_1"}"#);
        assert_eq!(sig, "t=1700000000,v1=c89214b5b5da833daed6f0b8c5bb6bd58cea9022bd80ccc78230f3942d632925");
    }
}
