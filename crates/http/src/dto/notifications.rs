//! The bell's list (issue #35, item 5).

use chrono::{DateTime, Utc};
use loyalty_application::{NotificationAbout, Notifications};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{SignalDto, StoreRefDto};

named!(
    /// What a notification is about: `signal` (a fraud signal waiting for review),
    /// `plan_ending` (the plan ends soon with nothing queued after it), `customers_imported`,
    /// `webhook_failing` (an endpoint's deliveries fail), `messages_limit_reached` (the
    /// customers' messages reached the month's `messages_monthly_limit`).
    NotificationKindDto(loyalty_application::NotificationKind)
);

/// The plan that ends soon.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlanEndingDto {
    pub package: String,
    pub ends_at: DateTime<Utc>,
    pub days_left: i64,
}

/// An import that finished.
#[derive(Debug, Serialize, ToSchema)]
pub struct ImportFinishedDto {
    pub store: StoreRefDto,
    pub customers: i64,
    pub points: i64,
}

/// An endpoint whose deliveries fail.
#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookFailingDto {
    pub endpoint_id: i64,
    pub url: String,
    /// Deliveries given up on in the last 7 days, or still failing after 3 attempts.
    pub failing: i64,
}

/// The month's customer messages reached the owner's limit.
#[derive(Debug, Serialize, ToSchema)]
pub struct MessagesLimitDto {
    /// The owner's `messages_monthly_limit`.
    #[schema(example = 1000)]
    pub limit: i64,
    /// The Tripoli month, `YYYY-MM`.
    #[schema(example = "2026-11")]
    pub month: String,
    /// What to tell the owner, in the caller's language.
    #[schema(
        example = "Your customers' messages reached this month's limit: the rest of the month's messages are not sent. Raise the limit in the Messages tab to send them."
    )]
    pub message: String,
}

/// One notification: its key, kind, moment, whether the caller read it, and the facts of the
/// one field its kind names.
#[derive(Debug, Serialize, ToSchema)]
pub struct NotificationDto {
    /// Stable for what it is about; send it to `POST /api/v1/notifications/read`.
    #[schema(example = "signal:12:1795000000")]
    pub key: String,
    pub kind: NotificationKindDto,
    pub at: DateTime<Utc>,
    pub read: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub signal: Option<SignalDto>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plan: Option<PlanEndingDto>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub import: Option<ImportFinishedDto>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub webhook: Option<WebhookFailingDto>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub messages_limit: Option<MessagesLimitDto>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NotificationsMeta {
    /// Notifications the caller has not read: the bell's count.
    pub unread: i64,
}

/// The caller's notifications, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct NotificationList {
    pub data: Vec<NotificationDto>,
    pub meta: NotificationsMeta,
}

/// Which notifications the caller has read.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReadNotificationsRequest {
    /// 1 to 100 keys from the list.
    #[schema(example = json!(["signal:12:1795000000"]))]
    pub keys: Vec<String>,
}

impl NotificationList {
    /// The list, its texts in `lang`.
    pub fn of(n: Notifications, lang: crate::Lang) -> Self {
        let data = n
            .items
            .into_iter()
            .map(|item| {
                let kind = item.kind().into();
                let mut dto = NotificationDto {
                    key: item.key,
                    kind,
                    at: item.at.and_utc(),
                    read: item.read,
                    signal: None,
                    plan: None,
                    import: None,
                    webhook: None,
                    messages_limit: None,
                };
                match item.about {
                    NotificationAbout::Signal(signal) => dto.signal = Some((*signal).into()),
                    NotificationAbout::PlanEnding { package, ends_at, days_left } => {
                        dto.plan = Some(PlanEndingDto { package, ends_at: ends_at.and_utc(), days_left })
                    }
                    NotificationAbout::CustomersImported { store, customers, points } => {
                        dto.import = Some(ImportFinishedDto { store: store.into(), customers, points })
                    }
                    NotificationAbout::WebhookFailing { endpoint_id, url, failing } => {
                        dto.webhook = Some(WebhookFailingDto { endpoint_id, url, failing })
                    }
                    NotificationAbout::MessagesLimitReached { limit, month } => {
                        let msg = loyalty_domain::Msg::MessagesMonthlyLimitReached;
                        let message = if lang == crate::Lang::Ar { msg.ar() } else { msg.en() }.to_owned();
                        dto.messages_limit = Some(MessagesLimitDto { limit, month, message })
                    }
                }
                dto
            })
            .collect();
        NotificationList { data, meta: NotificationsMeta { unread: n.unread } }
    }
}
