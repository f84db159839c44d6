//! Messages customers read (issue #39, first step): consent per channel and the outbox. A
//! message is written in the transaction of the event that causes it (a sale's points, a first
//! consent's welcome), rendered in Arabic, routed WhatsApp first, and recorded even past the
//! owner's monthly limit (as not sent) so the owner sees what was held back. The sender, which
//! takes pending messages from the outbox, is a later step.

use chrono::NaiveDateTime;
use loyalty_domain::local_day::local_month_bounds;
use loyalty_domain::messages_out::{self, Fields};
use loyalty_domain::{FieldErrors, LoyaltySettings, Msg};

use super::customers::visible_customer;
use crate::ports::{transaction, NewConsent, NewCustomerMessage, Repos, TxMode};
use crate::{
    Actor, AppError, ConsentSource, Consents, Customer, CustomerMessage, MessageChannel, MessageKind, MessageStatus,
    Operation, Page, PageRequest, Services,
};

/// Why a message was recorded and never sent (`status_detail`).
pub const DETAIL_MONTHLY_LIMIT: &str = "monthly_limit";
pub const DETAIL_CONSENT_WITHDRAWN: &str = "consent_withdrawn";
/// A test key's sandbox store: its customers are nobody's phones.
pub const DETAIL_TEST_MODE: &str = "test_mode";

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
        form.source.as_deref().map(str::trim).and_then(ConsentSource::parse).ok_or(Msg::ConsentSourceUnknown),
    );
    errors.into_result()?;
    let (Some(channel), Some(granted), Some(source)) = (channel, granted, source) else {
        return Err(AppError::Internal("validated consent fields missing".into()));
    };
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let customer = visible_customer(repos, actor, customer_id)?;
        let since = granted.then_some(now);
        let changed = repos.set_consent(customer_id, channel, since, now)?;
        repos.insert_consent(NewConsent {
            customer_id,
            channel,
            granted,
            source,
            actor_id: Some(actor.user_id),
            api_key_id: actor.key_id(),
            now,
        })?;
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
            write(repos, &settings, &customer, MessageKind::Welcome, 0, balance, now)?;
        }
        Ok(consents)
    })
}

/// After a sale's ledger write, in its transaction: the points earned message, when the sale
/// earned points and the customer consents to a channel. Consent is read from the customer row
/// the sale loaded, so a sale to a customer without consent sends no statement at all.
pub(crate) fn after_sale(
    repos: &mut dyn Repos,
    settings: &LoyaltySettings,
    customer: &Customer,
    points: i64,
    balance: i64,
    now: NaiveDateTime,
) -> Result<(), AppError> {
    if points <= 0 || customer.consents.channel().is_none() {
        return Ok(());
    }
    write(repos, settings, customer, MessageKind::PointsEarned, points, balance, now).map(|_| ())
}

/// Writes one message for the customer, in the caller's transaction: by WhatsApp with its
/// consent, else by SMS with its consent; nothing without consent or without a phone. Past the
/// owner's monthly limit (a count of its messages this Tripoli month, read only now that a
/// message is due) it is recorded as not sent (`monthly_limit`). Answers its id, if written.
pub(crate) fn write(
    repos: &mut dyn Repos,
    settings: &LoyaltySettings,
    customer: &Customer,
    kind: MessageKind,
    points: i64,
    balance: i64,
    now: NaiveDateTime,
) -> Result<Option<i64>, AppError> {
    let (Some(channel), Some(phone)) = (customer.consents.channel(), customer.phone.as_deref()) else {
        return Ok(None);
    };
    let owner_id = customer.store.owner_id;
    let (status, detail) = if customer.store.sandbox {
        (MessageStatus::NotSent, Some(DETAIL_TEST_MODE))
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
