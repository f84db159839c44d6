//! A store owner's API keys: an integration (a web shop, an ERP, an accounting tool) acts for
//! the owner with a key instead of a person's password. The secret is shown once and kept only
//! as a digest; a key is limited to its scopes and stores, and stops when it is revoked, when it
//! expires, or when its owner is deactivated.

use chrono::Duration;
use loyalty_domain::local_day::parse_expiry;
use loyalty_domain::{text, FieldErrors, Msg, Role};

use crate::policy::KeyGrant;
use crate::ports::{transaction, NewApiKey, NewStore, TxMode};
use crate::Operation;
use crate::{Actor, ApiKey, ApiScope, AppError, KeyRate, Mode, NewKeySecret, Services, User};

/// What every secret starts with, so a key is recognised in a header, a log or a leak scan.
pub const SECRET_PREFIX: &str = "lk_";
/// What a test key's secret starts with (`lk_test_`), so test and live keys are told apart at
/// a glance.
pub const TEST_SECRET_PREFIX: &str = "lk_test_";
/// How many characters of the secret after its prefix are kept in clear to tell keys apart.
const SHOWN_DIGITS: usize = 8;
/// The sandbox store's name, made with the owner's first test key.
pub const SANDBOX_STORE_NAME: &str = "Sandbox · متجر تجريبي";
/// The most keys an owner keeps at once.
pub const KEYS_MAX: usize = 50;
/// `last_used_at` is written at most this often per key, so reads stay reads.
const TOUCH_EVERY: Duration = Duration::seconds(60);

#[derive(Debug, Clone, Default)]
pub struct KeyForm {
    pub name: String,
    pub scopes: Vec<String>,
    /// Leave out for all of the owner's stores (those added later too).
    pub store_ids: Option<Vec<i64>>,
    /// A day (valid through its end in Tripoli) or an RFC 3339 instant; blank for never.
    pub expires_at: Option<String>,
    /// `test`: the key acts on the owner's sandbox store alone (made with the first test key);
    /// leave out for `live`.
    pub mode: Option<String>,
}

pub fn list(services: &Services, actor: &Actor) -> Result<Vec<ApiKey>, AppError> {
    actor.authorize(Operation::ListKeys)?;
    let keys = transaction(&*services.db, TxMode::Read, |repos| Ok(repos.list_api_keys(actor.user_id)?))?;
    Ok(keys.into_iter().map(|key| ApiKey { limits: services.settings.key_limits, ..key }).collect())
}

/// Counts a request made with an API key against the key's limit for its kind (`write`: any
/// method but GET and HEAD): `None` for a request made by a person. A refusal is in the answer
/// (`refused_for`), so the caller can still say how the key stands.
pub fn take_request(services: &Services, actor: &Actor, write: bool) -> Option<KeyRate> {
    let key = actor.key.as_ref()?;
    let limits = services.settings.key_limits;
    let (policy, per_minute) =
        if write { ("writes", limits.writes_per_minute) } else { ("reads", limits.reads_per_minute) };
    let taken = services.key_throttle.take(&format!("{policy}:{}", key.id), per_minute);
    Some(KeyRate {
        policy,
        limits,
        remaining: taken.remaining,
        reset_secs: taken.reset_secs,
        refused_for: taken.refused_for,
    })
}

