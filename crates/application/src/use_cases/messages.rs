//! Messages customers read (issue #39, first step): consent per channel and the outbox. A
//! message is written in the transaction of the event that causes it (a sale's points, a first
//! consent's welcome), rendered in Arabic, routed WhatsApp first, and recorded even past the
//! owner's monthly limit (as not sent) so the owner sees what was held back. The sender
//! ([`finish_and_claim`], run by `crates/system/src/messages.rs`) takes due messages from the
//! outbox, each exactly once (see [`LEASE`]); the provider's callbacks ([`whatsapp_report`])
//! record delivery and a customer's "STOP".

use chrono::{Duration, NaiveDateTime};
use loyalty_domain::local_day::local_month_bounds;
use loyalty_domain::messages_out::{self, Fields};
use loyalty_domain::{FieldErrors, LoyaltySettings, Msg};

use super::customers::visible_customer;
use crate::ports::{
    transaction, ConfiguredChannels, MessageResult, NewConsent, NewCustomerMessage, OutgoingMessage, Repos,
    SendOutcome, StatusUpdate, TxMode,
};
use crate::{
    Actor, AppError, ConsentSource, Consents, Customer, CustomerMessage, MessageChannel, MessageKind, MessageStatus,
    Operation, Page, PageRequest, Services,
};

/// Why a message was recorded and never sent (`status_detail`).
pub const DETAIL_MONTHLY_LIMIT: &str = "monthly_limit";
pub const DETAIL_CONSENT_WITHDRAWN: &str = "consent_withdrawn";
/// A test key's sandbox store: its customers are nobody's phones.
pub const DETAIL_TEST_MODE: &str = "test_mode";
/// None of the channels the customer consented to is configured on this server.
pub const DETAIL_NO_CHANNEL: &str = "no_channel";

/// A consent as sent: each field is checked here, so a bad one is a 422 naming it.
#[derive(Debug, Clone, Default)]
pub struct ConsentForm {
    pub channel: Option<String>,
    pub granted: Option<bool>,
    pub source: Option<String>,
}

/// Records the customer's consent by one channel, given or withdrawn, with who and where (kept
/// as history), and answers the customer's consents after it. A withdrawal stops at once: the
/// customer's pending messages by that channel become not sent (`consent_withdrawn`) in the
/// same transaction. A first consent of a customer never welcomed writes the welcome.
pub fn record_consent(
    services: &Services,
    actor: &Actor,
    customer_id: i64,
    form: ConsentForm,
) -> Result<Consents, AppError> {
    actor.authorize(Operation::RecordConsent)?;
    let mut errors = FieldErrors::new();
    let channel = errors.check(
        "channel",
        form.channel.as_deref().map(str::trim).and_then(MessageChannel::parse).ok_or(Msg::ConsentChannelUnknown),
    );
    let granted = errors.check("granted", form.granted.ok_or(Msg::ConsentGrantedRequired));
    let source = errors.check(
        "source",
        form.source
            .as_deref()
            .map(str::trim)
            .and_then(ConsentSource::parse)
            // A reply is the customer's own, recorded by the callback alone.
            .filter(|s| *s != ConsentSource::WhatsappReply)
            .ok_or(Msg::ConsentSourceUnknown),
    );
    errors.into_result()?;
    let (Some(channel), Some(granted), Some(source)) = (channel, granted, source) else {
        return Err(AppError::Internal("validated consent fields missing".into()));
    };
    let now = services.clock.now();
    let configured = services.message_channels.configured();
    transaction(&*services.db, TxMode::Write, |repos| {
        let customer = visible_customer(repos, actor, customer_id)?;
        let change =
            ConsentChange { channel, granted, source, actor_id: Some(actor.user_id), api_key_id: actor.key_id() };
        change_consent(repos, configured, customer, change, now)
    })
}

/// A consent given or withdrawn, with who (nobody for a customer's own reply) and where.
struct ConsentChange {
    channel: MessageChannel,
    granted: bool,
    source: ConsentSource,
    actor_id: Option<i64>,
    api_key_id: Option<i64>,
}

/// Changes one customer's consent in the caller's transaction and keeps it in the history; a
/// withdrawal marks the channel's pending messages not sent (`consent_withdrawn`), a first
/// consent of a customer never welcomed writes the welcome. Answers the consents after it.
fn change_consent(
    repos: &mut dyn Repos,
    configured: ConfiguredChannels,
    customer: Customer,
    change: ConsentChange,
    now: NaiveDateTime,
) -> Result<Consents, AppError> {
    let ConsentChange { channel, granted, source, actor_id, api_key_id } = change;
    let customer_id = customer.id;
    let since = granted.then_some(now);
    let changed = repos.set_consent(customer_id, channel, since, now)?;
    repos.insert_consent(NewConsent { customer_id, channel, granted, source, actor_id, api_key_id, now })?;
    let mut consents = customer.consents;
    if changed {
        match channel {
            MessageChannel::Whatsapp => consents.whatsapp_at = since,
            MessageChannel::Sms => consents.sms_at = since,
        }
    }
    if !granted {
        repos.stop_pending_messages(customer_id, channel, DETAIL_CONSENT_WITHDRAWN, now)?;
    } else if changed && !repos.has_welcome(customer_id)? {
        let settings = repos.loyalty_settings(customer.store.owner_id)?;
        let balance = customer.loyalty_points;
        let customer = Customer { consents, ..customer };
        write(repos, &settings, configured, &customer, MessageKind::Welcome, 0, balance, now)?;
    }
    Ok(consents)
}

