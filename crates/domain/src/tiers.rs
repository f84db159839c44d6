//! Tiers (issue #38, item 3): an owner's ladder of up to four levels by what a customer spent in
//! the last twelve months, each with a points multiplier. A customer holds the highest level
//! its spend reaches; a spend that falls below its level keeps the level for 30 days' grace (the
//! customer is told when it ends), then the level follows the spend. The multiplier applies to
//! the points a sale earns (`points::points_with_multiplier`, the points rule's home).

use chrono::{Duration, Months, NaiveDate, NaiveDateTime};

use crate::{FieldErrors, Money, Msg};

/// The most levels an owner may have.
pub const TIERS_MAX: usize = 4;
/// A level's name, in each language, at most this many characters.
pub const TIER_NAME_MAX: usize = 40;
/// Multipliers in thousandths: 1.0 to 10.0, in steps of 0.1.
pub const MULTIPLIER_MIN_MILLI: i64 = 1000;
pub const MULTIPLIER_MAX_MILLI: i64 = 10_000;
/// A customer whose spend falls below its level keeps it this many days.
pub const DOWNGRADE_GRACE_DAYS: i64 = 30;
/// The spend that counts: sales (less their returns) of the last this many months.
pub const SPEND_WINDOW_MONTHS: u32 = 12;

/// One level of the ladder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tier {
    pub name_en: String,
    pub name_ar: String,
    /// Spend in the last 12 months that reaches the level.
    pub min_spend: Money,
    /// Points earned are multiplied by this, in thousandths (1500: x1.5).
    pub multiplier_milli: i64,
}

/// A level as typed: names, the spend in LYD and the multiplier as decimal strings.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TierInput {
    pub name_en: String,
    pub name_ar: String,
    pub min_spend: String,
    pub multiplier: String,
}

/// An owner's levels, from the lowest spend up; empty: no tiers.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TierLadder {
    tiers: Vec<Tier>,
}

/// Field names of each level's inputs, as errors name them (`tiers.0.name_en`...).
const FIELDS: [[&str; 4]; TIERS_MAX] = [
    ["tiers.0.name_en", "tiers.0.name_ar", "tiers.0.min_spend", "tiers.0.multiplier"],
    ["tiers.1.name_en", "tiers.1.name_ar", "tiers.1.min_spend", "tiers.1.multiplier"],
    ["tiers.2.name_en", "tiers.2.name_ar", "tiers.2.min_spend", "tiers.2.multiplier"],
    ["tiers.3.name_en", "tiers.3.name_ar", "tiers.3.min_spend", "tiers.3.multiplier"],
];

impl TierLadder {
    /// Levels already checked (as stored), lowest spend first.
    pub fn from_stored(mut tiers: Vec<Tier>) -> Self {
        tiers.sort_by_key(|t| t.min_spend);
        Self { tiers }
    }

    /// Checks every level (all problems reported together): up to four, each named in both
    /// languages, a spend of 0 or more, every spend higher than the level before, a multiplier
    /// of 1.0 to 10.0 in steps of 0.1.
    pub fn parse(input: &[TierInput]) -> Result<TierLadder, FieldErrors> {
        let mut errors = FieldErrors::new();
        if input.len() > TIERS_MAX {
            errors.add("tiers", Msg::TiersTooMany);
            return Err(errors);
        }
        let mut tiers = Vec::with_capacity(input.len());
        let mut previous: Option<Money> = None;
        for (level, typed) in input.iter().enumerate() {
            let [en, ar, spend, multiplier] = FIELDS[level];
            let name_en = errors.check(en, crate::text::required(&typed.name_en, Msg::TierNameRequired, TIER_NAME_MAX));
            let name_ar = errors.check(ar, crate::text::required(&typed.name_ar, Msg::TierNameRequired, TIER_NAME_MAX));
            let min_spend = errors.check(spend, parse_spend(&typed.min_spend));
            if let (Some(min), Some(before)) = (min_spend, previous) {
                if min <= before {
                    errors.add(spend, Msg::TierSpendOrder);
                }
            }
            previous = min_spend.or(previous);
            let multiplier_milli = errors.check(multiplier, parse_multiplier(&typed.multiplier));
            if let (Some(name_en), Some(name_ar), Some(min_spend), Some(multiplier_milli)) =
                (name_en, name_ar, min_spend, multiplier_milli)
            {
                tiers.push(Tier { name_en, name_ar, min_spend, multiplier_milli });
            }
        }
        errors.into_result()?;
        Ok(TierLadder { tiers })
    }

