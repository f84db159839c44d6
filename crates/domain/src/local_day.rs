//! "Today" is the merchant's local day in Libya, not the UTC date.

use chrono::{Datelike, NaiveDate, NaiveDateTime, NaiveTime, TimeZone};
use chrono_tz::Africa::Tripoli;

/// The UTC bounds `[start, end)` of the Tripoli day that contains `now` (a UTC time).
pub fn local_day_bounds(now: NaiveDateTime) -> (NaiveDateTime, NaiveDateTime) {
    local_date_bounds(local_date(now))
}

/// The UTC bounds `[start, end)` of a Tripoli date.
pub fn local_date_bounds(date: NaiveDate) -> (NaiveDateTime, NaiveDateTime) {
    let start_of = |date: NaiveDate| {
        let midnight = date.and_time(NaiveTime::MIN);
        // Tripoli keeps no daylight saving time today; a skipped midnight would fall back to
        // the midnight's UTC reading, never panic.
        Tripoli.from_local_datetime(&midnight).earliest().map_or(midnight, |t| t.naive_utc())
    };
    (start_of(date), start_of(date.succ_opt().unwrap_or(date)))
}

/// The UTC bounds `[start, end)` of the Tripoli month that contains `now` (a UTC time).
pub fn local_month_bounds(now: NaiveDateTime) -> (NaiveDateTime, NaiveDateTime) {
    let today = local_date(now);
    let first = today.with_day(1).unwrap_or(today);
    let next = first.checked_add_months(chrono::Months::new(1)).unwrap_or(first);
    (local_date_bounds(first).0, local_date_bounds(next).0)
}

/// The Tripoli date of a UTC time.
pub fn local_date(t: NaiveDateTime) -> NaiveDate {
    Tripoli.from_utc_datetime(&t).date_naive()
}

/// The Tripoli wall-clock time of a UTC time.
pub fn local_time(t: NaiveDateTime) -> NaiveDateTime {
    Tripoli.from_utc_datetime(&t).naive_local()
}

/// An expiry as typed: a day (valid through its end in Tripoli) or an RFC 3339 instant; never at
/// or before `now`, so nothing is made already expired. Blank is no expiry.
pub fn parse_expiry(value: Option<&str>, now: NaiveDateTime) -> Result<Option<NaiveDateTime>, crate::Msg> {
    let Some(value) = value.map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    let at = match NaiveDate::parse_from_str(value, "%Y-%m-%d") {
        Ok(date) => local_date_bounds(date).1,
        Err(_) => {
            chrono::DateTime::parse_from_rfc3339(value).map(|t| t.naive_utc()).map_err(|_| crate::Msg::DateInvalid)?
        }
    };
    if at <= now {
        return Err(crate::Msg::ExpiryInPast);
    }
    Ok(Some(at))
}

/// Whether two UTC times fall on the same Tripoli day.
pub fn same_local_day(a: NaiveDateTime, b: NaiveDateTime) -> bool {
    local_date(a) == local_date(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn utc(y: i32, m: u32, d: u32, h: u32, min: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(y, m, d).and_then(|d| d.and_hms_opt(h, min, 0)).unwrap_or_default()
    }

    #[test]
    fn tripoli_day_starts_at_22_utc_the_evening_before() {
        // 23:30 UTC on the 21st is 01:30 on the 22nd in Tripoli (UTC+2).
        let (start, end) = local_day_bounds(utc(2026, 11, 21, 23, 30));
        assert_eq!(start, utc(2026, 11, 21, 22, 0));
        assert_eq!(end, utc(2026, 11, 22, 22, 0));
    }

    #[test]
    fn a_dates_bounds_are_its_tripoli_midnights() {
        let date = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap_or_default();
        assert_eq!(local_date_bounds(date), (utc(2026, 11, 21, 22, 0), utc(2026, 11, 22, 22, 0)));
    }

    #[test]
    fn a_month_starts_at_tripoli_midnight_of_its_first() {
        // 22:30 UTC on 30 November is 00:30 on 1 December in Tripoli.
        assert_eq!(local_month_bounds(utc(2026, 11, 30, 22, 30)), (utc(2026, 11, 30, 22, 0), utc(2026, 12, 31, 22, 0)));
        assert_eq!(local_month_bounds(utc(2026, 11, 30, 21, 30)), (utc(2026, 10, 31, 22, 0), utc(2026, 11, 30, 22, 0)));
    }

    #[test]
    fn same_day_follows_local_midnight() {
        assert!(same_local_day(utc(2026, 11, 21, 22, 5), utc(2026, 11, 22, 21, 55)));
        assert!(!same_local_day(utc(2026, 11, 21, 21, 55), utc(2026, 11, 21, 22, 5)));
    }
}