/// After a sale's ledger write, in its transaction: the points earned message, when the sale
/// earned points and the customer consents to a channel. Consent is read from the customer row
/// the sale loaded, so a sale to a customer without consent sends no statement at all.
pub(crate) fn after_sale(
    repos: &mut dyn Repos,
    settings: &LoyaltySettings,
    configured: ConfiguredChannels,
    customer: &Customer,
    points: i64,
    balance: i64,
    now: NaiveDateTime,
) -> Result<(), AppError> {
    if points <= 0 || customer.consents.channel().is_none() {
        return Ok(());
    }
    write(repos, settings, configured, customer, MessageKind::PointsEarned, points, balance, now).map(|_| ())
}

/// Writes one message for the customer, in the caller's transaction: by WhatsApp with its
/// consent, else by SMS with its consent, among the channels this server has configured;
/// nothing without consent or without a phone. With consent but no configured channel it is
/// recorded as not sent (`no_channel`, by the channel consented to). Past the owner's monthly
/// limit (a count of its messages this Tripoli month, read only now that a message is due) it
/// is recorded as not sent (`monthly_limit`). Answers its id, if written.
#[allow(clippy::too_many_arguments)]
pub(crate) fn write(
    repos: &mut dyn Repos,
    settings: &LoyaltySettings,
    configured: ConfiguredChannels,
    customer: &Customer,
    kind: MessageKind,
    points: i64,
    balance: i64,
    now: NaiveDateTime,
) -> Result<Option<i64>, AppError> {
    let (Some(consented), Some(phone)) = (customer.consents.channel(), customer.phone.as_deref()) else {
        return Ok(None);
    };
    let routed = messages_out::route(
        customer.consents.whatsapp_at.is_some() && configured.whatsapp,
        customer.consents.sms_at.is_some() && configured.sms,
    );
    let channel = routed.unwrap_or(consented);
    let owner_id = customer.store.owner_id;
    let (status, detail) = if customer.store.sandbox {
        (MessageStatus::NotSent, Some(DETAIL_TEST_MODE))
    } else if routed.is_none() {
        (MessageStatus::NotSent, Some(DETAIL_NO_CHANNEL))
    } else {
        let (from, to) = local_month_bounds(now);
        if repos.count_owner_messages(owner_id, from, to)? >= settings.messages_monthly_limit {
            (MessageStatus::NotSent, Some(DETAIL_MONTHLY_LIMIT))
        } else {
            (MessageStatus::Pending, None)
        }
    };
    let fields = Fields { name: &customer.name, store: &customer.store.name, points, balance };
    let body = messages_out::render(kind, &fields);
    let id = repos.insert_customer_message(NewCustomerMessage {
        owner_id,
        store_id: customer.store.id,
        customer_id: customer.id,
        kind,
        channel,
        to_phone: phone,
        body: &body,
        status,
        status_detail: detail,
        now,
    })?;
    Ok(Some(id))
}

/// A customer's messages, newest first: whoever may see the customer may see them.
pub fn list(
    services: &Services,
    actor: &Actor,
    customer_id: i64,
    page: PageRequest,
) -> Result<Page<CustomerMessage>, AppError> {
    actor.authorize(Operation::CustomerMessages)?;
    transaction(&*services.db, TxMode::Read, |repos| {
        visible_customer(repos, actor, customer_id)?;
        let (items, total) = repos.customer_messages(customer_id, page)?;
        Ok(Page { items, page: page.page, per_page: page.per_page, total })
    })
}

/// How long the sender holds a message it took (`sending`): longer than an attempt may take
/// (`ATTEMPT_TIMEOUT_SECS`). The state is committed before the request goes out, so a sender
/// killed mid-send leaves the message `sending`; once its lease runs out it was maybe received.
/// An SMS is then sent again with the same `reference` (the gateway's idempotency key); a
/// WhatsApp message waits [`IN_DOUBT_WINDOW`] for its status callback (the Cloud API reports
/// every message it accepted, with our id) and is sent again only if none came.
pub const LEASE: Duration = Duration::seconds(30);
/// How long a provider has to answer one attempt.
pub const ATTEMPT_TIMEOUT_SECS: u64 = 10;
/// How long a WhatsApp message left `sending` waits for a status callback before it is resent.
pub const IN_DOUBT_WINDOW: Duration = Duration::minutes(10);
/// Attempts before a message that keeps failing (5xx, 429, no answer) is marked failed.
pub const MAX_ATTEMPTS: i64 = 8;

/// When to try again after `attempts` failed attempts: 30 s, doubling, at most an hour apart.
pub fn backoff(attempts: i64) -> Duration {
    let doublings = u32::try_from(attempts.clamp(1, 20) - 1).unwrap_or(0);
    Duration::seconds((30_i64 << doublings).min(3600))
}