    pub fn tiers(&self) -> &[Tier] {
        &self.tiers
    }

    pub fn is_empty(&self) -> bool {
        self.tiers.is_empty()
    }

    /// The level a spend reaches (its index, 0 the lowest); `None` below the first.
    pub fn reached(&self, spend: Money) -> Option<usize> {
        self.tiers.iter().rposition(|t| spend >= t.min_spend)
    }

    pub fn get(&self, level: usize) -> Option<&Tier> {
        self.tiers.get(level)
    }
}

/// A customer's place on the ladder: its level, and while its spend is below it, the last day
/// it keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Standing {
    pub level: Option<usize>,
    pub grace_until: Option<NaiveDate>,
}

impl TierLadder {
    /// Where a customer stands on `today` with `spend` in the window, from where it stood: up at
    /// once; down only after 30 days' grace (counted from the first day the spend was below);
    /// a level the ladder no longer has is the ladder's top.
    pub fn standing(&self, held: Standing, spend: Money, today: NaiveDate) -> Standing {
        let reached = self.reached(spend);
        let held_level = held.level.map(|l| l.min(self.tiers.len().saturating_sub(1))).filter(|_| !self.is_empty());
        match (held_level, reached) {
            (Some(held_level), reached) if reached.is_none_or(|r| r < held_level) => {
                let grace_until = held.grace_until.unwrap_or(today + Duration::days(DOWNGRADE_GRACE_DAYS));
                if today > grace_until {
                    Standing { level: reached, grace_until: None }
                } else {
                    Standing { level: Some(held_level), grace_until: Some(grace_until) }
                }
            }
            _ => Standing { level: reached, grace_until: None },
        }
    }
}

impl TierLadder {
    /// The level a standing holds on this ladder, as the ladder is now (a level it no longer
    /// has is its top), with the level's index; `None` without one.
    pub fn held(&self, standing: Standing) -> Option<(usize, &Tier)> {
        let level = standing.level?.min(self.tiers.len().checked_sub(1)?);
        self.tiers.get(level).map(|tier| (level, tier))
    }

    /// The multiplier of a standing, in thousandths: 1000 (x1) without a level.
    pub fn multiplier_milli(&self, standing: Standing) -> i64 {
        self.held(standing).map_or(MULTIPLIER_MIN_MILLI, |(_, tier)| tier.multiplier_milli)
    }
}

/// The first moment whose sales count toward a tier at `now`: twelve months before.
pub fn spend_window_start(now: NaiveDateTime) -> NaiveDateTime {
    now.checked_sub_months(Months::new(SPEND_WINDOW_MONTHS)).unwrap_or(now - Duration::days(365))
}

fn parse_spend(raw: &str) -> Result<Money, Msg> {
    if raw.trim().is_empty() {
        return Err(Msg::MoneyInvalid);
    }
    let money = Money::parse(raw)?;
    if money < Money::ZERO {
        Err(Msg::TierSpendNegative)
    } else {
        Ok(money)
    }
}

