//! A store owner's business: stores (within the plan's limit), loyalty settings, rewards,
//! registration links, dashboard figures and the customers overview. Admins create stores for
//! a chosen owner under the same limit.

use std::collections::{BTreeMap, BTreeSet};

use loyalty_domain::local_day::local_day_bounds;
use loyalty_domain::loyalty_settings::{EXPIRY_AHEAD_DAYS, EXPIRY_NOTICE_DAYS};
use loyalty_domain::{reward_rules, text, FieldErrors, LoyaltySettings, Msg, Role, SettingsChange};

use crate::policy::{can_access_store, Permission, StoreAccess};
use crate::ports::{replica_read, transaction, NewStore, Repos, RewardCounts, RewardFields, TxMode};
use crate::Operation;
use crate::{
    Actor, AppError, Conflict, CustomersOverview, OwnerSummary, Page, PageRequest, Reward, RewardType, Services,
    StoreRef, StoreSummary,
};

pub const ADDRESS_MAX: usize = 255;

/// Stores the actor can see: an owner's own, a POS user's one, every store for the admin.
pub fn list_stores(services: &Services, actor: &Actor) -> Result<Vec<StoreSummary>, AppError> {
    let today = local_day_bounds(services.clock.now());
    transaction(&*services.db, TxMode::Read, |repos| {
        let filter = StoreAccess::of(actor, repos)?.filter(None)?;
        Ok(repos.list_stores(&filter, today)?)
    })
}

#[derive(Debug, Clone, Default)]
pub struct StoreForm {
    pub name: String,
    pub address: Option<String>,
    /// Admin only: whose store it is. On an edit: left out, or the store's owner (a store stays
    /// with its owner).
    pub store_owner_id: Option<i64>,
}

/// Creates a store, refused with a 409 past the owner's plan limit or without an active plan.
pub fn create_store(services: &Services, actor: &Actor, form: StoreForm) -> Result<StoreSummary, AppError> {
    actor.authorize(Operation::CreateStore)?;
    let mut errors = FieldErrors::new();
    let name = errors.check("name", text::required(&form.name, Msg::StoreNameRequired, text::NAME_MAX));
    let address = errors.check("address", text::optional(form.address.as_deref(), ADDRESS_MAX)).flatten();
    let owner_id = match actor.role {
        Role::Admin => {
            if form.store_owner_id.is_none() {
                errors.add("store_owner_id", Msg::StoreOwnerRequired);
            }
            form.store_owner_id
        }
        _ => Some(actor.user_id),
    };
    errors.into_result()?;
    let (Some(name), Some(owner_id)) = (name, owner_id) else {
        return Err(AppError::Internal("validated store fields missing".into()));
    };
    let now = services.clock.now();
    let token = services.ids.random_id();
    let id = transaction(&*services.db, TxMode::Write, |repos| {
        let owner = repos.user_by_id(owner_id)?.filter(|u| u.role == Role::StoreOwner);
        if owner.is_none() || !repos.lock_user(owner_id, now)? {
            return Err(FieldErrors::single("store_owner_id", Msg::StoreOwnerRequired).into());
        }
        let plan = super::subscriptions::plan_in_effect(repos, owner_id, now)?;
        let used = i64::try_from(repos.owner_store_ids(owner_id)?.len()).unwrap_or(i64::MAX);
        if crate::store_slots_left(Some(&plan), used) == 0 {
            // The admin adds a store for an owner: the message speaks of the owner's plan.
            let by_admin = actor.role == Role::Admin;
            return Err(AppError::Conflict(if by_admin {
                Conflict::OwnersStoreLimitReached
            } else {
                Conflict::StoreLimitReached
            }));
        }
        Ok(repos.insert_store(NewStore { owner_id, name, address, registration_token: token, sandbox: false, now })?)
    })?;
    find_store(services, actor, id)
}

/// Replaces a store's name and address.
pub fn update_store(services: &Services, actor: &Actor, id: i64, form: StoreForm) -> Result<StoreSummary, AppError> {
    actor.authorize(Operation::UpdateStore)?;
    let (name, address) = check_store(&form)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let store = editable_store(repos, actor, id)?;
        if form.store_owner_id.is_some_and(|owner| owner != store.owner_id) {
            return Err(FieldErrors::single("store_owner_id", Msg::StoreOwnerFixed).into());
        }
        Ok(repos.update_store(store.id, &name, address.as_deref(), now)?)
    })?;
    find_store(services, actor, id)
}

