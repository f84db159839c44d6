//! An owner's loyalty settings, which apply in all its stores: how sales earn points, and the
//! guards a counter needs against a mistyped total or manual points beyond reason.

use chrono::{Months, NaiveDate};

use crate::points_rules::CASHIER_DAILY_POINTS_LIMIT;
use crate::{points_for_purchase, signals, FieldErrors, Money, Msg, PointsRate, SignalThresholds};

/// The smallest invoice total (spec section 5: "minimum 0.01").
pub const INVOICE_TOTAL_MIN: Money = Money::from_dirhams(10);

/// Points are given a value per this many points ("100 points = 1.000 LYD").
pub const POINT_VALUE_UNIT: i64 = 100;
/// The smallest and largest value of [`POINT_VALUE_UNIT`] points: 0.001 to 1,000 LYD.
pub const POINT_VALUE_MIN: Money = Money::from_dirhams(1);
pub const POINT_VALUE_MAX: Money = Money::from_dirhams(1_000_000);
/// The fewest points an owner may require a cashier to use as money at once, at most.
pub const MIN_REDEEM_POINTS_LIMIT: i64 = 1_000_000;
/// Points may be set to expire 1 to this many months after they were earned.
pub const EXPIRY_MONTHS_MAX: i64 = 120;
/// Customers are told of points expiring within this many days.
pub const EXPIRY_NOTICE_DAYS: i64 = 30;

/// The windows an owner sees points expiring in, in days from today (today included): the
/// coming week, month and quarter.
pub const EXPIRY_AHEAD_DAYS: [i64; 3] = [7, 30, 90];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoyaltySettings {
    /// Points per LYD spent.
    pub rate: PointsRate,
    /// A sale below it earns no points.
    pub minimum_purchase: Money,
    /// A sale above it is refused: almost always a mistyped total.
    pub max_invoice_total: Money,
    /// A sale above it is shown to the cashier again to confirm before it is sent.
    pub confirm_above: Money,
    /// The most points one cashier may add by hand in one local day.
    pub cashier_daily_points: i64,
    /// What [`POINT_VALUE_UNIT`] points are worth in LYD when a cashier uses them as money;
    /// `None`: points buy rewards only.
    pub point_value: Option<Money>,
    /// The fewest points a cashier may use as money at once.
    pub min_redeem_points: i64,
    /// When the counter's patterns are shown to the owner as signals.
    pub signals: SignalThresholds,
    /// Points earned can be used until the same day this many months later (or that month's
    /// last day) and are gone the day after; `None`: never. A change applies to later points.
    pub expiry_months: Option<i64>,
    /// Points every customer with a birthday gets on it, once a year; 0: none.
    pub birthday_points: i64,
    /// Messages the owner's customers may be sent in a Tripoli month; past it they are
    /// recorded as not sent (`monthly_limit`). 0: none are sent.
    pub messages_monthly_limit: i64,
}

impl LoyaltySettings {
    /// What an owner who never changed anything has.
    pub const DEFAULT: LoyaltySettings = LoyaltySettings {
        rate: PointsRate::DEFAULT,
        minimum_purchase: Money::ZERO,
        max_invoice_total: Money::from_dirhams(10_000_000),
        confirm_above: Money::from_dirhams(1_000_000),
        cashier_daily_points: 10_000,
        point_value: None,
        min_redeem_points: 100,
        expiry_months: None,
        birthday_points: 0,
        messages_monthly_limit: crate::messages_out::MONTHLY_LIMIT_DEFAULT,
        signals: SignalThresholds::DEFAULT,
    };

    /// Points a sale of `total` earns.
    pub fn points_for(&self, total: Money) -> i64 {
        points_for_purchase(total, self.rate, self.minimum_purchase)
    }

    /// A sale's total: at least 0.010 LYD and at most the owner's maximum.
    pub fn check_total(&self, total: Money) -> Result<Money, Msg> {
        if total < INVOICE_TOTAL_MIN {
            Err(Msg::TotalTooSmall)
        } else if total > self.max_invoice_total {
            Err(Msg::TotalTooLarge)
        } else {
            Ok(total)
        }
    }

