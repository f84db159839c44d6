//! A store owner's POS staff: each works in exactly one of the owner's stores.

use loyalty_domain::{Email, FieldErrors, Msg, Role};

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

pub fn update(services: &Services, actor: &Actor, id: i64, form: StaffForm) -> Result<User, AppError> {
    actor.authorize(Operation::UpdateStaff)?;
    let valid = validate(form, false)?;
    let password_hash = valid.password.as_deref().map(|p| services.hasher.hash(p)).transpose()?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let current = own_staff(repos, actor, id)?;
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
        // A new password or another store ends the sessions that carry the old ones.
        if password_changed || moved {
            repos.revoke_user_sessions(id, now)?;
        }
        repos.user_by_id(id)?.ok_or(AppError::NotFound)
    })
}

/// Activates or deactivates; deactivation signs the user out everywhere at once.
pub fn set_active(services: &Services, actor: &Actor, id: i64, active: bool) -> Result<User, AppError> {
    actor.authorize(if active { Operation::ActivateStaff } else { Operation::DeactivateStaff })?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let current = own_staff(repos, actor, id)?;
        if active && !current.is_active {
            super::subscriptions::plan_in_effect(repos, actor.user_id, now)?;
        }
        super::accounts::set_active(repos, id, active, now)
    })
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