/// What a JSON Merge Patch of a store asks: `None` leaves a field as it is; for the address,
/// `Some(None)` clears it.
#[derive(Debug, Clone, Default)]
pub struct StorePatch {
    pub name: Option<String>,
    pub address: Option<Option<String>>,
}

/// Changes only what the patch names, over the store as it is in this transaction, with the
/// same rules as [`update_store`].
pub fn patch_store(services: &Services, actor: &Actor, id: i64, patch: StorePatch) -> Result<StoreSummary, AppError> {
    actor.authorize(Operation::PatchStore)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let store = editable_store(repos, actor, id)?;
        let filter = crate::ports::RecordFilter { store_ids: Some(vec![store.id]), ..Default::default() };
        let current =
            repos.list_stores(&filter, local_day_bounds(now))?.into_iter().next().ok_or(AppError::NotFound)?;
        let form = StoreForm {
            name: patch.name.clone().unwrap_or(current.name),
            address: patch.address.clone().unwrap_or(current.address),
            store_owner_id: None,
        };
        let (name, address) = check_store(&form)?;
        Ok(repos.update_store(store.id, &name, address.as_deref(), now)?)
    })?;
    find_store(services, actor, id)
}

/// A store's name and address as an edit checks them (a blank address is none).
fn check_store(form: &StoreForm) -> Result<(String, Option<String>), AppError> {
    let mut errors = FieldErrors::new();
    let name = errors.check("name", text::required(&form.name, Msg::StoreNameRequired, text::NAME_MAX));
    let address = errors.check("address", text::optional(form.address.as_deref(), ADDRESS_MAX)).flatten();
    errors.into_result()?;
    let name = name.ok_or_else(|| AppError::Internal("validated name missing".into()))?;
    Ok((name, address))
}

/// A store the actor may edit: its owner's, or any for the admin; 404 otherwise.
fn editable_store(repos: &mut dyn Repos, actor: &Actor, id: i64) -> Result<crate::StoreScope, AppError> {
    repos.store_scope(id)?.filter(|s| can_access_store(actor, s)).ok_or(AppError::NotFound)
}

/// Deletes a store made by mistake: its owner's (or, for the admin, any), refused with a 409
/// while it has customers or sales (they stay in the books).
pub fn delete_store(services: &Services, actor: &Actor, id: i64) -> Result<(), AppError> {
    actor.authorize(Operation::DeleteStore)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let store = repos.store_scope(id)?.filter(|s| can_access_store(actor, s)).ok_or(AppError::NotFound)?;
        if repos.store_has_history(store.id)? {
            return Err(AppError::Conflict(Conflict::StoreHasHistory));
        }
        Ok(repos.hide_store(store.id, now)?)
    })
}

fn find_store(services: &Services, actor: &Actor, id: i64) -> Result<StoreSummary, AppError> {
    list_stores(services, actor)?.into_iter().find(|s| s.id == id).ok_or(AppError::NotFound)
}

/// QR code sizes in pixels (spec section 9); 200 when none is asked for.
pub const QR_SIZES: [u32; 3] = [150, 200, 300];

/// The store's registration token and the QR size, for its QR code: only its owner (or the
/// admin).
pub fn registration_link(
    services: &Services,
    actor: &Actor,
    store_id: i64,
    size: Option<u32>,
) -> Result<(StoreRef, String, u32), AppError> {
    actor.authorize(Operation::GenerateQr)?;
    let size = qr_size(size)?;
    transaction(&*services.db, TxMode::Read, |repos| {
        let store = linked_store(repos, actor, store_id)?;
        let token = repos.registration_token(store.id)?.ok_or(AppError::NotFound)?;
        Ok((store, token, size))
    })
}

/// The QR size asked for (200 when none), one of [`QR_SIZES`].
fn qr_size(size: Option<u32>) -> Result<u32, AppError> {
    let size = size.unwrap_or(200);
    if !QR_SIZES.contains(&size) {
        return Err(FieldErrors::single("size", Msg::QrSize).into());
    }
    Ok(size)
}

