//! Fraud signals (issue #19, item 4): after a sale, a void or points added by hand, the day's
//! figure is compared with the owner's threshold, in the same transaction; a crossing is
//! recorded (one signal per kind, subject and Tripoli day) and, the first time, written to the
//! owner's activity feed. Nothing is blocked. The owner lists the signals and marks them
//! reviewed.

use chrono::NaiveDateTime;
use loyalty_domain::local_day::{local_date, local_day_bounds};
use loyalty_domain::{LoyaltySettings, Role, SignalKind};

use crate::policy::Permission;
use crate::ports::{transaction, RaisedSignal, Repos, TxMode};
use crate::{ActivityKind, Actor, AppError, Page, PageRequest, Services, Signal};

/// What crossed: the kind, the subject (a customer or a cashier) and the day's figures.
struct Crossing {
    kind: SignalKind,
    store_id: i64,
    customer_id: Option<i64>,
    user_id: Option<i64>,
    figure: i64,
    out_of: Option<i64>,
}

/// Records a crossing and, the first time that day, its feed entry.
fn raise(
    repos: &mut dyn Repos,
    settings: &LoyaltySettings,
    crossing: Crossing,
    mut details: Vec<(&'static str, String)>,
    now: NaiveDateTime,
) -> Result<(), AppError> {
    let Crossing { kind, store_id, customer_id, user_id, figure, out_of } = crossing;
    let threshold = settings.signals.threshold(kind);
    let signal =
        RaisedSignal { store_id, kind, day: local_date(now), customer_id, user_id, figure, out_of, threshold, now };
    if repos.raise_signal(signal)? {
        details.push(("signal", kind.as_str().to_owned()));
        details.push(("figure", figure.to_string()));
        details.push(("threshold", threshold.to_string()));
        if let Some(out_of) = out_of {
            details.push(("out_of", out_of.to_string()));
        }
        let subject_id = customer_id.or(user_id).unwrap_or(store_id);
        super::activity::log(repos, ActivityKind::SignalRaised, None, store_id, subject_id, details, now)?;
    }
    Ok(())
}

/// After a sale to `customer_id`: more sales to it today than the owner's threshold.
pub(crate) fn after_sale(
    repos: &mut dyn Repos,
    settings: &LoyaltySettings,
    store_id: i64,
    customer: (i64, &str),
    now: NaiveDateTime,
) -> Result<(), AppError> {
    let sales = repos.customer_sales_since(customer.0, local_day_bounds(now).0)?;
    if !settings.signals.too_many_sales(sales) {
        return Ok(());
    }
    let crossing = Crossing {
        kind: SignalKind::SalesPerCustomer,
        store_id,
        customer_id: Some(customer.0),
        user_id: None,
        figure: sales,
        out_of: None,
    };
    raise(repos, settings, crossing, vec![("customer", customer.1.to_owned())], now)
}

/// The cashier a void or manual points are signalled for: a person at a till. Owners are not
/// signalled (they are the ones who look), nor keys (they add no points by hand and void only
/// as their owner).
fn cashier(actor: &Actor) -> Option<i64> {
    (actor.role == Role::PosUser && actor.key_id().is_none()).then_some(actor.user_id)
}

/// After a cashier's void: more of its sales voided today than the owner's percent.
pub(crate) fn after_void(
    repos: &mut dyn Repos,
    settings: &LoyaltySettings,
    actor: &Actor,
    store_id: i64,
    now: NaiveDateTime,
) -> Result<(), AppError> {
    let Some(user_id) = cashier(actor) else { return Ok(()) };
    // One cashier's voids are counted one at a time (two at once on different customers would
    // otherwise both find no signal and both record one), as its manual points are.
    repos.lock_user(user_id, now)?;
    let (sales, voids) = repos.cashier_sales_and_voids_since(user_id, local_day_bounds(now).0)?;
    if !settings.signals.too_many_voids(voids, sales) {
        return Ok(());
    }
    let crossing = Crossing {
        kind: SignalKind::VoidRate,
        store_id,
        customer_id: None,
        user_id: Some(user_id),
        figure: voids,
        out_of: Some(sales),
    };
    let details = vec![("cashier", actor_name(repos, user_id)?)];
    raise(repos, settings, crossing, details, now)
}

/// After a cashier added points by hand: more today than the owner's daily total.
pub(crate) fn after_manual_points(
    repos: &mut dyn Repos,
    settings: &LoyaltySettings,
    actor: &Actor,
    store_id: i64,
    now: NaiveDateTime,
) -> Result<(), AppError> {
    let Some(user_id) = cashier(actor) else { return Ok(()) };
    let points = repos.manual_points_since(user_id, local_day_bounds(now).0)?;
    if !settings.signals.too_many_manual_points(points) {
        return Ok(());
    }
    let crossing = Crossing {
        kind: SignalKind::ManualPoints,
        store_id,
        customer_id: None,
        user_id: Some(user_id),
        figure: points,
        out_of: None,
    };
    let details = vec![("cashier", actor_name(repos, user_id)?)];
    raise(repos, settings, crossing, details, now)
}

fn actor_name(repos: &mut dyn Repos, user_id: i64) -> Result<String, AppError> {
    Ok(repos.user_by_id(user_id)?.map(|u| u.name).unwrap_or_default())
}

/// Which signals to list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SignalStatus {
    /// Not reviewed yet.
    #[default]
    Open,
    All,
}

/// The owner's signals across its stores, newest day first.
pub fn list(
    services: &Services,
    actor: &Actor,
    status: SignalStatus,
    page: PageRequest,
) -> Result<Page<Signal>, AppError> {
    actor.authorize(crate::Operation::ListSignals)?;
    transaction(&*services.db, TxMode::Read, |repos| {
        let stores = crate::policy::StoreAccess::of_owner(actor, repos)?;
        let (items, total) = repos.list_signals(&stores, status == SignalStatus::Open, page)?;
        Ok(Page { items, page: page.page, per_page: page.per_page, total })
    })
}

/// Marks one of the owner's signals reviewed (again: no change).
pub fn review(services: &Services, actor: &Actor, id: i64) -> Result<Signal, AppError> {
    actor.require_permission(Permission::ReviewSignals)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let signal = repos.signal_by_id(id)?.ok_or(AppError::NotFound)?;
        if !crate::policy::StoreAccess::of_owner(actor, repos)?.contains(&signal.store.id) {
            return Err(AppError::NotFound);
        }
        repos.review_signal(id, actor.user_id, now)?;
        repos.signal_by_id(id)?.ok_or(AppError::NotFound)
    })
}
