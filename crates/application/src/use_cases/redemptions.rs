//! Redeeming for a customer: a reward, or a chosen number of points used as money where the
//! owner gave points a value. Either is one atomic, conditional deduction.

use loyalty_domain::{FieldErrors, LoyaltySettings, Money, Msg};

use super::customers::{customer_at_counter, SalesQuery};
use super::idempotency;
use crate::ports::{transaction, NewLedgerEntry, NewRedemption, PointsChange, Repos, RewardCounts, TxMode};
use crate::Operation;
use crate::{ActivityKind, Actor, AppError, Conflict, LedgerKind, Page, Redemption, Services};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RedemptionDone {
    pub redemption: Redemption,
    pub points_deducted: i64,
    pub customer_total_points: i64,
    /// Answered from what an earlier request with the same `Idempotency-Key` stored.
    pub replayed: bool,
}

/// What a redemption asks for, as sent: a reward, or a number of points to use as money.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RedemptionRequest {
    pub customer_id: Option<i64>,
    pub reward_id: Option<i64>,
    /// Points to use as money, where the owner gave points a value.
    pub points: Option<i64>,
}

/// What is being bought with the points.
#[derive(Debug, Clone, Copy)]
enum Spend {
    Reward(i64),
    Points(i64),
}

impl RedemptionRequest {
    /// The customer and what to spend, or every missing or contradictory field at once.
    fn checked(self) -> Result<(i64, Spend), AppError> {
        let mut errors = FieldErrors::new();
        if self.customer_id.is_none() {
            errors.add("customer_id", Msg::CustomerFirst);
        }
        let spend = match (self.reward_id, self.points) {
            (Some(reward), None) => Some(Spend::Reward(reward)),
            (None, Some(points)) => Some(Spend::Points(points)),
            (None, None) => {
                errors.add("reward_id", Msg::RewardRequired);
                None
            }
            (Some(_), Some(_)) => {
                errors.add("points", Msg::RewardOrPoints);
                None
            }
        };
        errors.into_result()?;
        match (self.customer_id, spend) {
            (Some(customer), Some(spend)) => Ok((customer, spend)),
            _ => Err(AppError::Internal("validated redemption fields missing".into())),
        }
    }
}

/// The LYD `points` are worth under `settings`: 409 where points have no value, 422 (under
/// `points`) below the owner's minimum or worth nothing.
fn points_value(settings: &LoyaltySettings, points: i64) -> Result<Money, AppError> {
    settings
        .redeem_value(points)
        .map_err(|m| FieldErrors::single("points", m))?
        .ok_or(AppError::Conflict(Conflict::PointsHaveNoValue))
}

/// Deducts the points (a reward's price, or the number chosen to use as money) in one
/// conditional update (never below zero, whatever runs at the same time) and records the
/// redemption and its ledger row.
pub fn create(
    services: &Services,
    actor: &Actor,
    request: RedemptionRequest,
    idempotency_key: Option<&str>,
) -> Result<RedemptionDone, AppError> {
    actor.require_permission(crate::Permission::RedeemReward)?;
    let counter_store = actor.counter_store()?;
    let key = idempotency::parse_key(idempotency_key)?;
    let (customer_id, spend) = request.checked()?;
    let request = match spend {
        Spend::Reward(reward_id) => format!("redemption|{customer_id}|{reward_id}"),
        Spend::Points(points) => format!("redemption|{customer_id}|points:{points}"),
    };
    let now = services.clock.now();

    let done = idempotency::run(
        services,
        actor.user_id,
        key.as_deref(),
        &request,
        |repos| {
            let customer = customer_at_counter(repos, actor, customer_id, counter_store)?;
            let store_id = customer.store.id;
            // (reward id and name, or the LYD value; points spent)
            let (reward, value, points) = match spend {
                Spend::Reward(reward_id) => {
                    let reward = repos
                        .reward_by_id(reward_id, RewardCounts::Without)?
                        .filter(|r| r.store_owner_id == customer.store.owner_id)
                        .ok_or(AppError::NotFound)?;
                    if !reward.is_active {
                        return Err(AppError::Conflict(Conflict::RewardUnavailable));
                    }
                    (Some((reward.id, reward.name)), None, reward.points_required)
                }
                Spend::Points(points) => {
                    let settings = repos.loyalty_settings(customer.store.owner_id)?;
                    (None, Some(points_value(&settings, points)?), points)
                }
            };
            // Points due today are gone before any are spent.
            super::expiry::expire_due(repos, customer_id, now)?;
            let short = match spend {
                Spend::Reward(_) => Conflict::InsufficientPoints,
                Spend::Points(_) => Conflict::InsufficientPointsToUse,
            };
            let balance =
                repos.change_points(customer_id, PointsChange::Spend(points), now)?.ok_or(AppError::Conflict(short))?;
            let redemption_id = repos.insert_redemption(NewRedemption {
                store_id,
                customer_id,
                reward_id: reward.as_ref().map(|r| r.0),
                value,
                pos_user_id: actor.user_id,
                api_key_id: actor.key_id(),
                points_spent: points,
                now,
            })?;
            repos.append_ledger(NewLedgerEntry {
                customer_id,
                store_id,
                kind: LedgerKind::Redemption,
                delta: -points,
                balance_after: balance,
                reason: reward.as_ref().map(|r| r.1.as_str()),
                actor_id: Some(actor.user_id),
                api_key_id: actor.key_id(),
                invoice_id: None,
                redemption_id: Some(redemption_id),
                now,
            })?;
            let mut details = vec![("customer", customer.name.clone())];
            match (&reward, value) {
                (Some((_, name)), _) => details.push(("reward", name.clone())),
                (None, Some(value)) => details.push(("value", value.to_string())),
                (None, None) => {}
            }
            details.push(("points", points.to_string()));
            super::activity::log(
                repos,
                ActivityKind::RedemptionCreated,
                Some(actor),
                store_id,
                redemption_id,
                details,
                now,
            )?;
            let answer = format!("{redemption_id}:{balance}");
            if let Some(key) = &key {
                idempotency::remember(repos, actor.user_id, key, &request, &answer, now)?;
            }
            let done = rebuild(repos, &answer)?;
            let data = crate::WebhookData::Redemption(done.redemption.clone());
            let event = crate::WebhookEventType::RedemptionCreated;
            super::webhooks::emit(repos, services, &customer.store, event, data, now)?;
            Ok(done)
        },
        rebuild,
    )?;
    Ok(RedemptionDone { replayed: done.replayed, ..done.value })
}

