//! A store owner's plan: status, auto-renew, cancel, and activation by a card code.

use chrono::NaiveDateTime;
use loyalty_domain::plan::{days_left, plan_change, Held, PlanChange, PlanMode};
use loyalty_domain::{CardCode, FieldErrors, Msg};

use crate::ports::{transaction, CardProblem, NewSubscription, Repos, TxMode};
use crate::Operation;
use crate::{Actor, AppError, Conflict, PackageSummary, PlanChangePreview, Services, Subscription, SubscriptionStatus};

pub fn status(services: &Services, actor: &Actor) -> Result<SubscriptionStatus, AppError> {
    actor.authorize(Operation::SubscriptionStatus)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Read, |repos| {
        let active = repos.active_subscription(actor.user_id, now)?;
        let next = repos.next_subscription(actor.user_id, now)?;
        let current_store_count = store_count(repos, actor.user_id)?;
        let remaining_days = active.as_ref().map_or(0, |s| days_left(s.ends_at, now));
        let remaining_store_slots = crate::store_slots_left(active.as_ref(), current_store_count);
        let may_grow = crate::may_grow(active.as_ref());
        let over = |plan: Option<&Subscription>| {
            plan.map_or(0, |p| crate::stores_over_limit(p.package.store_limit, current_store_count))
        };
        Ok(SubscriptionStatus {
            stores_over_limit: over(active.as_ref()),
            stores_over_next_limit: over(next.as_ref()),
            active,
            next,
            current_store_count,
            remaining_days,
            remaining_store_slots,
            may_grow,
        })
    })
}

pub fn toggle_auto_renew(services: &Services, actor: &Actor) -> Result<SubscriptionStatus, AppError> {
    actor.authorize(Operation::ToggleAutoRenew)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let plan = plan_in_effect(repos, actor.user_id, now)?;
        Ok(repos.set_auto_renew(plan.id, !plan.auto_renew, now)?)
    })?;
    status(services, actor)
}

pub fn cancel(services: &Services, actor: &Actor) -> Result<SubscriptionStatus, AppError> {
    actor.authorize(Operation::CancelSubscription)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        plan_in_effect(repos, actor.user_id, now)?;
        Ok(repos.end_subscription(actor.user_id, "cancelled", now)?)
    })?;
    status(services, actor)
}

/// The plan in effect, or 409 `no_active_plan`. The rule for an owner whose plan was cancelled
/// or ran out (docs/plans.md): nothing grows (no new store, cashier or reward, no cashier or
/// reward switched back on) until a plan is in effect again; everything that exists keeps
/// working, so the counter never takes customers' points hostage.
pub(crate) fn plan_in_effect(
    repos: &mut dyn Repos,
    owner_id: i64,
    now: NaiveDateTime,
) -> Result<Subscription, AppError> {
    let plan = repos.active_subscription(owner_id, now)?;
    plan.filter(|p| crate::may_grow(Some(p))).ok_or(AppError::Conflict(Conflict::NoActivePlan))
}

fn store_count(repos: &mut dyn Repos, owner_id: i64) -> Result<i64, AppError> {
    Ok(i64::try_from(repos.owner_store_ids(owner_id)?.len()).unwrap_or(i64::MAX))
}

fn held(subscription: Option<&Subscription>) -> Option<Held> {
    subscription.map(|s| Held { package_id: s.package.id, starts_at: s.starts_at, ends_at: s.ends_at })
}

fn months(package: &PackageSummary) -> u32 {
    u32::try_from(package.duration_months).unwrap_or(1)
}

/// What `package` would do for the owner now, as choices (see `PlanChangePreview`).
pub(crate) fn preview_change(
    repos: &mut dyn Repos,
    owner_id: i64,
    package: PackageSummary,
    now: NaiveDateTime,
) -> Result<PlanChangePreview, AppError> {
    let current = repos.active_subscription(owner_id, now)?;
    let next = repos.next_subscription(owner_id, now)?;
    let (c, n) = (held(current.as_ref()), held(next.as_ref()));
    let mut choices = Vec::new();
    let queued = plan_change(c, n, package.id, months(&package), PlanMode::Queue, now);
    if let Ok(change) = queued {
        choices.push((PlanMode::Queue, change));
    }
    // Another package than the plan in effect can also start now.
    if let Ok(change @ PlanChange::SwitchNow { .. }) =
        plan_change(c, n, package.id, months(&package), PlanMode::SwitchNow, now)
    {
        choices.push((PlanMode::SwitchNow, change));
    }
    let store_count = store_count(repos, owner_id)?;
    Ok(PlanChangePreview { package, current, next, choices, store_count })
}

