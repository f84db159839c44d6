//! Messages customers read (issue #39, first step): consent per channel and the outbox. A
//! message is written in the transaction of the event that causes it (a sale's points, a first
//! consent's welcome), rendered in Arabic, routed WhatsApp first, and recorded even past the
//! owner's monthly limit (as not sent) so the owner sees what was held back. The sender
//! ([`finish_and_claim`], run by `crates/system/src/messages.rs`) takes due messages from the
//! outbox, each exactly once (see [`LEASE`]); the provider's callbacks ([`whatsapp_report`])
//! record delivery and a customer's "STOP".

use chrono::{Duration, NaiveDateTime};
use loyalty_domain::local_day::{local_date, local_date_bounds, local_month_bounds};
use loyalty_domain::messages_out::{self, Fields};
use loyalty_domain::{FieldErrors, LoyaltySettings, Msg};

use super::customers::visible_customer;
use crate::policy::StoreAccess;
use crate::ports::{
    transaction, ConfiguredChannels, MessageResult, NewConsent, NewCustomerMessage, OutgoingMessage, Repos,
    SendOutcome, StatusUpdate, TxMode,
};
use crate::{
    Actor, AppError, ChannelMonth, Conflict, ConsentSource, Consents, Customer, CustomerMessage, MessageChannel,
    MessageKind, MessageLanguage, MessageStatus, MessageTemplate, MessagesSummary, Operation, Page, PageRequest,
    Services,
};

/// The months the owner's summary shows, this one included.
pub const SUMMARY_MONTHS: u32 = 6;

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
    /// The language the customer's messages are written in, when it says so.
    pub language: Option<String>,
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
    let change =
        check_consent(form.channel.as_deref(), form.granted, form.source.as_deref(), form.language.as_deref())?;
    let change = ConsentChange { actor_id: Some(actor.user_id), api_key_id: actor.key_id(), ..change };
    let now = services.clock.now();
    let configured = services.message_channels.configured();
    transaction(&*services.db, TxMode::Write, |repos| {
        let customer = visible_customer(repos, actor, customer_id)?;
        apply_consent(repos, configured, customer, &change, now)
    })
}

/// A channel as sent (trimmed), or the message naming the two there are.
pub(crate) fn channel_of(value: &str) -> Result<MessageChannel, Msg> {
    MessageChannel::parse(value.trim()).ok_or(Msg::ConsentChannelUnknown)
}

/// A language as sent: `None` when left out, or the message naming the two there are.
pub(crate) fn language_of(value: Option<&str>) -> Result<Option<MessageLanguage>, Msg> {
    value.map(|v| MessageLanguage::parse(v.trim()).ok_or(Msg::ConsentLanguageUnknown)).transpose()
}

/// A consent as sent, checked field by field (a bad one is a 422 naming it); who said so is
/// the caller's to fill in.
pub(crate) fn check_consent(
    channel: Option<&str>,
    granted: Option<bool>,
    source: Option<&str>,
    language: Option<&str>,
) -> Result<ConsentChange, AppError> {
    let mut errors = FieldErrors::new();
    let channel = errors.check("channel", channel.ok_or(Msg::ConsentChannelUnknown).and_then(channel_of));
    let granted = errors.check("granted", granted.ok_or(Msg::ConsentGrantedRequired));
    let source = errors.check(
        "source",
        source
            .map(str::trim)
            .and_then(ConsentSource::parse)
            // A reply is the customer's own, recorded by the callback alone.
            .filter(|s| *s != ConsentSource::WhatsappReply)
            .ok_or(Msg::ConsentSourceUnknown),
    );
    let language = errors.check("language", language_of(language)).flatten();
    errors.into_result()?;
    let (Some(channel), Some(granted), Some(source)) = (channel, granted, source) else {
        return Err(AppError::Internal("validated consent fields missing".into()));
    };
    Ok(ConsentChange { channel, granted, source, language, actor_id: None, api_key_id: None })
}

