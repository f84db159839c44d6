//! Sign-in, registration and public-page limits (governor), all built from one keyed limit.

use std::num::NonZeroU32;

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use loyalty_application::ports::{LoginThrottle, PublicThrottle};
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

/// The one limit every other is made of: a burst of `n` per key, refilled over the period. A
/// refusal says how many seconds to wait (at least 1).
struct KeyedLimit(DefaultKeyedRateLimiter<String>);

impl KeyedLimit {
    fn per_minute(n: u32) -> Self {
        Self(RateLimiter::keyed(Quota::per_minute(nonzero(n))))
    }

    fn per_hour(n: u32) -> Self {
        Self(RateLimiter::keyed(Quota::per_hour(nonzero(n))))
    }

    fn check(&self, key: &str) -> Result<(), u64> {
        self.0.check_key(&key.to_owned()).map_err(|not_until| wait_time(&not_until).as_secs().max(1))
    }

    /// Forgets keys that are back to a full burst, so memory stays bounded.
    fn prune(&self) {
        self.0.retain_recent();
    }
}

/// Failures under a rate, and the keys that went over it until they may try again. A key is
/// refused before its password is checked while it is blocked.
struct FailureLimit {
    limiter: KeyedLimit,
    blocked_until: Mutex<std::collections::HashMap<String, std::time::Instant>>,
}

impl FailureLimit {
    fn per_minute(n: u32) -> Self {
        Self { limiter: KeyedLimit::per_minute(n), blocked_until: Mutex::default() }
    }

    fn check(&self, key: &str) -> Result<(), u64> {
        let now = std::time::Instant::now();
        match self.blocked_until.lock().get(key) {
            Some(until) if *until > now => Err(until.duration_since(now).as_secs().max(1)),
            _ => Ok(()),
        }
    }

    fn record(&self, key: String) {
        if let Err(wait_secs) = self.limiter.check(&key) {
            let until = std::time::Instant::now() + std::time::Duration::from_secs(wait_secs);
            self.blocked_until.lock().insert(key, until);
        }
    }

    fn prune(&self) {
        self.limiter.prune();
        let now = std::time::Instant::now();
        self.blocked_until.lock().retain(|_, until| *until > now);
    }
}

impl GovernorLoginThrottle {
    pub fn new(limits: LoginLimits) -> Self {
        Self {
            attempts_per_client: KeyedLimit::per_minute(limits.attempts_per_client),
            failures_per_pair: FailureLimit::per_minute(limits.failures_per_account_client),
            failures_per_account: FailureLimit::per_minute(limits.failures_per_account),
            registrations_per_client: KeyedLimit::per_hour(limits.registrations_per_client_hour),
            registrations: KeyedLimit::per_hour(limits.registrations_per_hour),
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
    pub fn new(per_client: u32, per_phone: u32) -> Self {
        Self { per_client: KeyedLimit::per_minute(per_client), per_phone: KeyedLimit::per_minute(per_phone) }
    }

    /// Forgets keys that are back to a full burst, so memory stays bounded.
    pub fn prune(&self) {
        self.per_client.prune();
        self.per_phone.prune();
    }
}

impl PublicThrottle for GovernorPublicThrottle {
    fn check(&self, client: &str, phone: &str) -> Result<(), u64> {
        self.per_client.check(client)?;
        self.per_phone.check(phone)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrong_passwords_block_their_pair_and_then_the_account() {
        let throttle = GovernorLoginThrottle::new(LoginLimits {
            failures_per_account_client: 2,
            failures_per_account: 4,
            ..LoginLimits::default()
        });
        for _ in 0..3 {
            assert!(throttle.before_sign_in("a@demo.ly", "1.2.3.4").is_ok());
            throttle.sign_in_failed("a@demo.ly", "1.2.3.4");
        }
        assert!(matches!(throttle.before_sign_in("a@demo.ly", "1.2.3.4"), Err(secs) if secs >= 1));
        assert!(throttle.before_sign_in("a@demo.ly", "5.6.7.8").is_ok());
        assert!(throttle.before_sign_in("b@demo.ly", "1.2.3.4").is_ok());
        // Two more failures from elsewhere pass the account's ceiling of four.
        throttle.sign_in_failed("a@demo.ly", "5.6.7.8");
        throttle.sign_in_failed("a@demo.ly", "9.9.9.9");
        assert!(throttle.before_sign_in("a@demo.ly", "10.0.0.1").is_err());
        throttle.prune();
        assert!(throttle.before_sign_in("a@demo.ly", "10.0.0.1").is_err(), "pruning keeps a live block");
    }
}
