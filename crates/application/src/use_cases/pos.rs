//! The POS dashboard's panels: recent activity, today's counts, rewards to redeem.

use loyalty_domain::local_day::local_day_bounds;
use loyalty_domain::Role;

use crate::policy::StoreAccess;
use crate::ports::{transaction, RewardCounts, TxMode};
use crate::Operation;
use crate::{ActivityEvent, Actor, AppError, DayCounts, PageRequest, Reward, Services};

/// The spec's recent-activity length.
pub const RECENT_ACTIVITY: i64 = 10;

/// The latest invoices and redemptions of the actor's stores, newest first.
pub fn recent_activity(services: &Services, actor: &Actor, limit: i64) -> Result<Vec<ActivityEvent>, AppError> {
    actor.authorize(Operation::RecentActivity)?;
    let page = PageRequest::new(Some(1), Some(limit));
    transaction(&*services.db, TxMode::Read, |repos| {
        let filter = StoreAccess::of(actor, repos)?.filter(None)?;
        let (invoices, _) = repos.list_invoices(&filter, page)?;
        let (redemptions, _) = repos.list_redemptions(&filter, page)?;
        let mut events: Vec<ActivityEvent> = invoices
            .into_iter()
            .map(ActivityEvent::Invoice)
            .chain(redemptions.into_iter().map(ActivityEvent::Redemption))
            .collect();
        events.sort_by_key(|e| std::cmp::Reverse(e.created_at()));
        events.truncate(usize::try_from(page.per_page).unwrap_or(10));
        Ok(events)
    })
}

/// Invoices, points issued and redemptions of the POS user's store today (Tripoli time).
pub fn today(services: &Services, actor: &Actor) -> Result<DayCounts, AppError> {
    let store_id = actor.pos_store()?;
    let (from, to) = local_day_bounds(services.clock.now());
    transaction(&*services.db, TxMode::Read, |repos| Ok(repos.day_counts(store_id, from, to)?))
}

/// Rewards of the owner of the actor's store(s): active ones for a POS user, all for the owner.
pub fn rewards(services: &Services, actor: &Actor) -> Result<Vec<Reward>, AppError> {
    transaction(&*services.db, TxMode::Read, |repos| match actor.role {
        Role::PosUser => {
            let _ = StoreAccess::of(actor, repos)?;
            let store = repos.store_scope(actor.pos_store()?)?.ok_or(AppError::NotFound)?;
            Ok(repos.list_rewards(store.owner_id, true, RewardCounts::With)?)
        }
        Role::StoreOwner => Ok(repos.list_rewards(actor.user_id, false, RewardCounts::With)?),
        Role::Admin => Err(AppError::Forbidden),
    })
}
