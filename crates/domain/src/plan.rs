//! Store-owner plans: how a new period follows the current one, and days left.

use chrono::{Months, NaiveDateTime};

/// The most stores a package may allow.
pub const STORE_LIMIT_MAX: i64 = 10_000;
/// The longest a package may run, in months.
pub const DURATION_MONTHS_MAX: i64 = 120;

/// A plan held by a store owner: its package and period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Held {
    pub package_id: i64,
    pub starts_at: NaiveDateTime,
    pub ends_at: NaiveDateTime,
}

/// A plan's period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    pub starts_at: NaiveDateTime,
    pub ends_at: NaiveDateTime,
}

/// How a package for another plan than the one in effect is taken: after the current plan ends
/// (the default: no paid day is lost), or from now (the days left are given up).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PlanMode {
    #[default]
    Queue,
    SwitchNow,
}

/// What redeeming a card or being assigned a package does (DESIGN.md section 5). Never throws
/// paid time away unless `SwitchNow` was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlanChange {
    /// No plan in effect: the package starts now.
    Start(Period),
    /// The package of the plan in effect: it runs on from its current end.
    ExtendCurrent(Period),
    /// The package of the plan waiting to start: it runs on from its end.
    ExtendNext(Period),
    /// Another package, starting when the plan in effect ends.
    Queue(Period),
    /// Another package from now; the days left of the plan in effect and of a waiting plan are
    /// given up.
    SwitchNow { period: Period, days_given_up: i64 },
}

impl PlanChange {
    /// The period the package will have.
    pub fn period(self) -> Period {
        match self {
            PlanChange::Start(p)
            | PlanChange::ExtendCurrent(p)
            | PlanChange::ExtendNext(p)
            | PlanChange::Queue(p)
            | PlanChange::SwitchNow { period: p, .. } => p,
        }
    }
}

/// Why a plan change cannot be made as asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlanChangeRefused {
    /// Another plan already waits to start after the current one: one at a time.
    NextPlanWaiting,
}

/// The plan change a package of `duration_months` gives, with the plan in effect (`current`),
/// the plan waiting to start after it (`next`) and the chosen `mode`.
pub fn plan_change(
    current: Option<Held>,
    next: Option<Held>,
    package_id: i64,
    duration_months: u32,
    mode: PlanMode,
    now: NaiveDateTime,
) -> Result<PlanChange, PlanChangeRefused> {
    let add = |t: NaiveDateTime| t.checked_add_months(Months::new(duration_months)).unwrap_or(t);
    let from_now = Period { starts_at: now, ends_at: add(now) };
    let current = current.filter(|c| c.ends_at > now);
    let Some(current) = current else {
        return Ok(PlanChange::Start(from_now));
    };
    if mode == PlanMode::SwitchNow && current.package_id != package_id {
        let given_up = days_left(current.ends_at, now) + next.map_or(0, |n| days_left(n.ends_at, n.starts_at));
        return Ok(PlanChange::SwitchNow { period: from_now, days_given_up: given_up });
    }
    if let Some(next) = next {
        if next.package_id == package_id {
            return Ok(PlanChange::ExtendNext(Period { starts_at: next.starts_at, ends_at: add(next.ends_at) }));
        }
    }
    if next.is_some() {
        return Err(PlanChangeRefused::NextPlanWaiting);
    }
    if current.package_id == package_id {
        return Ok(PlanChange::ExtendCurrent(Period { starts_at: current.starts_at, ends_at: add(current.ends_at) }));
    }
    Ok(PlanChange::Queue(Period { starts_at: current.ends_at, ends_at: add(current.ends_at) }))
}

