//! Bearer tokens: HS256 JWTs (jwt-simple).

use chrono::NaiveDateTime;
use jwt_simple::prelude::{Claims, Duration as JwtDuration, HS256Key, MACLike, NoCustomClaims, VerificationOptions};
use loyalty_application::ports::{TokenClaims, TokenService};
use loyalty_application::AppError;

/// HS256 JWTs: `sub` is the user id, `jti` the server-side session id.
pub struct JwtTokens {
    key: HS256Key,
}

impl JwtTokens {
    pub fn new(secret: &[u8]) -> Self {
        Self { key: HS256Key::from_bytes(secret) }
    }
}

impl TokenService for JwtTokens {
    fn issue(&self, claims: &TokenClaims, expires_at: NaiveDateTime) -> Result<String, AppError> {
        let exp = u64::try_from(expires_at.and_utc().timestamp()).unwrap_or(0);
        let mut jwt =
            Claims::create(JwtDuration::from_secs(0)).with_subject(claims.user_id).with_jwt_id(&claims.session_id);
        jwt.expires_at = Some(JwtDuration::from_secs(exp));
        self.key.authenticate(jwt).map_err(|e| AppError::Internal(format!("token signing failed: {e}")))
    }

    fn verify(&self, token: &str) -> Option<TokenClaims> {
        let options = VerificationOptions {
            // Expiry is exact: a token is dead at its `exp`, not fifteen minutes later.
            time_tolerance: Some(JwtDuration::from_secs(0)),
            max_token_length: Some(2048),
            ..Default::default()
        };
        let claims = self.key.verify_token::<NoCustomClaims>(token, Some(options)).ok()?;
        claims.expires_at?;
        Some(TokenClaims { session_id: claims.jwt_id?, user_id: claims.subject?.parse().ok()? })
    }

    fn secret_digest(&self, secret: &str) -> String {
        use sha2::Digest as _;
        sha2::Sha256::digest(secret.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SystemClock;
    use loyalty_application::ports::Clock;

    #[test]
    fn tokens_round_trip_and_reject_other_keys() {
        let tokens = JwtTokens::new(b"0123456789abcdef0123456789abcdef");
        let claims = TokenClaims { session_id: "abc".into(), user_id: 7 };
        let later = SystemClock.now() + chrono::Duration::hours(1);
        let token = tokens.issue(&claims, later).unwrap_or_default();
        assert_eq!(tokens.verify(&token), Some(claims.clone()));
        assert_eq!(JwtTokens::new(b"another key, another key, another").verify(&token), None);
        let earlier = SystemClock.now() - chrono::Duration::seconds(5);
        let expired = tokens.issue(&claims, earlier).unwrap_or_default();
        assert_eq!(tokens.verify(&expired), None);
        assert_eq!(tokens.verify("not.a.token"), None);
    }
}
