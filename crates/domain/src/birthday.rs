//! A customer's birthday (issue #38, item 4): a day and a month, no year (a loyalty program has
//! no need of an age). Written `MM-DD` on the wire and in the database, so the daily run finds
//! the day's customers through an index. Someone born on 29 February is celebrated on
//! 28 February in the years without a 29th.

use chrono::{Datelike, NaiveDate};

use crate::Msg;

/// The most points an owner may give on a birthday.
pub const BIRTHDAY_POINTS_MAX: i64 = 100_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Birthday {
    month: u32,
    day: u32,
}

impl Birthday {
    /// `MM-DD` (or `M-D`): a day that exists in some year (29 February does).
    pub fn parse(raw: &str) -> Result<Birthday, Msg> {
        let (month, day) = raw.trim().split_once('-').ok_or(Msg::BirthdayInvalid)?;
        let number = |s: &str| -> Result<u32, Msg> {
            if s.is_empty() || s.len() > 2 || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(Msg::BirthdayInvalid);
            }
            s.parse().map_err(|_| Msg::BirthdayInvalid)
        };
        let (month, day) = (number(month)?, number(day)?);
        // 2000 was a leap year: every day that exists in some year exists in it.
        NaiveDate::from_ymd_opt(2000, month, day).ok_or(Msg::BirthdayInvalid)?;
        Ok(Birthday { month, day })
    }

    pub fn month(self) -> u32 {
        self.month
    }

    pub fn day(self) -> u32 {
        self.day
    }

    /// Whether the birthday is celebrated on `date` (29 February on the 28th in other years).
    pub fn falls_on(self, date: NaiveDate) -> bool {
        Self::celebrated_on(date).contains(&self)
    }

    /// The birthdays celebrated on `date`: its own day, and 29 February on a 28 February of a
    /// year without a 29th.
    pub fn celebrated_on(date: NaiveDate) -> Vec<Birthday> {
        let mut days = vec![Birthday { month: date.month(), day: date.day() }];
        let leap = NaiveDate::from_ymd_opt(date.year(), 2, 29).is_some();
        if date.month() == 2 && date.day() == 28 && !leap {
            days.push(Birthday { month: 2, day: 29 });
        }
        days
    }
}

impl std::fmt::Display for Birthday {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:02}-{:02}", self.month, self.day)
    }
}

/// Birthday points as an owner sets them: 0 (none) to [`BIRTHDAY_POINTS_MAX`].
pub fn birthday_points(points: i64) -> Result<i64, Msg> {
    if (0..=BIRTHDAY_POINTS_MAX).contains(&points) {
        Ok(points)
    } else {
        Err(Msg::BirthdayPointsRange)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
    }

    #[test]
    fn birthdays_are_days_that_exist() {
        assert_eq!(Birthday::parse("03-15").map(|b| b.to_string()), Ok("03-15".into()));
        assert_eq!(Birthday::parse(" 3-5 ").map(|b| b.to_string()), Ok("03-05".into()));
        assert_eq!(Birthday::parse("02-29").map(|b| (b.month(), b.day())), Ok((2, 29)));
        for bad in
            ["", "03", "13-01", "00-10", "02-30", "04-31", "03-00", "3/15", "-3-15", "03-15-1990", "١٢-٠١", "+3-15"]
        {
            assert_eq!(Birthday::parse(bad), Err(Msg::BirthdayInvalid), "{bad}");
        }
    }

    #[test]
    fn the_29th_of_february_is_kept_on_the_28th_in_other_years() {
        let leapling = Birthday::parse("02-29").unwrap_or_else(|m| panic!("{m:?}"));
        assert!(leapling.falls_on(day(2028, 2, 29)));
        assert!(!leapling.falls_on(day(2028, 2, 28)), "a leap year has its own day");
        assert!(leapling.falls_on(day(2027, 2, 28)));
        assert!(!leapling.falls_on(day(2027, 3, 1)));
        let ordinary = Birthday::parse("02-28").unwrap_or_else(|m| panic!("{m:?}"));
        assert!(ordinary.falls_on(day(2027, 2, 28)) && ordinary.falls_on(day(2028, 2, 28)));
        assert_eq!(Birthday::celebrated_on(day(2026, 11, 27)), vec![Birthday { month: 11, day: 27 }]);
    }

    #[test]
    fn birthday_points_from_none_to_the_maximum() {
        assert_eq!(birthday_points(0), Ok(0));
        assert_eq!(birthday_points(BIRTHDAY_POINTS_MAX), Ok(BIRTHDAY_POINTS_MAX));
        assert_eq!(birthday_points(-1), Err(Msg::BirthdayPointsRange));
        assert_eq!(birthday_points(BIRTHDAY_POINTS_MAX + 1), Err(Msg::BirthdayPointsRange));
    }
}
