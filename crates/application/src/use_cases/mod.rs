pub mod activity;
pub mod admin;
pub mod auth;
pub mod customers;
pub mod housekeeping;
pub mod idempotency;
pub mod invoices;
pub mod owner;
pub mod pos;
pub mod public;
pub mod redemptions;
pub mod staff;
pub mod subscriptions;

/// An email that looks like another live user's without being it ("rn" for "m") is refused, so
/// nobody signs in as, or is mistaken for, someone else. The same email is a duplicate instead
/// (the unique index answers `EmailTaken`). `except`: the user being edited.
pub(crate) fn refuse_look_alike_email(
    repos: &mut dyn crate::ports::Repos,
    email: &loyalty_domain::Email,
    except: Option<i64>,
) -> Result<(), crate::AppError> {
    let clash = repos.user_emails()?.iter().any(|(id, other)| Some(*id) != except && email.confusable_with(other));
    if clash {
        return Err(loyalty_domain::FieldErrors::single("email", loyalty_domain::Msg::EmailConfusable).into());
    }
    Ok(())
}
