//! Sign-in, registration and public-page limits, all built from one keyed limit. Its counters
//! live in this process (governor) or, with several instances on one PostgreSQL database, in
//! PostgreSQL, so a limit holds for the whole deployment ([`LimitStore`]).

use std::num::NonZeroU32;

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use loyalty_application::ports::{Allowance, LoginThrottle, PublicThrottle, RequestThrottle};
use parking_lot::Mutex;

/// Sign-in and registration limits.
///
/// Sign-in: every attempt counts against its client address; wrong passwords count against
/// the pair (account, client address) and, with a much higher ceiling, against the account
/// from every address. So an attacker who knows an email slows down their own address, and the
/// owner signing in from theirs is not locked out; only a spread attack on one account (many
/// addresses) reaches the ceiling. Registration: per client address and overall, per hour.
pub struct GovernorLoginThrottle {
    attempts_per_client: KeyedLimit,
    failures_per_pair: FailureLimit,
    failures_per_account: FailureLimit,
    registrations_per_client: KeyedLimit,
    /// Everyone's registrations, under one key.
    registrations: KeyedLimit,
}

/// The limits, all bursts then a steady rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoginLimits {
    /// Wrong passwords per minute for one account from one client address.
    pub failures_per_account_client: u32,
    /// Wrong passwords per minute for one account from all addresses together.
    pub failures_per_account: u32,
    /// Sign-in attempts per minute from one client address, right or wrong.
    pub attempts_per_client: u32,
    /// Registrations per hour from one client address.
    pub registrations_per_client_hour: u32,
    /// Registrations per hour from everyone.
    pub registrations_per_hour: u32,
}

impl Default for LoginLimits {
    fn default() -> Self {
        Self {
            failures_per_account_client: 10,
            failures_per_account: 100,
            attempts_per_client: 60,
            registrations_per_client_hour: 10,
            registrations_per_hour: 300,
        }
    }
}

fn nonzero(n: u32) -> NonZeroU32 {
    NonZeroU32::new(n.max(1)).unwrap_or(NonZeroU32::MIN)
}

/// Where the limits count.
#[derive(Clone, Default)]
pub enum LimitStore {
    /// In this process: one instance (SQLite, or a single server).
    #[default]
    Local,
    /// In PostgreSQL's `rate_limits` table (unlogged: no WAL, emptied by a crash, which only
    /// forgets recent attempts), shared by every instance on the database
    /// (`db::limits::PgSharedLimits`).
    Shared(std::sync::Arc<dyn loyalty_application::ports::SharedLimits>),
}

/// The one limit every other is made of: a burst of `n` per key, refilled over the period (the
/// generic cell rate algorithm, as governor runs it). A refusal says how many seconds to wait
/// (at least 1).
struct KeyedLimit {
    local: DefaultKeyedRateLimiter<String>,
    shared: Option<shared::Gcra>,
}

impl KeyedLimit {
    fn new(store: &LimitStore, name: &'static str, n: u32, period_secs: f64) -> Self {
        let quota = if period_secs >= 3600.0 { Quota::per_hour(nonzero(n)) } else { Quota::per_minute(nonzero(n)) };
        let shared = match store {
            LimitStore::Local => None,
            LimitStore::Shared(store) => Some(shared::Gcra::new(store.clone(), name, n.max(1), period_secs)),
        };
        Self { local: RateLimiter::keyed(quota), shared }
    }

    fn check(&self, key: &str) -> Result<(), u64> {
        if let Some(shared) = &self.shared {
            if let Some(answer) = shared.take(key) {
                return answer;
            }
        }
        self.local.check_key(&key.to_owned()).map_err(|not_until| wait_time(&not_until).as_secs().max(1))
    }

    /// `self` for `key`, then (when allowed) `then` for `then_key`, as two checks would; in
    /// PostgreSQL both in one statement, so a public lookup costs one round trip, not two.
    fn check_then(&self, key: &str, then: &KeyedLimit, then_key: &str) -> Result<(), u64> {
        if let (Some(first), Some(second)) = (&self.shared, &then.shared) {
            if let Some(answer) = first.take_then(key, second, then_key) {
                return answer;
            }
        }
        self.check(key)?;
        then.check(then_key)
    }

    /// Forgets keys that are back to a full burst, so memory (and the table) stays bounded.
    fn prune(&self) {
        self.local.retain_recent();
        if let Some(shared) = &self.shared {
            shared.prune();
        }
    }
}

/// The limits in PostgreSQL. Each check is one statement: an upsert that moves the key's
/// "theoretical arrival time" on by one interval only while it stays within the burst, so
/// concurrent checks from any instance are counted exactly. When the database cannot be asked,
/// the check falls back to this process's own count (and says so in the log).
mod shared {
    use std::sync::Arc;

