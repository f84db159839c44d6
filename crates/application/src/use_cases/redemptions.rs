//! Redeeming a reward for a customer: an atomic, conditional deduction.

use loyalty_domain::{FieldErrors, Msg, Role};

use super::customers::{customer_at_counter, SalesQuery};
use super::idempotency;
use crate::ports::{transaction, NewLedgerEntry, NewRedemption, Repos, RewardCounts, TxMode};
use crate::{ActivityKind, Actor, AppError, Conflict, LedgerKind, Page, Redemption, Services};

const READERS: &[Role] = &[Role::PosUser, Role::StoreOwner, Role::Admin];

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RedemptionDone {
    pub redemption: Redemption,
    pub points_deducted: i64,
    pub customer_total_points: i64,
    /// Answered from what an earlier request with the same `Idempotency-Key` stored.
    pub replayed: bool,
}

/// Deducts the reward's points in one conditional update (never below zero, whatever runs
/// at the same time) and records the redemption and its ledger row.
pub fn create(
    services: &Services,
    actor: &Actor,
    customer_id: Option<i64>,
    reward_id: Option<i64>,
    idempotency_key: Option<&str>,
) -> Result<RedemptionDone, AppError> {
    actor.require_permission(crate::Permission::RedeemReward)?;
    let counter_store = actor.counter_store()?;
    let key = idempotency::parse_key(idempotency_key)?;
    let mut errors = FieldErrors::new();
    if customer_id.is_none() {
        errors.add("customer_id", Msg::CustomerFirst);
    }
    if reward_id.is_none() {
        errors.add("reward_id", Msg::RewardRequired);
    }
    errors.into_result()?;
    let (Some(customer_id), Some(reward_id)) = (customer_id, reward_id) else {
        return Err(AppError::Internal("validated redemption fields missing".into()));
    };
    let request = format!("redemption|{customer_id}|{reward_id}");
    let now = services.clock.now();

    let done = idempotency::run(
        services,
        actor.user_id,
        key.as_deref(),
        &request,
        |repos| {
            let customer = customer_at_counter(repos, actor, customer_id, counter_store)?;
            let store_id = customer.store.id;
            let reward = repos
                .reward_by_id(reward_id, RewardCounts::Without)?
                .filter(|r| r.store_owner_id == customer.store.owner_id)
                .ok_or(AppError::NotFound)?;
            if !reward.is_active {
                return Err(AppError::Conflict(Conflict::RewardUnavailable));
            }
            let balance = repos
                .change_points(customer_id, -reward.points_required, now)?
                .ok_or(AppError::Conflict(Conflict::InsufficientPoints))?;
            let redemption_id = repos.insert_redemption(NewRedemption {
                store_id,
                customer_id,
                reward_id,
                pos_user_id: actor.user_id,
                points_spent: reward.points_required,
                now,
            })?;
            repos.append_ledger(NewLedgerEntry {
                customer_id,
                store_id,
                kind: LedgerKind::Redemption,
                delta: -reward.points_required,
                balance_after: balance,
                reason: Some(&reward.name),
                actor_id: actor.user_id,
                api_key_id: actor.key_id(),
                invoice_id: None,
                redemption_id: Some(redemption_id),
                now,
            })?;
            super::activity::log(
                repos,
                ActivityKind::RedemptionCreated,
                Some(actor),
                store_id,
                redemption_id,
                vec![
                    ("customer", customer.name.clone()),
                    ("reward", reward.name.clone()),
                    ("points", reward.points_required.to_string()),
                ],
                now,
            )?;
            let answer = format!("{redemption_id}:{balance}");
            if let Some(key) = &key {
                idempotency::remember(repos, actor.user_id, key, &request, &answer, now)?;
            }
            let done = rebuild(repos, &answer)?;
            let data = crate::WebhookData::Redemption(done.redemption.clone());
            let (owner, event) = (customer.store.owner_id, crate::WebhookEventType::RedemptionCreated);
            super::webhooks::emit(repos, &*services.ids, owner, event, data, now)?;
            Ok(done)
        },
        rebuild,
    )?;
    Ok(RedemptionDone { replayed: done.replayed, ..done.value })
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
    actor.require(READERS)?;
    transaction(&*services.db, TxMode::Read, |repos| {
        let filter = query.filter(repos, actor)?;
        let (items, total) = repos.list_redemptions(&filter, query.page)?;
        Ok(Page { items, page: query.page.page, per_page: query.page.per_page, total })
    })
}
