//! Webhooks: an owner's endpoints are told what happens in its stores. An event is written to
//! the outbox in the transaction of the change itself ([`emit`]), so it is never lost and never
//! sent for a change that rolled back; a worker ([`claim_due`], [`finish`]) delivers it at least
//! once, signed, retrying with backoff for 72 hours.

use std::collections::HashMap;
use std::net::IpAddr;

use chrono::{Duration, NaiveDateTime};
use loyalty_domain::{FieldErrors, Msg};

use super::programs::OwnerPrograms;
use crate::ports::{
    transaction, AttemptResult, EndpointValues, FanOutDelivery, FanOutEndpoint, NewWebhookDelivery, NewWebhookEvent,
    QueuedWebhookEvent, Repos, TxMode, WebhookEnvelope,
};
use crate::Operation;
use crate::{
    Actor, AppError, DeliveryFilter, DeliveryStatus, DueDelivery, EndpointSecret, Mode, Page, PageRequest, Services,
    WebhookData, WebhookDelivery, WebhookEndpoint, WebhookEventType,
};

/// The most endpoints an owner keeps.
pub const ENDPOINTS_MAX: usize = 10;
/// The longest URL accepted.
pub const URL_MAX: usize = 2000;
/// What every signing secret starts with.
pub const SECRET_PREFIX: &str = "whsec_";
/// How long an endpoint has to answer one attempt.
pub const ATTEMPT_TIMEOUT_SECS: u64 = 10;
/// How long a worker holds a claimed delivery: longer than an attempt may take (the sender gives
/// up on an attempt, name resolution included, after `ATTEMPT_TIMEOUT_SECS` + 2 s). A worker
/// killed mid-delivery lets it run out, and the delivery is sent again.
pub const LEASE: Duration = Duration::seconds(20);
/// How long a delivery is retried before it is marked failed.
pub const RETRY_FOR: Duration = Duration::hours(72);
/// The most queued events one round of the worker fans out (a sale queues one; a round at
/// full load meets a few dozen).
pub const FAN_OUT_BATCH: i64 = 1000;
/// How many deliveries to one endpoint are under way at once when the setting does not say
/// (`LOYALTY_WEBHOOK_CONCURRENCY`), by all instances together.
pub const CONCURRENCY_DEFAULT: u32 = 8;
/// The most that setting may be.
pub const CONCURRENCY_MAX: u32 = 64;

#[derive(Debug, Clone, Default)]
pub struct EndpointForm {
    pub url: String,
    pub events: Vec<String>,
    /// Leave out to keep as it is (a new endpoint is active).
    pub is_active: Option<bool>,
    /// Leave out to keep as it is (a new endpoint is `live`); `test` receives the sandbox
    /// store's events alone.
    pub mode: Option<String>,
}

/// Whether an address is one a webhook may be sent to: not private, loopback, link-local,
/// shared (CGNAT), multicast, reserved or unspecified, in IPv4 or IPv6 (an IPv4-mapped IPv6
/// address is judged as its IPv4 address).
pub fn is_public_address(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, c, _] = v4.octets();
            !(v4.is_private()
                || v4.is_loopback()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_multicast()
                || v4.is_documentation()
                || a == 0
                || (a == 100 && (64..128).contains(&b))
                || (a == 192 && b == 0 && c == 0)
                || (a == 198 && (18..20).contains(&b))
                || a >= 240)
        }
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return is_public_address(IpAddr::V4(v4));
            }
            let first = v6.segments()[0];
            !(v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                || (first & 0xfe00) == 0xfc00
                || (first & 0xffc0) == 0xfe80
                || first == 0x2001 && v6.segments()[1] == 0x0db8)
        }
    }
}

