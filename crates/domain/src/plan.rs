//! Store-owner plans: how a new period follows the current one, and days left.

use chrono::{Months, NaiveDateTime};

/// The period a newly assigned or redeemed package gives. The same package as the active plan
/// extends its end date; another package (or none active) starts today.
pub fn next_period(
    current: Option<(i64, NaiveDateTime, NaiveDateTime)>,
    package_id: i64,
    duration_months: u32,
    now: NaiveDateTime,
) -> (NaiveDateTime, NaiveDateTime) {
    let add = |t: NaiveDateTime| t.checked_add_months(Months::new(duration_months)).unwrap_or(t);
    match current {
        Some((current_package, starts_at, ends_at)) if current_package == package_id && ends_at > now => {
            (starts_at, add(ends_at))
        }
        _ => (now, add(now)),
    }
}

/// Whole days until `ends_at`, rounded up (0 once it has passed).
pub fn days_left(ends_at: NaiveDateTime, now: NaiveDateTime) -> i64 {
    let seconds = (ends_at - now).num_seconds();
    if seconds <= 0 {
        0
    } else {
        (seconds + 86_399) / 86_400
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn at(y: i32, m: u32, d: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(y, m, d).and_then(|d| d.and_hms_opt(12, 0, 0)).unwrap_or_default()
    }

    #[test]
    fn same_package_extends_other_replaces() {
        let now = at(2026, 11, 22);
        let current = Some((7, at(2026, 6, 1), at(2026, 12, 17)));
        assert_eq!(next_period(current, 7, 6, now), (at(2026, 6, 1), at(2027, 6, 17)));
        assert_eq!(next_period(current, 8, 1, now), (now, at(2026, 12, 22)));
        assert_eq!(next_period(None, 8, 12, now), (now, at(2027, 11, 22)));
        // An expired plan of the same package starts afresh.
        let expired = Some((7, at(2026, 1, 1), at(2026, 2, 1)));
        assert_eq!(next_period(expired, 7, 1, now), (now, at(2026, 12, 22)));
        // Month ends clamp.
        assert_eq!(next_period(None, 1, 1, at(2027, 1, 31)).1, at(2027, 2, 28));
    }

    #[test]
    fn days_left_rounds_up() {
        let now = at(2026, 11, 22);
        assert_eq!(days_left(at(2026, 11, 23), now), 1);
        assert_eq!(days_left(now + chrono::Duration::hours(1), now), 1);
        assert_eq!(days_left(at(2026, 12, 22), now), 30);
        assert_eq!(days_left(now, now), 0);
        assert_eq!(days_left(at(2026, 1, 1), now), 0);
    }
}