fn parse_multiplier(raw: &str) -> Result<i64, Msg> {
    let milli = Money::parse(raw).map_err(|_| Msg::MultiplierRange)?.dirhams();
    if !(MULTIPLIER_MIN_MILLI..=MULTIPLIER_MAX_MILLI).contains(&milli) || milli % 100 != 0 {
        Err(Msg::MultiplierRange)
    } else {
        Ok(milli)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::points::points_with_multiplier;

    fn level(en: &str, spend: &str, multiplier: &str) -> TierInput {
        TierInput {
            name_en: en.into(),
            name_ar: format!("{en} ar"),
            min_spend: spend.into(),
            multiplier: multiplier.into(),
        }
    }

    fn ladder() -> TierLadder {
        let input = [level("Silver", "0", "1"), level("Gold", "500", "1.5"), level("Platinum", "2000", "2")];
        TierLadder::parse(&input).unwrap_or_else(|e| panic!("{e:?}"))
    }

    fn lyd(s: &str) -> Money {
        Money::parse(s).unwrap_or_else(|m| panic!("{m:?}"))
    }

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 12, d).unwrap_or_default()
    }

    #[test]
    fn a_spend_reaches_the_highest_level_at_or_below_it() {
        let ladder = ladder();
        assert_eq!(ladder.reached(lyd("0")), Some(0));
        assert_eq!(ladder.reached(lyd("499.999")), Some(0));
        assert_eq!(ladder.reached(lyd("500")), Some(1));
        assert_eq!(ladder.reached(lyd("1999.999")), Some(1));
        assert_eq!(ladder.reached(lyd("100000")), Some(2));
        let from_gold = TierLadder::parse(&[level("Gold", "500", "1.5")]).unwrap_or_default();
        assert_eq!(from_gold.reached(lyd("499.999")), None);
        assert_eq!(TierLadder::default().reached(lyd("1000")), None);
    }

    #[test]
    fn up_at_once_down_after_thirty_days_of_grace() {
        let ladder = ladder();
        let gold = Standing { level: Some(1), grace_until: None };
        // Up at once, and any grace ends.
        let up = ladder.standing(Standing { level: Some(1), grace_until: Some(day(20)) }, lyd("2000"), day(1));
        assert_eq!(up, Standing { level: Some(2), grace_until: None });
        // Below: kept, grace to the 31st day.
        let below = ladder.standing(gold, lyd("100"), day(1));
        assert_eq!(below, Standing { level: Some(1), grace_until: Some(day(31)) });
        // Still below during grace: the same last day.
        assert_eq!(ladder.standing(below, lyd("100"), day(31)), below);
        // Past it: down to what the spend reaches.
        let after = NaiveDate::from_ymd_opt(2027, 1, 1).unwrap_or_default();
        assert_eq!(ladder.standing(below, lyd("100"), after), Standing { level: Some(0), grace_until: None });
        // Back up during grace: the grace ends.
        assert_eq!(ladder.standing(below, lyd("600"), day(10)), gold);
        // A level the ladder no longer has counts as its top.
        let two = TierLadder::parse(&[level("Silver", "0", "1"), level("Gold", "500", "1.5")]).unwrap_or_default();
        let platinum = Standing { level: Some(2), grace_until: None };
        assert_eq!(two.standing(platinum, lyd("600"), day(1)), gold);
        // No ladder: no level.
        assert_eq!(TierLadder::default().standing(gold, lyd("600"), day(1)), Standing::default());
    }

    #[test]
    fn levels_are_checked_together() {
        let bad = [
            level("", "0", "1"),
            TierInput { name_ar: String::new(), ..level("Gold", "-1", "0.5") },
            level("Platinum", "abc", "1.25"),
            level("Diamond", "10", "11"),
        ];
        let Err(errors) = TierLadder::parse(&bad) else { panic!("bad levels accepted") };
        let found: Vec<_> = errors.iter().map(|(f, m)| (f, m[0])).collect();
        assert!(found.contains(&("tiers.0.name_en", Msg::TierNameRequired)));
        assert!(found.contains(&("tiers.1.name_ar", Msg::TierNameRequired)));
        assert!(found.contains(&("tiers.1.min_spend", Msg::TierSpendNegative)));
        assert!(found.contains(&("tiers.1.multiplier", Msg::MultiplierRange)));
        assert!(found.contains(&("tiers.2.min_spend", Msg::MoneyInvalid)));
        assert!(found.contains(&("tiers.2.multiplier", Msg::MultiplierRange)), "steps of 0.1");
        assert!(found.contains(&("tiers.3.multiplier", Msg::MultiplierRange)));
        let unordered = [level("Gold", "500", "1.5"), level("Silver", "500", "1")];
        let Err(errors) = TierLadder::parse(&unordered) else { panic!("unordered levels accepted") };
        assert_eq!(errors.iter().next().map(|(f, m)| (f, m[0])), Some(("tiers.1.min_spend", Msg::TierSpendOrder)));
        let five = vec![level("A", "0", "1"); 5];
        let Err(errors) = TierLadder::parse(&five) else { panic!("five levels accepted") };
        assert_eq!(errors.iter().next().map(|(f, m)| (f, m[0])), Some(("tiers", Msg::TiersTooMany)));
        assert_eq!(TierLadder::parse(&[]), Ok(TierLadder::default()), "no levels: tiers off");
        assert_eq!(ladder().get(1).map(|t| t.multiplier_milli), Some(1500));
    }

    #[test]
    fn the_multiplier_floors() {
        assert_eq!(points_with_multiplier(15, 1000), 15);
        assert_eq!(points_with_multiplier(15, 1500), 22);
        assert_eq!(points_with_multiplier(15, 10_000), 150);
        assert_eq!(points_with_multiplier(0, 2000), 0);
        assert_eq!(points_with_multiplier(-3, 2000), 0);
    }
}
