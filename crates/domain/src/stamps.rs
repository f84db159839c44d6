//! Stamp cards (issue #38, item 2): a store's card gives one stamp for every sale of at least
//! its `min_total`; once `stamps_required` stamps count, the card's reward can be redeemed at
//! the till, which uses that many stamps (the oldest first).
//!
//! Which stamps count, the one rule: a stamp counts while it is not redeemed, not taken back
//! (a void of its sale, a whole return, or a partial return that leaves less than the card's
//! `min_total` of the sale), and not expired. Each stamp expires on its own,
//! `expires_after_days` after the sale that earned it, as the card said at that moment (a
//! change of the card applies to stamps earned after it); a card without `expires_after_days`
//! gives stamps that never expire.

use chrono::{Duration, NaiveDateTime};

use crate::{text, FieldErrors, Money, Msg};

/// The most stamps a card may ask for.
pub const STAMPS_REQUIRED_MAX: i64 = 50;
/// The longest a reward's name may be, in characters.
pub const REWARD_NAME_MAX: usize = 100;
/// The longest a stamp may last, in days (ten years).
pub const EXPIRES_AFTER_DAYS_MAX: i64 = 3650;

/// A store's stamp card, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StampCard {
    pub min_total: Money,
    pub stamps_required: i64,
    pub reward_name: String,
    pub expires_after_days: Option<i64>,
}

/// A stamp card as typed: each field checked into its own field errors.
#[derive(Debug, Clone, Default)]
pub struct StampCardForm<'a> {
    /// LYD as a decimal.
    pub min_total: Option<&'a str>,
    pub stamps_required: Option<i64>,
    pub reward_name: Option<&'a str>,
    pub expires_after_days: Option<i64>,
}

impl StampCard {
    pub fn parse(form: StampCardForm<'_>) -> Result<StampCard, FieldErrors> {
        let mut errors = FieldErrors::new();
        let min_total = errors.check(
            "min_total",
            match form.min_total.filter(|t| !t.trim().is_empty()) {
                None => Err(Msg::StampMinTotalRequired),
                Some(raw) => {
                    Money::parse(raw)
                        .and_then(|m| if m.is_negative() { Err(Msg::StampMinTotalNegative) } else { Ok(m) })
                }
            },
        );
        let stamps_required = errors.check(
            "stamps_required",
            match form.stamps_required {
                None => Err(Msg::StampsRequiredRequired),
                Some(n) if (1..=STAMPS_REQUIRED_MAX).contains(&n) => Ok(n),
                Some(_) => Err(Msg::StampsRequiredOutOfRange),
            },
        );
        let reward_name = errors.check(
            "reward_name",
            text::required(form.reward_name.unwrap_or(""), Msg::StampRewardNameRequired, REWARD_NAME_MAX),
        );
        let expires_after_days = errors.check(
            "expires_after_days",
            match form.expires_after_days {
                Some(d) if !(1..=EXPIRES_AFTER_DAYS_MAX).contains(&d) => Err(Msg::StampExpiryOutOfRange),
                days => Ok(days),
            },
        );
        errors.into_result()?;
        match (min_total, stamps_required, reward_name, expires_after_days) {
            (Some(min_total), Some(stamps_required), Some(reward_name), Some(expires_after_days)) => {
                Ok(StampCard { min_total, stamps_required, reward_name, expires_after_days })
            }
            _ => Err(FieldErrors::single("min_total", Msg::StampMinTotalRequired)),
        }
    }

    /// Whether a sale of `total` earns a stamp.
    pub fn earns(&self, total: Money) -> bool {
        total >= self.min_total
    }

    /// When a stamp earned at `earned_at` stops counting; `None`: never.
    pub fn expires_at(&self, earned_at: NaiveDateTime) -> Option<NaiveDateTime> {
        self.expires_after_days.map(|days| earned_at + Duration::days(days))
    }

    /// Whether `count` stamps are enough to redeem the reward.
    pub fn can_redeem(&self, count: i64) -> bool {
        count >= self.stamps_required
    }

    /// Whether the stamp of a sale of `total` still counts once its returns add up to
    /// `returned`: a whole return takes it back, a partial one only when what is left of the
    /// sale falls below the card's `min_total`.
    pub fn keeps_stamp_after_return(&self, total: Money, returned: Money) -> bool {
        let left = Money::from_dirhams(total.dirhams().saturating_sub(returned.dirhams()));
        left > Money::ZERO && left >= self.min_total
    }
}

