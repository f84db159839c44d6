//! Users: list, create, edit, (de)activate and delete any account.

use loyalty_domain::{text, Email, FieldErrors, Msg, Role};

use crate::ports::{transaction, NewUser, Repos, TxMode, UserChanges};
use crate::{Actor, AppError, Conflict, Page, PageRequest, Services, User};

use super::page;
use crate::use_cases::accounts::{check_person, email_taken, refuse_look_alike_email, PersonFields};
use crate::Operation;

pub fn list_users(
    services: &Services,
    actor: &Actor,
    search: Option<String>,
    role: Option<String>,
    request: PageRequest,
) -> Result<Page<User>, AppError> {
    actor.authorize(Operation::ListUsers)?;
    // An unknown role is a mistake to report, not a filter to drop silently.
    let role = match role.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
        None => None,
        Some(name) => Some(Role::parse(name).ok_or_else(|| FieldErrors::single("role", Msg::RoleRequired))?),
    };
    let search = search.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
    if search.as_ref().is_some_and(|s| s.chars().count() > crate::use_cases::customers::SEARCH_MAX_CHARS) {
        return Err(FieldErrors::single("search", Msg::SearchTooLong).into());
    }
    transaction(&*services.db, TxMode::Read, |repos| {
        let (items, total) = repos.list_users(search.as_deref(), role, request)?;
        Ok(page(items, total, request))
    })
}

#[derive(Debug, Clone, Default)]
pub struct UserForm {
    pub name: String,
    pub email: String,
    pub password: Option<String>,
    pub role: Option<String>,
    pub store_owner_name: Option<String>,
    pub store_id: Option<i64>,
    pub is_active: Option<bool>,
}

struct ValidUser {
    name: String,
    email: Email,
    password: Option<String>,
    role: Role,
    store_owner_name: Option<String>,
    store_id: Option<i64>,
    is_active: bool,
}

fn validate_user(form: UserForm, creating: bool) -> Result<ValidUser, AppError> {
    let mut errors = FieldErrors::new();
    let PersonFields { name, email, password } =
        check_person(&mut errors, &form.name, &form.email, form.password.as_deref(), creating);
    let role = form.role.as_deref().and_then(Role::parse);
    let mut store_owner_name = None;
    let mut store_id = None;
    match role {
        None => errors.add("role", Msg::RoleRequired),
        Some(Role::StoreOwner) => {
            store_owner_name = errors.check(
                "store_owner_name",
                text::required(
                    form.store_owner_name.as_deref().unwrap_or(""),
                    Msg::StoreOwnerNameRequired,
                    text::NAME_MAX,
                ),
            );
        }
        Some(Role::PosUser) => {
            store_id = form.store_id;
            if store_id.is_none() {
                errors.add("store_id", Msg::StoreRequired);
            }
        }
        Some(Role::Admin) => {}
    }
    errors.into_result()?;
    match (name, email, role) {
        (Some(name), Some(email), Some(role)) => Ok(ValidUser {
            name,
            email,
            password,
            role,
            store_owner_name,
            store_id,
            is_active: form.is_active.unwrap_or(true),
        }),
        _ => Err(AppError::Internal("validated user fields missing".into())),
    }
}

fn check_store(repos: &mut dyn Repos, store_id: Option<i64>) -> Result<(), AppError> {
    match store_id {
        Some(id) if repos.store_scope(id)?.is_none() => Err(FieldErrors::single("store_id", Msg::StoreRequired).into()),
        _ => Ok(()),
    }
}

pub fn create_user(services: &Services, actor: &Actor, form: UserForm) -> Result<User, AppError> {
    actor.authorize(Operation::CreateUser)?;
    let valid = validate_user(form, true)?;
    let hash = services.hasher.hash(valid.password.as_deref().unwrap_or_default())?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        check_store(repos, valid.store_id)?;
        refuse_look_alike_email(repos, &valid.email, None)?;
        let user = repos
            .insert_user(NewUser {
                name: valid.name,
                email: valid.email,
                password_hash: hash,
                role: valid.role,
                store_owner_name: valid.store_owner_name,
                store_id: valid.store_id,
                now,
            })
            .map_err(email_taken)?;
        if !valid.is_active {
            repos.set_user_active(user.id, false, now)?;
        }
        repos.user_by_id(user.id)?.ok_or(AppError::NotFound)
    })
}

/// Edits a user; a blank password keeps the current one. The role stays as it was created.
pub fn update_user(services: &Services, actor: &Actor, id: i64, form: UserForm) -> Result<User, AppError> {
    actor.authorize(Operation::UpdateUser)?;
    let valid = validate_user(form, false)?;
    let hash = valid.password.as_deref().map(|p| services.hasher.hash(p)).transpose()?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let current = repos.user_by_id(id)?.ok_or(AppError::NotFound)?;
        if current.role != valid.role {
            return Err(FieldErrors::single("role", Msg::RoleRequired).into());
        }
        if id == actor.user_id && !valid.is_active {
            return Err(AppError::Conflict(Conflict::CannotChangeSelf));
        }
        check_store(repos, valid.store_id)?;
        refuse_look_alike_email(repos, &valid.email, Some(id))?;
        let password_changed = hash.is_some();
        repos
            .update_user(
                id,
                UserChanges {
                    name: valid.name,
                    email: valid.email,
                    password_hash: hash,
                    store_id: valid.store_id,
                    store_owner_name: valid.store_owner_name,
                    now,
                },
            )
            .map_err(email_taken)?;
        if current.is_active != valid.is_active {
            repos.set_user_active(id, valid.is_active, now)?;
        }
        if password_changed || !valid.is_active || current.store.map(|s| s.id) != valid.store_id {
            repos.revoke_user_sessions(id, now)?;
        }
        repos.user_by_id(id)?.ok_or(AppError::NotFound)
    })
}

pub fn set_user_active(services: &Services, actor: &Actor, id: i64, active: bool) -> Result<User, AppError> {
    actor.authorize(if active { Operation::ActivateUser } else { Operation::DeactivateUser })?;
    if id == actor.user_id && !active {
        return Err(AppError::Conflict(Conflict::CannotChangeSelf));
    }
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        repos.user_by_id(id)?.ok_or(AppError::NotFound)?;
        crate::use_cases::accounts::set_active(repos, id, active, now)
    })
}

/// Removes a user from the lists and signs it out; its history stays.
pub fn delete_user(services: &Services, actor: &Actor, id: i64) -> Result<(), AppError> {
    actor.authorize(Operation::DeleteUser)?;
    if id == actor.user_id {
        return Err(AppError::Conflict(Conflict::CannotChangeSelf));
    }
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        repos.user_by_id(id)?.ok_or(AppError::NotFound)?;
        // People with history are deactivated, not deleted (DESIGN.md section 5): their stores,
        // plans and sales stay theirs.
        if repos.user_has_history(id)? {
            return Err(AppError::Conflict(Conflict::UserHasHistory));
        }
        repos.revoke_user_sessions(id, now)?;
        Ok(repos.hide_user(id, now)?)
    })
}
