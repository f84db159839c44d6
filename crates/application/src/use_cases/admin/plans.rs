//! Store owners and their plans: the list, assigning a package, and its preview.

use loyalty_domain::plan::PlanMode;
use loyalty_domain::{text, FieldErrors, Msg, Role};

use crate::ports::{transaction, Repos, TxMode};
use crate::use_cases::subscriptions::{apply_change, PlanOrder};
use crate::Operation;
use crate::{Actor, AppError, PackageSummary, PageRequest, PlanChangePreview, Services, StoreOwnerRecord};

pub fn store_owners(services: &Services, actor: &Actor) -> Result<Vec<StoreOwnerRecord>, AppError> {
    actor.authorize(Operation::StoreOwnerRecords)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Read, |repos| {
        let (owners, _) =
            repos.list_users(None, Some(Role::StoreOwner), PageRequest { page: 1, per_page: 10_000, sync: None })?;
        let mut records = Vec::with_capacity(owners.len());
        for user in owners {
            let stores_count = i64::try_from(repos.owner_store_ids(user.id)?.len()).unwrap_or(i64::MAX);
            let active_subscription = repos.active_subscription(user.id, now)?;
            records.push(StoreOwnerRecord { user, stores_count, active_subscription });
        }
        Ok(records)
    })
}

/// Assigns a package to a store owner: the same package extends the current plan; another
/// waits for the current end (`PlanMode::Queue`) or starts now (`SwitchNow`, giving up the days
/// left). Only active packages.
pub fn assign_package(
    services: &Services,
    actor: &Actor,
    store_owner_id: Option<i64>,
    package_id: Option<i64>,
    auto_renew: bool,
    notes: Option<String>,
    mode: PlanMode,
) -> Result<StoreOwnerRecord, AppError> {
    actor.authorize(Operation::AssignPackage)?;
    let (owner_id, package_id, notes) = check_assignment(store_owner_id, package_id, notes.as_deref())?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let owner = repos.user_by_id(owner_id)?.filter(|u| u.role == Role::StoreOwner).ok_or(AppError::NotFound)?;
        repos.lock_user(owner_id, now)?;
        let package = assignable_package(repos, package_id)?;
        let order =
            PlanOrder { owner_id, package: &package, mode, auto_renew: Some(auto_renew), source: "admin", notes };
        apply_change(repos, order, now)?;
        let stores_count = i64::try_from(repos.owner_store_ids(owner_id)?.len()).unwrap_or(i64::MAX);
        let active_subscription = repos.active_subscription(owner_id, now)?;
        Ok(StoreOwnerRecord { user: owner, stores_count, active_subscription })
    })
}

fn assignable_package(repos: &mut dyn Repos, package_id: i64) -> Result<PackageSummary, AppError> {
    repos
        .package_summary(package_id)?
        .filter(|p| p.is_active)
        .ok_or_else(|| FieldErrors::single("package_id", Msg::PackageRequired).into())
}

/// An assignment's owner, package and notes, checked alike for the assignment and its preview.
fn check_assignment(
    store_owner_id: Option<i64>,
    package_id: Option<i64>,
    notes: Option<&str>,
) -> Result<(i64, i64, Option<String>), AppError> {
    let mut errors = FieldErrors::new();
    if package_id.is_none() {
        errors.add("package_id", Msg::PackageRequired);
    }
    if store_owner_id.is_none() {
        errors.add("store_owner_id", Msg::StoreOwnerRequired);
    }
    let notes = errors.check("notes", text::optional_multiline(notes, text::NOTES_MAX)).flatten();
    errors.into_result()?;
    match (store_owner_id, package_id) {
        (Some(owner), Some(package)) => Ok((owner, package, notes)),
        _ => Err(AppError::Internal("checked assignment fields missing".into())),
    }
}

/// What assigning a package would do for the owner, before anything changes.
pub fn preview_assignment(
    services: &Services,
    actor: &Actor,
    store_owner_id: Option<i64>,
    package_id: Option<i64>,
    notes: Option<&str>,
) -> Result<PlanChangePreview, AppError> {
    actor.authorize(Operation::PreviewAssignment)?;
    // The notes are checked as the assignment checks them, so a form the preview accepts is one
    // the assignment accepts.
    let (store_owner_id, package_id, _) = check_assignment(store_owner_id, package_id, notes)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Read, |repos| {
        repos.user_by_id(store_owner_id)?.filter(|u| u.role == Role::StoreOwner).ok_or(AppError::NotFound)?;
        let package = assignable_package(repos, package_id)?;
        crate::use_cases::subscriptions::preview_change(repos, store_owner_id, package, now)
    })
}
