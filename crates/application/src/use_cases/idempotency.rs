//! `Idempotency-Key`: a retried POST answers what the first one answered and changes nothing.

use crate::ports::{transaction, Repos, StoredAnswer, TxMode};
use crate::{AppError, Conflict, Services};

pub const KEY_MAX: usize = 255;

/// The header that carries the key; its errors are reported under this name.
pub const HEADER: &str = "Idempotency-Key";

/// A validated key: 1 to 255 visible ASCII characters (no spaces). A malformed key (empty, too
/// long, a space or a character outside visible ASCII) is a 422 naming the header, so the client
/// fixes it instead of retrying a request that can never pass; it is never silently ignored.
pub fn parse_key(key: Option<&str>) -> Result<Option<String>, AppError> {
    match key.map(str::trim) {
        None => Ok(None),
        Some(k) if (1..=KEY_MAX).contains(&k.len()) && k.chars().all(|c| c.is_ascii_graphic()) => {
            Ok(Some(k.to_owned()))
        }
        Some(_) => Err(loyalty_domain::FieldErrors::single(HEADER, loyalty_domain::Msg::IdempotencyKeyInvalid).into()),
    }
}

/// An answer, and whether it was replayed from what an earlier request with the same key stored.
pub struct Replayable<T> {
    pub value: T,
    pub replayed: bool,
}

/// The stored answer for this key and request, if a first request already ran; 409 when the
/// key was used for a different request.
pub fn replay(repos: &mut dyn Repos, user_id: i64, key: &str, request: &str) -> Result<Option<String>, AppError> {
    match repos.stored_answer(user_id, key)? {
        None => Ok(None),
        Some(stored) if stored.request == request => Ok(Some(stored.answer)),
        Some(_) => Err(AppError::Conflict(Conflict::IdempotencyKeyReused)),
    }
}

/// Stores the answer in the transaction that made it. If a concurrent request with the same
/// key committed first, this transaction is rolled back with `IdempotencyKeyRace`.
pub fn remember(
    repos: &mut dyn Repos,
    user_id: i64,
    key: &str,
    request: &str,
    answer: &str,
    now: chrono::NaiveDateTime,
) -> Result<(), AppError> {
    let stored = StoredAnswer { request: request.to_owned(), answer: answer.to_owned() };
    repos.store_answer(user_id, key, &stored, now).map_err(|e| match e {
        crate::ports::RepoError::Duplicate(_) => AppError::Conflict(Conflict::IdempotencyKeyRace),
        other => other.into(),
    })
}

/// Runs `attempt` in a write transaction, unless this key already answered this request: then
/// `rebuild` answers from what was stored, and nothing changes. When a concurrent twin with the
/// same key won the race (on the key, or on another unique value such as the invoice number),
/// `rebuild` answers with what the twin stored.
pub fn run<T>(
    services: &Services,
    user_id: i64,
    key: Option<&str>,
    request: &str,
    attempt: impl FnOnce(&mut dyn Repos) -> Result<T, AppError>,
    rebuild: impl Fn(&mut dyn Repos, &str) -> Result<T, AppError>,
) -> Result<Replayable<T>, AppError> {
    let first = transaction(&*services.db, TxMode::Write, |repos| {
        if let Some(key) = key {
            if let Some(answer) = replay(repos, user_id, key, request)? {
                return Ok(Replayable { value: rebuild(repos, &answer)?, replayed: true });
            }
        }
        Ok(Replayable { value: attempt(repos)?, replayed: false })
    });
    match (first, key) {
        // The twin may also have won on another unique value it wrote first (the sale's
        // invoice number): any conflict with a key is answered from the twin's answer when
        // there is one, and is this request's own conflict otherwise.
        // A unique value refused as a field (a new customer's phone) is the same race.
        (Err(error @ (AppError::Conflict(_) | AppError::Validation(_))), Some(key)) => {
            let twin = transaction(&*services.db, TxMode::Read, |repos| match replay(repos, user_id, key, request)? {
                Some(answer) => Ok(Some(Replayable { value: rebuild(repos, &answer)?, replayed: true })),
                None => Ok(None),
            })?;
            match (twin, error) {
                (Some(answer), _) => Ok(answer),
                (None, AppError::Conflict(Conflict::IdempotencyKeyRace)) => {
                    Err(AppError::Internal("stored answer vanished".into()))
                }
                (None, error) => Err(error),
            }
        }
        (other, _) => other,
    }
}

/// `"a:b"` answers as two numbers.
pub fn two_ids(answer: &str) -> Result<(i64, i64), AppError> {
    let (a, b) = answer.split_once(':').ok_or_else(|| AppError::Internal(format!("bad stored answer {answer}")))?;
    match (a.parse(), b.parse()) {
        (Ok(a), Ok(b)) => Ok((a, b)),
        _ => Err(AppError::Internal(format!("bad stored answer {answer}"))),
    }
}
