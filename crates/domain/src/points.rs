use crate::{Money, Msg};

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

/// A sale's points with the customer's tier multiplier (thousandths; 1500: x1.5): floor(points x
/// multiplier), never negative.
pub fn points_with_multiplier(points: i64, multiplier_milli: i64) -> i64 {
    let multiplied = i128::from(points.max(0)) * i128::from(multiplier_milli.max(0)) / 1000;
    i64::try_from(multiplied).unwrap_or(i64::MAX)
}

/// What a return against a sale may take: the amount brought back, at least 0.001 LYD, and with
/// the sale's earlier returns at most its total.
pub fn check_return(total: Money, returned_before: Money, amount: Money) -> Result<Money, Msg> {
    if amount.dirhams() <= 0 {
        Err(Msg::ReturnAmountTooSmall)
    } else if returned_before.dirhams().saturating_add(amount.dirhams()) > total.dirhams() {
        Err(Msg::ReturnMoreThanInvoice)
    } else {
        Ok(amount)
    }
}

/// The points a return of `amount` takes back from a sale of `total` that earned `points_earned`,
/// after earlier returns of `returned_before` that took `points_before` (the one rounding rule
/// of returns): each return takes its share rounded down, floor(points_earned x amount / total),
/// and the return that brings the returns to the whole total takes what is left, so the points
/// of all the returns of a sale add up to exactly the points it earned. The amount is one
/// [`check_return`] accepted.
pub fn points_for_return(
    points_earned: i64,
    total: Money,
    returned_before: Money,
    points_before: i64,
    amount: Money,
) -> i64 {
    let left = (points_earned - points_before).max(0);
    if total.dirhams() <= 0 || returned_before.dirhams().saturating_add(amount.dirhams()) >= total.dirhams() {
        return left;
    }
    let share = i128::from(points_earned) * i128::from(amount.dirhams()) / i128::from(total.dirhams());
    i64::try_from(share).unwrap_or(i64::MAX).clamp(0, left)
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

    #[test]
    fn returns_take_their_share_rounded_down_and_the_last_takes_the_rest() {
        // 10.000 LYD earned 10 points: 3.333 takes 3, again 3, and the last 3.334 takes 4.
        let (total, earned) = (lyd("10"), 10);
        assert_eq!(points_for_return(earned, total, Money::ZERO, 0, lyd("3.333")), 3);
        assert_eq!(points_for_return(earned, total, lyd("3.333"), 3, lyd("3.333")), 3);
        assert_eq!(points_for_return(earned, total, lyd("6.666"), 6, lyd("3.334")), 4);
        // A whole return takes all; a return that earned nothing takes nothing.
        assert_eq!(points_for_return(earned, total, Money::ZERO, 0, total), 10);
        assert_eq!(points_for_return(0, total, Money::ZERO, 0, lyd("5")), 0);
        // 0.999 of 10 LYD is less than one point's share.
        assert_eq!(points_for_return(earned, total, Money::ZERO, 0, lyd("0.999")), 0);
    }

    #[test]
    fn returns_stay_within_the_total() {
        assert_eq!(check_return(lyd("10"), Money::ZERO, lyd("10")), Ok(lyd("10")));
        assert_eq!(check_return(lyd("10"), lyd("9.999"), lyd("0.001")), Ok(lyd("0.001")));
        assert_eq!(check_return(lyd("10"), lyd("9.999"), lyd("0.002")), Err(Msg::ReturnMoreThanInvoice));
        assert_eq!(check_return(lyd("10"), Money::ZERO, Money::ZERO), Err(Msg::ReturnAmountTooSmall));
        assert_eq!(check_return(lyd("10"), Money::ZERO, lyd("-1")), Err(Msg::ReturnAmountTooSmall));
    }

    proptest! {
        /// However a total is returned in parts, the points of the parts add up to the points
        /// earned exactly, and never pass them on the way.
        #[test]
        fn returned_points_add_up_to_the_points_earned(
            total in 1i64..10_000_000,
            rate in 100i64..10_000,
            cuts in proptest::collection::vec(1i64..1_000_000, 0..6),
        ) {
            let total_m = Money::from_dirhams(total);
            let earned = points_for_purchase(total_m, PointsRate::from_milli(rate), Money::ZERO);
            let (mut returned, mut points) = (Money::ZERO, 0i64);
            let mut parts: Vec<i64> = cuts.iter().map(|c| c % total + 1).collect();
            parts.push(total);
            for part in parts {
                let amount = Money::from_dirhams(part.min(total - returned.dirhams()));
                if amount.dirhams() == 0 {
                    break;
                }
                prop_assert_eq!(check_return(total_m, returned, amount), Ok(amount));
                let p = points_for_return(earned, total_m, returned, points, amount);
                prop_assert!(p >= 0);
                returned = Money::from_dirhams(returned.dirhams() + amount.dirhams());
                points += p;
                prop_assert!(points <= earned);
            }
            prop_assert_eq!(returned, total_m);
            prop_assert_eq!(points, earned);
            prop_assert_eq!(check_return(total_m, returned, Money::from_dirhams(1)), Err(Msg::ReturnMoreThanInvoice));
        }
    }
}