/// An endpoint's URL: `https://` and a host (`http://` too, and private hosts, only when
/// `allow_private`, for tests and local setups), no credentials in it, and, when the host is an
/// address, a public one. Host names are resolved and checked again at each delivery.
pub fn check_url(raw: &str, allow_private: bool) -> Result<String, Msg> {
    let raw = raw.trim();
    if raw.is_empty() || raw.chars().count() > URL_MAX {
        return Err(Msg::WebhookUrlInvalid);
    }
    let url = url::Url::parse(raw).map_err(|_| Msg::WebhookUrlInvalid)?;
    let scheme_ok = url.scheme() == "https" || (allow_private && url.scheme() == "http");
    if !scheme_ok || !url.username().is_empty() || url.password().is_some() {
        return Err(Msg::WebhookUrlInvalid);
    }
    let public = match url.host() {
        None => return Err(Msg::WebhookUrlInvalid),
        Some(url::Host::Ipv4(ip)) => is_public_address(IpAddr::V4(ip)),
        Some(url::Host::Ipv6(ip)) => is_public_address(IpAddr::V6(ip)),
        Some(url::Host::Domain(name)) => {
            let name = name.trim_end_matches('.').to_ascii_lowercase();
            name.contains('.') && name != "localhost" && !name.ends_with(".localhost") && !name.ends_with(".local")
        }
    };
    if !public && !allow_private {
        return Err(Msg::WebhookUrlInvalid);
    }
    Ok(url.to_string())
}

/// The form's URL, events and mode (`None`: left out), checked.
fn check_form(
    form: &EndpointForm,
    allow_private: bool,
) -> Result<(String, Vec<WebhookEventType>, Option<Mode>), AppError> {
    let mut errors = FieldErrors::new();
    let url = errors.check("url", check_url(&form.url, allow_private));
    let mode = errors.check("mode", super::api_keys::parse_mode(form.mode.as_deref())).flatten();
    let mut events = Vec::new();
    for name in &form.events {
        match WebhookEventType::parse(name.trim()) {
            // The test event comes when asked for, never by subscription.
            Some(WebhookEventType::Ping) => errors.add("events", Msg::WebhookEventUnknown),
            Some(event) if !events.contains(&event) => events.push(event),
            Some(_) => {}
            None => errors.add("events", Msg::WebhookEventUnknown),
        }
    }
    if form.events.is_empty() {
        errors.add("events", Msg::WebhookEventsRequired);
    }
    events.sort();
    errors.into_result()?;
    Ok((url.ok_or_else(|| AppError::Internal("validated url missing".into()))?, events, mode))
}

fn new_secret(services: &Services) -> String {
    format!("{SECRET_PREFIX}{}", services.ids.random_id())
}

pub fn list(services: &Services, actor: &Actor) -> Result<Vec<WebhookEndpoint>, AppError> {
    actor.authorize(Operation::ListWebhooks)?;
    transaction(&*services.db, TxMode::Read, |repos| Ok(repos.list_webhook_endpoints(actor.user_id)?))
}

/// Registers an endpoint; the answer carries its signing secret, which is never shown again.
pub fn create(services: &Services, actor: &Actor, form: EndpointForm) -> Result<EndpointSecret, AppError> {
    actor.authorize(Operation::CreateWebhook)?;
    let (url, events, mode) = check_form(&form, services.settings.webhook_allow_private)?;
    let secret = new_secret(services);
    let now = services.clock.now();
    let active = form.is_active.unwrap_or(true);
    let endpoint = transaction(&*services.db, TxMode::Write, |repos| {
        if repos.list_webhook_endpoints(actor.user_id)?.len() >= ENDPOINTS_MAX {
            return Err(FieldErrors::single("url", Msg::WebhookLimit).into());
        }
        let mode = mode.unwrap_or(Mode::Live);
        let values = EndpointValues { url: &url, events: &events, is_active: active, mode };
        Ok(repos.insert_webhook_endpoint(actor.user_id, values, &secret, now)?)
    })?;
    Ok(EndpointSecret { endpoint, secret })
}

fn endpoint_of(repos: &mut dyn Repos, actor: &Actor, id: i64) -> Result<WebhookEndpoint, AppError> {
    repos.list_webhook_endpoints(actor.user_id)?.into_iter().find(|e| e.id == id).ok_or(AppError::NotFound)
}

