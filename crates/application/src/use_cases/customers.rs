//! A store's customers: list, search, detail, create, edit, hide, add points, history.

use loyalty_domain::{points_rules, text, Email, FieldErrors, Msg, Phone, Role};

use crate::policy::{can_access_store, StoreAccess};
use crate::ports::{transaction, CustomerChanges, NewCustomer, NewLedgerEntry, RepoError, Repos, TxMode};
use crate::{
    ActivityKind, Actor, AppError, Customer, CustomerStats, LedgerEntry, LedgerKind, Page, PageRequest, Services,
};

/// Who works with customers: the store's cashier and its owner; the admin reads.
const MANAGERS: &[Role] = &[Role::PosUser, Role::StoreOwner];
const READERS: &[Role] = &[Role::PosUser, Role::StoreOwner, Role::Admin];
pub const REASON_MAX: usize = 255;
pub const SEARCH_MIN_CHARS: usize = 2;
/// Longer than any name, phone or email a search could match.
pub const SEARCH_MAX_CHARS: usize = 100;

/// Loads a live customer the actor may see: 404 otherwise, whatever the id.
pub(crate) fn visible_customer(repos: &mut dyn Repos, actor: &Actor, id: i64) -> Result<Customer, AppError> {
    repos.customer_by_id(id)?.filter(|c| can_access_store(actor, &c.store)).ok_or(AppError::NotFound)
}

pub struct ListCustomers {
    pub search: Option<String>,
    pub store_id: Option<i64>,
    pub page: PageRequest,
}

pub fn list(services: &Services, actor: &Actor, query: ListCustomers) -> Result<Page<Customer>, AppError> {
    actor.require(READERS)?;
    let search = query.search.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
    if search.as_deref().is_some_and(|s| s.chars().count() > SEARCH_MAX_CHARS) {
        return Err(FieldErrors::single("search", Msg::SearchTooLong).into());
    }
    transaction(&*services.db, TxMode::Read, |repos| {
        let filter = StoreAccess::of(actor, repos)?.filter(query.store_id)?;
        let (items, total) = repos.list_customers(&filter, search.as_deref(), query.page)?;
        Ok(Page { items, page: query.page.page, per_page: query.page.per_page, total })
    })
}

/// The cashier's search box: at least two characters, the first 20 matches.
pub fn search(services: &Services, actor: &Actor, query: &str) -> Result<Vec<Customer>, AppError> {
    actor.require(READERS)?;
    let query = query.trim();
    if query.chars().count() < SEARCH_MIN_CHARS {
        return Err(FieldErrors::single("query", Msg::SearchTooShort).into());
    }
    if query.chars().count() > SEARCH_MAX_CHARS {
        return Err(FieldErrors::single("query", Msg::SearchTooLong).into());
    }
    let page = list(
        services,
        actor,
        ListCustomers { search: Some(query.to_owned()), store_id: None, page: PageRequest::new(Some(1), Some(20)) },
    )?;
    Ok(page.items)
}

pub fn get(services: &Services, actor: &Actor, id: i64) -> Result<(Customer, CustomerStats), AppError> {
    actor.require(READERS)?;
    transaction(&*services.db, TxMode::Read, |repos| {
        let customer = visible_customer(repos, actor, id)?;
        let stats = repos.customer_stats(id)?;
        Ok((customer, stats))
    })
}

/// The form of the customer dialog.
#[derive(Debug, Clone, Default)]
pub struct CustomerForm {
    pub name: String,
    pub phone: Option<String>,
    pub email: Option<String>,
    /// Only when editing: the balance to set (a ledger row records the difference).
    pub loyalty_points: Option<i64>,
    /// Why the balance was changed by hand.
    pub reason: Option<String>,
    /// A store owner picks which of its stores; a POS user's store comes from its token.
    pub store_id: Option<i64>,
}

struct ValidForm {
    name: String,
    phone: Option<String>,
    email: Option<String>,
    loyalty_points: Option<i64>,
    reason: Option<String>,
}

fn validate(form: CustomerForm, editing: bool) -> Result<ValidForm, AppError> {
    let mut errors = FieldErrors::new();
    let name = errors.check("name", text::required(&form.name, Msg::CustomerNameRequired, text::NAME_MAX));
    let email = match form.email.as_deref().map(str::trim).filter(|e| !e.is_empty()) {
        None => None,
        Some(raw) => errors.check("email", Email::parse(raw).map(|e| e.to_string())),
    };
    let phone = errors.check("phone", Phone::parse_optional(form.phone.as_deref())).flatten();
    let loyalty_points = match (editing, form.loyalty_points) {
        (true, Some(points)) => errors.check("loyalty_points", points_rules::balance(points)),
        _ => None,
    };
    let reason = errors.check("reason", text::optional(form.reason.as_deref(), REASON_MAX)).flatten();
    errors.into_result()?;
    Ok(ValidForm {
        name: name.ok_or_else(|| AppError::Internal("validated name missing".into()))?,
        phone: phone.map(|p| p.as_str().to_owned()),
        email,
        loyalty_points,
        reason,
    })
}

fn phone_taken(error: RepoError) -> AppError {
    match error {
        RepoError::Duplicate(_) => FieldErrors::single("phone", Msg::PhoneTaken).into(),
        other => other.into(),
    }
}

