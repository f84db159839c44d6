//! What every account form checks the same way, whoever fills it in (sign-up, the admin's user
//! form, the owner's staff form): the person's name, email and password, the taken email and the
//! look-alike email; and switching a person's sign-in on or off.

use chrono::NaiveDateTime;
use loyalty_domain::{text, Email, FieldErrors, Msg, NewPassword};

use crate::ports::{RepoError, Repos};
use crate::{AppError, User};

/// A person's fields once checked; `None` where the field had an error (already in `errors`).
pub(crate) struct PersonFields {
    pub name: Option<String>,
    pub email: Option<Email>,
    /// `None` when blank on an edit (the current password stays) or invalid.
    pub password: Option<String>,
}

/// Checks a person's name, email and password into `errors`. The password is required when
/// `creating`; on an edit a blank one keeps the current password.
pub(crate) fn check_person(
    errors: &mut FieldErrors,
    name: &str,
    email: &str,
    password: Option<&str>,
    creating: bool,
) -> PersonFields {
    let name = errors.check("name", text::required(name, Msg::NameRequired, text::NAME_MAX));
    let email = errors.check("email", Email::parse(email));
    let password = match password.filter(|p| !p.is_empty()) {
        None if creating => {
            errors.add("password", Msg::PasswordRequired);
            None
        }
        None => None,
        Some(p) => errors.check("password", NewPassword::parse(p).map(NewPassword::into_inner)),
    };
    PersonFields { name, email, password }
}

/// A duplicate email from the unique index is the field's "already taken" message.
pub(crate) fn email_taken(error: RepoError) -> AppError {
    match error {
        RepoError::Duplicate(_) => FieldErrors::single("email", Msg::EmailTaken).into(),
        other => other.into(),
    }
}

/// An email that looks like another live user's without being it ("rn" for "m") is refused, so
/// nobody signs in as, or is mistaken for, someone else. The same email is a duplicate instead
/// (the unique index answers `EmailTaken`). `except`: the user being edited.
pub(crate) fn refuse_look_alike_email(
    repos: &mut dyn Repos,
    email: &Email,
    except: Option<i64>,
) -> Result<(), AppError> {
    let clash = repos.user_emails()?.iter().any(|(id, other)| Some(*id) != except && email.confusable_with(other));
    if clash {
        return Err(FieldErrors::single("email", Msg::EmailConfusable).into());
    }
    Ok(())
}

/// Switches a person's sign-in on or off; switched off, its sessions end at once. The person as
/// it now is.
pub(crate) fn set_active(repos: &mut dyn Repos, id: i64, active: bool, now: NaiveDateTime) -> Result<User, AppError> {
    repos.set_user_active(id, active, now)?;
    if !active {
        repos.revoke_user_sessions(id, now)?;
    }
    repos.user_by_id(id)?.ok_or(AppError::NotFound)
}
