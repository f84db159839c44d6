//! Fraud signals (issue #19, item 4): patterns at the counter an owner wants to look at. A
//! crossing is only shown, never blocked. Each threshold is the owner's, with these defaults.

use crate::Msg;

/// "More than 3 sales to one customer in a day."
pub const SALES_PER_CUSTOMER_DEFAULT: i64 = 3;
pub const SALES_PER_CUSTOMER_MAX: i64 = 1_000;
/// "A cashier voiding more than 5 % of its sales in a day."
pub const VOID_PERCENT_DEFAULT: i64 = 5;
pub const VOID_PERCENT_MAX: i64 = 100;
/// "Manual points above a daily total": a cashier adding more than this by hand in a day.
pub const MANUAL_POINTS_DEFAULT: i64 = 1_000;
/// The highest threshold an owner may set: the cashiers' daily cap's own limit.
pub const MANUAL_POINTS_THRESHOLD_MAX: i64 = crate::points_rules::CASHIER_DAILY_POINTS_LIMIT;

crate::code_enum! {
    /// What a signal is about.
    pub enum SignalKind {
        /// A customer had more sales in a Tripoli day than the threshold.
        SalesPerCustomer,
        /// A cashier voided more than the threshold's percent of its sales of the day.
        VoidRate,
        /// A cashier added more points by hand in a day than the threshold.
        ManualPoints,
    }
}

/// An owner's thresholds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SignalThresholds {
    pub sales_per_customer: i64,
    pub void_percent: i64,
    pub manual_points: i64,
}

impl SignalThresholds {
    pub const DEFAULT: SignalThresholds = SignalThresholds {
        sales_per_customer: SALES_PER_CUSTOMER_DEFAULT,
        void_percent: VOID_PERCENT_DEFAULT,
        manual_points: MANUAL_POINTS_DEFAULT,
    };

    /// Whether `sales` to one customer in a day are more than the owner allows quietly.
    pub fn too_many_sales(&self, sales: i64) -> bool {
        sales > self.sales_per_customer
    }

    /// Whether `voids` of a cashier's `sales` that day are more than the percent (exact in
    /// integers: 1 void of 20 sales is 5 %, not more).
    pub fn too_many_voids(&self, voids: i64, sales: i64) -> bool {
        voids > 0 && i128::from(voids) * 100 > i128::from(self.void_percent) * i128::from(sales)
    }

    /// Whether a cashier's points added by hand in a day are more than the threshold.
    pub fn too_many_manual_points(&self, points: i64) -> bool {
        points > self.manual_points
    }

    /// The threshold of a kind, as the signal records it.
    pub fn threshold(&self, kind: SignalKind) -> i64 {
        match kind {
            SignalKind::SalesPerCustomer => self.sales_per_customer,
            SignalKind::VoidRate => self.void_percent,
            SignalKind::ManualPoints => self.manual_points,
        }
    }
}

impl Default for SignalThresholds {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// A threshold as typed: a whole number in its range.
pub fn sales_per_customer(value: i64) -> Result<i64, Msg> {
    (1..=SALES_PER_CUSTOMER_MAX).contains(&value).then_some(value).ok_or(Msg::SignalSalesRange)
}

pub fn void_percent(value: i64) -> Result<i64, Msg> {
    (0..=VOID_PERCENT_MAX).contains(&value).then_some(value).ok_or(Msg::SignalVoidPercentRange)
}

pub fn manual_points_threshold(value: i64) -> Result<i64, Msg> {
    (1..=MANUAL_POINTS_THRESHOLD_MAX).contains(&value).then_some(value).ok_or(Msg::SignalManualPointsRange)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn more_than_the_threshold_is_a_signal_the_threshold_itself_is_not() {
        let t = SignalThresholds::DEFAULT;
        assert!(!t.too_many_sales(3));
        assert!(t.too_many_sales(4));
        assert!(!t.too_many_manual_points(1_000));
        assert!(t.too_many_manual_points(1_001));
    }

    #[test]
    fn void_rate_is_exact_in_integers() {
        let t = SignalThresholds::DEFAULT;
        assert!(!t.too_many_voids(1, 20), "5 % is not more than 5 %");
        assert!(t.too_many_voids(1, 19));
        assert!(t.too_many_voids(1, 1));
        assert!(!t.too_many_voids(0, 0));
        assert!(t.too_many_voids(1, 0), "voiding another's sale on a day without one's own");
        let none = SignalThresholds { void_percent: 0, ..t };
        assert!(none.too_many_voids(1, 1_000));
        let all = SignalThresholds { void_percent: 100, ..t };
        assert!(!all.too_many_voids(5, 5));
    }

    #[test]
    fn thresholds_in_range() {
        assert_eq!(sales_per_customer(0), Err(Msg::SignalSalesRange));
        assert_eq!(sales_per_customer(SALES_PER_CUSTOMER_MAX), Ok(SALES_PER_CUSTOMER_MAX));
        assert_eq!(void_percent(-1), Err(Msg::SignalVoidPercentRange));
        assert_eq!(void_percent(101), Err(Msg::SignalVoidPercentRange));
        assert_eq!(void_percent(0), Ok(0));
        assert_eq!(manual_points_threshold(0), Err(Msg::SignalManualPointsRange));
        assert_eq!(manual_points_threshold(MANUAL_POINTS_THRESHOLD_MAX + 1), Err(Msg::SignalManualPointsRange));
    }
}