/// Makes a key; the answer carries its secret, which is never shown again.
pub fn create(services: &Services, actor: &Actor, form: KeyForm) -> Result<NewKeySecret, AppError> {
    actor.authorize(Operation::CreateKey)?;
    let now = services.clock.now();
    let mut errors = FieldErrors::new();
    let name = errors.check("name", text::required(&form.name, Msg::NameRequired, text::NAME_MAX));
    let mut scopes = Vec::new();
    for scope in &form.scopes {
        match ApiScope::parse(scope.trim()) {
            Some(scope) if !scopes.contains(&scope) => scopes.push(scope),
            Some(_) => {}
            None => errors.add("scopes", Msg::ScopeUnknown),
        }
    }
    if form.scopes.is_empty() {
        errors.add("scopes", Msg::ScopesRequired);
    }
    scopes.sort();
    let expires_at = errors.check("expires_at", parse_expiry(form.expires_at.as_deref(), now)).flatten();
    let mode = errors.check("mode", parse_mode(form.mode.as_deref())).flatten().unwrap_or(Mode::Live);
    let mut store_ids = form.store_ids.clone();
    if let Some(ids) = &mut store_ids {
        ids.sort_unstable();
        ids.dedup();
        if mode == Mode::Test {
            errors.add("store_ids", Msg::TestKeyStores);
        } else if ids.is_empty() {
            errors.add("store_ids", Msg::StoreRequired);
        }
    }
    errors.into_result()?;
    let name = name.ok_or_else(|| AppError::Internal("validated key name missing".into()))?;

    let start = if mode == Mode::Test { TEST_SECRET_PREFIX } else { SECRET_PREFIX };
    let secret = format!("{start}{}", services.ids.random_id());
    let prefix: String = secret.chars().take(start.len() + SHOWN_DIGITS).collect();
    let digest = services.tokens.secret_digest(&secret);
    let key = transaction(&*services.db, TxMode::Write, |repos| {
        if let Some(ids) = &store_ids {
            let own = repos.owner_store_ids(actor.user_id)?;
            if !ids.iter().all(|id| own.contains(id)) {
                return Err(FieldErrors::single("store_ids", Msg::StoreRequired).into());
            }
        }
        if repos.list_api_keys(actor.user_id)?.len() >= KEYS_MAX {
            return Err(AppError::Conflict(crate::Conflict::ApiKeyLimitReached));
        }
        if mode == Mode::Test {
            let token = services.ids.random_id();
            store_ids = Some(vec![sandbox_store(repos, actor.user_id, &token, now)?]);
        }
        Ok(repos.insert_api_key(NewApiKey {
            owner_id: actor.user_id,
            name: &name,
            prefix: &prefix,
            secret_digest: &digest,
            mode,
            scopes: &scopes,
            store_ids: store_ids.as_deref(),
            expires_at,
            now,
        })?)
    })?;
    Ok(NewKeySecret { key: ApiKey { limits: services.settings.key_limits, ..key }, secret })
}

/// A mode as asked (`live` or `test`); `None` when left out.
pub(crate) fn parse_mode(mode: Option<&str>) -> Result<Option<Mode>, Msg> {
    mode.map(|m| Mode::parse(m.trim()).ok_or(Msg::ModeUnknown)).transpose()
}

/// The owner's sandbox store, made the first time it is needed (the owner is locked first, so
/// two test keys made at once find one sandbox).
fn sandbox_store(
    repos: &mut dyn crate::ports::Repos,
    owner_id: i64,
    token: &str,
    now: chrono::NaiveDateTime,
) -> Result<i64, AppError> {
    repos.lock_user(owner_id, now)?;
    if let Some(id) = repos.sandbox_store_id(owner_id)? {
        return Ok(id);
    }
    Ok(repos.insert_store(NewStore {
        owner_id,
        name: SANDBOX_STORE_NAME.into(),
        address: None,
        registration_token: token.into(),
        sandbox: true,
        now,
    })?)
}

/// Revokes a key at once: its next request is refused.
pub fn revoke(services: &Services, actor: &Actor, id: i64) -> Result<(), AppError> {
    actor.authorize(Operation::RevokeKey)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        if repos.revoke_api_key(actor.user_id, id, now)? {
            Ok(())
        } else {
            Err(AppError::NotFound)
        }
    })
}

/// Whether a bearer credential is an API key's secret rather than a sign-in token.
pub fn is_key_secret(token: &str) -> bool {
    token.starts_with(SECRET_PREFIX)
}

/// Who an API key acts for: 401 unless the key is live (not revoked, not expired) and its owner
/// is active. The actor is the owner, limited to the key's scopes and stores.
pub fn authenticate(services: &Services, secret: &str) -> Result<(Actor, User), AppError> {
    let digest = services.tokens.secret_digest(secret);
    let now = services.clock.now();
    let (key, owner) = transaction(&*services.db, TxMode::SingleRead, |repos| Ok(repos.live_api_key(&digest, now)?))?
        .ok_or(AppError::Unauthenticated)?;
    if owner.role != Role::StoreOwner {
        return Err(AppError::Unauthenticated);
    }
    if key.last_used_at.is_none_or(|at| now - at >= TOUCH_EVERY) {
        transaction(&*services.db, TxMode::Write, |repos| Ok(repos.touch_api_key(key.id, now)?))?;
    }
    let actor = Actor {
        user_id: owner.id,
        role: owner.role,
        store_id: None,
        session_id: String::new(),
        key: Some(KeyGrant {
            id: key.id,
            name: key.name,
            scopes: key.scopes,
            store_ids: key.store_ids,
            mode: key.mode,
        }),
    };
    Ok((actor, owner))
}