/// A consent given or withdrawn, checked, with who said so (`None`: the customer itself).
#[derive(Debug, Clone, Copy)]
pub(crate) struct ConsentChange {
    pub channel: MessageChannel,
    pub granted: bool,
    pub source: ConsentSource,
    pub language: Option<MessageLanguage>,
    pub actor_id: Option<i64>,
    pub api_key_id: Option<i64>,
}

/// Applies a consent to the customer in the caller's transaction, wherever it was said (the
/// till, the join page, an import, the customer's own page): kept as history; a withdrawal
/// stops the channel's pending messages at once (`consent_withdrawn`); a first consent of a
/// customer never welcomed writes the welcome. Answers the customer's consents after it.
pub(crate) fn apply_consent(
    repos: &mut dyn Repos,
    configured: ConfiguredChannels,
    customer: Customer,
    change: &ConsentChange,
    now: NaiveDateTime,
) -> Result<Consents, AppError> {
    let ConsentChange { channel, granted, source, language, actor_id, api_key_id } = *change;
    let customer_id = customer.id;
    let since = granted.then_some(now);
    let changed = repos.set_consent(customer_id, channel, since, now)?;
    repos.insert_consent(NewConsent { customer_id, channel, granted, source, actor_id, api_key_id, now })?;
    let mut consents = customer.consents;
    if let Some(language) = language {
        repos.set_message_language(customer_id, language, now)?;
        consents.language = language;
    }
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
    let message = Due { kind, points, balance, link: "", once_key: None };
    write_once(repos, settings, configured, customer, &message, now)
}

/// A message due to a customer: its kind, what fills it, and the occasion of one sent once.
struct Due<'a> {
    kind: MessageKind,
    points: i64,
    balance: i64,
    /// The customer's page, in the link message; empty in the others.
    link: &'a str,
    once_key: Option<&'a str>,
}

/// [`write`], for a message sent once per occasion (`once_key`): a second one for the same
/// customer and occasion is refused by the database, whoever writes it.
fn write_once(
    repos: &mut dyn Repos,
    settings: &LoyaltySettings,
    configured: ConfiguredChannels,
    customer: &Customer,
    due: &Due<'_>,
    now: NaiveDateTime,
) -> Result<Option<i64>, AppError> {
    let Due { kind, points, balance, once_key, .. } = *due;
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
    let language = customer.consents.language;
    let own = repos.message_template(owner_id, kind, language)?;
    let fields = Fields { name: &customer.name, store: &customer.store.name, points, balance, link: due.link };
    let body = messages_out::render(kind, language, own.as_deref(), &fields);
    let segments = i64::try_from(messages_out::segments(&body).count).unwrap_or(i64::MAX);
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
        segments,
        once_key,
        language,
        now,
    })?;
    Ok(Some(id))
}

/// Customers told of their expiring points in one transaction.
const EXPIRY_BATCH: i64 = 200;

/// Tells each customer who consents, [`messages_out::EXPIRY_MESSAGE_DAYS`] days ahead, of the
/// points whose last day that is (`points_expiring`, once per customer and day: the occasion is
/// kept with the message, so passes and instances asking at once write it once, and a pass cut
/// short leaves the rest for the next). Answers how many were written.
pub fn tell_expiring(services: &Services) -> Result<usize, AppError> {
    let now = services.clock.now();
    let configured = services.message_channels.configured();
    let day = local_date(now) + chrono::Duration::days(messages_out::EXPIRY_MESSAGE_DAYS);
    let once_key = format!("{}:{day}", MessageKind::PointsExpiring.as_str());
    let mut after = 0;
    let mut written = 0;
    loop {
        let (seen, last, count) = transaction(&*services.db, TxMode::Write, |repos| {
            let due = repos.expiring_to_tell(day, &once_key, after, EXPIRY_BATCH)?;
            let mut settings: std::collections::BTreeMap<i64, LoyaltySettings> = std::collections::BTreeMap::new();
            let mut count = 0;
            for &(customer_id, points) in &due {
                let Some(customer) = repos.customer_by_id(customer_id)? else { continue };
                let owner_id = customer.store.owner_id;
                let owner = match settings.get(&owner_id) {
                    Some(owner) => *owner,
                    None => *settings.entry(owner_id).or_insert(repos.loyalty_settings(owner_id)?),
                };
                let balance = customer.loyalty_points;
                let due =
                    Due { kind: MessageKind::PointsExpiring, points, balance, link: "", once_key: Some(&once_key) };
                if write_once(repos, &owner, configured, &customer, &due, now)?.is_some() {
                    count += 1;
                }
            }
            Ok((due.len(), due.last().map_or(after, |&(id, _)| id), count))
        })?;
        written += count;
        after = last;
        if seen < usize::try_from(EXPIRY_BATCH).unwrap_or(usize::MAX) {
            return Ok(written);
        }
    }
}

