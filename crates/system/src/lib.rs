//! Small adapters for the application's non-database ports: password hashing (argon2id),
//! bearer tokens (jwt-simple, HS256), the clock, sign-in and public limits (governor) and random
//! ids.

pub mod messages;
mod password;
mod throttle;
mod tokens;
pub mod webhooks;

pub use password::Argon2Hasher;
pub use throttle::{GovernorLoginThrottle, GovernorPublicThrottle, KeyRequestThrottle, LimitStore, LoginLimits};
pub use tokens::JwtTokens;

use chrono::{NaiveDateTime, SubsecRound, Utc};
use loyalty_application::ports::{Clock, IdGenerator};
use rand::RngCore;

pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> NaiveDateTime {
        Utc::now().naive_utc().trunc_subsecs(6)
    }
}

/// The system clock moved by a shift that tests set (never set in production, where it stays
/// zero): time-dependent rules such as expiring points are tested by moving the server's time.
#[derive(Debug, Default)]
pub struct AdjustableClock {
    shift_micros: std::sync::atomic::AtomicI64,
}

impl AdjustableClock {
    /// Moves the clock to `at` (UTC) from now on, as if time had passed (or gone back).
    pub fn set(&self, at: NaiveDateTime) {
        let shift = (at - SystemClock.now()).num_microseconds().unwrap_or(0);
        self.shift_micros.store(shift, std::sync::atomic::Ordering::Relaxed);
    }
}

impl Clock for AdjustableClock {
    fn now(&self) -> NaiveDateTime {
        let shift = self.shift_micros.load(std::sync::atomic::Ordering::Relaxed);
        SystemClock.now() + chrono::Duration::microseconds(shift)
    }
}

/// 128 random bits from the OS, as 32 hex digits.
pub struct RandomIds;

impl IdGenerator for RandomIds {
    fn random_id(&self) -> String {
        let mut bytes = [0u8; 16];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_random_hex() {
        let (a, b) = (RandomIds.random_id(), RandomIds.random_id());
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
    }
}