/// A store whose registration link the actor may see or change: its owner's, or any for the admin.
fn linked_store(repos: &mut dyn Repos, actor: &Actor, store_id: i64) -> Result<StoreRef, AppError> {
    let store = repos.store_scope(store_id)?.filter(|s| can_access_store(actor, s)).ok_or(AppError::NotFound)?;
    Ok(StoreRef { id: store.id, name: store.name })
}

/// A new registration link for the store (for a link that was shared too widely or misused):
/// the old link and its printed QR code stop working at once. Only its owner (or the admin).
pub fn rotate_registration_link(
    services: &Services,
    actor: &Actor,
    store_id: i64,
    size: Option<u32>,
) -> Result<(StoreRef, String, u32), AppError> {
    actor.authorize(Operation::RotateQr)?;
    let size = qr_size(size)?;
    let token = services.ids.random_id();
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let store = linked_store(repos, actor, store_id)?;
        repos.replace_registration_token(store.id, &token, now)?;
        Ok((store, token.clone(), size))
    })
}

/// The owner's loyalty settings, or for a POS user those of its store's owner (so the invoice
/// form can show the minimum purchase and ask to confirm a large total).
pub fn loyalty_settings(services: &Services, actor: &Actor) -> Result<LoyaltySettings, AppError> {
    actor.authorize(Operation::GetLoyaltyConfig)?;
    transaction(&*services.db, TxMode::Read, |repos| {
        let owner = settings_owner(repos, actor)?;
        Ok(repos.loyalty_settings(owner)?)
    })
}

/// Whose settings apply to the actor's sales: its own for an owner, its store's owner's for a
/// POS user.
pub(crate) fn settings_owner(repos: &mut dyn Repos, actor: &Actor) -> Result<i64, AppError> {
    Ok(match actor.role {
        Role::PosUser => repos.store_scope(actor.pos_store()?)?.ok_or(AppError::NotFound)?.owner_id,
        _ => actor.user_id,
    })
}

/// Changes the fields given and keeps the others (`PUT /loyalty-config`, which erases nothing
/// it leaves out).
pub fn save_loyalty_settings(
    services: &Services,
    actor: &Actor,
    change: &SettingsChange,
) -> Result<LoyaltySettings, AppError> {
    actor.require_permission(Permission::ManageLoyaltySettings)?;
    merge_loyalty_settings(services, actor, change)
}

/// A JSON Merge Patch of the settings: the fields it names change, over the settings as they
/// are in this transaction, with the same rules as [`save_loyalty_settings`].
pub fn patch_loyalty_settings(
    services: &Services,
    actor: &Actor,
    change: &SettingsChange,
) -> Result<LoyaltySettings, AppError> {
    actor.authorize(Operation::PatchLoyaltyConfig)?;
    merge_loyalty_settings(services, actor, change)
}

fn merge_loyalty_settings(
    services: &Services,
    actor: &Actor,
    change: &SettingsChange,
) -> Result<LoyaltySettings, AppError> {
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let next = repos.loyalty_settings(actor.user_id)?.with(change)?;
        repos.save_loyalty_settings(actor.user_id, &next, now)?;
        Ok(next)
    })
}

/// What a sale of `total` would earn at the actor's counter, from the same rule the sale uses;
/// for `customer_id`, with the multiplier of the tier the customer holds.
pub fn preview_sale(
    services: &Services,
    actor: &Actor,
    total: &str,
    customer_id: Option<i64>,
) -> Result<crate::SalePreview, AppError> {
    actor.require_permission(Permission::CreateInvoice)?;
    let total = super::invoices::parse_total(Some(total)).map_err(|m| FieldErrors::single("total", m))?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Read, |repos| {
        let owner = settings_owner(repos, actor)?;
        if let Some(id) = customer_id {
            super::customers::customer_at_counter(repos, actor, id, actor.counter_store()?)?;
        }
        let start = super::tiers::sale_start(repos, owner, customer_id, now)?;
        let settings = start.settings;
        let total = settings.check_total(total).map_err(|m| FieldErrors::single("total", m))?;
        let multiplier_milli = match customer_id {
            Some(id) => {
                // The counter's customers are the settings owner's: the same ladder as the sale's.
                let programs = services.programs.get(repos, owner, start.programs_version)?;
                let tier = super::tiers::before_sale(repos, &programs.ladder, start.holder, id, now)?;
                super::tiers::SaleTier::multiplier_milli(tier.as_ref())
            }
            None => super::tiers::SaleTier::multiplier_milli(None),
        };
        Ok(crate::SalePreview {
            total,
            points: loyalty_domain::points::points_with_multiplier(settings.points_for(total), multiplier_milli),
            multiplier_milli,
            needs_confirmation: settings.needs_confirmation(total),
            settings,
        })
    })
}