    use loyalty_application::ports::SharedLimits;

    pub(super) struct Gcra {
        store: Arc<dyn SharedLimits>,
        name: &'static str,
        /// Seconds between two allowed requests at the steady rate.
        interval: f64,
        /// How far ahead of now the arrival time may run: the burst.
        tolerance: f64,
    }

    fn now() -> f64 {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs_f64()).unwrap_or(0.0)
    }

    /// `rate_limit_take`'s answer (0 allowed, else the seconds to wait) as a check's.
    fn answer(wait: f64) -> Result<(), u64> {
        if wait > 0.0 {
            Err(wait_secs(wait))
        } else {
            Ok(())
        }
    }

    /// The value, or `None` (logged) when the shared store could not be asked.
    fn available<T>(result: Result<T, String>) -> Option<T> {
        match result {
            Ok(value) => Some(value),
            Err(error) => {
                tracing::warn!(%error, "shared limit unavailable: counting in this process");
                None
            }
        }
    }

    impl Gcra {
        pub(super) fn new(store: Arc<dyn SharedLimits>, name: &'static str, n: u32, period_secs: f64) -> Self {
            let interval = period_secs / f64::from(n);
            Self { store, name, interval, tolerance: interval * f64::from(n - 1) }
        }

        /// The row of `key` under this limit's name.
        fn row_key(&self, key: &str) -> String {
            format!("{}\n{key}", self.name)
        }

        /// `Some(Ok)` allowed, `Some(Err(seconds))` refused, `None` when PostgreSQL could not
        /// be asked.
        pub(super) fn take(&self, key: &str) -> Option<Result<(), u64>> {
            available(self.store.take(now(), &self.row_key(key), self.interval, self.tolerance)).map(answer)
        }

        /// [`Gcra::take`] of `key`, then, only if that was allowed, of `then_key` under `then`,
        /// in one statement.
        pub(super) fn take_then(&self, key: &str, then: &Gcra, then_key: &str) -> Option<Result<(), u64>> {
            let (first_key, second_key) = (self.row_key(key), then.row_key(then_key));
            available(self.store.take_then(
                now(),
                (&first_key, self.interval, self.tolerance),
                (&second_key, then.interval, then.tolerance),
            ))
            .map(answer)
        }

        /// Counts one (a wrong password) whatever the count already is.
        pub(super) fn add(&self, key: &str) -> Option<()> {
            available(self.store.add(now(), &self.row_key(key), self.interval))
        }

        /// Whether the whole burst was counted ([`Gcra::add`]: `n` failures of `n`), without
        /// counting: `Some(Err(seconds))` until one has drained, so the attempt after the
        /// `n`-th failure is refused.
        pub(super) fn over(&self, key: &str) -> Option<Result<(), u64>> {
            let now = now();
            let limit = self.tolerance;
            available(self.store.arrival_time(&self.row_key(key))).map(|tat| match tat {
                Some(tat) if tat - now > limit => Err(wait_secs(tat - now - limit)),
                _ => Ok(()),
            })
        }

        /// Forgets keys whose burst is whole again.
        pub(super) fn prune(&self) {
            let _ = available(self.store.prune(now()));
        }
    }

    /// Whole seconds to wait, at least 1.
    fn wait_secs(seconds: f64) -> u64 {
        let seconds = seconds.ceil().max(1.0);
        if seconds >= 1e9 {
            1_000_000_000
        } else {
            // In range and whole: the conversion is exact.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let whole = seconds as u64;
            whole
        }
    }
}

/// Failures under a rate, and the keys that went over it until they may try again. A key is
/// refused before its password is checked while it is blocked.
struct FailureLimit {
    limiter: KeyedLimit,
    blocked_until: Mutex<std::collections::HashMap<String, std::time::Instant>>,
    /// A limit of one: its first failure is already the last allowed (a burst cannot be 0).
    blocks_at_once: bool,
}

impl FailureLimit {
    /// `n` failures a minute, and not one more: the `n`-th failure starts the wait, so the
    /// attempt after it is refused before its password is checked. Locally the burst is `n - 1`
    /// at the same rate (a failure is counted after the attempt, so a refused count is the
    /// `n`-th); in PostgreSQL [`shared::Gcra::over`] says the same of `n` counted.
    fn per_minute(store: &LimitStore, name: &'static str, n: u32) -> Self {
        let mut limiter = KeyedLimit::new(store, name, n, 60.0);
        let n = nonzero(n);
        let interval = std::time::Duration::from_secs(60) / n.get();
        if let Some(quota) = Quota::with_period(interval) {
            limiter.local = RateLimiter::keyed(quota.allow_burst(nonzero(n.get() - 1)));
        }
        Self { limiter, blocked_until: Mutex::default(), blocks_at_once: n.get() == 1 }
    }