/// A package to take for an owner, and how.
pub(crate) struct PlanOrder<'a> {
    pub owner_id: i64,
    pub package: &'a PackageSummary,
    pub mode: PlanMode,
    /// None keeps the current plan's choice.
    pub auto_renew: Option<bool>,
    /// `admin` or `card`.
    pub source: &'static str,
    pub notes: Option<String>,
}

/// Takes `package` for the owner as `mode` says (DESIGN.md section 5): the same plan extends,
/// another waits for the current end unless switching now. Call with the owner locked.
pub(crate) fn apply_change(repos: &mut dyn Repos, order: PlanOrder<'_>, now: NaiveDateTime) -> Result<(), AppError> {
    let PlanOrder { owner_id, package, mode, auto_renew, source, notes } = order;
    let current = repos.active_subscription(owner_id, now)?;
    let next = repos.next_subscription(owner_id, now)?;
    let change = plan_change(held(current.as_ref()), held(next.as_ref()), package.id, months(package), mode, now)
        .map_err(|_| AppError::Conflict(Conflict::NextPlanWaiting))?;
    let auto_renew = auto_renew.unwrap_or_else(|| current.as_ref().is_some_and(|s| s.auto_renew));
    let period = change.period();
    let queued = match change {
        PlanChange::Start(_) | PlanChange::ExtendCurrent(_) | PlanChange::SwitchNow { .. } => {
            // Every live row (in effect, past, waiting) gives way to the one new period.
            repos.end_subscription(owner_id, "replaced", now)?;
            false
        }
        PlanChange::ExtendNext(_) => {
            if let Some(next) = &next {
                repos.replace_subscription(next.id, now)?;
            }
            true
        }
        PlanChange::Queue(_) => true,
    };
    repos.insert_subscription(NewSubscription {
        store_owner_id: owner_id,
        package_id: package.id,
        starts_at: period.starts_at,
        ends_at: period.ends_at,
        auto_renew,
        queued,
        source,
        notes,
        now,
    })?;
    Ok(())
}

fn card_package(repos: &mut dyn Repos, found: Result<i64, CardProblem>) -> Result<PackageSummary, AppError> {
    let package_id = match found {
        Ok(package_id) => package_id,
        Err(CardProblem::Unknown) => return Err(FieldErrors::single("code", Msg::RedemptionCodeUnknown).into()),
        Err(CardProblem::AlreadyRedeemed) => return Err(AppError::Conflict(Conflict::CardAlreadyRedeemed)),
        Err(CardProblem::Expired) => return Err(AppError::Conflict(Conflict::CardExpired)),
    };
    repos.package_summary(package_id)?.ok_or(AppError::NotFound)
}

/// What redeeming a card would do, before anything changes (the card stays unredeemed).
pub fn preview_card(services: &Services, actor: &Actor, code: &str) -> Result<PlanChangePreview, AppError> {
    actor.authorize(Operation::PreviewCard)?;
    let code = CardCode::parse(code).map_err(|m| FieldErrors::single("code", m))?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Read, |repos| {
        let found = repos.peek_card(code.as_str(), now)?;
        let package = card_package(repos, found)?;
        preview_change(repos, actor.user_id, package, now)
    })
}

/// Redeems a card code: once ever, even under concurrent attempts. The same package as the
/// active plan extends it; another package waits for the current end (`PlanMode::Queue`, the
/// default) or starts now (`SwitchNow`, giving up the days left).
pub fn redeem_card(
    services: &Services,
    actor: &Actor,
    code: &str,
    mode: PlanMode,
) -> Result<SubscriptionStatus, AppError> {
    actor.authorize(Operation::RedeemCard)?;
    let code = CardCode::parse(code).map_err(|m| FieldErrors::single("code", m))?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        // One plan change of an owner at a time.
        repos.lock_user(actor.user_id, now)?;
        let found = repos.claim_card(code.as_str(), actor.user_id, now)?;
        let package = card_package(repos, found)?;
        let order = PlanOrder {
            owner_id: actor.user_id,
            package: &package,
            mode,
            auto_renew: None,
            source: "card",
            notes: Some(format!("card {}", code.as_str())),
        };
        apply_change(repos, order, now)
    })?;
    status(services, actor)
}
