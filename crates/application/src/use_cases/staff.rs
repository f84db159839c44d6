//! A store owner's POS staff: each works in exactly one of the owner's stores.

use chrono::NaiveDateTime;
use loyalty_domain::{Email, FieldErrors, Msg, NewPassword, Role};

use super::accounts::{check_person, email_taken, refuse_look_alike_email, PersonFields};
use crate::policy::can_access_store;
use crate::ports::{transaction, NewUser, Repos, TxMode, UserChanges};
use crate::Operation;
use crate::{Actor, AppError, Services, User};

#[derive(Debug, Clone, Default)]
pub struct StaffForm {
    pub name: String,
    pub email: String,
    /// Required on create; blank on edit keeps the current one.
    pub password: Option<String>,
    pub store_id: Option<i64>,
}

struct ValidStaff {
    name: String,
    email: Email,
    password: Option<String>,
    store_id: i64,
}

fn validate(form: StaffForm, creating: bool) -> Result<ValidStaff, AppError> {
    let mut errors = FieldErrors::new();
    let PersonFields { name, email, password } =
        check_person(&mut errors, &form.name, &form.email, form.password.as_deref(), creating);
    if form.store_id.is_none() {
        errors.add("store_id", Msg::StoreRequired);
    }
    errors.into_result()?;
    match (name, email, form.store_id) {
        (Some(name), Some(email), Some(store_id)) => Ok(ValidStaff { name, email, password, store_id }),
        _ => Err(AppError::Internal("validated staff fields missing".into())),
    }
}

fn own_store(repos: &mut dyn Repos, actor: &Actor, store_id: i64) -> Result<(), AppError> {
    repos
        .store_scope(store_id)?
        .filter(|s| can_access_store(actor, s))
        .map(|_| ())
        .ok_or_else(|| FieldErrors::single("store_id", Msg::StoreRequired).into())
}

/// A POS user of one of the actor's stores: 404 otherwise.
fn own_staff(repos: &mut dyn Repos, actor: &Actor, id: i64) -> Result<User, AppError> {
    let user = repos.user_by_id(id)?.filter(|u| u.role == Role::PosUser).ok_or(AppError::NotFound)?;
    let store_id = user.store.as_ref().map(|s| s.id).ok_or(AppError::NotFound)?;
    let store = repos.store_scope(store_id)?.ok_or(AppError::NotFound)?;
    if can_access_store(actor, &store) {
        Ok(user)
    } else {
        Err(AppError::NotFound)
    }
}

pub fn list(services: &Services, actor: &Actor) -> Result<Vec<User>, AppError> {
    actor.authorize(Operation::ListStaff)?;
    transaction(&*services.db, TxMode::Read, |repos| {
        let stores = repos.owner_store_ids(actor.user_id)?;
        Ok(repos.list_pos_users(&stores)?)
    })
}

pub fn create(services: &Services, actor: &Actor, form: StaffForm) -> Result<User, AppError> {
    actor.authorize(Operation::CreateStaff)?;
    let valid = validate(form, true)?;
    let password_hash = match &valid.password {
        Some(p) => services.hasher.hash(p)?,
        None => return Err(AppError::Internal("password missing".into())),
    };
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        own_store(repos, actor, valid.store_id)?;
        super::subscriptions::plan_in_effect(repos, actor.user_id, now)?;
        refuse_look_alike_email(repos, &valid.email, None)?;
        repos
            .insert_user(NewUser {
                name: valid.name,
                email: valid.email,
                password_hash,
                role: Role::PosUser,
                store_owner_name: None,
                store_id: Some(valid.store_id),
                now,
            })
            .map_err(email_taken)
    })
}

/// Replaces a POS user's name, email and store; the password changes only when one is given.
pub fn update(services: &Services, actor: &Actor, id: i64, form: StaffForm) -> Result<User, AppError> {
    actor.authorize(Operation::UpdateStaff)?;
    let valid = validate(form, false)?;
    let password_hash = valid.password.as_deref().map(|p| services.hasher.hash(p)).transpose()?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let current = own_staff(repos, actor, id)?;
        change(repos, actor, &current, valid, password_hash, now)?;
        repos.user_by_id(id)?.ok_or(AppError::NotFound)
    })
}

