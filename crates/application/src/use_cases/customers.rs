//! A store's customers: list, search, detail, create, edit, hide, add points, history.

use loyalty_domain::local_day::local_day_bounds;
use loyalty_domain::{points_rules, text, Birthday, Email, FieldErrors, Msg, Phone, Role};

use super::idempotency::{self, Replayable};
use crate::policy::{can_access_store, Permission, StoreAccess};
use crate::ports::{
    replica_read, transaction, CustomerChanges, NewCustomer, NewLedgerEntry, PointsChange, RepoError, Repos, TxMode,
};
use crate::Operation;
use crate::{
    ActivityKind, Actor, AppError, Conflict, Customer, CustomerStats, LedgerEntry, LedgerKind, NextExpiry, Page,
    PageRequest, Services, WebhookData, WebhookEventType,
};

/// The admin reads customers; who manages them is `Permission::ManageCustomers`.
pub const REASON_MAX: usize = 255;
pub const SEARCH_MIN_CHARS: usize = 2;
/// Longer than any name, phone or email a search could match.
pub const SEARCH_MAX_CHARS: usize = 100;
/// How many matches the cashier's search answers.
pub const SEARCH_RESULTS: i64 = 20;

/// Loads a live customer the actor may see: 404 otherwise, whatever the id.
pub(crate) fn visible_customer(repos: &mut dyn Repos, actor: &Actor, id: i64) -> Result<Customer, AppError> {
    repos.customer_by_id(id)?.filter(|c| can_access_store(actor, &c.store)).ok_or(AppError::NotFound)
}

/// A customer at the counter, for a sale or a redemption: of the cashier's own store, or of a
/// store the API key covers (`store_id` from [`Actor::counter_store`]); 404 for any other.
pub(crate) fn customer_at_counter(
    repos: &mut dyn Repos,
    actor: &Actor,
    customer_id: i64,
    store_id: Option<i64>,
) -> Result<Customer, AppError> {
    Some(visible_customer(repos, actor, customer_id)?)
        .filter(|c| store_id.is_none_or(|id| c.store.id == id))
        .ok_or(AppError::NotFound)
}

/// Which sales a list shows: the stores the caller can see, narrowed to one store and to one
/// customer (404 unless the caller can see that customer).
pub struct SalesQuery {
    pub customer_id: Option<i64>,
    pub store_id: Option<i64>,
    pub page: PageRequest,
}

impl SalesQuery {
    pub(crate) fn filter(&self, repos: &mut dyn Repos, actor: &Actor) -> Result<crate::ports::RecordFilter, AppError> {
        let mut filter = StoreAccess::of(actor, repos)?.filter(self.store_id)?;
        if let Some(customer_id) = self.customer_id {
            visible_customer(repos, actor, customer_id)?;
            filter.customer_id = Some(customer_id);
        }
        Ok(filter)
    }
}

pub struct ListCustomers {
    pub search: Option<String>,
    pub store_id: Option<i64>,
    pub page: PageRequest,
}

pub fn list(services: &Services, actor: &Actor, query: ListCustomers) -> Result<Page<Customer>, AppError> {
    actor.authorize(Operation::ListCustomers)?;
    let search = query.search.as_deref().map(text::latin_digits);
    let search = search.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
    if search.as_deref().is_some_and(|s| s.chars().count() > SEARCH_MAX_CHARS) {
        return Err(FieldErrors::single("search", Msg::SearchTooLong).into());
    }
    let list = |repos: &mut dyn crate::ports::Repos| {
        let filter = StoreAccess::of(actor, repos)?.filter(query.store_id)?;
        let (items, total) = repos.list_customers(&filter, search.as_deref(), query.page)?;
        Ok(Page { items, page: query.page.page, per_page: query.page.per_page, total })
    };
    if query.page.sync.is_some() {
        // An integration's sync: may be a few seconds old (the replica; the cursor resumes).
        replica_read(&*services.db, Some(actor.user_id), false, list)
    } else {
        transaction(&*services.db, TxMode::Read, list)
    }
}