/// The till sends the customer a link to its own page when it asks (`link`, the owner's
/// template with `{link}`): a new page link (as a sale makes, `customer_pages::new_link`)
/// written into a message by the channel the customer consented to, in its language, counted
/// against the owner's monthly limit as any other. `page_url` makes the link's address from
/// its token (the server's public address is the HTTP layer's). A customer without a phone or
/// without consent by either channel is a 409 (`no_message_consent`) and nothing is written.
/// Answers the message as written.
pub fn send_page_link(
    services: &Services,
    actor: &Actor,
    customer_id: i64,
    page_url: &(dyn Fn(&str) -> String + Sync),
) -> Result<CustomerMessage, AppError> {
    actor.authorize(Operation::SendPageLink)?;
    let now = services.clock.now();
    let configured = services.message_channels.configured();
    transaction(&*services.db, TxMode::Write, |repos| {
        let customer = visible_customer(repos, actor, customer_id)?;
        if customer.consents.channel().is_none() || customer.phone.is_none() {
            return Err(AppError::Conflict(Conflict::NoMessageConsent));
        }
        let token = super::customer_pages::new_link(services, repos, customer.id, customer.store.id, now)?;
        let link = page_url(&token);
        let settings = repos.loyalty_settings(customer.store.owner_id)?;
        let balance = customer.loyalty_points;
        let due = Due { kind: MessageKind::Link, points: 0, balance, link: &link, once_key: None };
        let id = write_once(repos, &settings, configured, &customer, &due, now)?
            .ok_or(AppError::Conflict(Conflict::NoMessageConsent))?;
        repos.customer_message(id)?.ok_or_else(|| AppError::Internal(format!("message {id} just written is gone")))
    })
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

/// Every kind of message as the owner's customers read it: the owner's own text where it wrote
/// one, the product's (the long form) elsewhere.
pub fn templates(services: &Services, actor: &Actor) -> Result<Vec<MessageTemplate>, AppError> {
    actor.authorize(Operation::ListMessageTemplates)?;
    let own = transaction(&*services.db, TxMode::Read, |repos| Ok(repos.message_templates(actor.user_id)?))?;
    Ok(MessageKind::all().iter().map(|&kind| template_of(kind, &own)).collect())
}

fn template_of(kind: MessageKind, own: &[MessageTemplate]) -> MessageTemplate {
    own.iter().find(|t| t.kind == kind).cloned().unwrap_or_else(|| MessageTemplate {
        kind,
        text_ar: messages_out::templates(kind, MessageLanguage::Ar).0.to_owned(),
        text_en: messages_out::templates(kind, MessageLanguage::En).0.to_owned(),
        own: false,
        updated_at: None,
    })
}

/// An owner's own text of a kind of message, as sent.
#[derive(Debug, Clone, Default)]
pub struct TemplateForm {
    pub text_ar: Option<String>,
    pub text_en: Option<String>,
}

fn kind_of(kind: &str) -> Result<MessageKind, AppError> {
    MessageKind::parse(kind.trim())
        .ok_or_else(|| AppError::Validation(FieldErrors::single("kind", Msg::MessageKindUnknown)))
}

/// Keeps the owner's own text of `kind` in both languages (each checked: its placeholders, its
/// length), used for every message of that kind from now on; answers it.
pub fn put_template(
    services: &Services,
    actor: &Actor,
    kind: &str,
    form: TemplateForm,
) -> Result<MessageTemplate, AppError> {
    actor.authorize(Operation::PutMessageTemplate)?;
    let kind = kind_of(kind)?;
    let mut errors = FieldErrors::new();
    let text_ar =
        errors.check("text_ar", messages_out::check_template(kind, form.text_ar.as_deref().unwrap_or_default()));
    let text_en =
        errors.check("text_en", messages_out::check_template(kind, form.text_en.as_deref().unwrap_or_default()));
    errors.into_result()?;
    let (Some(text_ar), Some(text_en)) = (text_ar, text_en) else {
        return Err(AppError::Internal("validated template fields missing".into()));
    };
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        repos.put_message_template(actor.user_id, kind, &text_ar, &text_en, now)?;
        Ok(())
    })?;
    Ok(MessageTemplate { kind, text_ar, text_en, own: true, updated_at: Some(now) })
}