/// Whether a stamp that expires at `expires_at` (none: never) still counts at `now`.
pub fn stamp_counts(expires_at: Option<NaiveDateTime>, now: NaiveDateTime) -> bool {
    expires_at.is_none_or(|at| at > now)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lyd(s: &str) -> Money {
        Money::parse(s).unwrap_or_else(|m| panic!("{s}: {m:?}"))
    }

    fn card(min: &str, required: i64, days: Option<i64>) -> StampCard {
        StampCard {
            min_total: lyd(min),
            stamps_required: required,
            reward_name: "Coffee".into(),
            expires_after_days: days,
        }
    }

    fn form<'a>(min: &'a str, required: i64, name: &'a str, days: Option<i64>) -> StampCardForm<'a> {
        StampCardForm {
            min_total: Some(min),
            stamps_required: Some(required),
            reward_name: Some(name),
            expires_after_days: days,
        }
    }

    #[test]
    fn a_card_is_checked_field_by_field() {
        assert_eq!(StampCard::parse(form("10", 10, " Coffee ", Some(30))), Ok(card("10", 10, Some(30))));
        assert_eq!(StampCard::parse(form("0", 1, "Coffee", None)), Ok(card("0", 1, None)));
        assert_eq!(StampCard::parse(form("0", 50, "Coffee", Some(3650))).map(|c| c.stamps_required), Ok(50));
        let errors = StampCard::parse(form("-1", 51, "", Some(0))).err().unwrap_or_default();
        let fields: Vec<_> = errors.iter().map(|(f, m)| (f, m[0])).collect();
        assert_eq!(
            fields,
            vec![
                ("expires_after_days", Msg::StampExpiryOutOfRange),
                ("min_total", Msg::StampMinTotalNegative),
                ("reward_name", Msg::StampRewardNameRequired),
                ("stamps_required", Msg::StampsRequiredOutOfRange),
            ]
        );
        assert!(StampCard::parse(form("1", 0, "x", Some(3651))).is_err());
        assert!(StampCard::parse(form("1.0001", 5, "x", None)).is_err());
        assert!(StampCard::parse(form("1", 5, &"x".repeat(101), None)).is_err());
        assert!(StampCard::parse(form("1", 5, &"x".repeat(100), None)).is_ok());
        let missing = StampCard::parse(StampCardForm::default()).err().unwrap_or_default();
        assert_eq!(missing.iter().count(), 3, "min_total, stamps_required and reward_name are required");
    }

    #[test]
    fn a_sale_of_at_least_the_minimum_earns_a_stamp() {
        let c = card("10", 3, None);
        assert!(c.earns(lyd("10")) && c.earns(lyd("10.001")));
        assert!(!c.earns(lyd("9.999")));
        assert!(card("0", 3, None).earns(lyd("0.01")));
    }

    #[test]
    fn a_full_card_can_be_redeemed() {
        let c = card("10", 3, None);
        assert!(!c.can_redeem(2));
        assert!(c.can_redeem(3) && c.can_redeem(4));
    }

    #[test]
    fn each_stamp_expires_on_its_own() {
        let at = chrono::NaiveDate::from_ymd_opt(2026, 1, 1).and_then(|d| d.and_hms_opt(12, 0, 0)).unwrap_or_default();
        let c = card("10", 3, Some(30));
        let expires = c.expires_at(at);
        assert_eq!(expires, Some(at + Duration::days(30)));
        assert!(stamp_counts(expires, at + Duration::days(30) - Duration::seconds(1)));
        assert!(!stamp_counts(expires, at + Duration::days(30)));
        assert_eq!(card("10", 3, None).expires_at(at), None);
        assert!(stamp_counts(None, at + Duration::days(100_000)));
    }

    #[test]
    fn a_return_takes_the_stamp_when_the_sale_falls_below_the_minimum() {
        let c = card("10", 3, None);
        assert!(c.keeps_stamp_after_return(lyd("25"), lyd("15")), "10 left of 25: still a stamp's sale");
        assert!(!c.keeps_stamp_after_return(lyd("25"), lyd("15.001")));
        assert!(!c.keeps_stamp_after_return(lyd("25"), lyd("25")), "a whole return takes it");
        assert!(!card("0", 3, None).keeps_stamp_after_return(lyd("5"), lyd("5")));
        assert!(card("0", 3, None).keeps_stamp_after_return(lyd("5"), lyd("4.999")));
    }
}