/// Changes an endpoint's URL, events, or whether it is active (a paused endpoint is sent
/// nothing; its events wait, and are sent, in order, once it is active again).
pub fn update(services: &Services, actor: &Actor, id: i64, form: EndpointForm) -> Result<WebhookEndpoint, AppError> {
    actor.authorize(Operation::UpdateWebhook)?;
    let (url, events, mode) = check_form(&form, services.settings.webhook_allow_private)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let current = endpoint_of(repos, actor, id)?;
        let active = form.is_active.unwrap_or(current.is_active);
        let values =
            EndpointValues { url: &url, events: &events, is_active: active, mode: mode.unwrap_or(current.mode) };
        repos.update_webhook_endpoint(actor.user_id, id, values, now)?;
        endpoint_of(repos, actor, id)
    })
}

/// What a JSON Merge Patch of an endpoint asks: `None` leaves a field as it is.
#[derive(Debug, Clone, Default)]
pub struct EndpointPatch {
    pub url: Option<String>,
    pub events: Option<Vec<String>>,
    pub is_active: Option<bool>,
    pub mode: Option<String>,
}

/// Changes only what the patch names (pausing or resuming is `is_active` alone), over the
/// endpoint as it is in this transaction, with the same checks as [`update`].
pub fn patch(services: &Services, actor: &Actor, id: i64, patch: EndpointPatch) -> Result<WebhookEndpoint, AppError> {
    actor.authorize(Operation::PatchWebhook)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let current = endpoint_of(repos, actor, id)?;
        let form = EndpointForm {
            url: patch.url.clone().unwrap_or_else(|| current.url.clone()),
            events: patch
                .events
                .clone()
                .unwrap_or_else(|| current.events.iter().map(|e| e.as_str().to_owned()).collect()),
            is_active: Some(patch.is_active.unwrap_or(current.is_active)),
            mode: patch.mode.clone(),
        };
        let (url, events, mode) = check_form(&form, services.settings.webhook_allow_private)?;
        let is_active = form.is_active.unwrap_or(true);
        let values = EndpointValues { url: &url, events: &events, is_active, mode: mode.unwrap_or(current.mode) };
        repos.update_webhook_endpoint(actor.user_id, id, values, now)?;
        endpoint_of(repos, actor, id)
    })
}

/// Removes an endpoint: nothing more is sent to it, deliveries waiting for it included.
pub fn delete(services: &Services, actor: &Actor, id: i64) -> Result<(), AppError> {
    actor.authorize(Operation::DeleteWebhook)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        if repos.delete_webhook_endpoint(actor.user_id, id, now)? {
            Ok(())
        } else {
            Err(AppError::NotFound)
        }
    })
}

/// A new signing secret, shown once; the old one stops signing at once.
pub fn rotate_secret(services: &Services, actor: &Actor, id: i64) -> Result<EndpointSecret, AppError> {
    actor.authorize(Operation::RotateWebhookSecret)?;
    let secret = new_secret(services);
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        if !repos.set_webhook_secret(actor.user_id, id, &secret, now)? {
            return Err(AppError::NotFound);
        }
        Ok(EndpointSecret { endpoint: endpoint_of(repos, actor, id)?, secret: secret.clone() })
    })
}

/// Which deliveries to list, as asked: a status and an event type by name, each optional.
#[derive(Debug, Clone, Default)]
pub struct DeliveryQuery {
    pub status: Option<String>,
    pub event_type: Option<String>,
}

impl DeliveryQuery {
    fn parse(&self) -> Result<DeliveryFilter, AppError> {
        let mut errors = FieldErrors::new();
        let mut filter = DeliveryFilter::default();
        if let Some(name) = &self.status {
            match DeliveryStatus::parse(name.trim()) {
                Some(status) => filter.status = Some(status),
                None => errors.add("status", Msg::DeliveryStatusUnknown),
            }
        }
        if let Some(name) = &self.event_type {
            match WebhookEventType::parse(name.trim()) {
                Some(event) => filter.event_type = Some(event),
                None => errors.add("event_type", Msg::WebhookEventUnknown),
            }
        }
        errors.into_result()?;
        Ok(filter)
    }
}

