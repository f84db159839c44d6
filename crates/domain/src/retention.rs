//! How long an owner's activity log and webhook deliveries are kept (issue #40, item 3): the
//! owner's setting, its bounds and defaults, and the moments before which rows are forgotten.
//! The books (invoices, the points ledger, returns, redemptions) are never forgotten.

use chrono::{Duration, Months, NaiveDateTime};

use crate::{FieldErrors, Msg};

/// The activity log is kept 3 to 36 months; 24 when the owner has not chosen.
pub const ACTIVITY_LOG_MONTHS_MIN: i64 = 3;
pub const ACTIVITY_LOG_MONTHS_MAX: i64 = 36;
pub const ACTIVITY_LOG_MONTHS_DEFAULT: i64 = 24;

/// Webhook deliveries (and their events' bodies) are kept 7 to 90 days; 30 when not chosen.
pub const WEBHOOK_DELIVERY_DAYS_MIN: i64 = 7;
pub const WEBHOOK_DELIVERY_DAYS_MAX: i64 = 90;
pub const WEBHOOK_DELIVERY_DAYS_DEFAULT: i64 = 30;

/// How many months ahead of the current one PostgreSQL's monthly partitions are made.
pub const PARTITION_MONTHS_AHEAD: u32 = 2;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DataRetention {
    activity_log_months: i64,
    webhook_delivery_days: i64,
}

impl Default for DataRetention {
    fn default() -> Self {
        DataRetention {
            activity_log_months: ACTIVITY_LOG_MONTHS_DEFAULT,
            webhook_delivery_days: WEBHOOK_DELIVERY_DAYS_DEFAULT,
        }
    }
}

impl DataRetention {
    /// An owner's choice, each value within its bounds (field errors name the fields).
    pub fn parse(activity_log_months: i64, webhook_delivery_days: i64) -> Result<DataRetention, FieldErrors> {
        let mut errors = FieldErrors::new();
        if !(ACTIVITY_LOG_MONTHS_MIN..=ACTIVITY_LOG_MONTHS_MAX).contains(&activity_log_months) {
            errors.add("activity_log_months", Msg::ActivityLogMonthsRange);
        }
        if !(WEBHOOK_DELIVERY_DAYS_MIN..=WEBHOOK_DELIVERY_DAYS_MAX).contains(&webhook_delivery_days) {
            errors.add("webhook_delivery_days", Msg::WebhookDeliveryDaysRange);
        }
        errors.into_result()?;
        Ok(DataRetention { activity_log_months, webhook_delivery_days })
    }

    /// As stored (values written through [`DataRetention::parse`]).
    pub fn from_stored(activity_log_months: i64, webhook_delivery_days: i64) -> DataRetention {
        DataRetention { activity_log_months, webhook_delivery_days }
    }

    pub fn activity_log_months(self) -> i64 {
        self.activity_log_months
    }

    pub fn webhook_delivery_days(self) -> i64 {
        self.webhook_delivery_days
    }

    /// Activity before this moment is forgotten.
    pub fn activity_log_cutoff(self, now: NaiveDateTime) -> NaiveDateTime {
        months_before(now, self.activity_log_months)
    }

    /// Deliveries made before this moment are forgotten.
    pub fn webhook_delivery_cutoff(self, now: NaiveDateTime) -> NaiveDateTime {
        now - Duration::days(self.webhook_delivery_days)
    }

    /// What no owner keeps: the longest choice of each. Rows older than these go for every
    /// owner (and rows of no owner's), on PostgreSQL by dropping whole months.
    pub fn longest() -> DataRetention {
        DataRetention { activity_log_months: ACTIVITY_LOG_MONTHS_MAX, webhook_delivery_days: WEBHOOK_DELIVERY_DAYS_MAX }
    }
}

fn months_before(now: NaiveDateTime, months: i64) -> NaiveDateTime {
    let months = Months::new(u32::try_from(months).unwrap_or(0));
    now.checked_sub_months(months).unwrap_or(NaiveDateTime::MIN)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn at(y: i32, m: u32, d: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(y, m, d).and_then(|d| d.and_hms_opt(10, 0, 0)).unwrap_or_default()
    }

    #[test]
    fn bounds_are_checked_per_field() {
        assert!(DataRetention::parse(3, 7).is_ok());
        assert!(DataRetention::parse(36, 90).is_ok());
        let errors = DataRetention::parse(2, 91).err().unwrap_or_default();
        let fields: Vec<_> = errors.iter().map(|(f, m)| (f, m.to_vec())).collect();
        assert_eq!(
            fields,
            vec![
                ("activity_log_months", vec![Msg::ActivityLogMonthsRange]),
                ("webhook_delivery_days", vec![Msg::WebhookDeliveryDaysRange]),
            ]
        );
        assert!(DataRetention::parse(37, 30).is_err());
        assert!(DataRetention::parse(24, 6).is_err());
    }

    #[test]
    fn cutoffs_count_calendar_months_and_days() {
        let kept = DataRetention::parse(3, 7).unwrap_or_default();
        assert_eq!(kept.activity_log_cutoff(at(2026, 5, 31)), at(2026, 2, 28), "the month's last day when shorter");
        assert_eq!(kept.webhook_delivery_cutoff(at(2026, 3, 3)), at(2026, 2, 24));
        let default = DataRetention::default();
        assert_eq!(default.activity_log_cutoff(at(2026, 11, 28)), at(2024, 11, 28));
        assert!(
            DataRetention::longest().activity_log_cutoff(at(2026, 11, 28))
                <= default.activity_log_cutoff(at(2026, 11, 28))
        );
    }
}
