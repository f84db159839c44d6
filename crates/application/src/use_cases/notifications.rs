//! The bell (issue #35, item 5). A store owner's notifications are made from what they are
//! about, when asked: the fraud signals waiting for review, the plan ending with nothing queued
//! after it, customers imported in the last days, webhook endpoints whose deliveries fail, and
//! the month's customer messages at the owner's monthly limit.
//! Each has a key; the keys a person has read are kept, so the count is what is unread, and a
//! signal reviewed leaves the list at once. Cashiers and the admin have none yet.

use chrono::Duration;
use loyalty_domain::{FieldErrors, Msg, Role};

use crate::policy::StoreAccess;
use crate::ports::{transaction, ActivityFilter, TxMode};
use crate::{
    ActivityKind, Actor, AppError, Notification, NotificationAbout, Notifications, Operation, PageRequest, Services,
};

/// The plan is mentioned once this few days are left and nothing is queued after it.
pub const PLAN_NOTICE_DAYS: i64 = 14;
/// Imports are mentioned for this many days.
pub const IMPORTS_SHOWN_DAYS: i64 = 7;
/// Endpoints are mentioned while deliveries gave up within this many days...
pub const FAILING_SHOWN_DAYS: i64 = 7;
/// ...or are still waiting after this many attempts.
pub const FAILING_ATTEMPTS: i32 = 3;
/// Signals listed at most (the Activity tab lists them all).
pub const SIGNALS_SHOWN: i64 = 20;
/// Keys one request may mark read.
pub const READ_KEYS_MAX: usize = 100;
/// A key's length at most.
pub const KEY_CHARS_MAX: usize = 200;

/// The caller's notifications, newest first, each marked read or not.
pub fn list(services: &Services, actor: &Actor) -> Result<Notifications, AppError> {
    actor.authorize(Operation::ListNotifications)?;
    if actor.role != Role::StoreOwner {
        return Ok(Notifications { items: Vec::new(), unread: 0 });
    }
    let now = services.clock.now();
    let plan = crate::use_cases::subscriptions::status(services, actor)?;
    transaction(&*services.db, TxMode::Read, |repos| {
        let stores = StoreAccess::of_owner(actor, repos)?;
        let mut items: Vec<Notification> = Vec::new();
        let mut add = |key: String, at, about| items.push(Notification { key, at, read: false, about });

        let open = PageRequest { page: 1, per_page: SIGNALS_SHOWN, sync: None };
        for signal in repos.list_signals(&stores, true, open)?.0 {
            add(
                format!("signal:{}:{}", signal.id, signal.updated_at.and_utc().timestamp()),
                signal.updated_at,
                NotificationAbout::Signal(Box::new(signal)),
            );
        }

        if let (Some(active), None) = (&plan.active, &plan.next) {
            if plan.remaining_days <= PLAN_NOTICE_DAYS && !active.auto_renew {
                let about = NotificationAbout::PlanEnding {
                    package: active.package.name.clone(),
                    ends_at: active.ends_at,
                    days_left: plan.remaining_days,
                };
                let from = active.ends_at - Duration::days(PLAN_NOTICE_DAYS);
                add(format!("plan-ending:{}", active.id), from.max(active.starts_at).min(now), about);
            }
        }

        let imports = ActivityFilter {
            store_ids: Some(stores.clone()),
            actor_id: None,
            kinds: Some(vec![ActivityKind::CustomersImported]),
            from: Some(now - Duration::days(IMPORTS_SHOWN_DAYS)),
            to: None,
        };
        for entry in repos.activity_items(&imports, PageRequest { page: 1, per_page: 20, sync: None })? {
            let Some(store) = entry.store.clone() else { continue };
            let fact = |name: &str| {
                entry.details.iter().find(|(k, _)| k == name).and_then(|(_, v)| v.parse::<i64>().ok()).unwrap_or(0)
            };
            let about =
                NotificationAbout::CustomersImported { store, customers: fact("count"), points: fact("points") };
            add(format!("import:{}", entry.id), entry.created_at, about);
        }

        let since = now - Duration::days(FAILING_SHOWN_DAYS);
        for failing in repos.failing_endpoints(actor.user_id, since, FAILING_ATTEMPTS)? {
            // Once a day at most while it keeps failing.
            let key = format!("webhook:{}:{}", failing.endpoint_id, failing.last_failure_at.date());
            let about = NotificationAbout::WebhookFailing {
                endpoint_id: failing.endpoint_id,
                url: failing.url,
                failing: failing.failing,
            };
            add(key, failing.last_failure_at, about);
        }

        // The owner's customers were sent this month's limit of messages: told once a month.
        let settings = repos.loyalty_settings(actor.user_id)?;
        let (from, to) = loyalty_domain::local_day::local_month_bounds(now);
        if let Some(at) = repos.owner_limit_reached_at(actor.user_id, from, to, settings.messages_monthly_limit)? {
            let month = loyalty_domain::local_day::local_date(now).format("%Y-%m").to_string();
            let key = format!("messages-limit:{month}");
            add(key, at, NotificationAbout::MessagesLimitReached { limit: settings.messages_monthly_limit, month });
        }

        let keys: Vec<String> = items.iter().map(|n| n.key.clone()).collect();
        let read = repos.read_notification_keys(actor.user_id, &keys)?;
        for item in &mut items {
            item.read = read.contains(&item.key);
        }
        items.sort_by(|a, b| b.at.cmp(&a.at).then_with(|| a.key.cmp(&b.key)));
        let unread = items.iter().filter(|n| !n.read).count() as i64;
        Ok(Notifications { items, unread })
    })
}

/// Marks the caller's notifications under `keys` read, and answers the list as it is now.
pub fn mark_read(services: &Services, actor: &Actor, keys: Vec<String>) -> Result<Notifications, AppError> {
    actor.authorize(Operation::ReadNotifications)?;
    if keys.is_empty() || keys.len() > READ_KEYS_MAX {
        return Err(FieldErrors::single("keys", Msg::NotificationKeysCount).into());
    }
    if keys.iter().any(|k| k.trim().is_empty() || k.chars().count() > KEY_CHARS_MAX) {
        return Err(FieldErrors::single("keys", Msg::NotificationKeyInvalid).into());
    }
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| Ok(repos.mark_notifications_read(actor.user_id, &keys, now)?))?;
    list(services, actor)
}
