//! How long the links a customer opens without signing in stay valid: the customer's own page
//! (`/me/{token}`) and a cash receipt's points claim (`/claim/{token}`). The one home of both
//! lifetimes (issue #38, items 5 and 6).

use chrono::{Duration, NaiveDateTime};

/// A customer page link opens the page for 30 days from the sale that made it.
pub const CUSTOMER_PAGE_DAYS: i64 = 30;

/// A cash receipt's claim link gives the sale's points for 14 days from the sale.
pub const CLAIM_DAYS: i64 = 14;

/// When a link made at `now` that lives `days` stops opening anything.
pub fn expires_at(now: NaiveDateTime, days: i64) -> NaiveDateTime {
    now + Duration::days(days)
}

/// Whether a link that expires at `expires_at` is still valid at `now` (valid up to, not at,
/// its last instant).
pub fn is_live(expires_at: NaiveDateTime, now: NaiveDateTime) -> bool {
    now < expires_at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_lives_its_days_and_not_a_second_more() {
        let now =
            chrono::NaiveDate::from_ymd_opt(2026, 11, 27).and_then(|d| d.and_hms_opt(10, 0, 0)).unwrap_or_default();
        let until = expires_at(now, CUSTOMER_PAGE_DAYS);
        assert!(is_live(until, now + Duration::days(29)));
        assert!(!is_live(until, now + Duration::days(30)));
        assert!(is_live(expires_at(now, CLAIM_DAYS), now + Duration::days(13)));
        assert!(!is_live(expires_at(now, CLAIM_DAYS), now + Duration::days(14)));
    }
}
