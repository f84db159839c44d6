//! The platform's overview and 30-day analytics.

use chrono::Duration;
use loyalty_domain::Money;

use crate::ports::replica_read;
use crate::Operation;
use crate::{ActivityRecord, Actor, AppError, DayFigures, PageRequest, PlatformCounts, Services, StoreRanking};

pub struct Overview {
    pub counts: PlatformCounts,
    pub recent: Vec<ActivityRecord>,
    pub database_latency: Option<std::time::Duration>,
}

pub fn overview(services: &Services, actor: &Actor) -> Result<Overview, AppError> {
    actor.authorize(Operation::Overview)?;
    let database_latency = services.db.ping().ok();
    // The platform's dashboard: may be a few seconds old (the replica).
    replica_read(&*services.db, Some(actor.user_id), false, |repos| {
        let counts = repos.platform_counts()?;
        let recent = repos.activity_items(
            &crate::ports::ActivityFilter::default(),
            PageRequest { page: 1, per_page: 10, sync: None },
        )?;
        Ok(Overview { counts, recent, database_latency })
    })
}

pub struct Analytics {
    pub days: Vec<DayFigures>,
    pub top_stores: Vec<StoreRanking>,
}

/// The last 30 Tripoli days, every day present (zeros included), and the top stores.
pub fn analytics(services: &Services, actor: &Actor) -> Result<Analytics, AppError> {
    actor.authorize(Operation::Analytics)?;
    let first_day = loyalty_domain::local_day::local_date(services.clock.now()) - Duration::days(29);
    replica_read(&*services.db, Some(actor.user_id), false, |repos| {
        let found = repos.daily_figures(None, first_day)?;
        let days = (0..30)
            .map(|n| {
                let day = first_day + Duration::days(n);
                found.iter().find(|d| d.day == day).cloned().unwrap_or(DayFigures {
                    day,
                    invoices: 0,
                    revenue: Money::ZERO,
                    points_issued: 0,
                    points_redeemed: 0,
                    points_expired: 0,
                })
            })
            .collect();
        let top_stores = repos.top_stores(first_day, 10)?;
        Ok(Analytics { days, top_stores })
    })
}