    /// Whether the counter should ask the cashier to confirm this total before sending it.
    pub fn needs_confirmation(&self, total: Money) -> bool {
        total > self.confirm_above
    }

    /// What `points` are worth in LYD (rounded down to the dirham); `None` without a value set.
    pub fn value_of(&self, points: i64) -> Option<Money> {
        let per_unit = self.point_value?;
        let dirhams = i128::from(points.max(0)) * i128::from(per_unit.dirhams()) / i128::from(POINT_VALUE_UNIT);
        Some(Money::from_dirhams(i64::try_from(dirhams).unwrap_or(i64::MAX)))
    }

    /// The LYD a cashier gives for using `points` as money: at least the owner's minimum and
    /// worth at least a dirham. `Ok(None)` when points have no value here (the caller refuses).
    /// The balance is the caller's to check, atomically with the deduction.
    pub fn redeem_value(&self, points: i64) -> Result<Option<Money>, Msg> {
        if self.point_value.is_none() {
            return Ok(None);
        }
        if points < 1 {
            return Err(Msg::PointsTooFew);
        }
        if points < self.min_redeem_points {
            return Err(Msg::RedeemBelowMinimum);
        }
        match self.value_of(points) {
            Some(value) if value.dirhams() <= 0 => Err(Msg::RedeemWorthNothing),
            value => Ok(value),
        }
    }

    /// The last Tripoli day points earned on `earned` can be used (they are gone from the next):
    /// the same day `expiry_months` later, or that month's last; `None` when they never expire.
    pub fn expiry_for(&self, earned: NaiveDate) -> Option<NaiveDate> {
        let months = u32::try_from(self.expiry_months?).ok()?;
        earned.checked_add_months(Months::new(months))
    }

    /// These settings with the fields of `change` that were given; a field left out keeps its
    /// value. Every given field is checked, and all problems are reported together.
    pub fn with(&self, change: &SettingsChange) -> Result<LoyaltySettings, FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut next = *self;
        if let Some(raw) = change.rate.as_deref() {
            if let Some(rate) = errors.check("cost_per_point", crate::reward_rules::points_rate(raw)) {
                next.rate = rate;
            }
        }
        if let Some(raw) = change.minimum_purchase.as_deref() {
            let parsed = amount(raw, Money::ZERO, Msg::MinimumPurchaseNegative);
            if let Some(minimum) = errors.check("min_purchase", parsed) {
                next.minimum_purchase = minimum;
            }
        }
        if let Some(raw) = change.max_invoice_total.as_deref() {
            let parsed = amount(raw, INVOICE_TOTAL_MIN, Msg::MaxInvoiceTotalTooSmall);
            if let Some(max) = errors.check("max_invoice_total", parsed) {
                next.max_invoice_total = max;
            }
        }
        if let Some(raw) = change.confirm_above.as_deref() {
            if let Some(confirm) = errors.check("confirm_above", amount(raw, Money::ZERO, Msg::ConfirmAboveNegative)) {
                next.confirm_above = confirm;
            }
        }
        if let Some(points) = change.cashier_daily_points {
            let checked = if (0..=CASHIER_DAILY_POINTS_LIMIT).contains(&points) {
                Ok(points)
            } else {
                Err(Msg::CashierDailyPointsRange)
            };
            if let Some(points) = errors.check("cashier_daily_points", checked) {
                next.cashier_daily_points = points;
            }
        }
        if let Some(raw) = &change.point_value {
            // `None` turns it off; a blank is not a value (like every other amount here).
            let parsed = match raw.as_deref() {
                None => Ok(None),
                Some(raw) => amount(raw, Money::ZERO, Msg::PointValueRange).and_then(|v| {
                    if (POINT_VALUE_MIN..=POINT_VALUE_MAX).contains(&v) {
                        Ok(Some(v))
                    } else {
                        Err(Msg::PointValueRange)
                    }
                }),
            };
            if let Some(value) = errors.check("point_value", parsed) {
                next.point_value = value;
            }
        }
        if let Some(points) = change.min_redeem_points {
            let checked = if (1..=MIN_REDEEM_POINTS_LIMIT).contains(&points) {
                Ok(points)
            } else {
                Err(Msg::MinRedeemPointsRange)
            };
            if let Some(points) = errors.check("min_redeem_points", checked) {
                next.min_redeem_points = points;
            }
        }
        if let Some(months) = change.expiry_months {
            let checked = match months {
                None => Ok(None),
                Some(m) if (1..=EXPIRY_MONTHS_MAX).contains(&m) => Ok(Some(m)),
                Some(_) => Err(Msg::ExpiryMonthsRange),
            };
            if let Some(months) = errors.check("points_expiry_months", checked) {
                next.expiry_months = months;
            }
        }
        if let Some(points) = change.birthday_points {
            if let Some(points) = errors.check("birthday_points", crate::birthday::birthday_points(points)) {
                next.birthday_points = points;
            }
        }
        if let Some(limit) = change.messages_monthly_limit {
            if let Some(limit) = errors.check("messages_monthly_limit", crate::messages_out::monthly_limit(limit)) {
                next.messages_monthly_limit = limit;
            }
        }
        if let Some(sales) = change.signal_sales_per_customer {
            if let Some(sales) = errors.check("signal_sales_per_customer", signals::sales_per_customer(sales)) {
                next.signals.sales_per_customer = sales;
            }
        }
        if let Some(percent) = change.signal_void_percent {
            if let Some(percent) = errors.check("signal_void_percent", signals::void_percent(percent)) {
                next.signals.void_percent = percent;
            }
        }
        if let Some(points) = change.signal_manual_points {
            if let Some(points) = errors.check("signal_manual_points", signals::manual_points_threshold(points)) {
                next.signals.manual_points = points;
            }
        }
        errors.into_result()?;
        Ok(next)
    }
}

