//! Tiers (issue #38, item 3): the owner's ladder (`GET/PUT /loyalty-tiers`), a customer's tier
//! moved by its sales (in the sale's transaction: the tier held when the sale starts multiplies
//! its points, the spend after it moves the tier) and by the daily run (grace ends, returns and
//! sales leaving the twelve months' window). The rules (levels, grace, the multiplier) are the
//! domain's (`loyalty_domain::tiers`, `points::points_with_multiplier`).

use chrono::NaiveDateTime;
use loyalty_domain::local_day::local_date;
use loyalty_domain::tiers::{spend_window_start, Standing, TierInput, TierLadder};
use loyalty_domain::Money;

use super::owner::settings_owner;
use super::programs::OwnerPrograms;
use super::webhooks;
use crate::ports::{transaction, Repos, SaleStart, TierHolder, TxMode};
use crate::{Actor, AppError, Customer, CustomerTier, Operation, Services, WebhookData, WebhookEventType};

/// The daily run's name among the jobs.
pub const JOB: &str = "review_tiers";
/// Customers reviewed in one transaction of the daily run.
const BATCH: i64 = 500;

/// The ladder that applies to the caller's sales: its own for an owner, its store's owner's for
/// a cashier, its owner's for a key. Empty: no tiers.
pub fn ladder(services: &Services, actor: &Actor) -> Result<TierLadder, AppError> {
    actor.authorize(Operation::GetLoyaltyTiers)?;
    transaction(&*services.db, TxMode::Read, |repos| {
        let owner = settings_owner(repos, actor)?;
        Ok(repos.loyalty_tiers(owner)?)
    })
}

/// Replaces the owner's ladder (all levels checked together; an empty list removes the tiers
/// and every customer's standing). Customers move to the new ladder at their next sale or the
/// next daily run.
pub fn save(services: &Services, actor: &Actor, input: &[TierInput]) -> Result<TierLadder, AppError> {
    actor.authorize(Operation::PutLoyaltyTiers)?;
    let ladder = TierLadder::parse(input)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let owner = settings_owner(repos, actor)?;
        // Two saves at once replace the ladder one after the other (its rows are deleted and
        // inserted: without the owner's lock both would insert level 0).
        repos.lock_user(owner, now)?;
        repos.save_loyalty_tiers(owner, &ladder, now)?;
        if ladder.is_empty() {
            repos.clear_tier_standings(owner)?;
        }
        Ok(repos.loyalty_tiers(owner)?)
    })
}

/// A customer's tier now: where its standing and spend put it today (what its next sale would
/// use), without writing. `None` when the owner has no tiers or the customer holds no level.
pub(crate) fn tier_of(
    repos: &mut dyn Repos,
    owner_id: i64,
    customer_id: i64,
    now: NaiveDateTime,
) -> Result<Option<CustomerTier>, AppError> {
    let ladder = repos.loyalty_tiers(owner_id)?;
    if ladder.is_empty() {
        return Ok(None);
    }
    let Some(holder) = repos.tier_holder(customer_id, spend_window_start(now))? else {
        return Ok(None);
    };
    let standing = ladder.standing(holder.standing, holder.spend, local_date(now));
    Ok(CustomerTier::of(&ladder, standing, holder.spend))
}

/// A sale's tier, read when it starts: the ladder and where the customer stands before it.
pub(crate) struct SaleTier<'a> {
    ladder: &'a TierLadder,
    stored: Standing,
    start: Standing,
    spend_before: Money,
}

impl SaleTier<'_> {
    /// Where a sale of `total` puts the customer: its standing and spend after it.
    fn after(&self, total: Money, now: NaiveDateTime) -> (Standing, Money) {
        let spend = Money::from_dirhams(self.spend_before.dirhams().saturating_add(total.dirhams()));
        (self.ladder.standing(self.start, spend, local_date(now)), spend)
    }

    /// The standing to write with the sale's points (`PointsChange::with_tier`), when the sale
    /// of `total` moves it.
    pub(crate) fn moved(tier: Option<&SaleTier<'_>>, total: Money, now: NaiveDateTime) -> Option<Standing> {
        let tier = tier?;
        let (after, _) = tier.after(total, now);
        (after != tier.stored).then_some(after)
    }

    /// The multiplier of the tier held when the sale starts, in thousandths (1000 without one).
    pub(crate) fn multiplier_milli(tier: Option<&SaleTier<'_>>) -> i64 {
        tier.map_or(loyalty_domain::tiers::MULTIPLIER_MIN_MILLI, |t| t.ladder.multiplier_milli(t.start))
    }
}

/// A sale's first read (or its preview's): the owner's settings and programs' version and, with
/// a customer and tiers, the customer's standing and spend over the window ending `now`.
pub(crate) fn sale_start(
    repos: &mut dyn Repos,
    owner_id: i64,
    customer_id: Option<i64>,
    now: NaiveDateTime,
) -> Result<SaleStart, AppError> {
    let customer = customer_id.map(|id| (id, spend_window_start(now)));
    repos.sale_settings(owner_id, customer)?.ok_or(AppError::NotFound)
}