    fn check(&self, key: &str) -> Result<(), u64> {
        if let Some(shared) = &self.limiter.shared {
            if let Some(answer) = shared.over(key) {
                return answer;
            }
        }
        let now = std::time::Instant::now();
        match self.blocked_until.lock().get(key) {
            Some(until) if *until > now => Err(until.duration_since(now).as_secs().max(1)),
            _ => Ok(()),
        }
    }

    fn record(&self, key: String) {
        if let Some(()) = self.limiter.shared.as_ref().and_then(|shared| shared.add(&key)) {
            return;
        }
        let wait_secs = match self.limiter.check(&key) {
            Err(wait_secs) => wait_secs,
            Ok(()) if self.blocks_at_once => 60,
            Ok(()) => return,
        };
        let until = std::time::Instant::now() + std::time::Duration::from_secs(wait_secs);
        self.blocked_until.lock().insert(key, until);
    }

    fn prune(&self) {
        self.limiter.prune();
        let now = std::time::Instant::now();
        self.blocked_until.lock().retain(|_, until| *until > now);
    }
}

impl GovernorLoginThrottle {
    pub fn new(limits: LoginLimits, store: &LimitStore) -> Self {
        Self {
            attempts_per_client: KeyedLimit::new(store, "sign-in", limits.attempts_per_client, 60.0),
            failures_per_pair: FailureLimit::per_minute(store, "wrong-password", limits.failures_per_account_client),
            failures_per_account: FailureLimit::per_minute(
                store,
                "wrong-password-account",
                limits.failures_per_account,
            ),
            registrations_per_client: KeyedLimit::new(
                store,
                "registration",
                limits.registrations_per_client_hour,
                3600.0,
            ),
            registrations: KeyedLimit::new(store, "registrations", limits.registrations_per_hour, 3600.0),
        }
    }

    /// Forgets keys that are back to a full burst, so memory stays bounded.
    pub fn prune(&self) {
        self.attempts_per_client.prune();
        self.failures_per_pair.prune();
        self.failures_per_account.prune();
        self.registrations_per_client.prune();
    }
}

fn pair(email: &str, client: &str) -> String {
    format!("{email}\n{client}")
}

type NotUntil = governor::NotUntil<governor::clock::QuantaInstant>;

/// How long governor says to wait.
fn wait_time(not_until: &NotUntil) -> std::time::Duration {
    let clock = governor::clock::DefaultClock::default();
    not_until.wait_time_from(governor::clock::Clock::now(&clock))
}

impl LoginThrottle for GovernorLoginThrottle {
    fn before_sign_in(&self, email: &str, client: &str) -> Result<(), u64> {
        self.failures_per_pair.check(&pair(email, client))?;
        self.failures_per_account.check(email)?;
        self.attempts_per_client.check(client)
    }

    fn sign_in_failed(&self, email: &str, client: &str) {
        self.failures_per_pair.record(pair(email, client));
        self.failures_per_account.record(email.to_owned());
    }

    fn before_registration(&self, client: &str) -> Result<(), u64> {
        self.registrations_per_client.check(client)?;
        self.registrations.check("")
    }
}

/// The public pages' limits: per client address and per phone number, per minute.
pub struct GovernorPublicThrottle {
    per_client: KeyedLimit,
    per_phone: KeyedLimit,
}

impl GovernorPublicThrottle {
    pub fn new(per_client: u32, per_phone: u32, store: &LimitStore) -> Self {
        Self {
            per_client: KeyedLimit::new(store, "public-client", per_client, 60.0),
            per_phone: KeyedLimit::new(store, "public-phone", per_phone, 60.0),
        }
    }

    /// Forgets keys that are back to a full burst, so memory stays bounded.
    pub fn prune(&self) {
        self.per_client.prune();
        self.per_phone.prune();
    }
}

impl PublicThrottle for GovernorPublicThrottle {
    fn check(&self, client: &str, phone: &str) -> Result<(), u64> {
        self.per_client.check_then(client, &self.per_phone, phone)
    }
}

/// Each API key's requests per minute (the generic cell rate algorithm, as the other limits):
/// in PostgreSQL when the limits are shared, else in this process. Unlike the others it says
/// what is left, for the `RateLimit` header.
pub struct KeyRequestThrottle {
    shared: Option<std::sync::Arc<dyn loyalty_application::ports::SharedLimits>>,
    /// Key to its theoretical arrival time (seconds since the Unix epoch).
    local: Mutex<std::collections::HashMap<String, f64>>,
}