impl Default for LoyaltySettings {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// Settings as typed: `None` leaves a field as it is. Amounts are decimal strings in LYD.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SettingsChange {
    pub rate: Option<String>,
    pub minimum_purchase: Option<String>,
    pub max_invoice_total: Option<String>,
    pub confirm_above: Option<String>,
    pub cashier_daily_points: Option<i64>,
    /// `Some(None)` turns points as money off.
    pub point_value: Option<Option<String>>,
    pub min_redeem_points: Option<i64>,
    /// `Some(None)` makes points never expire.
    pub expiry_months: Option<Option<i64>>,
    pub birthday_points: Option<i64>,
    pub messages_monthly_limit: Option<i64>,
    pub signal_sales_per_customer: Option<i64>,
    pub signal_void_percent: Option<i64>,
    pub signal_manual_points: Option<i64>,
}

/// An amount in LYD of at least `min` (`below` otherwise); a blank is "not a number".
fn amount(raw: &str, min: Money, below: Msg) -> Result<Money, Msg> {
    if raw.trim().is_empty() {
        return Err(Msg::MoneyInvalid);
    }
    let money = Money::parse(raw)?;
    if money < min {
        Err(below)
    } else {
        Ok(money)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lyd(s: &str) -> Money {
        Money::parse(s).unwrap_or_else(|m| panic!("{s}: {m:?}"))
    }

    fn change() -> SettingsChange {
        SettingsChange::default()
    }

    #[test]
    fn totals_between_the_minimum_and_the_owners_maximum() {
        let s = LoyaltySettings::DEFAULT;
        assert_eq!(s.check_total(lyd("0.009")), Err(Msg::TotalTooSmall));
        assert_eq!(s.check_total(lyd("0.010")), Ok(lyd("0.010")));
        assert_eq!(s.check_total(lyd("10000")), Ok(lyd("10000")));
        assert_eq!(s.check_total(lyd("10000.001")), Err(Msg::TotalTooLarge));
        let strict = LoyaltySettings { max_invoice_total: lyd("50"), ..s };
        assert_eq!(strict.check_total(lyd("50.001")), Err(Msg::TotalTooLarge));
    }

    #[test]
    fn confirmation_only_above_the_amount() {
        let s = LoyaltySettings::DEFAULT;
        assert!(!s.needs_confirmation(lyd("1000")));
        assert!(s.needs_confirmation(lyd("1000.001")));
    }

    #[test]
    fn points_follow_rate_and_minimum() {
        let s = LoyaltySettings { minimum_purchase: lyd("5"), ..LoyaltySettings::DEFAULT };
        assert_eq!(s.points_for(lyd("4.999")), 0);
        assert_eq!(s.points_for(lyd("5")), 5);
    }

    #[test]
    fn a_field_left_out_keeps_its_value() {
        let current = LoyaltySettings { minimum_purchase: lyd("5"), ..LoyaltySettings::DEFAULT };
        let Ok(next) = current.with(&SettingsChange { rate: Some("2".into()), ..change() }) else {
            panic!("a valid rate is refused")
        };
        assert_eq!(next.rate, PointsRate::from_milli(2000));
        assert_eq!(next.minimum_purchase, lyd("5"));
        assert_eq!(next.max_invoice_total, LoyaltySettings::DEFAULT.max_invoice_total);
        assert_eq!(current.with(&change()), Ok(current));
    }

    #[test]
    fn every_bad_field_is_reported_and_nothing_applies() {
        let bad = SettingsChange {
            rate: Some("0".into()),
            minimum_purchase: Some("-2".into()),
            max_invoice_total: Some("0.009".into()),
            confirm_above: Some("-1".into()),
            cashier_daily_points: Some(-1),
            point_value: Some(Some("0".into())),
            min_redeem_points: Some(0),
            expiry_months: Some(Some(0)),
            birthday_points: Some(-1),
            messages_monthly_limit: Some(-1),
            signal_sales_per_customer: Some(0),
            signal_void_percent: Some(101),
            signal_manual_points: Some(0),
        };
        let Err(errors) = LoyaltySettings::DEFAULT.with(&bad) else { panic!("invalid settings accepted") };
        let fields: Vec<_> = errors.iter().map(|(f, m)| (f, m[0])).collect();
        assert!(fields.contains(&("cost_per_point", Msg::RateTooLow)));
        assert!(fields.contains(&("min_purchase", Msg::MinimumPurchaseNegative)));
        assert!(fields.contains(&("max_invoice_total", Msg::MaxInvoiceTotalTooSmall)));
        assert!(fields.contains(&("confirm_above", Msg::ConfirmAboveNegative)));
        assert!(fields.contains(&("cashier_daily_points", Msg::CashierDailyPointsRange)));
        assert!(fields.contains(&("point_value", Msg::PointValueRange)));
        assert!(fields.contains(&("birthday_points", Msg::BirthdayPointsRange)));
        assert!(fields.contains(&("messages_monthly_limit", Msg::MessagesMonthlyLimitRange)));
        assert!(fields.contains(&("min_redeem_points", Msg::MinRedeemPointsRange)));
        assert!(fields.contains(&("points_expiry_months", Msg::ExpiryMonthsRange)));
        assert!(fields.contains(&("signal_sales_per_customer", Msg::SignalSalesRange)));
        assert!(fields.contains(&("signal_void_percent", Msg::SignalVoidPercentRange)));
        assert!(fields.contains(&("signal_manual_points", Msg::SignalManualPointsRange)));
        let too_many = SettingsChange { cashier_daily_points: Some(CASHIER_DAILY_POINTS_LIMIT + 1), ..change() };
        assert!(LoyaltySettings::DEFAULT.with(&too_many).is_err());
        let blank = SettingsChange { minimum_purchase: Some(" ".into()), ..change() };
        assert!(LoyaltySettings::DEFAULT.with(&blank).is_err());
    }

    #[test]
    fn points_as_money() {
        let s = LoyaltySettings::DEFAULT;
        assert_eq!(s.value_of(500), None);
        assert_eq!(s.redeem_value(500), Ok(None));
        let on = |v: &str| Some(Some(v.to_string()));
        let Ok(s) = s.with(&SettingsChange { point_value: on("1"), min_redeem_points: Some(50), ..change() }) else {
            panic!("a valid point value is refused")
        };
        assert_eq!(s.point_value, Some(lyd("1")));
        // 100 points = 1.000 LYD: 1,234 points = 12.340; 55 = 0.550.
        assert_eq!(s.value_of(1234), Some(lyd("12.34")));
        assert_eq!(s.redeem_value(55), Ok(Some(lyd("0.55"))));
        assert_eq!(s.redeem_value(49), Err(Msg::RedeemBelowMinimum));
        assert_eq!(s.redeem_value(0), Err(Msg::PointsTooFew));
        // Rounded down to the dirham, never up; a use worth nothing is refused.
        let tiny = LoyaltySettings { point_value: Some(lyd("0.001")), min_redeem_points: 1, ..s };
        assert_eq!(tiny.value_of(199), Some(lyd("0.001")));
        assert_eq!(tiny.redeem_value(99), Err(Msg::RedeemWorthNothing));
        // The largest value and balance stay exact.
        let rich = LoyaltySettings { point_value: Some(POINT_VALUE_MAX), ..s };
        assert_eq!(rich.value_of(1_000_000_000), Some(Money::from_dirhams(10_000_000_000_000)));
        // Bounds, and turning it off again.
        assert!(s.with(&SettingsChange { point_value: on("1000.001"), ..change() }).is_err());
        assert!(s.with(&SettingsChange { point_value: on("0.0001"), ..change() }).is_err());
        assert!(s.with(&SettingsChange { min_redeem_points: Some(MIN_REDEEM_POINTS_LIMIT + 1), ..change() }).is_err());
        assert_eq!(s.with(&SettingsChange { point_value: Some(None), ..change() }).map(|n| n.point_value), Ok(None));
        // A blank is not "off": only `None` (JSON null) is.
        assert!(s.with(&SettingsChange { point_value: on(" "), ..change() }).is_err());
        assert!(s.with(&SettingsChange { point_value: on(""), ..change() }).is_err());
    }

    #[test]
    fn points_expire_months_later_on_the_same_day_or_the_months_last() {
        let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default();
        let never = LoyaltySettings::DEFAULT;
        assert_eq!(never.expiry_for(day(2026, 1, 15)), None);
        let year = LoyaltySettings { expiry_months: Some(12), ..never };
        assert_eq!(year.expiry_for(day(2026, 1, 15)), Some(day(2027, 1, 15)));
        let month = LoyaltySettings { expiry_months: Some(1), ..never };
        assert_eq!(month.expiry_for(day(2026, 1, 31)), Some(day(2026, 2, 28)));
        assert_eq!(month.expiry_for(day(2026, 12, 10)), Some(day(2027, 1, 10)));
    }

    #[test]
    fn expiry_months_between_one_and_the_limit_or_never() {
        let s = LoyaltySettings::DEFAULT;
        let set = |m: Option<i64>| s.with(&SettingsChange { expiry_months: Some(m), ..change() });
        assert_eq!(set(Some(6)).map(|s| s.expiry_months), Ok(Some(6)));
        assert_eq!(set(Some(EXPIRY_MONTHS_MAX)).map(|s| s.expiry_months), Ok(Some(EXPIRY_MONTHS_MAX)));
        assert_eq!(set(None).map(|s| s.expiry_months), Ok(None));
        for bad in [0, -1, EXPIRY_MONTHS_MAX + 1] {
            let errors = set(Some(bad)).err().unwrap_or_default();
            let fields: Vec<_> = errors.iter().map(|(f, m)| (f, m[0])).collect();
            assert_eq!(fields, [("points_expiry_months", Msg::ExpiryMonthsRange)], "{bad}");
        }
        let kept = s.with(&SettingsChange { expiry_months: None, ..change() }).map(|s| s.expiry_months);
        assert_eq!(kept, Ok(None));
    }
}