pub fn create(services: &Services, actor: &Actor, form: CustomerForm) -> Result<Customer, AppError> {
    actor.require(MANAGERS)?;
    let requested_store = form.store_id;
    let valid = validate(form, false)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let store_id = match actor.role {
            Role::PosUser => actor.pos_store()?,
            _ => {
                let store_id = requested_store.ok_or_else(|| FieldErrors::single("store_id", Msg::StoreRequired))?;
                let store = repos.store_scope(store_id)?.filter(|s| can_access_store(actor, s));
                store.ok_or_else(|| FieldErrors::single("store_id", Msg::StoreRequired))?.id
            }
        };
        let id = repos
            .insert_customer(NewCustomer {
                store_id,
                name: valid.name,
                phone: valid.phone,
                email: valid.email,
                created_by: Some(actor.user_id),
                now,
            })
            .map_err(phone_taken)?;
        let customer = visible_customer(repos, actor, id)?;
        let details = vec![("customer", customer.name.clone())];
        super::activity::log(repos, ActivityKind::CustomerCreated, Some(actor.user_id), store_id, id, details, now)?;
        Ok(customer)
    })
}

pub fn update(services: &Services, actor: &Actor, id: i64, form: CustomerForm) -> Result<Customer, AppError> {
    actor.require(MANAGERS)?;
    let valid = validate(form, true)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let customer = visible_customer(repos, actor, id)?;
        repos
            .update_customer(id, CustomerChanges { name: valid.name, phone: valid.phone, email: valid.email, now })
            .map_err(phone_taken)?;
        if let Some(target) = valid.loyalty_points {
            set_balance(repos, actor, &customer, target, valid.reason.as_deref(), now)?;
        }
        let updated = visible_customer(repos, actor, id)?;
        let details = vec![("customer", updated.name.clone()), ("points", updated.loyalty_points.to_string())];
        super::activity::log(
            repos,
            ActivityKind::CustomerUpdated,
            Some(actor.user_id),
            customer.store.id,
            id,
            details,
            now,
        )?;
        Ok(updated)
    })
}

/// Sets a balance by hand: locks the row, reads it, and moves it by the difference, with a
/// ledger row, so a concurrent invoice or redemption is never overwritten.
fn set_balance(
    repos: &mut dyn Repos,
    actor: &Actor,
    customer: &Customer,
    target: i64,
    reason: Option<&str>,
    now: chrono::NaiveDateTime,
) -> Result<(), AppError> {
    let current = repos.change_points(customer.id, 0, now)?.ok_or(AppError::NotFound)?;
    let delta = target - current;
    if delta == 0 {
        return Ok(());
    }
    let balance = repos.change_points(customer.id, delta, now)?.ok_or(AppError::Internal("balance moved".into()))?;
    repos.append_ledger(NewLedgerEntry {
        customer_id: customer.id,
        store_id: customer.store.id,
        kind: LedgerKind::Adjustment,
        delta,
        balance_after: balance,
        reason,
        actor_id: actor.user_id,
        invoice_id: None,
        redemption_id: None,
        now,
    })?;
    Ok(())
}

/// Hides a customer; history stays.
pub fn delete(services: &Services, actor: &Actor, id: i64) -> Result<(), AppError> {
    actor.require(MANAGERS)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let customer = visible_customer(repos, actor, id)?;
        repos.hide_customer(id, now)?;
        let details = vec![("customer", customer.name)];
        super::activity::log(
            repos,
            ActivityKind::CustomerDeleted,
            Some(actor.user_id),
            customer.store.id,
            id,
            details,
            now,
        )
    })
}

/// Gives 1 to 10,000 points by hand, with an optional reason.
pub fn add_points(
    services: &Services,
    actor: &Actor,
    id: i64,
    points: i64,
    reason: Option<String>,
) -> Result<Customer, AppError> {
    actor.require(MANAGERS)?;
    let mut errors = FieldErrors::new();
    let points = errors.check("points", points_rules::manual_points(points));
    let reason = errors.check("reason", text::optional(reason.as_deref(), REASON_MAX)).flatten();
    errors.into_result()?;
    let points = points.ok_or_else(|| AppError::Internal("validated points missing".into()))?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let customer = visible_customer(repos, actor, id)?;
        let balance = repos.change_points(id, points, now)?.ok_or(AppError::NotFound)?;
        repos.append_ledger(NewLedgerEntry {
            customer_id: id,
            store_id: customer.store.id,
            kind: LedgerKind::Manual,
            delta: points,
            balance_after: balance,
            reason: reason.as_deref(),
            actor_id: actor.user_id,
            invoice_id: None,
            redemption_id: None,
            now,
        })?;
        let details = vec![
            ("customer", customer.name.clone()),
            ("points", points.to_string()),
            ("reason", reason.clone().unwrap_or_default()),
        ];
        super::activity::log(
            repos,
            ActivityKind::PointsAdded,
            Some(actor.user_id),
            customer.store.id,
            id,
            details,
            now,
        )?;
        visible_customer(repos, actor, id)
    })
}

/// Every change of a customer's points, newest first.
pub fn history(services: &Services, actor: &Actor, id: i64, page: PageRequest) -> Result<Page<LedgerEntry>, AppError> {
    actor.require(READERS)?;
    transaction(&*services.db, TxMode::Read, |repos| {
        visible_customer(repos, actor, id)?;
        let (items, total) = repos.ledger_page(id, page)?;
        Ok(Page { items, page: page.page, per_page: page.per_page, total })
    })
}
