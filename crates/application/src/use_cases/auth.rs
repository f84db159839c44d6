//! Sign-in, registration, sign-out and token checks.

use loyalty_domain::{text, Email, FieldErrors, Msg, Role};

use super::accounts::{check_person, email_taken, refuse_look_alike_email, PersonFields};
use crate::ports::{transaction, NewUser, TokenClaims, TxMode};
use crate::{Actor, AppError, Services, Session, User};

pub struct LoginCommand {
    pub email: String,
    pub password: String,
    /// The client's address, for the attempt limit.
    pub client: String,
}

/// Unknown email, wrong password: the same answer in about the same time.
pub fn login(services: &Services, cmd: LoginCommand) -> Result<Session, AppError> {
    let pending = begin_login(services, cmd)?;
    let matched = services.hasher.verify_then(pending.password(), pending.hash(), None).unwrap_or(false);
    finish_login(services, pending, matched)
}

/// A sign-in whose password is still to be checked against [`PendingSignIn::hash`]: [`login`]
/// in two steps around the slow hash, so a caller can wait for a hashing thread without holding
/// a thread of its own (the HTTP server: `PasswordHasher::verify_then`).
pub struct PendingSignIn {
    email: Email,
    client: String,
    password: String,
    /// The account and its hash; `None` for an unknown email, whose check spends one hash's
    /// time against a dummy hash all the same.
    account: Option<crate::UserCredentials>,
}

impl PendingSignIn {
    pub fn password(&self) -> &str {
        &self.password
    }

    /// The hash to check the password against; `None`: the hasher's dummy hash.
    pub fn hash(&self) -> Option<&str> {
        self.account.as_ref().map(|account| account.password_hash.as_str())
    }
}

/// The checks before the password's: the fields, the attempt limits, the account.
pub fn begin_login(services: &Services, cmd: LoginCommand) -> Result<PendingSignIn, AppError> {
    let mut errors = FieldErrors::new();
    let email = errors.check("email", Email::parse(&cmd.email));
    if cmd.password.is_empty() {
        errors.add("password", Msg::PasswordRequired);
    }
    errors.into_result()?;
    let email = email.ok_or(AppError::InvalidCredentials)?;

    services
        .login_throttle
        .before_sign_in(email.as_str(), &cmd.client)
        .map_err(|retry_after_secs| AppError::RateLimited { retry_after_secs })?;
    if cmd.password.len() > loyalty_domain::password::PASSWORD_MAX {
        // No password this long was ever set: refused without a hash, whoever the account is.
        services.login_throttle.sign_in_failed(email.as_str(), &cmd.client);
        return Err(AppError::InvalidCredentials);
    }
    let account = transaction(&*services.db, TxMode::SingleRead, |repos| Ok(repos.credentials_by_email(&email)?))?;
    Ok(PendingSignIn { email, client: cmd.client, password: cmd.password, account })
}

/// The sign-in once the hash said whether the password `matched`: a session, or why not.
pub fn finish_login(services: &Services, pending: PendingSignIn, matched: bool) -> Result<Session, AppError> {
    let PendingSignIn { email, client, account, .. } = pending;
    let Some(credentials) = account.filter(|_| matched) else {
        services.login_throttle.sign_in_failed(email.as_str(), &client);
        return Err(AppError::InvalidCredentials);
    };
    if !credentials.user.is_active {
        return Err(AppError::AccountInactive);
    }
    // A cashier of a deactivated owner is stopped with it.
    if let (Role::PosUser, Some(store)) = (credentials.user.role, credentials.user.store.as_ref()) {
        let store_id = store.id;
        if !transaction(&*services.db, TxMode::SingleRead, |repos| Ok(repos.store_owner_active(store_id)?))? {
            return Err(AppError::AccountInactive);
        }
    }
    start_session(services, credentials.user)
}

pub struct RegisterCommand {
    pub name: String,
    pub email: String,
    pub password: String,
    pub store_owner_name: String,
    /// The client's address, for the registration limit.
    pub client: String,
}

/// A store owner signs up and is signed in.
///
/// Registrations are limited per client address and overall once the fields are valid, so
/// "this email is taken" cannot be used to list accounts faster than sign-in allows.
pub fn register(services: &Services, cmd: RegisterCommand) -> Result<Session, AppError> {
    let mut errors = FieldErrors::new();
    let PersonFields { name, email, password } =
        check_person(&mut errors, &cmd.name, &cmd.email, Some(&cmd.password), true);
    let owner_name = errors
        .check("store_owner_name", text::required(&cmd.store_owner_name, Msg::StoreOwnerNameRequired, text::NAME_MAX));
    errors.into_result()?;
    let (Some(name), Some(email), Some(password), Some(owner_name)) = (name, email, password, owner_name) else {
        return Err(AppError::Internal("validated fields missing".into()));
    };
    services
        .login_throttle
        .before_registration(&cmd.client)
        .map_err(|retry_after_secs| AppError::RateLimited { retry_after_secs })?;

    let password_hash = services.hasher.hash(&password)?;
    let now = services.clock.now();
    let user = transaction(&*services.db, TxMode::Write, |repos| {
        refuse_look_alike_email(repos, &email, None)?;
        repos
            .insert_user(NewUser {
                name,
                email,
                password_hash,
                role: Role::StoreOwner,
                store_owner_name: Some(owner_name),
                store_id: None,
                now,
            })
            .map_err(email_taken)
    })?;
    start_session(services, user)
}

fn start_session(services: &Services, user: User) -> Result<Session, AppError> {
    let now = services.clock.now();
    let expires_at = now + services.settings.session_ttl;
    let session_id = services.ids.random_id();
    transaction(&*services.db, TxMode::Write, |repos| {
        Ok(repos.insert_session(&session_id, user.id, now, expires_at)?)
    })?;
    let token = services.tokens.issue(&TokenClaims { session_id, user_id: user.id }, expires_at)?;
    Ok(Session { token, expires_at, user })
}

/// Who a bearer token belongs to: 401 unless the token verifies, its session is live and its
/// user is active.
pub fn authenticate(services: &Services, token: &str) -> Result<(Actor, User), AppError> {
    let claims = services.tokens.verify(token).ok_or(AppError::Unauthenticated)?;
    let now = services.clock.now();
    let user =
        transaction(&*services.db, TxMode::SingleRead, |repos| Ok(repos.session_user(&claims.session_id, now)?))?
            .filter(|user| user.id == claims.user_id)
            .ok_or(AppError::Unauthenticated)?;
    let actor = Actor {
        user_id: user.id,
        role: user.role,
        store_id: user.store.as_ref().map(|s| s.id),
        session_id: claims.session_id,
        key: None,
    };
    Ok((actor, user))
}

/// Ends the caller's session: the token stops working at once.
pub fn logout(services: &Services, actor: &Actor) -> Result<(), AppError> {
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| Ok(repos.revoke_session(&actor.session_id, now)?))
}
