//! Plans: packages as an owner sees them, the subscription, plan changes and card codes.

use super::*;

#[derive(Debug, Serialize, ToSchema)]
pub struct PackageSummaryDto {
    pub id: i64,
    pub name: String,
    pub store_limit: i64,
    pub duration_months: i64,
    pub price: String,
}

impl From<loyalty_application::PackageSummary> for PackageSummaryDto {
    fn from(p: loyalty_application::PackageSummary) -> Self {
        Self {
            id: p.id,
            name: p.name,
            store_limit: p.store_limit,
            duration_months: p.duration_months,
            price: p.price.to_string(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ActiveSubscription {
    pub package: PackageSummaryDto,
    pub starts_at: DateTime<Utc>,
    pub end_date: DateTime<Utc>,
    pub auto_renew: bool,
}

impl From<loyalty_application::Subscription> for ActiveSubscription {
    fn from(a: loyalty_application::Subscription) -> Self {
        Self {
            package: a.package.into(),
            starts_at: utc(a.starts_at),
            end_date: utc(a.ends_at),
            auto_renew: a.auto_renew,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SubscriptionStatusDto {
    pub has_active_subscription: bool,
    pub current_store_count: i64,
    /// Whole days until the end, rounded up; 0 without a plan.
    pub remaining_days: i64,
    pub active_subscription: Option<ActiveSubscription>,
    /// A plan bought for after the active one: it starts when the active one ends.
    pub next_subscription: Option<ActiveSubscription>,
    /// Stores the plan still allows; 0 without a plan (then "Add store" answers 409).
    pub remaining_store_slots: i64,
    /// Cashiers and rewards may be added or switched back on: false without a plan in effect
    /// (cancelled or expired), when those answer 409 `no_active_plan`. What exists keeps working.
    pub may_add_staff_and_rewards: bool,
    /// Stores beyond the active plan's limit (after a smaller plan started). They keep working,
    /// sales and all; no store can be added until the owner deletes or stops using the extra ones.
    pub stores_over_limit: i64,
    /// Stores that will be beyond the queued plan's limit when it starts (0 without one): what
    /// to delete before then to add stores again.
    pub stores_over_next_limit: i64,
}

impl From<loyalty_application::SubscriptionStatus> for SubscriptionStatusDto {
    fn from(s: loyalty_application::SubscriptionStatus) -> Self {
        Self {
            has_active_subscription: s.active.is_some(),
            current_store_count: s.current_store_count,
            remaining_days: s.remaining_days,
            remaining_store_slots: s.remaining_store_slots,
            may_add_staff_and_rewards: s.may_grow,
            stores_over_limit: s.stores_over_limit,
            stores_over_next_limit: s.stores_over_next_limit,
            active_subscription: s.active.map(Into::into),
            next_subscription: s.next.map(Into::into),
        }
    }
}

/// How a package for another plan than the one in effect is taken.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum PlanModeDto {
    /// After the current plan ends: no paid day is lost (the default).
    #[default]
    Queue,
    /// From now: the days left of the current plan (and of a waiting one) are given up.
    SwitchNow,
}

impl From<PlanModeDto> for loyalty_domain::plan::PlanMode {
    fn from(mode: PlanModeDto) -> Self {
        match mode {
            PlanModeDto::Queue => Self::Queue,
            PlanModeDto::SwitchNow => Self::SwitchNow,
        }
    }
}

/// What a choice does to the owner's plan.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PlanOutcomeDto {
    /// No plan in effect: the package starts now.
    Start,
    /// The plan in effect runs on from its current end.
    Extend,
    /// The plan waiting to start runs on from its end.
    ExtendNext,
    /// Another plan starts when the current one ends.
    Queue,
    /// Another plan starts now; the days left are given up.
    SwitchNow,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PlanChoiceDto {
    /// Send this `mode` to make the change.
    pub mode: PlanModeDto,
    pub outcome: PlanOutcomeDto,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    /// Paid days given up by this choice (0 unless switching now).
    pub days_given_up: i64,
}

/// What redeeming a card or assigning a package would do, before anything changes.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlanChangePreviewDto {
    pub package: PackageSummaryDto,
    pub active_subscription: Option<ActiveSubscription>,
    pub next_subscription: Option<ActiveSubscription>,
    /// One choice for a start or an extension; for another plan, `queue` (unless a plan already
    /// waits to start) and `switch_now`.
    pub choices: Vec<PlanChoiceDto>,
    pub current_store_count: i64,
    /// Stores beyond the package's limit: they keep working, but no store can be added until
    /// the count is within the limit.
    pub stores_over_limit: i64,
}

impl From<loyalty_application::PlanChangePreview> for PlanChangePreviewDto {
    fn from(p: loyalty_application::PlanChangePreview) -> Self {
        use loyalty_domain::plan::{PlanChange as C, PlanMode as M};
        let stores_over_limit = loyalty_application::stores_over_limit(p.package.store_limit, p.store_count);
        let choices = p
            .choices
            .into_iter()
            .map(|(mode, change)| {
                let period = change.period();
                let (outcome, days_given_up) = match change {
                    C::Start(_) => (PlanOutcomeDto::Start, 0),
                    C::ExtendCurrent(_) => (PlanOutcomeDto::Extend, 0),
                    C::ExtendNext(_) => (PlanOutcomeDto::ExtendNext, 0),
                    C::Queue(_) => (PlanOutcomeDto::Queue, 0),
                    C::SwitchNow { days_given_up, .. } => (PlanOutcomeDto::SwitchNow, days_given_up),
                };
                PlanChoiceDto {
                    mode: match mode {
                        M::Queue => PlanModeDto::Queue,
                        M::SwitchNow => PlanModeDto::SwitchNow,
                    },
                    outcome,
                    starts_at: utc(period.starts_at),
                    ends_at: utc(period.ends_at),
                    days_given_up,
                }
            })
            .collect();
        Self {
            package: p.package.into(),
            active_subscription: p.current.map(Into::into),
            next_subscription: p.next.map(Into::into),
            choices,
            current_store_count: p.store_count,
            stores_over_limit,
        }
    }
}
envelope!(PlanChangePreviewEnvelope, PlanChangePreviewDto);
envelope!(SubscriptionStatusEnvelope, SubscriptionStatusDto);

// The example is the demo's unused card of the business plan.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"code": "K7M2Q9XHT4WD", "mode": "queue"}))]
#[serde(deny_unknown_fields)]
pub struct RedeemCodeRequest {
    /// Trimmed; case-insensitive.
    #[serde(default)]
    #[schema(required = true)]
    pub code: String,
    /// For a card of another plan than the active one: `queue` (the default) starts it when the
    /// active plan ends; `switch_now` starts it now and gives up the days left. Ignored by the
    /// preview.
    #[serde(default)]
    pub mode: PlanModeDto,
}