/// An endpoint's deliveries, newest first, narrowed to a status and an event type when asked.
pub fn deliveries(
    services: &Services,
    actor: &Actor,
    endpoint_id: i64,
    query: DeliveryQuery,
    page: PageRequest,
) -> Result<Page<WebhookDelivery>, AppError> {
    actor.authorize(Operation::WebhookDeliveries)?;
    let filter = query.parse()?;
    fan_out_queued(services)?;
    transaction(&*services.db, TxMode::Read, |repos| {
        endpoint_of(repos, actor, endpoint_id)?;
        let (items, total) = repos.list_webhook_deliveries(endpoint_id, &filter, page)?;
        Ok(Page { items, page: page.page, per_page: page.per_page, total })
    })
}

/// Fans out the events queued so far (one batch) when there are any, so that a listing shows a
/// delivery for every event committed before it, as if the sale had written it: the worker
/// would within its next round.
pub fn fan_out_queued(services: &Services) -> Result<(), AppError> {
    if transaction(&*services.db, TxMode::Read, |repos| Ok(repos.webhook_events_queued()?))? {
        transaction(&*services.db, TxMode::Write, fan_out)?;
    }
    Ok(())
}

/// Fans out one batch of queued events (up to [`FAN_OUT_BATCH`]) in the current transaction:
/// each gets a pending delivery to every endpoint [`fan_out_deliveries`] gives it, numbered in
/// that endpoint's sequence, and leaves the queue.
fn fan_out(repos: &mut dyn Repos) -> Result<(), AppError> {
    let (events, endpoints) = repos.take_queued_webhook_events(FAN_OUT_BATCH)?;
    if !events.is_empty() {
        repos.write_webhook_fan_out(&events, &fan_out_deliveries(&events, &endpoints))?;
    }
    Ok(())
}

/// Which endpoints take each queued event (the rule): every endpoint of the event's owner in the
/// event's mode (a sandbox's events go to `test` endpoints alone, the others' to `live` ones),
/// subscribed to its type, not deleted, and made no later than the event (an endpoint does not
/// get what happened before it existed); paused endpoints too (their deliveries wait, and are
/// sent once resumed). In the events' order, each event's endpoints in the order given (the
/// order they were made in), so each endpoint's numbers follow the events' order.
pub fn fan_out_deliveries<'a>(
    events: &'a [QueuedWebhookEvent],
    endpoints: &[FanOutEndpoint],
) -> Vec<FanOutDelivery<'a>> {
    let mut by_owner: HashMap<i64, Vec<&FanOutEndpoint>> = HashMap::new();
    for endpoint in endpoints.iter().filter(|e| !e.deleted) {
        by_owner.entry(endpoint.owner_id).or_default().push(endpoint);
    }
    let mut deliveries = Vec::new();
    for event in events {
        for endpoint in by_owner.get(&event.owner_id).into_iter().flatten() {
            if endpoint.mode == event.mode
                && endpoint.created_at <= event.created_at
                && endpoint.events.contains(&event.event_type)
            {
                deliveries.push(FanOutDelivery { event, endpoint_id: endpoint.id });
            }
        }
    }
    deliveries
}

/// Sends the endpoint a signed `ping` event, to try it: a delivery like any other (retried,
/// listed, and kept while the endpoint is paused), numbered in the endpoint's sequence.
pub fn send_test(services: &Services, actor: &Actor, endpoint_id: i64) -> Result<WebhookDelivery, AppError> {
    actor.authorize(Operation::TestWebhook)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        endpoint_of(repos, actor, endpoint_id)?;
        let event_id = write_event(
            repos,
            services,
            actor.user_id,
            WebhookEventType::Ping,
            WebhookData::Ping { endpoint_id },
            &[endpoint_id],
            now,
        )?;
        let filter = DeliveryFilter { status: None, event_type: Some(WebhookEventType::Ping) };
        let (made, _) = repos.list_webhook_deliveries(endpoint_id, &filter, PageRequest::new(Some(1), Some(1)))?;
        made.into_iter()
            .find(|d| d.event_id == event_id)
            .ok_or_else(|| AppError::Internal("the test delivery was not written".into()))
    })
}

