//! Invoices that award points, voiding them, and returns against them.

use chrono::NaiveDateTime;
use loyalty_domain::local_day::same_local_day;
use loyalty_domain::loyalty_settings::INVOICE_TOTAL_MIN;
use loyalty_domain::{points, text, FieldErrors, Money, Msg};

use super::customers::{customer_at_counter, SalesQuery};
use super::{idempotency, webhooks};
use crate::policy::{can_access_store, Permission};
use crate::ports::{
    replica_read, transaction, NewInvoice, NewLedgerEntry, NewReturn, PointsChange, RepoError, Repos, TxMode,
};
use crate::Operation;
use crate::{
    ActivityKind, Actor, AppError, Conflict, Invoice, InvoiceReturn, LedgerKind, Page, Services, WebhookData,
    WebhookEventType,
};

pub const INVOICE_NUMBER_MAX: usize = 50;

/// The create-invoice form, as typed.
#[derive(Debug, Clone, Default)]
pub struct CreateInvoice {
    pub customer_id: Option<i64>,
    /// A sale without a customer (cash, a walk-in): no points to anyone, a claim link instead.
    pub walk_in: bool,
    /// A walk-in sale's store: an API key names it; a POS user's is its own (named or not).
    pub store_id: Option<i64>,
    pub invoice_number: Option<String>,
    /// LYD as a decimal, e.g. `"12.500"`.
    pub total: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoiceCreated {
    pub invoice: Invoice,
    pub points_added: i64,
    pub customer_total_points: i64,
    /// The customer's stamps after the sale; `None` when the store has no stamp card.
    pub stamps: Option<crate::StampCount>,
    /// The customer's tier after the sale; `None` when the owner has no tiers or it holds none.
    pub tier: Option<crate::CustomerTier>,
    /// Answered from what an earlier request with the same `Idempotency-Key` stored.
    pub replayed: bool,
    /// The token of the customer's own page (`/me/{token}`) made with the sale.
    pub customer_page_token: Option<String>,
    /// A walk-in sale's claim token (`/claim/{token}`), printed on the receipt.
    pub claim_token: Option<String>,
    /// What that claim holds: the receipt tells the buyer what waits and until when.
    pub claim: Option<WaitingClaim>,
}

/// The points a walk-in sale keeps for whoever claims it, and the claim's last moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WaitingClaim {
    pub points: i64,
    pub expires_at: NaiveDateTime,
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
    match (form.customer_id, form.walk_in) {
        (None, false) => errors.add("customer_id", Msg::CustomerRequired),
        (Some(_), true) => errors.add("walk_in", Msg::WalkInHasNoCustomer),
        _ => {}
    }
    // The store is the customer's; a walk-in's is the till's, or the one a key names.
    let store_id = match (form.walk_in, form.store_id, counter_store) {
        (false, Some(_), _) => {
            errors.add("store_id", Msg::StoreIsTheCustomers);
            None
        }
        (true, None, None) => {
            errors.add("store_id", Msg::WalkInStoreRequired);
            None
        }
        (_, named, own) => own.or(named),
    };
    // A POS user names no other store than its own: that store is not the caller's.
    if let (true, Some(named), Some(own)) = (form.walk_in, form.store_id, counter_store) {
        if named != own {
            return Err(AppError::NotFound);
        }
    }
    let number =
        errors.check("invoice_id", text::optional(form.invoice_number.as_deref(), INVOICE_NUMBER_MAX)).flatten();
    let total = errors.check("total_cost", parse_total(form.total.as_deref()));
    errors.into_result()?;
    let Some(total) = total else {
        return Err(AppError::Internal("validated invoice fields missing".into()));
    };
    let configured = services.message_channels.configured();
    let Some(customer_id) = form.customer_id else {
        return walk_in(services, actor, store_id, number, total, key);
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
            let owner_id = customer.store.owner_id;
            let start = super::tiers::sale_start(repos, owner_id, Some(customer_id), now)?;
            let settings = start.settings;
            let total = settings.check_total(total).map_err(|m| FieldErrors::single("total_cost", m))?;
            // The owner's tiers, cards and subscriptions, kept per owner until they change.
            let programs = services.programs.get(repos, owner_id, start.programs_version)?;
            // The tier held when the sale starts multiplies its points (the points rule's home).
            let tier = super::tiers::before_sale(repos, &programs.ladder, start.holder, customer_id, now)?;
            let multiplier = super::tiers::SaleTier::multiplier_milli(tier.as_ref());
            let points = points::points_with_multiplier(settings.points_for(total), multiplier);
            let invoice_id = repos
                .insert_invoice(NewInvoice {
                    store_id,
                    customer_id: Some(customer_id),
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
            // A sale that moves the tier writes it with the points (one statement).
            let moved = super::tiers::SaleTier::moved(tier.as_ref(), total, now);
            let earned = super::expiry::earn(&settings, points, now).with_tier(moved);
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
            // The customer's points message, in the sale's transaction (none without consent).
            super::messages::after_sale(repos, &settings, configured, &customer, points, balance, now)?;
            let stamps = super::stamps::after_sale(repos, services, &programs, &customer, (invoice_id, total), now)?;
            let tier = super::tiers::after_sale(repos, services, &programs, &customer, tier, total, now)?;
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
            // The page link's token is part of the stored answer (until the key is forgotten),
            // so a retry answers the same link: only its digest is kept with the link.
            let token = super::customer_pages::new_link(services, repos, customer_id, store_id, now)?;
            let answer = format!("{invoice_id}:{balance}:{token}");
            if let Some(key) = &key {
                idempotency::remember(repos, actor.user_id, key, &request, &answer, now)?;
            }
            let created = InvoiceCreated { stamps, tier, ..rebuild(repos, &answer)? };
            let data = WebhookData::Invoice(created.invoice.clone());
            let event = WebhookEventType::InvoiceCreated;
            webhooks::emit_known(repos, services, Some(&programs), &customer.store, event, data, now)?;
            Ok(created)
        },
        |repos, answer| {
            let created = rebuild(repos, answer)?;
            let (stamps, tier) = match created.invoice.customer.as_ref() {
                Some(customer) => {
                    let owner = repos.store_scope(created.invoice.store_id)?.ok_or(AppError::NotFound)?.owner_id;
                    (
                        super::stamps::stamps_of(repos, customer.id, created.invoice.store_id, now)?,
                        super::tiers::tier_of(repos, owner, customer.id, now)?,
                    )
                }
                None => (None, None),
            };
            Ok(InvoiceCreated { stamps, tier, ..created })
        },
    )?;
    let idempotency::Replayable { value: created, replayed } = created;
    Ok(InvoiceCreated { invoice: with_can_void(actor, created.invoice, now), replayed, ..created })
}

/// A walk-in sale (no customer): the store's revenue, no points to anyone; the points it would
/// earn now, at the owner's rate now (`LoyaltySettings::points_for`), wait behind a claim link
/// (`claims`), valid `public_links::CLAIM_DAYS`. Made at a cashier's till, in its store, or by an
/// API key in a store it covers and names (`store_id`).
fn walk_in(
    services: &Services,
    actor: &Actor,
    store_id: Option<i64>,
    number: Option<String>,
    total: Money,
    key: Option<String>,
) -> Result<InvoiceCreated, AppError> {
    let Some(store_id) = store_id else {
        return Err(FieldErrors::single("store_id", Msg::WalkInStoreRequired).into());
    };
    let request = format!("invoice|walk-in|{store_id}|{}|{total}", number.as_deref().unwrap_or(""));
    let now = services.clock.now();
    // The stored answer, and what its claim holds (read again on a retry: the same claim).
    let with_claim = |repos: &mut dyn Repos, answer: &str| {
        let created = rebuild(repos, answer)?;
        let claim = match &created.claim_token {
            Some(token) => repos.sale_claim(&services.tokens.secret_digest(token))?,
            None => None,
        };
        let claim = claim.map(|c| WaitingClaim { points: c.points, expires_at: c.expires_at });
        Ok::<_, AppError>(InvoiceCreated { claim, ..created })
    };
    let created = idempotency::run(
        services,
        actor.user_id,
        key.as_deref(),
        &request,
        |repos| {
            let store =
                repos.store_scope(store_id)?.filter(|s| can_access_store(actor, s)).ok_or(AppError::NotFound)?;
            let settings = repos.loyalty_settings(store.owner_id)?;
            let total = settings.check_total(total).map_err(|m| FieldErrors::single("total_cost", m))?;
            let points = settings.points_for(total);
            let invoice_id = repos
                .insert_invoice(NewInvoice {
                    store_id,
                    customer_id: None,
                    pos_user_id: actor.user_id,
                    api_key_id: actor.key_id(),
                    invoice_number: number.as_deref(),
                    total,
                    points_earned: 0,
                    now,
                })
                .map_err(|e| match e {
                    RepoError::Duplicate(_) => AppError::Conflict(Conflict::InvoiceNumberTaken),
                    other => other.into(),
                })?;
            let token = super::claims::new_claim(services, repos, invoice_id, store_id, points, now)?;
            super::activity::log(
                repos,
                ActivityKind::InvoiceCreated,
                Some(actor),
                store_id,
                invoice_id,
                vec![
                    ("customer", String::new()),
                    ("total", total.to_string()),
                    ("points", "0".to_owned()),
                    ("invoice_number", number.clone().unwrap_or_default()),
                ],
                now,
            )?;
            // The claim token is part of the stored answer, as a page link's is.
            let answer = format!("{invoice_id}:0:claim={token}");
            if let Some(key) = &key {
                idempotency::remember(repos, actor.user_id, key, &request, &answer, now)?;
            }
            let created = with_claim(repos, &answer)?;
            let data = WebhookData::Invoice(created.invoice.clone());
            webhooks::emit(repos, services, &store, WebhookEventType::InvoiceCreated, data, now)?;
            Ok(created)
        },
        with_claim,
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

/// The answer a sale stored: `invoice:balance:page token`, or `invoice:0:claim=claim token` for
/// a walk-in sale (the token left out by sales stored before pages had links).
fn rebuild(repos: &mut dyn Repos, answer: &str) -> Result<InvoiceCreated, AppError> {
    let (ids, token) = match answer.splitn(3, ':').nth(2) {
        Some(token) => (&answer[..answer.len() - token.len() - 1], Some(token.to_owned())),
        None => (answer, None),
    };
    let (invoice_id, balance) = idempotency::two_ids(ids)?;
    let invoice = repos.invoice_by_id(invoice_id)?.ok_or(AppError::NotFound)?;
    // A walk-in sale stored its claim's token (`claim=`); a member's sale, its page's.
    let (claim_token, customer_page_token) = match token {
        Some(token) => match token.strip_prefix("claim=") {
            Some(claim) => (Some(claim.to_owned()), None),
            None => (None, Some(token)),
        },
        None => (None, None),
    };
    Ok(InvoiceCreated {
        // What the sale gave when it was made (a walk-in sale, nothing, even once claimed).
        points_added: if claim_token.is_some() { 0 } else { invoice.points_earned },
        customer_total_points: balance,
        invoice,
        stamps: None,
        tier: None,
        replayed: false,
        customer_page_token,
        claim_token,
        claim: None,
    })
}

/// Whether `actor` may void `invoice` at `now`, store access aside: never twice, nor once its
/// returns took back its whole total (nothing is left to void); the owner's
/// permission any day, the cashier's on the invoice's own local day. The one rule behind
/// `void` and every invoice's `can_void`.
pub fn may_void(actor: &Actor, invoice: &Invoice, now: NaiveDateTime) -> bool {
    invoice.voided_at.is_none() && invoice.returned_total < invoice.total && within_day(actor, invoice, now)
}

/// The day rule voids and returns share: the owner's permission any day, the cashier's (and a
/// key's) on the invoice's own local day.
fn within_day(actor: &Actor, invoice: &Invoice, now: NaiveDateTime) -> bool {
    actor.may(Permission::VoidInvoiceAnyDay)
        || (actor.may(Permission::VoidInvoiceToday) && same_local_day(invoice.created_at, now))
}

/// Whether `actor` may take a return against `invoice` at `now`, store access aside: as for a
/// void (the owner any day, the cashier and a key on the invoice's own local day), while some
/// of its total is left to return. The one rule behind `take_return` and every invoice's
/// `can_return`.
pub fn may_return(actor: &Actor, invoice: &Invoice, now: NaiveDateTime) -> bool {
    invoice.returnable() > Money::ZERO && within_day(actor, invoice, now)
}

/// Fills in `can_void` and `can_return` for the caller.
fn with_can_void(actor: &Actor, mut invoice: Invoice, now: NaiveDateTime) -> Invoice {
    invoice.can_void = may_void(actor, &invoice, now);
    invoice.can_return = may_return(actor, &invoice, now);
    invoice
}

/// One invoice of the caller's stores, with its returns and what the caller may still do with
/// it; 404 for an invoice of a store the caller does not cover.
pub fn get(services: &Services, actor: &Actor, id: i64) -> Result<Invoice, AppError> {
    actor.authorize(Operation::GetInvoice)?;
    transaction(&*services.db, TxMode::Read, |repos| {
        let invoice = repos.invoice_by_id(id)?.ok_or(AppError::NotFound)?;
        let store = repos.store_scope(invoice.store_id)?.ok_or(AppError::NotFound)?;
        if !can_access_store(actor, &store) {
            return Err(AppError::NotFound);
        }
        Ok(with_can_void(actor, invoice, services.clock.now()))
    })
}

pub fn list(services: &Services, actor: &Actor, query: SalesQuery) -> Result<Page<Invoice>, AppError> {
    actor.authorize(if query.customer_id.is_some() { Operation::CustomerInvoices } else { Operation::ListInvoices })?;
    let list = |repos: &mut dyn Repos| {
        let filter = query.filter(repos, actor)?;
        let (items, total) = repos.list_invoices(&filter, query.page)?;
        let now = services.clock.now();
        let items = items.into_iter().map(|invoice| with_can_void(actor, invoice, now)).collect();
        Ok(Page { items, page: query.page.page, per_page: query.page.per_page, total })
    };
    if query.page.sync.is_some() {
        // An integration's sync: may be a few seconds old (the replica; the cursor resumes).
        replica_read(&*services.db, Some(actor.user_id), false, list)
    } else {
        transaction(&*services.db, TxMode::Read, list)
    }
}

/// Takes an invoice back: its points leave the balance through a ledger row. A cashier may
/// void only on the invoice's own local day; the store's owner any time. Refused when the
/// customer has already spent the points. The reason is kept with the invoice and the ledger.
/// After returns, the void takes back the points they left (and the day's figures lose what
/// they left of the sale).
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
            if invoice.returned_total >= invoice.total {
                return Err(AppError::Conflict(Conflict::InvoiceFullyReturned));
            }
            if !may_void(actor, &invoice, now) {
                return Err(AppError::Conflict(Conflict::VoidWindowClosed));
            }
            let points_left = invoice.points_earned - invoice.returned_points;
            // A walk-in sale nobody claimed holds no points: only the sale goes.
            if let (true, Some(customer)) = (points_left > 0, &invoice.customer) {
                super::expiry::expire_due(repos, customer.id, now)?;
                let balance = repos
                    .change_points(customer.id, PointsChange::TakeBack(points_left), now)?
                    .ok_or(AppError::Conflict(Conflict::PointsAlreadySpent))?;
                repos.append_ledger(NewLedgerEntry {
                    customer_id: customer.id,
                    store_id: invoice.store_id,
                    kind: LedgerKind::Void,
                    delta: -points_left,
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
            super::stamps::after_void(repos, services, id, now)?;
            let settings = repos.loyalty_settings(store.owner_id)?;
            super::signals::after_void(repos, &settings, actor, invoice.store_id, now)?;
            super::activity::log(
                repos,
                ActivityKind::InvoiceVoided,
                Some(actor),
                invoice.store_id,
                id,
                vec![
                    ("customer", invoice.customer.as_ref().map(|c| c.name.clone()).unwrap_or_default()),
                    ("total", invoice.total.to_string()),
                    ("points", points_left.to_string()),
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

/// A return as typed: the amount brought back (LYD as a decimal) and why.
#[derive(Debug, Clone, Default)]
pub struct TakeReturn {
    pub amount: Option<String>,
    pub reason: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReturnTaken {
    /// The invoice after the return, with all its returns.
    pub invoice: Invoice,
    /// This return.
    pub returned: InvoiceReturn,
    pub customer_total_points: i64,
}

/// What a return of `amount` against an invoice would take, from the rule the return uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReturnPreview {
    pub invoice_id: i64,
    /// `None` when no amount was asked about.
    pub amount: Option<Money>,
    /// The points it would take back (`None` without an amount).
    pub points: Option<i64>,
    /// What is left to return now: the most the return may be.
    pub returnable: Money,
    /// The customer's balance now, and after the return (below zero: points owed).
    pub balance: i64,
    pub balance_after: Option<i64>,
}

/// What a return of `amount` (none: only what is left to return) would take back, checked as
/// the return checks it: the same refusals, the same messages, nothing written.
pub fn preview_return(
    services: &Services,
    actor: &Actor,
    id: i64,
    amount: Option<&str>,
) -> Result<ReturnPreview, AppError> {
    actor.authorize(Operation::PreviewReturn)?;
    let amount = match amount.filter(|a| !a.trim().is_empty()) {
        None => None,
        Some(raw) => Some(
            Money::parse(raw)
                .and_then(|m| points::check_return(Money::MAX, Money::ZERO, m))
                .map_err(|m| FieldErrors::single("amount", m))?,
        ),
    };
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Read, |repos| {
        let invoice = repos.invoice_by_id(id)?.ok_or(AppError::NotFound)?;
        let store = repos.store_scope(invoice.store_id)?.ok_or(AppError::NotFound)?;
        if !can_access_store(actor, &store) {
            return Err(AppError::NotFound);
        }
        if invoice.voided_at.is_some() {
            return Err(AppError::Conflict(Conflict::ReturnOfVoidedInvoice));
        }
        if !within_day(actor, &invoice, now) {
            return Err(AppError::Conflict(Conflict::ReturnWindowClosed));
        }
        let balance = match &invoice.customer {
            Some(customer) => repos.customer_by_id(customer.id)?.ok_or(AppError::NotFound)?.loyalty_points,
            None => 0,
        };
        let points = match amount {
            None => None,
            Some(amount) => {
                let amount = points::check_return(invoice.total, invoice.returned_total, amount)
                    .map_err(|m| FieldErrors::single("amount", m))?;
                Some(points::points_for_return(
                    invoice.points_earned,
                    invoice.total,
                    invoice.returned_total,
                    invoice.returned_points,
                    amount,
                ))
            }
        };
        Ok(ReturnPreview {
            invoice_id: id,
            amount,
            points,
            returnable: invoice.returnable(),
            balance,
            balance_after: points.map(|p| balance - p),
        })
    })
}

/// Goods brought back against an invoice, in part or whole, as often as its total allows: the
/// return takes its share of the sale's points back (`points::points_for_return`), from the
/// newest lots first as a void does, and may leave the balance below zero when the customer
/// spent them (it then owes points, paid back first by the next points it earns). Authorized as
/// a void is (`may_return`); a voided invoice takes no returns (409). One transaction writes the
/// return, the invoice's returned sum, the balance and the ledger row.
pub fn take_return(
    services: &Services,
    actor: &Actor,
    id: i64,
    form: TakeReturn,
    idempotency_key: Option<&str>,
) -> Result<idempotency::Replayable<ReturnTaken>, AppError> {
    actor.authorize(Operation::ReturnInvoice)?;
    let key = idempotency::parse_key(idempotency_key)?;
    let mut errors = FieldErrors::new();
    let amount = errors.check(
        "amount",
        match form.amount.as_deref().filter(|a| !a.trim().is_empty()) {
            None => Err(Msg::ReturnAmountRequired),
            Some(raw) => Money::parse(raw).and_then(|m| points::check_return(Money::MAX, Money::ZERO, m)),
        },
    );
    let reason = errors.check(
        "reason",
        text::required(form.reason.as_deref().unwrap_or(""), Msg::ReturnReasonRequired, super::customers::REASON_MAX),
    );
    errors.into_result()?;
    let (Some(amount), Some(reason)) = (amount, reason) else {
        return Err(AppError::Internal("validated return fields missing".into()));
    };
    let request = format!("return|{id}|{amount}|{reason}");
    let now = services.clock.now();
    let rebuild = |repos: &mut dyn Repos, answer: &str| {
        let (return_id, balance) = idempotency::two_ids(answer)?;
        let invoice = with_can_void(actor, repos.invoice_by_id(id)?.ok_or(AppError::NotFound)?, now);
        let returned = invoice.returns.iter().find(|r| r.id == return_id).cloned().ok_or(AppError::NotFound)?;
        Ok(ReturnTaken { invoice, returned, customer_total_points: balance })
    };
    idempotency::run(
        services,
        actor.user_id,
        key.as_deref(),
        &request,
        |repos| {
            let seen = repos.invoice_by_id(id)?.ok_or(AppError::NotFound)?;
            let store = repos.store_scope(seen.store_id)?.ok_or(AppError::NotFound)?;
            if !can_access_store(actor, &store) {
                return Err(AppError::NotFound);
            }
            let customer_id = seen.customer.as_ref().map(|c| c.id);
            // Every change of the customer's points (a void, another return) holds this lock
            // first, so the invoice read after it stays as read. A walk-in sale nobody claimed
            // has none: its return takes no points (a claim after it is refused).
            if let Some(customer_id) = customer_id {
                if !repos.lock_customer(customer_id, now)? {
                    return Err(AppError::NotFound);
                }
            }
            let invoice = repos.invoice_by_id(id)?.ok_or(AppError::NotFound)?;
            if invoice.voided_at.is_some() {
                return Err(AppError::Conflict(Conflict::ReturnOfVoidedInvoice));
            }
            if !within_day(actor, &invoice, now) {
                return Err(AppError::Conflict(Conflict::ReturnWindowClosed));
            }
            let amount = points::check_return(invoice.total, invoice.returned_total, amount)
                .map_err(|m| FieldErrors::single("amount", m))?;
            let points = points::points_for_return(
                invoice.points_earned,
                invoice.total,
                invoice.returned_total,
                invoice.returned_points,
                amount,
            );
            let balance = match customer_id {
                Some(customer_id) => {
                    super::expiry::expire_due(repos, customer_id, now)?;
                    repos.change_points(customer_id, PointsChange::Return(points), now)?.ok_or(AppError::NotFound)?
                }
                None => 0,
            };
            let return_id = repos
                .insert_return(NewReturn {
                    invoice_id: id,
                    amount,
                    points,
                    reason: &reason,
                    actor_id: actor.user_id,
                    api_key_id: actor.key_id(),
                    now,
                })?
                .ok_or_else(|| AppError::Internal(format!("invoice {id} changed under its customer's lock")))?;
            let returned = Money::from_dirhams(invoice.returned_total.dirhams() + amount.dirhams());
            super::stamps::after_return(repos, services, invoice.store_id, id, invoice.total, returned, now)?;
            if let (true, Some(customer_id)) = (points > 0, customer_id) {
                repos.append_ledger(NewLedgerEntry {
                    customer_id,
                    store_id: invoice.store_id,
                    kind: LedgerKind::Return,
                    delta: -points,
                    balance_after: balance,
                    reason: Some(&reason),
                    actor_id: Some(actor.user_id),
                    api_key_id: actor.key_id(),
                    invoice_id: Some(id),
                    redemption_id: None,
                    now,
                })?;
            }
            super::activity::log(
                repos,
                ActivityKind::InvoiceReturned,
                Some(actor),
                invoice.store_id,
                id,
                vec![
                    ("customer", invoice.customer.as_ref().map(|c| c.name.clone()).unwrap_or_default()),
                    ("total", invoice.total.to_string()),
                    ("amount", amount.to_string()),
                    ("points", points.to_string()),
                    ("reason", reason.clone()),
                ],
                now,
            )?;
            let answer = format!("{return_id}:{balance}");
            if let Some(key) = &key {
                idempotency::remember(repos, actor.user_id, key, &request, &answer, now)?;
            }
            let taken = rebuild(repos, &answer)?;
            // As stored, not as this caller may act on it (the void's event does the same).
            let invoice = Invoice { can_void: false, can_return: false, ..taken.invoice.clone() };
            let data = WebhookData::InvoiceReturned { invoice, returned: taken.returned.clone() };
            webhooks::emit(repos, services, &store, WebhookEventType::InvoiceReturned, data, now)?;
            Ok(taken)
        },
        rebuild,
    )
}