/// The reward form as typed.
#[derive(Debug, Clone, Default)]
pub struct RewardForm {
    pub name: String,
    pub description: Option<String>,
    pub reward_type: Option<String>,
    pub points_required: Option<i64>,
    pub amount: Option<String>,
    pub is_active: Option<bool>,
}

fn validate_reward(form: RewardForm) -> Result<RewardFields, AppError> {
    let mut errors = FieldErrors::new();
    let name = errors.check("name", text::required(&form.name, Msg::RewardNameRequired, text::NAME_MAX));
    let description =
        errors.check("description", text::optional_multiline(form.description.as_deref(), text::NOTES_MAX)).flatten();
    let reward_type = form.reward_type.as_deref().and_then(RewardType::parse);
    if reward_type.is_none() {
        errors.add("type", Msg::RewardTypeRequired);
    }
    let points = errors.check("points_required", reward_rules::points_required(form.points_required.unwrap_or(0)));
    let amount = match reward_type {
        Some(t) => errors.check(
            "amount",
            reward_rules::reward_amount(t == RewardType::Discount, form.amount.as_deref().unwrap_or("")),
        ),
        None => Some(0),
    };
    errors.into_result()?;
    match (name, reward_type, points, amount) {
        (Some(name), Some(reward_type), Some(points_required), Some(amount_milli)) => Ok(RewardFields {
            name,
            description,
            reward_type,
            points_required,
            amount_milli,
            is_active: form.is_active.unwrap_or(true),
        }),
        _ => Err(AppError::Internal("validated reward fields missing".into())),
    }
}

pub fn create_reward(services: &Services, actor: &Actor, form: RewardForm) -> Result<Reward, AppError> {
    actor.authorize(Operation::CreateReward)?;
    let fields = validate_reward(form)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        super::subscriptions::plan_in_effect(repos, actor.user_id, now)?;
        let id = repos.insert_reward(&fields, actor.user_id, now)?;
        repos.reward_by_id(id, RewardCounts::With)?.ok_or(AppError::NotFound)
    })
}

/// Replaces a reward (the form names every field).
pub fn update_reward(services: &Services, actor: &Actor, id: i64, form: RewardForm) -> Result<Reward, AppError> {
    actor.authorize(Operation::UpdateReward)?;
    let fields = validate_reward(form)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let current = own_reward(repos, actor, id)?;
        write_reward(repos, actor, &current, &fields, now)
    })
}

/// What a JSON Merge Patch of a reward asks: `None` leaves a field as it is; for the
/// description, `Some(None)` clears it.
#[derive(Debug, Clone, Default)]
pub struct RewardPatch {
    pub name: Option<String>,
    pub description: Option<Option<String>>,
    pub reward_type: Option<String>,
    pub points_required: Option<i64>,
    pub amount: Option<String>,
    pub is_active: Option<bool>,
}

/// Changes only what the patch names (switching a reward on or off is `is_active` alone), over
/// the reward as it is in this transaction, with the same rules as [`update_reward`].
pub fn patch_reward(services: &Services, actor: &Actor, id: i64, patch: RewardPatch) -> Result<Reward, AppError> {
    actor.authorize(Operation::PatchReward)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let current = own_reward(repos, actor, id)?;
        let form = RewardForm {
            name: patch.name.clone().unwrap_or_else(|| current.name.clone()),
            description: patch.description.clone().unwrap_or_else(|| current.description.clone()),
            reward_type: Some(patch.reward_type.clone().unwrap_or_else(|| current.reward_type.as_str().to_owned())),
            points_required: Some(patch.points_required.unwrap_or(current.points_required)),
            amount: Some(
                patch
                    .amount
                    .clone()
                    .unwrap_or_else(|| loyalty_domain::Money::from_dirhams(current.amount_milli).to_string()),
            ),
            is_active: Some(patch.is_active.unwrap_or(current.is_active)),
        };
        let fields = validate_reward(form)?;
        write_reward(repos, actor, &current, &fields, now)
    })
}

