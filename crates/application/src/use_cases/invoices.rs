//! Invoices that award points, and voiding them.

use chrono::NaiveDateTime;
use loyalty_domain::local_day::same_local_day;
use loyalty_domain::loyalty_settings::INVOICE_TOTAL_MIN;
use loyalty_domain::{text, FieldErrors, Money, Msg};

use super::customers::{customer_at_counter, SalesQuery};
use super::{idempotency, webhooks};
use crate::policy::{can_access_store, Permission};
use crate::ports::{transaction, NewInvoice, NewLedgerEntry, PointsChange, RepoError, Repos, TxMode};
use crate::Operation;
use crate::{
    ActivityKind, Actor, AppError, Conflict, Invoice, LedgerKind, Page, Services, WebhookData, WebhookEventType,
};

pub const INVOICE_NUMBER_MAX: usize = 50;

/// The create-invoice form, as typed.
#[derive(Debug, Clone, Default)]
pub struct CreateInvoice {
    pub customer_id: Option<i64>,
    pub invoice_number: Option<String>,
    /// LYD as a decimal, e.g. `"12.500"`.
    pub total: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoiceCreated {
    pub invoice: Invoice,
    pub points_added: i64,
    pub customer_total_points: i64,
    /// Answered from what an earlier request with the same `Idempotency-Key` stored.
    pub replayed: bool,
}

/// A sale at the counter (a POS user's, or an API key's in the customer's store): points = floor(total x rate) when the total reaches the owner's
/// minimum purchase. One transaction writes the invoice, the balance and the ledger row.
pub fn create(
    services: &Services,
    actor: &Actor,
    form: CreateInvoice,
    idempotency_key: Option<&str>,
) -> Result<InvoiceCreated, AppError> {
    actor.require_permission(Permission::CreateInvoice)?;
    let counter_store = actor.counter_store()?;
    let key = idempotency::parse_key(idempotency_key)?;
    let mut errors = FieldErrors::new();
    if form.customer_id.is_none() {
        errors.add("customer_id", Msg::CustomerRequired);
    }
    let number =
        errors.check("invoice_id", text::optional(form.invoice_number.as_deref(), INVOICE_NUMBER_MAX)).flatten();
    let total = errors.check("total_cost", parse_total(form.total.as_deref()));
    errors.into_result()?;
    let (Some(customer_id), Some(total)) = (form.customer_id, total) else {
        return Err(AppError::Internal("validated invoice fields missing".into()));
    };
    let request = format!("invoice|{customer_id}|{}|{total}", number.as_deref().unwrap_or(""));
    let now = services.clock.now();

    let created = idempotency::run(
        services,
        actor.user_id,
        key.as_deref(),
        &request,
        |repos| {
            let customer = customer_at_counter(repos, actor, customer_id, counter_store)?;
            let store_id = customer.store.id;
            let settings = repos.loyalty_settings(customer.store.owner_id)?;
            let total = settings.check_total(total).map_err(|m| FieldErrors::single("total_cost", m))?;
            let points = settings.points_for(total);
            let invoice_id = repos
                .insert_invoice(NewInvoice {
                    store_id,
                    customer_id,
                    pos_user_id: actor.user_id,
                    api_key_id: actor.key_id(),
                    invoice_number: number.as_deref(),
                    total,
                    points_earned: points,
                    now,
                })
                .map_err(|e| match e {
                    RepoError::Duplicate(_) => AppError::Conflict(Conflict::InvoiceNumberTaken),
                    other => other.into(),
                })?;
            // A zero-point sale still locks and reads the balance, so the answer is exact.
            let earned = super::expiry::earn(&settings, points, now);
            let balance = repos.change_points(customer_id, earned, now)?.ok_or(AppError::NotFound)?;
            if points > 0 {
                repos.append_ledger(NewLedgerEntry {
                    customer_id,
                    store_id,
                    kind: LedgerKind::Invoice,
                    delta: points,
                    balance_after: balance,
                    reason: None,
                    actor_id: Some(actor.user_id),
                    api_key_id: actor.key_id(),
                    invoice_id: Some(invoice_id),
                    redemption_id: None,
                    now,
                })?;
            }
            super::signals::after_sale(repos, &settings, store_id, (customer_id, &customer.name), now)?;
            super::activity::log(
                repos,
                ActivityKind::InvoiceCreated,
                Some(actor),
                store_id,
                invoice_id,
                vec![
                    ("customer", customer.name.clone()),
                    ("total", total.to_string()),
                    ("points", points.to_string()),
                    ("invoice_number", number.clone().unwrap_or_default()),
                ],
                now,
            )?;
            let answer = format!("{invoice_id}:{balance}");
            if let Some(key) = &key {
                idempotency::remember(repos, actor.user_id, key, &request, &answer, now)?;
            }
            let created = rebuild(repos, &answer)?;
            let data = WebhookData::Invoice(created.invoice.clone());
            webhooks::emit(repos, services, &customer.store, WebhookEventType::InvoiceCreated, data, now)?;
            Ok(created)
        },
        rebuild,
    )?;
    let idempotency::Replayable { value: created, replayed } = created;
    Ok(InvoiceCreated { invoice: with_can_void(actor, created.invoice, now), replayed, ..created })
}

/// A typed total as money: required and a valid amount. Its bounds (the minimum and the owner's
/// maximum) are `LoyaltySettings::check_total`.
pub(crate) fn parse_total(raw: Option<&str>) -> Result<Money, Msg> {
    match raw.filter(|t| !t.trim().is_empty()) {
        None => Err(Msg::TotalRequired),
        Some(raw) => {
            Money::parse(raw).and_then(|m| if m < INVOICE_TOTAL_MIN { Err(Msg::TotalTooSmall) } else { Ok(m) })
        }
    }
}

fn rebuild(repos: &mut dyn Repos, answer: &str) -> Result<InvoiceCreated, AppError> {
    let (invoice_id, balance) = idempotency::two_ids(answer)?;
    let invoice = repos.invoice_by_id(invoice_id)?.ok_or(AppError::NotFound)?;
    Ok(InvoiceCreated { points_added: invoice.points_earned, customer_total_points: balance, invoice, replayed: false })
}

/// Whether `actor` may void `invoice` at `now`, store access aside: never twice; the owner's
/// permission any day, the cashier's on the invoice's own local day. The one rule behind
/// `void` and every invoice's `can_void`.
pub fn may_void(actor: &Actor, invoice: &Invoice, now: NaiveDateTime) -> bool {
    invoice.voided_at.is_none()
        && (actor.may(Permission::VoidInvoiceAnyDay)
            || (actor.may(Permission::VoidInvoiceToday) && same_local_day(invoice.created_at, now)))
}

/// Fills in `can_void` for the caller.
fn with_can_void(actor: &Actor, mut invoice: Invoice, now: NaiveDateTime) -> Invoice {
    invoice.can_void = may_void(actor, &invoice, now);
    invoice
}

pub fn list(services: &Services, actor: &Actor, query: SalesQuery) -> Result<Page<Invoice>, AppError> {
    actor.authorize(if query.customer_id.is_some() { Operation::CustomerInvoices } else { Operation::ListInvoices })?;
    transaction(&*services.db, TxMode::Read, |repos| {
        let filter = query.filter(repos, actor)?;
        let (items, total) = repos.list_invoices(&filter, query.page)?;
        let now = services.clock.now();
        let items = items.into_iter().map(|invoice| with_can_void(actor, invoice, now)).collect();
        Ok(Page { items, page: query.page.page, per_page: query.page.per_page, total })
    })
}

/// Takes an invoice back: its points leave the balance through a ledger row. A cashier may
/// void only on the invoice's own local day; the store's owner any time. Refused when the
/// customer has already spent the points. The reason is kept with the invoice and the ledger.
pub fn void(
    services: &Services,
    actor: &Actor,
    id: i64,
    reason: Option<&str>,
    idempotency_key: Option<&str>,
) -> Result<idempotency::Replayable<Invoice>, AppError> {
    if !actor.may(Permission::VoidInvoiceAnyDay) {
        actor.require_permission(Permission::VoidInvoiceToday)?;
    }
    let key = idempotency::parse_key(idempotency_key)?;
    let reason = text::required(reason.unwrap_or(""), Msg::VoidReasonRequired, super::customers::REASON_MAX)
        .map_err(|m| FieldErrors::single("reason", m))?;
    let request = format!("void|{id}|{reason}");
    let now = services.clock.now();
    let rebuild = |repos: &mut dyn Repos, answer: &str| {
        let id = answer.parse().map_err(|_| AppError::Internal(format!("bad stored answer {answer}")))?;
        let invoice = repos.invoice_by_id(id)?.ok_or(AppError::NotFound)?;
        Ok(with_can_void(actor, invoice, now))
    };
    idempotency::run(
        services,
        actor.user_id,
        key.as_deref(),
        &request,
        |repos| {
            let invoice = repos.invoice_by_id(id)?.ok_or(AppError::NotFound)?;
            let store = repos.store_scope(invoice.store_id)?.ok_or(AppError::NotFound)?;
            if !can_access_store(actor, &store) {
                return Err(AppError::NotFound);
            }
            if invoice.voided_at.is_some() {
                return Err(AppError::Conflict(Conflict::InvoiceAlreadyVoided));
            }
            if !may_void(actor, &invoice, now) {
                return Err(AppError::Conflict(Conflict::VoidWindowClosed));
            }
            if invoice.points_earned > 0 {
                super::expiry::expire_due(repos, invoice.customer.id, now)?;
                let balance = repos
                    .change_points(invoice.customer.id, PointsChange::TakeBack(invoice.points_earned), now)?
                    .ok_or(AppError::Conflict(Conflict::PointsAlreadySpent))?;
                repos.append_ledger(NewLedgerEntry {
                    customer_id: invoice.customer.id,
                    store_id: invoice.store_id,
                    kind: LedgerKind::Void,
                    delta: -invoice.points_earned,
                    balance_after: balance,
                    reason: Some(&reason),
                    actor_id: Some(actor.user_id),
                    api_key_id: actor.key_id(),
                    invoice_id: Some(id),
                    redemption_id: None,
                    now,
                })?;
            }
            if !repos.void_invoice(id, actor.user_id, &reason, now)? {
                return Err(AppError::Conflict(Conflict::InvoiceAlreadyVoided));
            }
            let settings = repos.loyalty_settings(store.owner_id)?;
            super::signals::after_void(repos, &settings, actor, invoice.store_id, now)?;
            super::activity::log(
                repos,
                ActivityKind::InvoiceVoided,
                Some(actor),
                invoice.store_id,
                id,
                vec![
                    ("customer", invoice.customer.name.clone()),
                    ("total", invoice.total.to_string()),
                    ("points", invoice.points_earned.to_string()),
                    ("reason", reason.clone()),
                ],
                now,
            )?;
            if let Some(key) = &key {
                idempotency::remember(repos, actor.user_id, key, &request, &id.to_string(), now)?;
            }
            let voided = repos.invoice_by_id(id)?.ok_or(AppError::NotFound)?;
            let data = WebhookData::Invoice(voided.clone());
            webhooks::emit(repos, services, &store, WebhookEventType::InvoiceVoided, data, now)?;
            Ok(voided)
        },
        rebuild,
    )
}