/// Sends a delivery again now, whatever became of it (the event id stays the same, so the
/// receiver can tell it has seen it).
pub fn resend(services: &Services, actor: &Actor, delivery_id: i64) -> Result<WebhookDelivery, AppError> {
    actor.authorize(Operation::ResendDelivery)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        repos.webhook_delivery(actor.user_id, delivery_id)?.ok_or(AppError::NotFound)?;
        repos.requeue_webhook_delivery(delivery_id, now)?;
        repos.webhook_delivery(actor.user_id, delivery_id)?.ok_or(AppError::NotFound)
    })
}

/// Writes an event about a record of `store` for its owner's subscribed endpoints into the
/// current transaction (nothing when none takes this type): the sandbox store's events go to
/// test endpoints alone, every other store's to live endpoints alone.
pub(crate) fn emit(
    repos: &mut dyn Repos,
    services: &Services,
    store: &crate::StoreScope,
    event_type: WebhookEventType,
    data: WebhookData,
    now: NaiveDateTime,
) -> Result<(), AppError> {
    emit_known(repos, services, None, store, event_type, data, now)
}

/// `emit`, with the owner's subscriptions when the caller holds them (`programs`, kept per
/// owner and version: the sale path): then no statement at all when no endpoint takes the
/// event; without them the database is asked. Writing the event is one insert: its body is
/// encoded once, and the delivery worker fans it out to the subscribed endpoints in batches
/// ([`finish_and_claim`]; issue #37's outbox), off the sale's path.
pub(crate) fn emit_known(
    repos: &mut dyn Repos,
    services: &Services,
    programs: Option<&OwnerPrograms>,
    store: &crate::StoreScope,
    event_type: WebhookEventType,
    data: WebhookData,
    now: NaiveDateTime,
) -> Result<(), AppError> {
    let owner_id = store.owner_id;
    let mode = if store.sandbox { Mode::Test } else { Mode::Live };
    let subscribed = match programs {
        Some(programs) => programs.subscribed(mode, event_type),
        None => !repos.subscribed_endpoints(owner_id, event_type, mode)?.is_empty(),
    };
    if !subscribed {
        return Ok(());
    }
    let id = format!("evt_{}", services.ids.random_id());
    let envelope = WebhookEnvelope { id: &id, event_type, created_at: now, sequence: 0 };
    let payload = services
        .webhook_payloads
        .encode(&envelope, &data)
        .map_err(|e| AppError::Internal(format!("event payload: {e}")))?;
    repos.queue_webhook_event(NewWebhookEvent { id: &id, owner_id, event_type, payload: &payload, now }, mode)?;
    Ok(())
}

/// Writes one event and a delivery of it to each of `endpoints`, each with the endpoint's next
/// sequence number in its body; answers the event's id.
fn write_event(
    repos: &mut dyn Repos,
    services: &Services,
    owner_id: i64,
    event_type: WebhookEventType,
    data: WebhookData,
    endpoints: &[i64],
    now: NaiveDateTime,
) -> Result<String, AppError> {
    let id = format!("evt_{}", services.ids.random_id());
    let encode = |sequence: i64| {
        let envelope = WebhookEnvelope { id: &id, event_type, created_at: now, sequence };
        services
            .webhook_payloads
            .encode(&envelope, &data)
            .map_err(|e| AppError::Internal(format!("event payload: {e}")))
    };
    let payload = encode(0)?;
    let mut deliveries = Vec::with_capacity(endpoints.len());
    for &endpoint_id in endpoints {
        let sequence = repos.next_webhook_sequence(endpoint_id)?;
        deliveries.push(NewWebhookDelivery { endpoint_id, sequence, payload: encode(sequence)? });
    }
    repos.enqueue_webhook_event(
        NewWebhookEvent { id: &id, owner_id, event_type, payload: &payload, now },
        &deliveries,
    )?;
    Ok(id)
}

