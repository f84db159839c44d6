//! Stamp cards: the owner sets a store's card, sales earn stamps (`after_sale`, in the sale's
//! own transaction), voids and returns take them back, and the till redeems a full card. The
//! rules (which sale earns, which stamps count, when a card is full) are the domain's
//! (`loyalty_domain::stamps`).

use chrono::NaiveDateTime;
use loyalty_domain::stamps::{StampCard, StampCardForm};
use loyalty_domain::Money;

use super::customers::visible_customer;
use super::programs::OwnerPrograms;
use super::{idempotency, webhooks};
use crate::policy::can_access_store;
use crate::ports::{transaction, NewStamp, NewStampRedemption, Repos, TxMode};
use crate::{
    Actor, AppError, Conflict, Customer, Operation, Page, PageRequest, Services, StampCount, StampEvent, StoreScope,
    StoreStampCard, WebhookData, WebhookEventType,
};

/// The store as the caller may reach it; 404 for another's.
fn reachable_store(repos: &mut dyn Repos, actor: &Actor, store_id: i64) -> Result<StoreScope, AppError> {
    repos.store_scope(store_id)?.filter(|s| can_access_store(actor, s)).ok_or(AppError::NotFound)
}

/// The store's stamp card (`None`: it gives no stamps).
pub fn card(services: &Services, actor: &Actor, store_id: i64) -> Result<Option<StoreStampCard>, AppError> {
    actor.authorize(Operation::GetStampCard)?;
    transaction(&*services.db, TxMode::Read, |repos| {
        reachable_store(repos, actor, store_id)?;
        Ok(repos.stamp_card(store_id)?)
    })
}

/// Sets or replaces the store's stamp card (its owner's). Stamps already earned keep their
/// expiry; the new `min_total` and `expires_after_days` apply to later sales.
pub fn save_card(
    services: &Services,
    actor: &Actor,
    store_id: i64,
    form: StampCardForm<'_>,
) -> Result<StoreStampCard, AppError> {
    actor.authorize(Operation::PutStampCard)?;
    let card = StampCard::parse(form)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let store = reachable_store(repos, actor, store_id)?;
        // Two first saves at once would both insert the card: the owner's lock orders them.
        repos.lock_user(store.owner_id, now)?;
        repos.save_stamp_card(store_id, &card, now)?;
        repos.stamp_card(store_id)?.ok_or(AppError::NotFound)
    })
}

/// Turns the store's stamp card off: sales earn no more stamps and none can be redeemed. The
/// stamps earned stay in the history, and count again if a card is set later. 404 when the
/// store has no card.
pub fn delete_card(services: &Services, actor: &Actor, store_id: i64) -> Result<(), AppError> {
    actor.authorize(Operation::DeleteStampCard)?;
    transaction(&*services.db, TxMode::Write, |repos| {
        reachable_store(repos, actor, store_id)?;
        if repos.delete_stamp_card(store_id)? {
            Ok(())
        } else {
            Err(AppError::NotFound)
        }
    })
}

/// The customer's stamps in its store: none when the store has no card.
pub(crate) fn stamps_of(
    repos: &mut dyn Repos,
    customer_id: i64,
    store_id: i64,
    now: NaiveDateTime,
) -> Result<Option<StampCount>, AppError> {
    match repos.stamp_card(store_id)? {
        None => Ok(None),
        Some(card) => {
            let count = repos.count_stamps(customer_id, now)?;
            Ok(Some(StampCount { store_id, count, required: card.card.stamps_required }))
        }
    }
}

/// In the sale's transaction: a stamp when the store has a card (kept per owner: `programs`)
/// and the total reaches its minimum (one insert that also counts; without a stamp, one count;
/// the webhook's event too when an endpoint takes `stamp.earned`). Answers the customer's stamps after the
/// sale; `None` when the store has no card.
pub(crate) fn after_sale(
    repos: &mut dyn Repos,
    services: &Services,
    programs: &OwnerPrograms,
    customer: &Customer,
    sale: (i64, Money),
    now: NaiveDateTime,
) -> Result<Option<StampCount>, AppError> {
    let (invoice_id, total) = sale;
    let Some(stored) = programs.stamp_card(customer.store.id) else {
        return Ok(None);
    };
    let card = &stored.card;
    let earned = card.earns(total);
    let (event_id, count) = if earned {
        let (id, count) = repos.insert_stamp(NewStamp {
            customer_id: customer.id,
            store_id: customer.store.id,
            invoice_id,
            expires_at: card.expires_at(now),
            now,
        })?;
        (Some(id), count)
    } else {
        (None, repos.count_stamps(customer.id, now)?)
    };
    let stamps = StampCount { store_id: customer.store.id, count, required: card.stamps_required };
    if let Some(id) = event_id {
        // As just written: no read back on the sale path.
        let event = StampEvent {
            id,
            customer_id: customer.id,
            store_id: customer.store.id,
            kind: crate::StampEventKind::Earned,
            stamps: 1,
            invoice_id: Some(invoice_id),
            reward_name: None,
            expires_at: card.expires_at(now),
            redeemed_by: None,
            revoked_at: None,
            created_at: now,
        };
        let data = WebhookData::Stamp { customer: customer.clone(), event, stamps };
        webhooks::emit_known(
            repos,
            services,
            Some(programs),
            &customer.store,
            WebhookEventType::StampEarned,
            data,
            now,
        )?;
    }
    Ok(Some(stamps))
}