/// Forgets the owner's own text of `kind`: the product's is sent again. Answers it.
pub fn reset_template(services: &Services, actor: &Actor, kind: &str) -> Result<MessageTemplate, AppError> {
    actor.authorize(Operation::DeleteMessageTemplate)?;
    let kind = kind_of(kind)?;
    transaction(&*services.db, TxMode::Write, |repos| {
        repos.delete_message_template(actor.user_id, kind)?;
        Ok(())
    })?;
    Ok(template_of(kind, &[]))
}

/// The owner's messages at a glance: this month against its limit, how many customers consent
/// to each channel, and each channel's last [`SUMMARY_MONTHS`] months with their estimated cost.
pub fn summary(services: &Services, actor: &Actor) -> Result<MessagesSummary, AppError> {
    actor.authorize(Operation::MessagesSummary)?;
    let now = services.clock.now();
    let prices = services.settings.message_prices;
    let months = super::owner::last_months(local_date(now), SUMMARY_MONTHS);
    transaction(&*services.db, TxMode::Read, |repos| {
        let settings = repos.loyalty_settings(actor.user_id)?;
        let store_ids = StoreAccess::of_owner(actor, repos)?;
        let consents = repos.consent_counts(&store_ids)?;
        let mut rows = Vec::with_capacity(months.len() * MessageChannel::all().len());
        let mut this_month = 0;
        for &month in &months {
            let (from, to) = local_month_bounds(local_date_bounds(month).0);
            let figures = repos.message_figures(actor.user_id, from, to)?;
            for &channel in MessageChannel::all() {
                let mut row = ChannelMonth {
                    month,
                    channel,
                    pending: 0,
                    sent: 0,
                    delivered: 0,
                    failed: 0,
                    not_sent: 0,
                    segments: 0,
                    cost_micro_usd: 0,
                };
                for f in figures.iter().filter(|f| f.channel == channel) {
                    match f.status {
                        // Taken by a sender, its answer not yet recorded: still waiting.
                        MessageStatus::Pending | MessageStatus::Sending => row.pending += f.messages,
                        MessageStatus::Sent => row.sent += f.messages,
                        MessageStatus::Delivered => row.delivered += f.messages,
                        MessageStatus::Failed => row.failed += f.messages,
                        MessageStatus::NotSent => row.not_sent += f.messages,
                    }
                    if matches!(f.status, MessageStatus::Sent | MessageStatus::Delivered) {
                        row.segments += f.segments;
                    }
                }
                row.cost_micro_usd = match channel {
                    MessageChannel::Sms => row.segments.saturating_mul(prices.sms_segment_micro_usd),
                    MessageChannel::Whatsapp => {
                        (row.sent + row.delivered).saturating_mul(prices.whatsapp_message_micro_usd)
                    }
                };
                if from <= now && now < to {
                    this_month += row.pending + row.sent + row.delivered + row.failed;
                }
                rows.push(row);
            }
        }
        Ok(MessagesSummary {
            monthly_limit: settings.messages_monthly_limit,
            this_month,
            consents,
            months: rows,
            prices,
        })
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
                    language: None,
                    actor_id: None,
                    api_key_id: None,
                };
                apply_consent(repos, configured, customer, &change, now)?;
                outcome.withdrawals += 1;
            }
        }
        Ok(outcome)
    })
}
