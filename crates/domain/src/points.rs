use crate::Money;

/// Points earned per LYD spent, held in thousandths of a point (1 point per LYD = 1000).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct PointsRate(i64);

impl PointsRate {
    /// The spec's default: one point per LYD.
    pub const DEFAULT: PointsRate = PointsRate(1000);
    /// The spec's minimum: 0.1 point per LYD.
    pub const MIN: PointsRate = PointsRate(100);

    pub const fn from_milli(milli: i64) -> Self {
        Self(milli)
    }

    pub fn milli(self) -> i64 {
        self.0
    }
}

/// Points for an invoice: floor(total x rate) when the total reaches the minimum purchase,
/// else 0. Exact integer arithmetic; never negative.
pub fn points_for_purchase(total: Money, rate: PointsRate, minimum_purchase: Money) -> i64 {
    if total.dirhams() <= 0 || total < minimum_purchase || rate.0 <= 0 {
        return 0;
    }
    // dirhams x milli-points / (1000 dirhams per LYD x 1000 milli per point)
    let points = i128::from(total.dirhams()) * i128::from(rate.0) / 1_000_000;
    i64::try_from(points).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn lyd(s: &str) -> Money {
        Money::parse(s).unwrap_or_else(|m| panic!("{s}: {m:?}"))
    }

    #[test]
    fn floors_total_times_rate() {
        assert_eq!(points_for_purchase(lyd("12.999"), PointsRate::DEFAULT, Money::ZERO), 12);
        assert_eq!(points_for_purchase(lyd("12.5"), PointsRate::from_milli(1500), Money::ZERO), 18);
        assert_eq!(points_for_purchase(lyd("9.999"), PointsRate::MIN, Money::ZERO), 0);
        assert_eq!(points_for_purchase(lyd("10"), PointsRate::MIN, Money::ZERO), 1);
        assert_eq!(points_for_purchase(lyd("0.001"), PointsRate::from_milli(1_000_000), Money::ZERO), 1);
    }

    #[test]
    fn below_minimum_purchase_earns_nothing() {
        assert_eq!(points_for_purchase(lyd("49.999"), PointsRate::DEFAULT, lyd("50")), 0);
        assert_eq!(points_for_purchase(lyd("50"), PointsRate::DEFAULT, lyd("50")), 50);
    }

    #[test]
    fn large_totals_stay_exact() {
        assert_eq!(points_for_purchase(Money::MAX, PointsRate::from_milli(10_000), Money::ZERO), 10_000_000_000);
    }

    proptest! {
        #[test]
        fn never_negative_and_monotonic(a in 0i64..1_000_000_000, b in 0i64..1_000_000_000, rate in 100i64..100_000) {
            let (lo, hi) = (a.min(b), a.max(b));
            let r = PointsRate::from_milli(rate);
            let p_lo = points_for_purchase(Money::from_dirhams(lo), r, Money::ZERO);
            let p_hi = points_for_purchase(Money::from_dirhams(hi), r, Money::ZERO);
            prop_assert!(p_lo >= 0);
            prop_assert!(p_lo <= p_hi);
        }
    }
}
