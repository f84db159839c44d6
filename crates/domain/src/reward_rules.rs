//! The reward form's rules (spec section 5).

use crate::{Money, Msg};

/// A discount reward's largest percentage.
pub const DISCOUNT_PERCENT_MAX: i64 = 100;
/// The fewest points a reward can cost.
pub const POINTS_REQUIRED_MIN: i64 = 1;

/// A reward's amount: a percentage 0-100 (whole numbers) for discounts, LYD not negative for
/// cash and prizes. Held in thousandths.
pub fn reward_amount(is_discount: bool, amount: &str) -> Result<i64, Msg> {
    let value = if amount.trim().is_empty() { Money::ZERO } else { Money::parse(amount)? };
    if is_discount {
        let percent = value.dirhams();
        if !(0..=DISCOUNT_PERCENT_MAX * 1000).contains(&percent) || percent % 1000 != 0 {
            return Err(Msg::DiscountRange);
        }
        Ok(percent)
    } else if value.is_negative() {
        Err(Msg::AmountNotNegative)
    } else {
        Ok(value.dirhams())
    }
}

pub fn points_required(points: i64) -> Result<i64, Msg> {
    if points >= POINTS_REQUIRED_MIN {
        Ok(points)
    } else {
        Err(Msg::PointsRequiredPositive)
    }
}

/// Points per LYD as typed (`"1.5"`): at least 0.1, in steps of 0.1, at most 1000.
pub fn points_rate(input: &str) -> Result<crate::PointsRate, Msg> {
    let milli = Money::parse(input).map_err(|_| Msg::RateTooLow)?.dirhams();
    if milli < crate::PointsRate::MIN.milli() {
        Err(Msg::RateTooLow)
    } else if milli % 100 != 0 {
        Err(Msg::RateStep)
    } else if milli > 1_000_000 {
        Err(Msg::TooLong)
    } else {
        Ok(crate::PointsRate::from_milli(milli))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_by_type() {
        assert_eq!(reward_amount(true, "10"), Ok(10_000));
        assert_eq!(reward_amount(true, "100"), Ok(100_000));
        assert_eq!(reward_amount(true, "101"), Err(Msg::DiscountRange));
        assert_eq!(reward_amount(true, "-1"), Err(Msg::DiscountRange));
        assert_eq!(reward_amount(true, "10.5"), Err(Msg::DiscountRange));
        assert_eq!(reward_amount(false, "20.250"), Ok(20_250));
        assert_eq!(reward_amount(false, "-0.01"), Err(Msg::AmountNotNegative));
        assert_eq!(reward_amount(false, ""), Ok(0));
    }

    #[test]
    fn rates() {
        assert_eq!(points_rate("1").map(|r| r.milli()), Ok(1000));
        assert_eq!(points_rate("0.1").map(|r| r.milli()), Ok(100));
        assert_eq!(points_rate("0.05"), Err(Msg::RateTooLow));
        assert_eq!(points_rate("1.25"), Err(Msg::RateStep));
        assert_eq!(points_rate("0"), Err(Msg::RateTooLow));
        assert_eq!(points_rate("x"), Err(Msg::RateTooLow));
        assert_eq!(points_required(0), Err(Msg::PointsRequiredPositive));
    }
}