/// The cashier's search box: at least two characters, the first 20 matches (newest first).
/// No count: the counter shows the matches only, and counting them scanned the store's customers
/// a second time (issue #20).
pub fn search(services: &Services, actor: &Actor, query: &str) -> Result<Vec<Customer>, AppError> {
    actor.authorize(Operation::SearchCustomers)?;
    let query = text::latin_digits(query);
    let query = query.trim();
    if query.chars().count() < SEARCH_MIN_CHARS {
        return Err(FieldErrors::single("query", Msg::SearchTooShort).into());
    }
    if query.chars().count() > SEARCH_MAX_CHARS {
        return Err(FieldErrors::single("query", Msg::SearchTooLong).into());
    }
    transaction(&*services.db, TxMode::Read, |repos| {
        let filter = StoreAccess::of(actor, repos)?.filter(None)?;
        Ok(repos.search_customers(&filter, query, SEARCH_RESULTS)?)
    })
}

/// A customer, its figures, and its next points to expire within the notice window.
/// A customer with the figures its page shows beside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CustomerDetail {
    pub customer: Customer,
    pub stats: CustomerStats,
    pub next_expiry: Option<NextExpiry>,
    /// Its stamps, when its store has a stamp card (one store: at most one).
    pub stamps: Vec<crate::StampCount>,
    /// Its tier, when its owner has tiers and it holds one.
    pub tier: Option<crate::CustomerTier>,
}

pub fn get(services: &Services, actor: &Actor, id: i64) -> Result<CustomerDetail, AppError> {
    actor.authorize(Operation::GetCustomer)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Read, |repos| {
        let customer = visible_customer(repos, actor, id)?;
        let stats = repos.customer_stats(id)?;
        let next_expiry = super::expiry::upcoming(repos, &[id], now)?.pop().map(|(_, next)| next);
        let stamps = super::stamps::stamps_of(repos, id, customer.store.id, now)?.into_iter().collect();
        let tier = super::tiers::tier_of(repos, customer.store.owner_id, id, now)?;
        Ok(CustomerDetail { customer, stats, next_expiry, stamps, tier })
    })
}

/// The form of the customer dialog.
#[derive(Debug, Clone, Default)]
pub struct CustomerForm {
    pub name: String,
    pub phone: Option<String>,
    pub email: Option<String>,
    /// `MM-DD`; `None` leaves it as it is (none for a new customer), `Some(None)` or a blank
    /// clears it.
    pub birthday: Option<Option<String>>,
    /// Only when editing: the balance the form showed. Balances change only through
    /// adjustments ([`adjust_points`]); a value other than the current balance is refused.
    pub loyalty_points: Option<i64>,
    /// A store owner picks which of its stores; a POS user's store comes from its token.
    pub store_id: Option<i64>,
}

struct ValidForm {
    name: String,
    phone: Option<String>,
    email: Option<String>,
    /// `None`: as it is.
    birthday: Option<Option<Birthday>>,
    loyalty_points: Option<i64>,
}

fn validate(form: CustomerForm, editing: bool) -> Result<ValidForm, AppError> {
    let mut errors = FieldErrors::new();
    let name = errors.check("name", text::required(&form.name, Msg::CustomerNameRequired, text::NAME_MAX));
    let email = match form.email.as_deref().map(str::trim).filter(|e| !e.is_empty()) {
        None => None,
        Some(raw) => errors.check("email", Email::parse(raw).map(|e| e.to_string())),
    };
    let phone = errors.check("phone", Phone::parse_optional(form.phone.as_deref())).flatten();
    let birthday = match form.birthday {
        None => None,
        Some(raw) => match raw.as_deref().map(str::trim).filter(|b| !b.is_empty()) {
            None => Some(None),
            Some(raw) => errors.check("birthday", Birthday::parse(raw)).map(Some),
        },
    };
    let loyalty_points = match (editing, form.loyalty_points) {
        (true, Some(points)) => errors.check("loyalty_points", points_rules::balance(points)),
        // A new customer starts at 0: a balance comes through sales and adjustments, so
        // another value is refused rather than dropped.
        (false, Some(points)) => {
            if errors.check("loyalty_points", points_rules::balance(points)).is_some_and(|points| points != 0) {
                errors.add("loyalty_points", Msg::BalanceByAdjustmentOnly);
            }
            None
        }
        (_, None) => None,
    };
    errors.into_result()?;
    Ok(ValidForm {
        name: name.ok_or_else(|| AppError::Internal("validated name missing".into()))?,
        phone: phone.map(|p| p.as_str().to_owned()),
        email,
        birthday,
        loyalty_points,
    })
}