/// What using points as money would give a customer at the caller's counter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RedemptionPreview {
    pub customer_id: i64,
    pub balance: i64,
    /// What 100 points are worth; `None`: points buy rewards only here.
    pub point_value: Option<Money>,
    /// The fewest points to use at once.
    pub min_points: i64,
    /// The whole balance's worth, with a value set.
    pub balance_value: Option<Money>,
    /// The points asked about, their worth and the balance after.
    pub points: Option<i64>,
    pub value: Option<Money>,
    pub balance_after: Option<i64>,
}

/// The same checks as using `points` as money, without spending anything; without `points`,
/// what the customer's balance is worth and the owner's terms.
pub fn preview(
    services: &Services,
    actor: &Actor,
    customer_id: Option<i64>,
    points: Option<i64>,
) -> Result<RedemptionPreview, AppError> {
    actor.require_permission(crate::Permission::RedeemReward)?;
    let counter_store = actor.counter_store()?;
    let customer_id = customer_id.ok_or_else(|| FieldErrors::single("customer_id", Msg::CustomerFirst))?;
    transaction(&*services.db, TxMode::Read, |repos| {
        let customer = customer_at_counter(repos, actor, customer_id, counter_store)?;
        let settings = repos.loyalty_settings(customer.store.owner_id)?;
        let balance = customer.loyalty_points;
        let mut preview = RedemptionPreview {
            customer_id,
            balance,
            point_value: settings.point_value,
            min_points: settings.min_redeem_points,
            balance_value: settings.value_of(balance),
            points: None,
            value: None,
            balance_after: None,
        };
        if let Some(points) = points {
            let value = points_value(&settings, points)?;
            if points > balance {
                return Err(AppError::Conflict(Conflict::InsufficientPointsToUse));
            }
            preview.points = Some(points);
            preview.value = Some(value);
            preview.balance_after = Some(balance - points);
        }
        Ok(preview)
    })
}

fn rebuild(repos: &mut dyn Repos, answer: &str) -> Result<RedemptionDone, AppError> {
    let (redemption_id, balance) = idempotency::two_ids(answer)?;
    let redemption = repos.redemption_by_id(redemption_id)?.ok_or(AppError::NotFound)?;
    Ok(RedemptionDone {
        points_deducted: redemption.points_spent,
        customer_total_points: balance,
        redemption,
        replayed: false,
    })
}

pub fn list(services: &Services, actor: &Actor, query: SalesQuery) -> Result<Page<Redemption>, AppError> {
    actor.authorize(if query.customer_id.is_some() {
        Operation::CustomerRedemptions
    } else {
        Operation::ListRedemptions
    })?;
    transaction(&*services.db, TxMode::Read, |repos| {
        let filter = query.filter(repos, actor)?;
        let (items, total) = repos.list_redemptions(&filter, query.page)?;
        Ok(Page { items, page: query.page.page, per_page: query.page.per_page, total })
    })
}