/// One of the actor's rewards; 404 otherwise.
fn own_reward(repos: &mut dyn Repos, actor: &Actor, id: i64) -> Result<Reward, AppError> {
    repos
        .reward_by_id(id, RewardCounts::Without)?
        .filter(|r| r.store_owner_id == actor.user_id)
        .ok_or(AppError::NotFound)
}

/// Writes a validated change of `current`: switching it back on needs a plan in effect.
fn write_reward(
    repos: &mut dyn Repos,
    actor: &Actor,
    current: &Reward,
    fields: &RewardFields,
    now: chrono::NaiveDateTime,
) -> Result<Reward, AppError> {
    if fields.is_active && !current.is_active {
        super::subscriptions::plan_in_effect(repos, actor.user_id, now)?;
    }
    repos.update_reward(current.id, fields, now)?;
    repos.reward_by_id(current.id, RewardCounts::With)?.ok_or(AppError::NotFound)
}

/// The owner's dashboard cards: stores, revenue, customers, points issued (all live).
pub fn summary(services: &Services, actor: &Actor) -> Result<OwnerSummary, AppError> {
    actor.authorize(Operation::OwnerSummary)?;
    // A dashboard: may be a few seconds old (the replica), but shows the owner's own writes.
    replica_read(&*services.db, Some(actor.user_id), false, |repos| {
        let stores = StoreAccess::of_owner(actor, repos)?;
        Ok(repos.owner_summary(&stores)?)
    })
}

/// How many months the liability chart shows, this one included.
pub const LIABILITY_MONTHS: u32 = 12;

/// The points the owner's customers hold, what they are worth where points have a value (each
/// rounded down to the dirham), per store, and the points earned, redeemed and expired in each of the
/// last [`LIABILITY_MONTHS`] Tripoli months, from the dashboards' day figures.
pub fn liability(services: &Services, actor: &Actor) -> Result<crate::Liability, AppError> {
    actor.authorize(Operation::OwnerLiability)?;
    let today = loyalty_domain::local_day::local_date(services.clock.now());
    let months = last_months(today, LIABILITY_MONTHS);
    // A report: may be a few seconds old (the replica), but shows the owner's own writes.
    replica_read(&*services.db, Some(actor.user_id), false, |repos| {
        let months = months.clone();
        let settings = repos.loyalty_settings(actor.user_id)?;
        let store_ids = StoreAccess::of_owner(actor, repos)?;
        let longest = EXPIRY_AHEAD_DAYS.iter().copied().max().unwrap_or(0);
        let expiring = repos.expiring_points(&store_ids, today, today + chrono::Duration::days(longest - 1))?;
        let ahead = |store: Option<i64>| -> Vec<crate::ExpiryAhead> {
            EXPIRY_AHEAD_DAYS
                .iter()
                .map(|&days| {
                    let within = expiring.iter().filter(|e| {
                        store.is_none_or(|s| e.store_id == s) && e.last_day < today + chrono::Duration::days(days)
                    });
                    let points = within.clone().map(|e| e.points).sum();
                    let customers = within.map(|e| e.customer_id).collect::<BTreeSet<_>>().len() as i64;
                    crate::ExpiryAhead { days, points, value: settings.value_of(points), customers }
                })
                .collect()
        };
        let stores: Vec<crate::StoreLiability> = repos
            .store_customer_figures(&store_ids)?
            .into_iter()
            .map(|f| crate::StoreLiability {
                value: settings.value_of(f.total_points),
                expiring: ahead(Some(f.store.id)),
                store: f.store,
                points: f.total_points,
                points_owed: f.points_owed,
            })
            .collect();
        let (expiring_customers, expiring_customers_total) = soonest_expiring(&expiring, &stores, today);
        let outstanding_points = stores.iter().map(|s| s.points).sum();
        let mut months: Vec<crate::MonthPoints> =
            months.into_iter().map(|month| crate::MonthPoints { month, earned: 0, redeemed: 0, expired: 0 }).collect();
        let first = months.first().map_or(today, |m| m.month);
        for day in repos.daily_figures(Some(&store_ids), first)? {
            if let Some(month) = months.iter_mut().rev().find(|m| m.month <= day.day) {
                month.earned += day.points_issued;
                month.redeemed += day.points_redeemed;
                month.expired += day.points_expired;
            }
        }
        Ok(crate::Liability {
            point_value: settings.point_value,
            outstanding_value: settings.value_of(outstanding_points),
            outstanding_points,
            points_owed: stores.iter().map(|s| s.points_owed).sum(),
            expiring: ahead(None),
            stores,
            months,
            expiring_customers,
            expiring_customers_total,
        })
    })
}