/// Tells the customer's store owner's endpoints (in the current transaction).
fn tell(
    repos: &mut dyn Repos,
    services: &Services,
    event: WebhookEventType,
    data: WebhookData,
    now: chrono::NaiveDateTime,
) -> Result<(), AppError> {
    let store = match &data {
        WebhookData::Customer(c)
        | WebhookData::PointsAdjusted { customer: c, .. }
        | WebhookData::Stamp { customer: c, .. }
        | WebhookData::TierChanged { customer: c, .. } => c.store.clone(),
        WebhookData::Invoice(_)
        | WebhookData::InvoiceReturned { .. }
        | WebhookData::Redemption(_)
        | WebhookData::Ping { .. } => return Err(AppError::Internal("a customer event without a customer".into())),
    };
    super::webhooks::emit(repos, services, &store, event, data, now)
}

/// Refuses a phone another live customer of the store holds, naming that customer (its id in the
/// answer), so a find-or-create can use it instead of retrying. `except`: the customer being
/// changed. (Two requests racing for one phone still meet the unique index: [`phone_taken`].)
fn check_phone_free(
    repos: &mut dyn Repos,
    store_id: i64,
    phone: Option<&str>,
    except: Option<i64>,
) -> Result<(), AppError> {
    let Some(phone) = phone else { return Ok(()) };
    let holder = repos.customers_by_phone(phone)?.into_iter().find(|c| c.store.id == store_id && Some(c.id) != except);
    match holder {
        Some(holder) => Err(FieldErrors::single("phone", Msg::PhoneTaken).held_by("phone", holder.id).into()),
        None => Ok(()),
    }
}

fn phone_taken(error: RepoError) -> AppError {
    match error {
        RepoError::Duplicate(_) => FieldErrors::single("phone", Msg::PhoneTaken).into(),
        other => other.into(),
    }
}

/// Adds a customer. With an `Idempotency-Key`, a retry answers the customer the first request
/// made (`replayed`) and adds nothing; the same key with another form is a 409.
pub fn create(
    services: &Services,
    actor: &Actor,
    form: CustomerForm,
    idempotency_key: Option<&str>,
) -> Result<Replayable<Customer>, AppError> {
    actor.require_permission(Permission::ManageCustomers)?;
    let key = idempotency::parse_key(idempotency_key)?;
    let requested_store = form.store_id;
    let valid = validate(form, false)?;
    let request = format!(
        "customer|{}|{}|{}|{}|{}",
        requested_store.map(|s| s.to_string()).unwrap_or_default(),
        valid.name,
        valid.phone.as_deref().unwrap_or(""),
        valid.email.as_deref().unwrap_or(""),
        valid.birthday.flatten().map(|b| b.to_string()).unwrap_or_default()
    );
    let now = services.clock.now();
    let rebuild = |repos: &mut dyn Repos, answer: &str| {
        let id = answer.parse().map_err(|_| AppError::Internal(format!("bad stored answer {answer}")))?;
        visible_customer(repos, actor, id)
    };
    idempotency::run(
        services,
        actor.user_id,
        key.as_deref(),
        &request,
        |repos| {
            let store_id = match actor.role {
                Role::PosUser => actor.pos_store()?,
                _ => {
                    // An owner (or a key) with one store may leave it out; with several, name it.
                    let only_store = match StoreAccess::of(actor, repos)? {
                        StoreAccess::Stores(ids) if ids.len() == 1 => ids.first().copied(),
                        _ => None,
                    };
                    let store_id = requested_store
                        .or(only_store)
                        .ok_or_else(|| FieldErrors::single("store_id", Msg::StoreRequired))?;
                    let store = repos.store_scope(store_id)?.filter(|s| can_access_store(actor, s));
                    store.ok_or_else(|| FieldErrors::single("store_id", Msg::StoreRequired))?.id
                }
            };
            check_phone_free(repos, store_id, valid.phone.as_deref(), None)?;
            let id = repos
                .insert_customer(NewCustomer {
                    store_id,
                    name: valid.name,
                    phone: valid.phone,
                    email: valid.email,
                    created_by: Some(actor.user_id),
                    unconfirmed_join: false,
                    birthday: valid.birthday.flatten(),
                    now,
                })
                .map_err(phone_taken)?;
            if let Some(key) = &key {
                idempotency::remember(repos, actor.user_id, key, &request, &id.to_string(), now)?;
            }
            let customer = visible_customer(repos, actor, id)?;
            let details = vec![("customer", customer.name.clone())];
            super::activity::log(repos, ActivityKind::CustomerCreated, Some(actor), store_id, id, details, now)?;
            tell(repos, services, WebhookEventType::CustomerCreated, WebhookData::Customer(customer.clone()), now)?;
            Ok(customer)
        },
        rebuild,
    )
}