/// Before a sale, with the owner's ladder (kept per owner: `programs`) and the customer's
/// standing and spend as the sale's first read found them (`SaleStart::holder`): `None`
/// without tiers. A ladder saved between that read and the kept one's load has no holder
/// read with it: then it is read here (one statement).
pub(crate) fn before_sale<'a>(
    repos: &mut dyn Repos,
    ladder: &'a TierLadder,
    holder: Option<TierHolder>,
    customer_id: i64,
    now: NaiveDateTime,
) -> Result<Option<SaleTier<'a>>, AppError> {
    if ladder.is_empty() {
        return Ok(None);
    }
    let holder = match holder {
        Some(holder) => Some(holder),
        None => repos.tier_holder(customer_id, spend_window_start(now))?,
    };
    let Some(TierHolder { standing, spend, .. }) = holder else {
        return Err(AppError::NotFound);
    };
    let start = ladder.standing(standing, spend, local_date(now));
    Ok(Some(SaleTier { ladder, stored: standing, start, spend_before: spend }))
}

/// After a sale of `total` (its points written with the standing it moved to:
/// `SaleTier::moved`): the customer's tier as it now stands, and when it moved,
/// `customer.tier_changed` told to the owner's endpoints.
pub(crate) fn after_sale(
    repos: &mut dyn Repos,
    services: &Services,
    programs: &OwnerPrograms,
    customer: &Customer,
    tier: Option<SaleTier<'_>>,
    total: Money,
    now: NaiveDateTime,
) -> Result<Option<CustomerTier>, AppError> {
    let Some(tier) = tier else {
        return Ok(None);
    };
    let (after, spend) = tier.after(total, now);
    let now_tier = CustomerTier::of(tier.ladder, after, spend);
    if after != tier.stored {
        let told = Told { before: tier.stored, tier: now_tier.clone(), now };
        tell(repos, services, Some(programs), tier.ladder, customer.clone(), told)?;
    }
    Ok(now_tier)
}

/// A move to tell: where the customer stood, the tier it holds now, when.
struct Told {
    before: Standing,
    tier: Option<CustomerTier>,
    now: NaiveDateTime,
}

/// `customer.tier_changed`, when the level shown or its grace moved (not when only a stored
/// level the ladder no longer has was put right). On the sale path the owner's subscriptions
/// are known (`programs`); the daily run asks the database.
fn tell(
    repos: &mut dyn Repos,
    services: &Services,
    programs: Option<&OwnerPrograms>,
    ladder: &TierLadder,
    customer: Customer,
    Told { before, tier, now }: Told,
) -> Result<(), AppError> {
    let previous = ladder.held(before);
    let previous_level = previous.map(|(level, _)| level as i64 + 1);
    let shown = (previous_level, previous.and(before.grace_until));
    if shown == (tier.as_ref().map(|t| t.level), tier.as_ref().and_then(|t| t.grace_until)) {
        return Ok(());
    }
    let store = customer.store.clone();
    let data = WebhookData::TierChanged { customer, tier, previous_level };
    webhooks::emit_known(repos, services, programs, &store, WebhookEventType::TierChanged, data, now)
}

/// What one daily run did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TierRun {
    pub reviewed: usize,
    pub moved: usize,
}

/// Once a Tripoli day (across instances, `claim_job`): every customer of every owner with tiers
/// stands where its spend of the last twelve months and its grace put it (down when the grace
/// has ended; up when a ladder changed). `None` when another run had the day.
pub fn run_daily(services: &Services) -> Result<Option<TierRun>, AppError> {
    let now = services.clock.now();
    if !super::housekeeping::claim_local_day(services, JOB, now)? {
        return Ok(None);
    }
    review_all(services, now).map(Some)
}

/// The daily run's review, at `now`.
fn review_all(services: &Services, now: NaiveDateTime) -> Result<TierRun, AppError> {
    let today = local_date(now);
    let since = spend_window_start(now);
    let owners = transaction(&*services.db, TxMode::Read, |repos| Ok(repos.owners_with_tiers()?))?;
    let mut run = TierRun::default();
    for owner in owners {
        let mut after = 0;
        loop {
            let (seen, last, moved) = transaction(&*services.db, TxMode::Write, |repos| {
                let ladder = repos.loyalty_tiers(owner)?;
                let holders = repos.tier_holders(owner, since, after, BATCH)?;
                let mut moved = 0;
                for holder in &holders {
                    let standing = ladder.standing(holder.standing, holder.spend, today);
                    if standing != holder.standing {
                        repos.set_tier_standing(holder.customer_id, standing)?;
                        moved += 1;
                        if let Some(customer) = repos.customer_by_id(holder.customer_id)? {
                            let tier = CustomerTier::of(&ladder, standing, holder.spend);
                            let told = Told { before: holder.standing, tier, now };
                            tell(repos, services, None, &ladder, customer, told)?;
                        }
                    }
                }
                Ok((holders.len(), holders.last().map(|h| h.customer_id), moved))
            })?;
            run.reviewed += seen;
            run.moved += moved;
            match last {
                Some(last) if seen == usize::try_from(BATCH).unwrap_or(usize::MAX) => after = last,
                _ => break,
            }
        }
    }
    Ok(run)
}