/// What a JSON Merge Patch of a POS user asks: `None` leaves a field as it is. `is_active`
/// switches its sign-in on or off as [`set_active`] does.
#[derive(Debug, Clone, Default)]
pub struct StaffPatch {
    pub name: Option<String>,
    pub email: Option<String>,
    pub password: Option<String>,
    pub store_id: Option<i64>,
    pub is_active: Option<bool>,
}

/// Changes only what the patch names, over the POS user as it is in this transaction, with the
/// same rules as [`update`] (and, for `is_active`, as [`set_active`]).
pub fn patch(services: &Services, actor: &Actor, id: i64, patch: StaffPatch) -> Result<User, AppError> {
    actor.authorize(Operation::PatchStaff)?;
    if let Some(active) = patch.is_active {
        actor.authorize(switch_operation(active))?;
    }
    // Hashing is slow: done before the transaction, for a password the form's check takes (one
    // it refuses is reported with the other fields below).
    let password = patch.password.as_deref().filter(|p| !p.is_empty());
    let password_hash = match password {
        Some(p) if NewPassword::parse(p).is_ok() => Some(services.hasher.hash(p)?),
        _ => None,
    };
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let current = own_staff(repos, actor, id)?;
        let form = StaffForm {
            name: patch.name.clone().unwrap_or_else(|| current.name.clone()),
            email: patch.email.clone().unwrap_or_else(|| current.email.clone()),
            password: patch.password.clone(),
            store_id: patch.store_id.or(current.store.as_ref().map(|s| s.id)),
        };
        let valid = validate(form, false)?;
        change(repos, actor, &current, valid, password_hash.clone(), now)?;
        match patch.is_active {
            Some(active) => switch(repos, actor, &current, active, now),
            None => repos.user_by_id(id)?.ok_or(AppError::NotFound),
        }
    })
}

/// Writes a validated change of `current`, in the caller's transaction: a new password or
/// another store ends the sessions that carry the old ones.
fn change(
    repos: &mut dyn Repos,
    actor: &Actor,
    current: &User,
    valid: ValidStaff,
    password_hash: Option<String>,
    now: NaiveDateTime,
) -> Result<(), AppError> {
    let id = current.id;
    own_store(repos, actor, valid.store_id)?;
    refuse_look_alike_email(repos, &valid.email, Some(id))?;
    let moved = current.store.as_ref().map(|s| s.id) != Some(valid.store_id);
    let password_changed = password_hash.is_some();
    repos
        .update_user(
            id,
            UserChanges {
                name: valid.name,
                email: valid.email,
                password_hash,
                store_id: Some(valid.store_id),
                store_owner_name: None,
                now,
            },
        )
        .map_err(email_taken)?;
    if password_changed || moved {
        repos.revoke_user_sessions(id, now)?;
    }
    Ok(())
}

/// Activates or deactivates; deactivation signs the user out everywhere at once.
pub fn set_active(services: &Services, actor: &Actor, id: i64, active: bool) -> Result<User, AppError> {
    actor.authorize(switch_operation(active))?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let current = own_staff(repos, actor, id)?;
        switch(repos, actor, &current, active, now)
    })
}

fn switch_operation(active: bool) -> Operation {
    if active {
        Operation::ActivateStaff
    } else {
        Operation::DeactivateStaff
    }
}

/// Switches `current`'s sign-in on or off, in the caller's transaction: switching it back on
/// needs a plan in effect.
fn switch(
    repos: &mut dyn Repos,
    actor: &Actor,
    current: &User,
    active: bool,
    now: NaiveDateTime,
) -> Result<User, AppError> {
    if active && !current.is_active {
        super::subscriptions::plan_in_effect(repos, actor.user_id, now)?;
    }
    super::accounts::set_active(repos, current.id, active, now)
}

/// Removes a POS user without history; one with sales, redemptions or points changes is
/// deactivated instead (409), so its history keeps its name.
pub fn delete(services: &Services, actor: &Actor, id: i64) -> Result<(), AppError> {
    actor.authorize(Operation::DeleteStaff)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        own_staff(repos, actor, id)?;
        if repos.user_has_history(id)? {
            return Err(AppError::Conflict(crate::Conflict::UserHasHistory));
        }
        repos.revoke_user_sessions(id, now)?;
        Ok(repos.hide_user(id, now)?)
    })
}
