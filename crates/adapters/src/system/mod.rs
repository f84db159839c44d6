//! Small adapters for the application's non-database ports: password hashing (argon2id),
//! bearer tokens (jwt-simple, HS256), the clock, sign-in and public limits (governor) and random
//! ids.

mod password;
mod throttle;
mod tokens;
pub mod webhooks;

pub use password::Argon2Hasher;
pub use throttle::{GovernorLoginThrottle, GovernorPublicThrottle, LimitStore, LoginLimits};
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
