//! Activity feeds: what staff did, written in the same transaction as the change itself.

use chrono::{Duration, NaiveDate, NaiveDateTime};
use loyalty_domain::local_day::local_date_bounds;
use loyalty_domain::{FieldErrors, Msg};

use crate::policy::StoreAccess;
use crate::ports::{transaction, ActivityFilter, NewActivity, Repos, TxMode};
use crate::Operation;
use crate::{ActivityKind, ActivityRecord, Actor, AppError, Page, PageRequest, Services};

/// Records an event in the current transaction; `by` is `None` for a customer's own action.
pub(crate) fn log(
    repos: &mut dyn Repos,
    kind: ActivityKind,
    by: Option<&Actor>,
    store_id: i64,
    subject_id: i64,
    details: Vec<(&'static str, String)>,
    now: chrono::NaiveDateTime,
) -> Result<(), AppError> {
    repos.log_activity(NewActivity {
        kind,
        actor_id: by.map(|a| a.user_id),
        api_key_id: by.and_then(Actor::key_id),
        store_id: Some(store_id),
        subject_id: Some(subject_id),
        details,
        now,
    })?;
    Ok(())
}

/// The feed's range: the last 7, 30 or 90 days, or custom dates (Tripoli days, inclusive).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Range {
    LastDays(i64),
    Custom { from: Option<NaiveDate>, to: Option<NaiveDate> },
}

impl Range {
    /// The feed's filter as sent: `7d` (default), `30d`, `90d`, or `custom` / no range with
    /// `from` and `to` as `YYYY-MM-DD`.
    pub fn parse(date_range: Option<&str>, from: Option<&str>, to: Option<&str>) -> Result<Range, AppError> {
        let date = |field: &'static str, value: Option<&str>| -> Result<Option<NaiveDate>, AppError> {
            value
                .filter(|v| !v.is_empty())
                .map(|v| {
                    NaiveDate::parse_from_str(v, "%Y-%m-%d")
                        .map_err(|_| AppError::from(FieldErrors::single(field, Msg::DateInvalid)))
                })
                .transpose()
        };
        let custom = || Ok(Range::Custom { from: date("from", from)?, to: date("to", to)? });
        match date_range.filter(|r| !r.is_empty()) {
            None if from.is_some_and(|f| !f.is_empty()) || to.is_some_and(|t| !t.is_empty()) => custom(),
            None | Some("7d") => Ok(Range::LastDays(7)),
            Some("30d") => Ok(Range::LastDays(30)),
            Some("90d") => Ok(Range::LastDays(90)),
            Some("custom") => custom(),
            Some(_) => Err(FieldErrors::single("date_range", Msg::RangeInvalid).into()),
        }
    }

    /// The UTC bounds `[from, to)`: the last days up to `now`, or from the start of the first
    /// Tripoli day to the end of the last (either open).
    pub fn bounds(self, now: NaiveDateTime) -> (Option<NaiveDateTime>, Option<NaiveDateTime>) {
        match self {
            Range::LastDays(days) => (Some(now - Duration::days(days.clamp(1, 3660))), None),
            Range::Custom { from, to } => (from.map(|d| local_date_bounds(d).0), to.map(|d| local_date_bounds(d).1)),
        }
    }
}

#[derive(Debug, Clone)]
pub struct FeedQuery {
    pub pos_user_id: Option<i64>,
    pub store_id: Option<i64>,
    /// `invoice`, `redemption` or `customer`; `None` for all.
    pub activity_type: Option<String>,
    pub range: Range,
    pub page: PageRequest,
}

/// The POS activity feed of an owner's stores (or, for the admin, of all stores).
pub fn feed(services: &Services, actor: &Actor, query: FeedQuery) -> Result<Page<ActivityRecord>, AppError> {
    actor.authorize(Operation::PosActivities)?;
    let now = services.clock.now();
    let (from, to) = query.range.bounds(now);
    let kinds = query
        .activity_type
        .as_deref()
        .filter(|t| !t.is_empty() && *t != "all")
        .map(|group| ActivityKind::all().iter().copied().filter(|k| k.group() == group).collect::<Vec<_>>());
    transaction(&*services.db, TxMode::Read, |repos| {
        let stores = StoreAccess::of(actor, repos)?.filter(query.store_id)?.store_ids;
        let filter = ActivityFilter { store_ids: stores, actor_id: query.pos_user_id, kinds, from, to };
        let (items, total) = repos.activity_page(&filter, query.page)?;
        Ok(Page { items, page: query.page.page, per_page: query.page.per_page, total })
    })
}