/// Replaces a customer's name, phone and email (the form names each; an empty phone or email
/// clears it).
pub fn update(services: &Services, actor: &Actor, id: i64, form: CustomerForm) -> Result<Customer, AppError> {
    actor.require_permission(Permission::ManageCustomers)?;
    let valid = validate(form, true)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let customer = visible_customer(repos, actor, id)?;
        change(repos, services, actor, customer, valid, now)
    })
}

/// What a JSON Merge Patch of a customer asks: `None` leaves a field as it is; for phone and
/// email, `Some(None)` clears it.
#[derive(Debug, Clone, Default)]
pub struct CustomerPatch {
    pub name: Option<String>,
    pub phone: Option<Option<String>>,
    pub email: Option<Option<String>>,
    pub birthday: Option<Option<String>>,
}

/// Changes only the fields the patch names, over the customer as it is in this transaction (no
/// change made meanwhile is lost), with the same rules as [`update`].
pub fn patch(services: &Services, actor: &Actor, id: i64, patch: CustomerPatch) -> Result<Customer, AppError> {
    actor.authorize(Operation::PatchCustomer)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let customer = visible_customer(repos, actor, id)?;
        let form = CustomerForm {
            name: patch.name.clone().unwrap_or_else(|| customer.name.clone()),
            phone: patch.phone.clone().unwrap_or_else(|| customer.phone.clone()),
            email: patch.email.clone().unwrap_or_else(|| customer.email.clone()),
            birthday: patch.birthday.clone(),
            loyalty_points: None,
            store_id: None,
        };
        let valid = validate(form, true)?;
        change(repos, services, actor, customer, valid, now)
    })
}

/// Writes a validated change of `customer`, in the caller's transaction.
fn change(
    repos: &mut dyn Repos,
    services: &Services,
    actor: &Actor,
    customer: Customer,
    valid: ValidForm,
    now: chrono::NaiveDateTime,
) -> Result<Customer, AppError> {
    let id = customer.id;
    if valid.loyalty_points.is_some_and(|points| points != customer.loyalty_points) {
        return Err(FieldErrors::single("loyalty_points", Msg::BalanceByAdjustmentOnly).into());
    }
    check_phone_free(repos, customer.store.id, valid.phone.as_deref(), Some(id))?;
    repos
        .update_customer(
            id,
            CustomerChanges {
                name: valid.name,
                phone: valid.phone,
                email: valid.email,
                birthday: valid.birthday.unwrap_or(customer.birthday),
                now,
            },
        )
        .map_err(phone_taken)?;
    let updated = visible_customer(repos, actor, id)?;
    let details = vec![("customer", updated.name.clone()), ("points", updated.loyalty_points.to_string())];
    super::activity::log(repos, ActivityKind::CustomerUpdated, Some(actor), customer.store.id, id, details, now)?;
    tell(repos, services, WebhookEventType::CustomerUpdated, WebhookData::Customer(updated.clone()), now)?;
    Ok(updated)
}

/// A cashier has checked at the counter that the customer who joined by the store's link is who
/// the name says: the mark goes. Confirming a customer without the mark changes nothing.
pub fn confirm_join(services: &Services, actor: &Actor, id: i64) -> Result<Customer, AppError> {
    actor.authorize(Operation::ConfirmJoin)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let customer = visible_customer(repos, actor, id)?;
        if repos.confirm_join(id, now)? {
            let details = vec![("customer", customer.name.clone()), ("confirmed", "join".to_owned())];
            super::activity::log(
                repos,
                ActivityKind::CustomerUpdated,
                Some(actor),
                customer.store.id,
                id,
                details,
                now,
            )?;
            let confirmed = visible_customer(repos, actor, id)?;
            tell(repos, services, WebhookEventType::CustomerUpdated, WebhookData::Customer(confirmed), now)?;
        }
        visible_customer(repos, actor, id)
    })
}