/// Whole days until `ends_at`, rounded up (0 once it has passed).
pub fn days_left(ends_at: NaiveDateTime, now: NaiveDateTime) -> i64 {
    let seconds = (ends_at - now).num_seconds();
    if seconds <= 0 {
        0
    } else {
        (seconds + 86_399) / 86_400
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn at(y: i32, m: u32, d: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(y, m, d).and_then(|d| d.and_hms_opt(12, 0, 0)).unwrap_or_default()
    }

    fn held(package_id: i64, starts_at: NaiveDateTime, ends_at: NaiveDateTime) -> Held {
        Held { package_id, starts_at, ends_at }
    }

    fn period(starts_at: NaiveDateTime, ends_at: NaiveDateTime) -> Period {
        Period { starts_at, ends_at }
    }

    #[test]
    fn the_same_package_extends_from_the_current_end() {
        let now = at(2026, 11, 22);
        let current = Some(held(7, at(2026, 6, 1), at(2026, 12, 17)));
        assert_eq!(
            plan_change(current, None, 7, 6, PlanMode::Queue, now),
            Ok(PlanChange::ExtendCurrent(period(at(2026, 6, 1), at(2027, 6, 17))))
        );
        // "Switch now" to the plan one has is still an extension: nothing is given up.
        assert_eq!(
            plan_change(current, None, 7, 6, PlanMode::SwitchNow, now),
            Ok(PlanChange::ExtendCurrent(period(at(2026, 6, 1), at(2027, 6, 17))))
        );
    }

    #[test]
    fn another_package_waits_for_the_current_end_unless_switching_now() {
        let now = at(2026, 11, 22);
        let current = Some(held(7, at(2026, 6, 1), at(2026, 12, 17)));
        let queued = plan_change(current, None, 8, 1, PlanMode::Queue, now);
        assert_eq!(queued, Ok(PlanChange::Queue(period(at(2026, 12, 17), at(2027, 1, 17)))));
        assert_eq!(
            plan_change(current, None, 8, 1, PlanMode::SwitchNow, now),
            Ok(PlanChange::SwitchNow { period: period(now, at(2026, 12, 22)), days_given_up: 25 })
        );
    }

    #[test]
    fn a_waiting_plan_is_extended_by_its_own_package_and_blocks_a_third() {
        let now = at(2026, 11, 22);
        let current = Some(held(7, at(2026, 6, 1), at(2026, 12, 17)));
        let next = Some(held(8, at(2026, 12, 17), at(2027, 1, 17)));
        assert_eq!(
            plan_change(current, next, 8, 1, PlanMode::Queue, now),
            Ok(PlanChange::ExtendNext(period(at(2026, 12, 17), at(2027, 2, 17))))
        );
        assert_eq!(plan_change(current, next, 9, 1, PlanMode::Queue, now), Err(PlanChangeRefused::NextPlanWaiting));
        // Switching now to the waiting package starts it now instead.
        assert_eq!(
            plan_change(current, next, 8, 1, PlanMode::SwitchNow, now),
            Ok(PlanChange::SwitchNow { period: period(now, at(2026, 12, 22)), days_given_up: 25 + 31 })
        );
        // The current package too: extending it would move the waiting plan.
        assert_eq!(plan_change(current, next, 7, 1, PlanMode::Queue, now), Err(PlanChangeRefused::NextPlanWaiting));
        // Switching now gives up the days left and the waiting plan's month.
        assert_eq!(
            plan_change(current, next, 9, 1, PlanMode::SwitchNow, now),
            Ok(PlanChange::SwitchNow { period: period(now, at(2026, 12, 22)), days_given_up: 25 + 31 })
        );
    }

    #[test]
    fn without_a_plan_in_effect_the_package_starts_now() {
        let now = at(2026, 11, 22);
        assert_eq!(
            plan_change(None, None, 8, 12, PlanMode::Queue, now),
            Ok(PlanChange::Start(period(now, at(2027, 11, 22))))
        );
        // An expired plan of the same package starts afresh.
        let expired = Some(held(7, at(2026, 1, 1), at(2026, 2, 1)));
        assert_eq!(
            plan_change(expired, None, 7, 1, PlanMode::Queue, now),
            Ok(PlanChange::Start(period(now, at(2026, 12, 22))))
        );
        // Month ends clamp.
        assert_eq!(
            plan_change(None, None, 1, 1, PlanMode::Queue, at(2027, 1, 31)).map(|c| c.period().ends_at),
            Ok(at(2027, 2, 28))
        );
    }

    #[test]
    fn days_left_rounds_up() {
        let now = at(2026, 11, 22);
        assert_eq!(days_left(at(2026, 11, 23), now), 1);
        assert_eq!(days_left(now + chrono::Duration::hours(1), now), 1);
        assert_eq!(days_left(at(2026, 12, 22), now), 30);
        assert_eq!(days_left(now, now), 0);
        assert_eq!(days_left(at(2026, 1, 1), now), 0);
    }
}