/// Claims up to `limit` due deliveries for this worker, no endpoint past its concurrency
/// (`Settings::webhook_concurrency`, counting what every worker has under way).
pub fn claim_due(services: &Services, limit: i64) -> Result<Vec<DueDelivery>, AppError> {
    finish_and_claim(services, Vec::new(), limit).map(|(_, claimed)| claimed)
}

/// When to try again after `attempts` failed attempts: 30 s, doubling, at most 6 hours apart.
pub fn backoff(attempts: i32) -> Duration {
    let doublings = u32::try_from(attempts.clamp(1, 20) - 1).unwrap_or(0);
    Duration::seconds((30_i64 << doublings).min(6 * 3600))
}

/// How one attempt ended: the endpoint's HTTP status, or why there was none.
#[derive(Debug, Clone)]
pub struct Attempt {
    pub delivery: DueDelivery,
    pub http_status: Option<u16>,
    pub error: Option<String>,
}

/// Records how the attempts of one pass ended, in one transaction: a 2xx answer is success;
/// anything else is tried again later, until 72 hours after the event, then the delivery is
/// marked failed.
pub fn finish(services: &Services, attempts: Vec<Attempt>) -> Result<Vec<DeliveryStatus>, AppError> {
    finish_and_claim(services, attempts, 0).map(|(statuses, _)| statuses)
}

/// [`finish`] and then [`claim_due`], in one transaction (one commit for a worker's round).
pub fn finish_and_claim(
    services: &Services,
    attempts: Vec<Attempt>,
    limit: i64,
) -> Result<(Vec<DeliveryStatus>, Vec<DueDelivery>), AppError> {
    let now = services.clock.now();
    let results = outcomes(attempts, now);
    let per_endpoint = i64::from(services.settings.webhook_concurrency.max(1));
    let claimed = transaction(&*services.db, TxMode::Write, |repos| {
        // Attempts that ended alike (nearly all: 200 and no error) in one statement each.
        for (result, ids) in &alike(&results) {
            repos.finish_webhook_deliveries(ids, result, now)?;
        }
        if limit > 0 {
            // The events queued since the last round get their deliveries first, so they are
            // claimed in this same round.
            fan_out(repos)?;
            Ok(repos.claim_webhook_deliveries(now, LEASE, per_endpoint, limit)?)
        } else {
            Ok(Vec::new())
        }
    })?;
    let claimed = claimed
        .into_iter()
        .map(|mut delivery| {
            if let Some(sequence) = delivery.renumber.take() {
                delivery.payload = services
                    .webhook_payloads
                    .with_sequence(&delivery.payload, sequence)
                    .map_err(|e| AppError::Internal(format!("event payload: {e}")))?;
            }
            Ok(delivery)
        })
        .collect::<Result<Vec<_>, AppError>>()?;
    Ok((results.into_iter().map(|(_, result)| result.status).collect(), claimed))
}

/// The deliveries of each distinct result, in the order the results first came.
fn alike(results: &[(i64, AttemptResult)]) -> Vec<(&AttemptResult, Vec<i64>)> {
    let mut groups: Vec<(&AttemptResult, Vec<i64>)> = Vec::new();
    for (id, result) in results {
        match groups.iter_mut().find(|(r, _)| *r == result) {
            Some((_, ids)) => ids.push(*id),
            None => groups.push((result, vec![*id])),
        }
    }
    groups
}