/// In a void's transaction: the sale's stamp goes back, unless it was redeemed already (the
/// reward was given; the void still goes through).
pub(crate) fn after_void(
    repos: &mut dyn Repos,
    services: &Services,
    invoice_id: i64,
    now: NaiveDateTime,
) -> Result<(), AppError> {
    revoke(repos, services, invoice_id, now)
}

/// Takes the sale's stamp back, if it still counts, and tells subscribed endpoints
/// (`stamp.revoked`: the customer, the stamp as it is now, the stamps left).
fn revoke(repos: &mut dyn Repos, services: &Services, invoice_id: i64, now: NaiveDateTime) -> Result<(), AppError> {
    let Some(event_id) = repos.revoke_stamp(invoice_id, now)? else {
        return Ok(());
    };
    let Some(event) = repos.stamp_event(event_id)? else {
        return Err(AppError::Internal(format!("stamp {event_id} went under its sale's lock")));
    };
    // A customer hidden since, or a card removed since: the stamp goes, with nothing to tell.
    let Some(customer) = repos.customer_by_id(event.customer_id)? else {
        return Ok(());
    };
    let Some(stamps) = stamps_of(repos, customer.id, customer.store.id, now)? else {
        return Ok(());
    };
    let data = WebhookData::Stamp { customer: customer.clone(), event, stamps };
    webhooks::emit(repos, services, &customer.store, WebhookEventType::StampRevoked, data, now)
}

/// In a return's transaction: the sale's stamp goes back when the returns took the whole
/// total, or left less of it than the card's `min_total` (`StampCard::keeps_stamp_after_return`);
/// without a card, only a whole return takes it.
pub(crate) fn after_return(
    repos: &mut dyn Repos,
    services: &Services,
    store_id: i64,
    invoice_id: i64,
    total: Money,
    returned: Money,
    now: NaiveDateTime,
) -> Result<(), AppError> {
    let keeps = match repos.stamp_card(store_id)? {
        Some(stored) => stored.card.keeps_stamp_after_return(total, returned),
        None => returned < total,
    };
    if !keeps {
        revoke(repos, services, invoice_id, now)?;
    }
    Ok(())
}

/// A stamp card redeemed, and the customer's stamps after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StampsRedeemed {
    pub event: StampEvent,
    pub stamps: StampCount,
}

/// Redeems a full card's reward at the till (the cashier in its store, the owner in its
/// stores, a key with `sales:write`): uses the card's `stamps_required` stamps, the oldest
/// first, and records it. 409 `no_stamp_card` when the store has none, `stamp_card_not_full`
/// when fewer stamps count. `store_id` must be the customer's store (404 otherwise).
pub fn redeem(
    services: &Services,
    actor: &Actor,
    customer_id: i64,
    store_id: i64,
    idempotency_key: Option<&str>,
) -> Result<idempotency::Replayable<StampsRedeemed>, AppError> {
    actor.authorize(Operation::RedeemStamps)?;
    let key = idempotency::parse_key(idempotency_key)?;
    let request = format!("stamps|{customer_id}|{store_id}");
    let now = services.clock.now();
    let rebuild = |repos: &mut dyn Repos, answer: &str| {
        let (event_id, _) = idempotency::two_ids(answer)?;
        let event = repos.stamp_event(event_id)?.ok_or(AppError::NotFound)?;
        let stamps = stamps_of(repos, customer_id, store_id, now)?.unwrap_or(StampCount {
            store_id,
            count: 0,
            required: event.stamps,
        });
        Ok(StampsRedeemed { event, stamps })
    };
    idempotency::run(
        services,
        actor.user_id,
        key.as_deref(),
        &request,
        |repos| {
            let customer = visible_customer(repos, actor, customer_id)?;
            if customer.store.id != store_id || actor.pos_store().is_ok_and(|own| own != store_id) {
                return Err(AppError::NotFound);
            }
            // Two redemptions of one card queue here, so the second counts what the first left.
            if !repos.lock_customer(customer_id, now)? {
                return Err(AppError::NotFound);
            }
            let stored = repos.stamp_card(store_id)?.ok_or(AppError::Conflict(Conflict::NoStampCard))?;
            let count = repos.count_stamps(customer_id, now)?;
            if !stored.card.can_redeem(count) {
                return Err(AppError::Conflict(Conflict::StampCardNotFull));
            }
            let event_id = repos.redeem_stamps(NewStampRedemption {
                customer_id,
                store_id,
                stamps: stored.card.stamps_required,
                reward_name: &stored.card.reward_name,
                actor_id: actor.user_id,
                api_key_id: actor.key_id(),
                now,
            })?;
            let answer = format!("{event_id}:{customer_id}");
            if let Some(key) = &key {
                idempotency::remember(repos, actor.user_id, key, &request, &answer, now)?;
            }
            let done = rebuild(repos, &answer)?;
            let data =
                WebhookData::Stamp { customer: customer.clone(), event: done.event.clone(), stamps: done.stamps };
            webhooks::emit(repos, services, &customer.store, WebhookEventType::StampCardRedeemed, data, now)?;
            Ok(done)
        },
        rebuild,
    )
}

/// A customer's stamps earned and redeemed, newest first.
pub fn history(
    services: &Services,
    actor: &Actor,
    customer_id: i64,
    page: PageRequest,
) -> Result<Page<StampEvent>, AppError> {
    actor.authorize(Operation::CustomerStamps)?;
    transaction(&*services.db, TxMode::Read, |repos| {
        visible_customer(repos, actor, customer_id)?;
        let (items, total) = repos.stamp_events(customer_id, page)?;
        Ok(Page { items, page: page.page, per_page: page.per_page, total })
    })
}