/// One attempt as the sender made it.
#[derive(Debug, Clone)]
pub struct SendAttempt {
    pub message: OutgoingMessage,
    pub outcome: SendOutcome,
}

/// Records the sender's attempts and takes up to `limit` due messages in their place, in one
/// transaction committed before anything taken is sent. A message due by a channel that is no
/// longer configured is recorded not sent (`no_channel`) instead of taken.
pub fn finish_and_claim(
    services: &Services,
    attempts: Vec<SendAttempt>,
    limit: i64,
) -> Result<Vec<OutgoingMessage>, AppError> {
    let now = services.clock.now();
    let configured = services.message_channels.configured();
    transaction(&*services.db, TxMode::Write, |repos| {
        for SendAttempt { message, outcome } in &attempts {
            let result = match outcome {
                SendOutcome::Sent { provider_message_id } => {
                    MessageResult::Sent { provider_message_id: provider_message_id.clone() }
                }
                SendOutcome::Refused { error } => MessageResult::Failed { error: error.clone() },
                SendOutcome::Retry { error } if message.attempts >= MAX_ATTEMPTS => {
                    MessageResult::Failed { error: error.clone() }
                }
                SendOutcome::Retry { error } => {
                    MessageResult::Retry { at: now + backoff(message.attempts), error: error.clone() }
                }
            };
            repos.finish_message(message.id, message.attempts, &result, now)?;
        }
        if limit <= 0 {
            return Ok(Vec::new());
        }
        let claimed = repos.claim_due_messages(now, now + LEASE, now - IN_DOUBT_WINDOW + LEASE, limit)?;
        let mut sendable = Vec::with_capacity(claimed.len());
        for message in claimed {
            if configured.has(message.channel) {
                sendable.push(message);
            } else {
                let result = MessageResult::NotSent { detail: DETAIL_NO_CHANNEL.to_owned() };
                repos.finish_message(message.id, message.attempts, &result, now)?;
            }
        }
        Ok(sendable)
    })
}

/// What a WhatsApp callback reported, as read from its body.
#[derive(Debug, Clone, Default)]
pub struct ChannelReport {
    pub statuses: Vec<ReportedStatus>,
    pub replies: Vec<Reply>,
}

/// One message's status: `sent`, `delivered`, `read` (counts as delivered) or `failed`.
#[derive(Debug, Clone, Default)]
pub struct ReportedStatus {
    pub provider_message_id: String,
    pub status: String,
    /// `biz_opaque_callback_data`: our message id as we sent it.
    pub callback_data: Option<String>,
    /// The provider's error, when failed.
    pub error: Option<String>,
}

/// A text a customer sent (the number as the Cloud API writes it, without '+').
#[derive(Debug, Clone, Default)]
pub struct Reply {
    pub from: String,
    pub text: String,
}

/// What a report changed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReportOutcome {
    pub statuses: usize,
    pub withdrawals: usize,
}

/// The longest provider error kept on a message.
pub const DETAIL_MAX: usize = 200;

/// Records a verified WhatsApp callback in one transaction: each status on its message (never
/// backwards), and each "STOP" reply as a withdrawal of the WhatsApp consent of every customer
/// with that phone (the same withdrawal as the till's, from `whatsapp_reply`). Unknown statuses,
/// messages and phones change nothing.
pub fn whatsapp_report(services: &Services, report: ChannelReport) -> Result<ReportOutcome, AppError> {
    let now = services.clock.now();
    let configured = services.message_channels.configured();
    transaction(&*services.db, TxMode::Write, |repos| {
        let mut outcome = ReportOutcome::default();
        for reported in &report.statuses {
            let status = match reported.status.trim() {
                "sent" => MessageStatus::Sent,
                "delivered" | "read" => MessageStatus::Delivered,
                "failed" => MessageStatus::Failed,
                _ => continue,
            };
            let detail: Option<String> = reported.error.as_deref().map(|e| e.chars().take(DETAIL_MAX).collect());
            let update = StatusUpdate {
                message_id: reported.callback_data.as_deref().and_then(|d| d.trim().parse().ok()),
                provider_message_id: reported.provider_message_id.trim(),
                status,
                detail: detail.as_deref(),
                now,
            };
            if repos.record_message_status(&update)? {
                outcome.statuses += 1;
            }
        }
        for reply in &report.replies {
            if !messages_out::is_stop(&reply.text) {
                continue;
            }
            let from = reply.from.trim();
            let written = if from.starts_with('+') { from.to_owned() } else { format!("+{from}") };
            let Ok(phone) = loyalty_domain::Phone::parse(&written) else { continue };
            for customer in repos.customers_by_phone(phone.as_str())? {
                if customer.consents.whatsapp_at.is_none() {
                    continue;
                }
                let change = ConsentChange {
                    channel: MessageChannel::Whatsapp,
                    granted: false,
                    source: ConsentSource::WhatsappReply,
                    actor_id: None,
                    api_key_id: None,
                };
                change_consent(repos, configured, customer, change, now)?;
                outcome.withdrawals += 1;
            }
        }
        Ok(outcome)
    })
}