/// The most keys counted in this process before the idle ones are forgotten.
const LOCAL_KEYS_MAX: usize = 10_000;

impl KeyRequestThrottle {
    pub fn new(store: &LimitStore) -> Self {
        let shared = match store {
            LimitStore::Local => None,
            LimitStore::Shared(shared) => Some(shared.clone()),
        };
        Self { shared, local: Mutex::default() }
    }

    /// The new arrival time when allowed (> 0), else minus the seconds to wait.
    fn take_here(&self, now: f64, key: &str, interval: f64, tolerance: f64) -> f64 {
        let mut held = self.local.lock();
        if held.len() >= LOCAL_KEYS_MAX {
            held.retain(|_, tat| *tat > now);
        }
        let tat = held.get(key).copied().unwrap_or(now).max(now);
        if tat - now <= tolerance {
            held.insert(key.to_owned(), tat + interval);
            tat + interval
        } else {
            -(tat - now - tolerance).max(0.000_001)
        }
    }
}

impl RequestThrottle for KeyRequestThrottle {
    fn take(&self, key: &str, per_minute: u32) -> Allowance {
        let n = f64::from(per_minute.max(1));
        let interval = 60.0 / n;
        let tolerance = interval * (n - 1.0);
        let now =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs_f64()).unwrap_or(0.0);
        let answer = self
            .shared
            .as_ref()
            .and_then(|shared| match shared.take_reporting(now, &format!("api-key\n{key}"), interval, tolerance) {
                Ok(answer) => Some(answer),
                Err(error) => {
                    tracing::warn!(%error, "shared limit unavailable: counting in this process");
                    None
                }
            })
            .unwrap_or_else(|| self.take_here(now, key, interval, tolerance));
        let whole = |seconds: f64| -> u64 {
            // Rounded up, at least 0, far below u64::MAX (a minute's window).
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let secs = seconds.ceil().clamp(0.0, 1e6) as u64;
            secs
        };
        if answer > 0.0 {
            let left = ((now + tolerance + interval - answer) / interval + 1e-9).floor().clamp(0.0, n);
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let remaining = left as u32;
            Allowance { refused_for: None, remaining, reset_secs: whole(answer - now) }
        } else {
            let wait = -answer;
            Allowance { refused_for: Some(whole(wait).max(1)), remaining: 0, reset_secs: whole(wait + tolerance) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_has_its_burst_then_waits_and_is_told_what_is_left() {
        let throttle = KeyRequestThrottle::new(&LimitStore::Local);
        let first = throttle.take("reads:1", 3);
        assert_eq!((first.refused_for, first.remaining), (None, 2));
        assert_eq!(throttle.take("reads:1", 3).remaining, 1);
        assert_eq!(throttle.take("reads:1", 3).remaining, 0);
        let refused = throttle.take("reads:1", 3);
        assert!(refused.refused_for.is_some_and(|secs| (1..=20).contains(&secs)), "{refused:?}");
        assert_eq!(throttle.take("writes:1", 3).remaining, 2, "each kind and key on its own");
        assert!(first.reset_secs <= 20 && refused.reset_secs <= 60, "{first:?} {refused:?}");
    }

    #[test]
    fn wrong_passwords_block_their_pair_and_then_the_account() {
        let throttle = GovernorLoginThrottle::new(
            LoginLimits { failures_per_account_client: 2, failures_per_account: 4, ..LoginLimits::default() },
            &LimitStore::Local,
        );
        // Two wrong passwords allowed: the third attempt is refused before it is checked.
        for _ in 0..2 {
            assert!(throttle.before_sign_in("a@demo.ly", "1.2.3.4").is_ok());
            throttle.sign_in_failed("a@demo.ly", "1.2.3.4");
        }
        assert!(matches!(throttle.before_sign_in("a@demo.ly", "1.2.3.4"), Err(secs) if secs >= 1));
        assert!(throttle.before_sign_in("a@demo.ly", "5.6.7.8").is_ok());
        assert!(throttle.before_sign_in("b@demo.ly", "1.2.3.4").is_ok());
        // Two more failures from elsewhere reach the account's ceiling of four.
        throttle.sign_in_failed("a@demo.ly", "5.6.7.8");
        throttle.sign_in_failed("a@demo.ly", "9.9.9.9");
        assert!(throttle.before_sign_in("a@demo.ly", "10.0.0.1").is_err());
        throttle.prune();
        assert!(throttle.before_sign_in("a@demo.ly", "10.0.0.1").is_err(), "pruning keeps a live block");
    }
}