fn outcomes(attempts: Vec<Attempt>, now: NaiveDateTime) -> Vec<(i64, AttemptResult)> {
    attempts
        .into_iter()
        .map(|Attempt { delivery, http_status, error }| {
            let succeeded = http_status.is_some_and(|s| (200..300).contains(&s));
            let next = now + backoff(delivery.attempts + 1);
            let (status, next_attempt_at) = if succeeded {
                (DeliveryStatus::Succeeded, None)
            } else if next - delivery.created_at > RETRY_FOR {
                (DeliveryStatus::Failed, None)
            } else {
                (DeliveryStatus::Pending, Some(next))
            };
            (delivery.id, AttemptResult { status, next_attempt_at, http_status: http_status.map(i32::from), error })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attempts_that_ended_alike_are_recorded_together_and_the_others_apart() {
        let ok = AttemptResult {
            status: DeliveryStatus::Succeeded,
            next_attempt_at: None,
            http_status: Some(200),
            error: None,
        };
        let later = NaiveDateTime::default() + Duration::seconds(30);
        let refused = |error: &str| AttemptResult {
            status: DeliveryStatus::Pending,
            next_attempt_at: Some(later),
            http_status: Some(500),
            error: Some(error.to_owned()),
        };
        let results =
            vec![(1, ok.clone()), (2, refused("busy")), (3, ok.clone()), (4, refused("down")), (5, refused("busy"))];
        let groups = alike(&results);
        let found: Vec<(&AttemptResult, Vec<i64>)> = groups.iter().map(|(r, ids)| (*r, ids.clone())).collect();
        assert_eq!(found, vec![(&ok, vec![1, 3]), (&refused("busy"), vec![2, 5]), (&refused("down"), vec![4])]);
    }

    #[test]
    fn only_public_https_urls_are_accepted_unless_private_ones_are_allowed() {
        assert_eq!(check_url(" https://shop.example.ly/hooks ", false).as_deref(), Ok("https://shop.example.ly/hooks"));
        for refused in [
            "http://shop.example.ly/hooks",
            "https://localhost/x",
            "https://127.0.0.1/x",
            "https://10.0.0.8/x",
            "https://192.168.1.1/x",
            "https://169.254.169.254/latest/meta-data",
            "https://100.64.0.1/x",
            "https://[::1]/x",
            "https://[fd00::1]/x",
            "https://[::ffff:127.0.0.1]/x",
            "https://user:pass@shop.example.ly/x",
            "https://intranet/x",
            "ftp://shop.example.ly/x",
            "not a url",
            "",
        ] {
            assert_eq!(check_url(refused, false), Err(Msg::WebhookUrlInvalid), "{refused}");
        }
        assert!(check_url("http://127.0.0.1:9000/hooks", true).is_ok());
        assert!(check_url("https://8.8.8.8/x", false).is_ok());
    }

    fn at(minute: i64) -> NaiveDateTime {
        NaiveDateTime::default() + Duration::minutes(minute)
    }

    fn queued(id: &str, owner_id: i64, event_type: WebhookEventType, mode: Mode, minute: i64) -> QueuedWebhookEvent {
        QueuedWebhookEvent {
            id: id.to_owned(),
            owner_id,
            event_type: event_type.as_str().to_owned(),
            mode,
            created_at: at(minute),
        }
    }

    fn endpoint(id: i64, owner_id: i64, mode: Mode, events: &[WebhookEventType], minute: i64) -> FanOutEndpoint {
        FanOutEndpoint {
            id,
            owner_id,
            mode,
            events: events.iter().map(|e| e.as_str().to_owned()).collect(),
            is_active: true,
            deleted: false,
            created_at: at(minute),
        }
    }

    /// (event, endpoint) of each delivery, in order.
    fn pairs<'a>(deliveries: &[FanOutDelivery<'a>]) -> Vec<(&'a str, i64)> {
        deliveries.iter().map(|d| (d.event.id.as_str(), d.endpoint_id)).collect()
    }

    const SALE: WebhookEventType = WebhookEventType::InvoiceCreated;
    const VOID: WebhookEventType = WebhookEventType::InvoiceVoided;

    #[test]
    fn a_sandbox_event_goes_to_test_endpoints_and_a_live_one_to_live_endpoints() {
        let events = [queued("evt_test", 1, SALE, Mode::Test, 10), queued("evt_live", 1, SALE, Mode::Live, 10)];
        let endpoints = [endpoint(1, 1, Mode::Live, &[SALE], 0), endpoint(2, 1, Mode::Test, &[SALE], 0)];
        assert_eq!(pairs(&fan_out_deliveries(&events, &endpoints)), vec![("evt_test", 2), ("evt_live", 1)]);
    }

    #[test]
    fn an_event_goes_only_to_endpoints_subscribed_to_its_type_and_of_its_owner() {
        let events = [queued("evt_sale", 1, SALE, Mode::Live, 10), queued("evt_void", 1, VOID, Mode::Live, 10)];
        let endpoints = [
            endpoint(1, 1, Mode::Live, &[SALE], 0),
            endpoint(2, 1, Mode::Live, &[VOID, WebhookEventType::CustomerCreated], 0),
            endpoint(3, 2, Mode::Live, &[SALE, VOID], 0),
        ];
        assert_eq!(pairs(&fan_out_deliveries(&events, &endpoints)), vec![("evt_sale", 1), ("evt_void", 2)]);
    }

    #[test]
    fn a_type_this_build_does_not_know_goes_to_the_endpoints_that_name_it() {
        let mut event = queued("evt_new", 1, SALE, Mode::Live, 10);
        event.event_type = "invoice.refunded_later".to_owned();
        let mut naming = endpoint(2, 1, Mode::Live, &[SALE], 0);
        naming.events.push("invoice.refunded_later".to_owned());
        let endpoints = [endpoint(1, 1, Mode::Live, &[SALE], 0), naming];
        assert_eq!(pairs(&fan_out_deliveries(&[event], &endpoints)), vec![("evt_new", 2)]);
    }

    #[test]
    fn an_endpoint_gets_the_events_made_at_or_after_its_own_making() {
        let events = [
            queued("evt_before", 1, SALE, Mode::Live, 4),
            queued("evt_same", 1, SALE, Mode::Live, 5),
            queued("evt_after", 1, SALE, Mode::Live, 6),
        ];
        let endpoints = [endpoint(1, 1, Mode::Live, &[SALE], 5)];
        assert_eq!(pairs(&fan_out_deliveries(&events, &endpoints)), vec![("evt_same", 1), ("evt_after", 1)]);
    }

    #[test]
    fn a_deleted_endpoint_gets_nothing_and_a_paused_one_gets_its_events_to_wait() {
        let events = [queued("evt_1", 1, SALE, Mode::Live, 10)];
        let mut deleted = endpoint(1, 1, Mode::Live, &[SALE], 0);
        deleted.deleted = true;
        let mut paused = endpoint(2, 1, Mode::Live, &[SALE], 0);
        paused.is_active = false;
        let endpoints = [deleted, paused, endpoint(3, 1, Mode::Live, &[SALE], 0)];
        assert_eq!(pairs(&fan_out_deliveries(&events, &endpoints)), vec![("evt_1", 2), ("evt_1", 3)]);
    }

    #[test]
    fn deliveries_keep_the_events_order_and_each_events_endpoints_in_the_order_given() {
        // Not in time order: the queue's order (rowid on SQLite) is what counts.
        let events = [
            queued("evt_c", 1, SALE, Mode::Live, 30),
            queued("evt_a", 2, SALE, Mode::Live, 10),
            queued("evt_b", 1, VOID, Mode::Live, 20),
        ];
        let endpoints = [
            endpoint(7, 1, Mode::Live, &[SALE, VOID], 0),
            endpoint(9, 2, Mode::Live, &[SALE], 0),
            endpoint(3, 1, Mode::Live, &[SALE], 0),
        ];
        assert_eq!(
            pairs(&fan_out_deliveries(&events, &endpoints)),
            vec![("evt_c", 7), ("evt_c", 3), ("evt_a", 9), ("evt_b", 7)]
        );
        assert!(fan_out_deliveries(&[], &endpoints).is_empty());
    }

    #[test]
    fn retries_back_off_to_six_hours() {
        assert_eq!(backoff(1), Duration::seconds(30));
        assert_eq!(backoff(2), Duration::seconds(60));
        assert_eq!(backoff(5), Duration::seconds(480));
        assert_eq!(backoff(12), Duration::hours(6));
        assert_eq!(backoff(40), Duration::hours(6));
    }
}
