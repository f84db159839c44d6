//! Bounds on points a person types in.

use crate::Msg;

/// The most points one "add points" action may give (spec section 9).
pub const MANUAL_POINTS_MAX: i64 = 10_000;

/// The most points a cashier may add by hand in one day, at most (an owner sets its own cap
/// up to this; the fraud signal's threshold for points by hand too).
pub const CASHIER_DAILY_POINTS_LIMIT: i64 = 1_000_000;

/// Points to add by hand: 1 to 10,000.
pub fn manual_points(points: i64) -> Result<i64, Msg> {
    if points < 1 {
        Err(Msg::PointsTooFew)
    } else if points > MANUAL_POINTS_MAX {
        Err(Msg::PointsTooMany)
    } else {
        Ok(points)
    }
}

/// Points an owner adds (positive) or removes (negative) by hand: not zero, at most 10,000
/// either way.
pub fn owner_adjustment(points: i64) -> Result<i64, Msg> {
    if points == 0 {
        Err(Msg::AdjustmentZero)
    } else if points.unsigned_abs() > MANUAL_POINTS_MAX.unsigned_abs() {
        Err(Msg::AdjustmentTooLarge)
    } else {
        Ok(points)
    }
}

/// Whether a cashier who already added `added_today` points by hand today may add `points`
/// more under the owner's daily cap.
pub fn within_daily_cap(added_today: i64, points: i64, daily_cap: i64) -> Result<i64, Msg> {
    if added_today.saturating_add(points) > daily_cap {
        Err(Msg::CashierDailyPointsExceeded)
    } else {
        Ok(points)
    }
}

/// The largest balance a person may set by editing a customer: far above any real balance,
/// and far enough below `i64::MAX` that sums over many customers stay exact.
pub const BALANCE_MAX: i64 = 1_000_000_000;

/// A balance set by editing a customer: 0 to 1,000,000,000.
pub fn balance(points: i64) -> Result<i64, Msg> {
    if points < 0 {
        Err(Msg::LoyaltyPointsNegative)
    } else if points > BALANCE_MAX {
        Err(Msg::LoyaltyPointsTooMany)
    } else {
        Ok(points)
    }
}

/// A whole number of points as a spreadsheet writes it: Arabic-Indic digits (١٢٠٠), thousands
/// grouped with `,`, `٬` (the Arabic separator) or spaces ("1,200", "١٬٢٠٠", "1 200"). `None`
/// for anything else (a fraction, a word); the range is [`balance`]'s to check.
pub fn whole_points(raw: &str) -> Option<i64> {
    let digits = crate::text::latin_digits(raw.trim());
    let grouped = |c: char| matches!(c, ',' | '\u{066C}' | ' ' | '\u{00A0}' | '\u{202F}');
    let bare: String = digits.chars().filter(|c| !grouped(*c)).collect();
    let unsigned = bare.strip_prefix('-').unwrap_or(&bare);
    if unsigned.is_empty() || !unsigned.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    bare.parse().ok()
}

/// The points a customer with `balance` owes: a balance goes below zero only when a return takes
/// back points the customer had spent (`PointsChange::Return`); 0 for any other balance.
pub fn points_owed(balance: i64) -> i64 {
    balance.min(0).saturating_neg()
}

/// Whether a customer with `balance` can claim a reward costing `points_required`.
pub fn can_claim(balance: i64, points_required: i64) -> bool {
    points_required <= balance
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_as_spreadsheets_write_them() {
        assert_eq!(whole_points("1200"), Some(1200));
        assert_eq!(whole_points(" ١٬٢٠٠ "), Some(1200));
        assert_eq!(whole_points("1,200"), Some(1200));
        assert_eq!(whole_points("1 200"), Some(1200));
        assert_eq!(whole_points("۱۲۰"), Some(120));
        assert_eq!(whole_points("-5"), Some(-5));
        for bad in ["", "1.5", "١٫٥", "ten", "12a", "-", ","] {
            assert_eq!(whole_points(bad), None, "{bad}");
        }
    }

    #[test]
    fn manual_points_bounds() {
        assert_eq!(manual_points(0), Err(Msg::PointsTooFew));
        assert_eq!(manual_points(-5), Err(Msg::PointsTooFew));
        assert_eq!(manual_points(1), Ok(1));
        assert_eq!(manual_points(10_000), Ok(10_000));
        assert_eq!(manual_points(10_001), Err(Msg::PointsTooMany));
    }

    #[test]
    fn owner_adjustments_and_the_daily_cap() {
        assert_eq!(owner_adjustment(0), Err(Msg::AdjustmentZero));
        assert_eq!(owner_adjustment(-10_000), Ok(-10_000));
        assert_eq!(owner_adjustment(10_000), Ok(10_000));
        assert_eq!(owner_adjustment(-10_001), Err(Msg::AdjustmentTooLarge));
        assert_eq!(owner_adjustment(i64::MIN), Err(Msg::AdjustmentTooLarge));
        assert_eq!(within_daily_cap(9_000, 1_000, 10_000), Ok(1_000));
        assert_eq!(within_daily_cap(9_000, 1_001, 10_000), Err(Msg::CashierDailyPointsExceeded));
        assert_eq!(within_daily_cap(0, 1, 0), Err(Msg::CashierDailyPointsExceeded));
    }

    #[test]
    fn balance_and_claims() {
        assert_eq!(balance(-1), Err(Msg::LoyaltyPointsNegative));
        assert_eq!(balance(0), Ok(0));
        assert_eq!(balance(BALANCE_MAX), Ok(BALANCE_MAX));
        assert_eq!(balance(BALANCE_MAX + 1), Err(Msg::LoyaltyPointsTooMany));
        assert!(can_claim(50, 50));
        assert!(!can_claim(-5, 0), "a customer who owes points claims nothing");
        assert_eq!((points_owed(-30), points_owed(0), points_owed(12)), (30, 0, 0));
        assert!(!can_claim(49, 50));
    }
}