/// Customers listed with their points expiring soon, at most.
pub const EXPIRING_CUSTOMERS_SHOWN: usize = 50;

/// The customers whose points expire within the notice window, soonest first (then the most
/// points), at most [`EXPIRING_CUSTOMERS_SHOWN`]; and how many there are in all.
fn soonest_expiring(
    expiring: &[crate::ports::ExpiringPoints],
    stores: &[crate::StoreLiability],
    today: chrono::NaiveDate,
) -> (Vec<crate::ExpiringCustomer>, i64) {
    let until = today + chrono::Duration::days(EXPIRY_NOTICE_DAYS);
    let mut by_customer: BTreeMap<i64, crate::ExpiringCustomer> = BTreeMap::new();
    for e in expiring.iter().filter(|e| e.last_day < until) {
        let Some(store) = stores.iter().find(|s| s.store.id == e.store_id) else { continue };
        let customer = by_customer.entry(e.customer_id).or_insert_with(|| crate::ExpiringCustomer {
            customer_id: e.customer_id,
            name: e.name.clone(),
            phone: e.phone.clone(),
            store: store.store.clone(),
            points: 0,
            last_day: e.last_day,
        });
        customer.points += e.points;
        customer.last_day = customer.last_day.min(e.last_day);
    }
    let total = by_customer.len() as i64;
    let mut customers: Vec<_> = by_customer.into_values().collect();
    customers.sort_by(|a, b| {
        a.last_day.cmp(&b.last_day).then(b.points.cmp(&a.points)).then(a.customer_id.cmp(&b.customer_id))
    });
    customers.truncate(EXPIRING_CUSTOMERS_SHOWN);
    (customers, total)
}

/// The first days of the `count` months ending with `today`'s, oldest first.
pub(crate) fn last_months(today: chrono::NaiveDate, count: u32) -> Vec<chrono::NaiveDate> {
    use chrono::Datelike;
    let this_month = today.with_day(1).unwrap_or(today);
    (0..count).rev().filter_map(|back| this_month.checked_sub_months(chrono::Months::new(back))).collect()
}

/// The customers overview: summary, per store figures, and one page of each store's customers.
/// Phones shared across stores listed in the overview (the summary counts them all).
pub const SHARED_PHONES_SHOWN: i64 = 50;

pub fn customers_overview(
    services: &Services,
    actor: &Actor,
    page: PageRequest,
    only_store: Option<i64>,
) -> Result<CustomersOverview, AppError> {
    actor.authorize(Operation::CustomersOverview)?;
    // A report: may be a few seconds old (the replica), but shows the owner's own writes.
    replica_read(&*services.db, Some(actor.user_id), false, |repos| {
        let stores = StoreAccess::of_owner(actor, repos)?;
        let summary = repos.owner_summary(&stores)?;
        // One store's page (a store of another owner is not found), or every store's.
        let listed = match only_store {
            Some(id) if stores.contains(&id) => vec![id],
            Some(_) => return Err(AppError::NotFound),
            None => stores.clone(),
        };
        let mut per_store = Vec::new();
        for figures in repos.store_customer_figures(&listed)? {
            let filter = StoreAccess::Stores(stores.clone()).filter(Some(figures.store.id))?;
            let (items, total) = repos.list_customers(&filter, None, page)?;
            per_store.push((figures, Page { items, page: page.page, per_page: page.per_page, total }));
        }
        let shared_phones = repos.shared_phone_customers(&stores, SHARED_PHONES_SHOWN)?;
        Ok(CustomersOverview { summary, shared_phones, stores: per_store })
    })
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    #[test]
    fn the_last_months_run_across_a_year_oldest_first() {
        let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default();
        let months = super::last_months(day(2026, 2, 28), 4);
        assert_eq!(months, vec![day(2025, 11, 1), day(2025, 12, 1), day(2026, 1, 1), day(2026, 2, 1)]);
        assert_eq!(super::last_months(day(2026, 11, 1), 1), vec![day(2026, 11, 1)]);
    }
}