/// Hides a customer; history stays. A customer who holds points is refused (409): the owner
/// takes the points away first, with a reason, so the ledger, the points owed and the exports
/// keep agreeing.
pub fn delete(services: &Services, actor: &Actor, id: i64) -> Result<(), AppError> {
    actor.require_permission(Permission::ManageCustomers)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let customer = visible_customer(repos, actor, id)?;
        if customer.loyalty_points > 0 {
            return Err(AppError::Conflict(Conflict::CustomerHoldsPoints));
        }
        // Two deletes at once: the one that hides the row answers; the other finds it gone.
        if !repos.hide_customer(id, now)? {
            return Err(AppError::NotFound);
        }
        let details = vec![("customer", customer.name.clone())];
        super::activity::log(repos, ActivityKind::CustomerDeleted, Some(actor), customer.store.id, id, details, now)?;
        tell(repos, services, WebhookEventType::CustomerDeleted, WebhookData::Customer(customer), now)
    })
}

/// Points by hand. A cashier adds 1 to 10,000 at a time (the reason is optional, as in the
/// spec) and at most the owner's daily cap in a local day; the owner adds or removes up to
/// 10,000 at a time and always gives a reason. Each is a ledger row naming who made it.
pub fn adjust_points(
    services: &Services,
    actor: &Actor,
    id: i64,
    points: i64,
    reason: Option<String>,
) -> Result<Customer, AppError> {
    actor.require_permission(Permission::AddPoints)?;
    let owner_adjusts = actor.may(Permission::RemovePoints);
    let mut errors = FieldErrors::new();
    let points = if owner_adjusts {
        errors.check("points", points_rules::owner_adjustment(points))
    } else {
        errors.check("points", points_rules::manual_points(points))
    };
    let reason = errors.check("reason", text::optional(reason.as_deref(), REASON_MAX)).flatten();
    if owner_adjusts && reason.is_none() && !errors.iter().any(|(field, _)| field == "reason") {
        errors.add("reason", Msg::AdjustmentReasonRequired);
    }
    errors.into_result()?;
    let points = points.ok_or_else(|| AppError::Internal("validated points missing".into()))?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let customer = visible_customer(repos, actor, id)?;
        let settings = repos.loyalty_settings(customer.store.owner_id)?;
        let kind = if owner_adjusts {
            LedgerKind::Adjustment
        } else {
            // One cashier's adds are checked against its cap one at a time.
            repos.lock_user(actor.user_id, now)?;
            let added_today = repos.manual_points_since(actor.user_id, local_day_bounds(now).0)?;
            points_rules::within_daily_cap(added_today, points, settings.cashier_daily_points)
                .map_err(|m| FieldErrors::single("points", m))?;
            LedgerKind::Manual
        };
        let change = if points > 0 {
            super::expiry::earn(&settings, points, now)
        } else {
            // Points due today are gone before any are removed.
            super::expiry::expire_due(repos, id, now)?;
            PointsChange::Spend(-points)
        };
        let balance = repos
            .change_points(id, change, now)?
            .ok_or_else(|| FieldErrors::single("points", Msg::RemoveMoreThanBalance))?;
        repos.append_ledger(NewLedgerEntry {
            customer_id: id,
            store_id: customer.store.id,
            kind,
            delta: points,
            balance_after: balance,
            reason: reason.as_deref(),
            actor_id: Some(actor.user_id),
            api_key_id: actor.key_id(),
            invoice_id: None,
            redemption_id: None,
            now,
        })?;
        let details = vec![
            ("customer", customer.name.clone()),
            ("points", points.to_string()),
            ("reason", reason.clone().unwrap_or_default()),
        ];
        super::activity::log(repos, ActivityKind::PointsAdded, Some(actor), customer.store.id, id, details, now)?;
        if kind == LedgerKind::Manual {
            super::signals::after_manual_points(repos, &settings, actor, customer.store.id, now)?;
        }
        let adjusted = visible_customer(repos, actor, id)?;
        let data = WebhookData::PointsAdjusted { customer: adjusted.clone(), points, reason };
        tell(repos, services, WebhookEventType::PointsAdjusted, data, now)?;
        Ok(adjusted)
    })
}

/// Every change of a customer's points, newest first.
pub fn history(services: &Services, actor: &Actor, id: i64, page: PageRequest) -> Result<Page<LedgerEntry>, AppError> {
    actor.authorize(Operation::CustomerHistory)?;
    transaction(&*services.db, TxMode::Read, |repos| {
        visible_customer(repos, actor, id)?;
        let (items, total) = repos.ledger_page(id, page)?;
        Ok(Page { items, page: page.page, per_page: page.per_page, total })
    })
}
