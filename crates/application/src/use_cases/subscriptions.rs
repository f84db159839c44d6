//! A store owner's plan: status, auto-renew, cancel, and activation by a card code.

use loyalty_domain::plan::{days_left, next_period};
use loyalty_domain::{CardCode, FieldErrors, Msg, Role};

use crate::ports::{transaction, CardProblem, NewSubscription, TxMode};
use crate::{Actor, AppError, Conflict, Services, SubscriptionStatus};

pub fn status(services: &Services, actor: &Actor) -> Result<SubscriptionStatus, AppError> {
    actor.require(&[Role::StoreOwner])?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Read, |repos| {
        let active = repos.active_subscription(actor.user_id, now)?;
        let current_store_count = i64::try_from(repos.owner_store_ids(actor.user_id)?.len()).unwrap_or(i64::MAX);
        let remaining_days = active.as_ref().map_or(0, |s| days_left(s.ends_at, now));
        Ok(SubscriptionStatus { active, current_store_count, remaining_days })
    })
}

pub fn toggle_auto_renew(services: &Services, actor: &Actor) -> Result<SubscriptionStatus, AppError> {
    actor.require(&[Role::StoreOwner])?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let plan = repos.active_subscription(actor.user_id, now)?.ok_or(AppError::Conflict(Conflict::NoActivePlan))?;
        Ok(repos.set_auto_renew(plan.id, !plan.auto_renew, now)?)
    })?;
    status(services, actor)
}

pub fn cancel(services: &Services, actor: &Actor) -> Result<SubscriptionStatus, AppError> {
    actor.require(&[Role::StoreOwner])?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        repos.active_subscription(actor.user_id, now)?.ok_or(AppError::Conflict(Conflict::NoActivePlan))?;
        Ok(repos.end_subscription(actor.user_id, "cancelled", now)?)
    })?;
    status(services, actor)
}

/// Redeems a card code: once ever, even under concurrent attempts. The same package as the
/// active plan extends it; another package replaces it from today.
pub fn redeem_card(services: &Services, actor: &Actor, code: &str) -> Result<SubscriptionStatus, AppError> {
    actor.require(&[Role::StoreOwner])?;
    let code = CardCode::parse(code).map_err(|m| FieldErrors::single("code", m))?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let package_id = match repos.claim_card(code.as_str(), actor.user_id, now)? {
            Ok(package_id) => package_id,
            Err(CardProblem::Unknown) => return Err(FieldErrors::single("code", Msg::RedemptionCodeUnknown).into()),
            Err(CardProblem::AlreadyRedeemed) => return Err(AppError::Conflict(Conflict::CardAlreadyRedeemed)),
            Err(CardProblem::Expired) => return Err(AppError::Conflict(Conflict::CardExpired)),
        };
        let package = repos.package_summary(package_id)?.ok_or(AppError::NotFound)?;
        let current = repos.active_subscription(actor.user_id, now)?;
        let (starts_at, ends_at) = next_period(
            current.as_ref().map(|s| (s.package.id, s.starts_at, s.ends_at)),
            package.id,
            u32::try_from(package.duration_months).unwrap_or(1),
            now,
        );
        let auto_renew = current.as_ref().is_some_and(|s| s.auto_renew);
        // The active row (even one past its end) gives way to the new period.
        repos.end_subscription(actor.user_id, "replaced", now)?;
        repos.insert_subscription(NewSubscription {
            store_owner_id: actor.user_id,
            package_id: package.id,
            starts_at,
            ends_at,
            auto_renew,
            source: "card",
            notes: Some(format!("card {}", code.as_str())),
            now,
        })?;
        Ok(())
    })?;
    status(services, actor)
}
