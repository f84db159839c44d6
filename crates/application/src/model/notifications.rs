//! The bell (issue #35, item 5): what a person should look at, each under a key they mark read.

use chrono::NaiveDateTime;

use crate::{Signal, StoreRef};

loyalty_domain::code_enum! {
    pub enum NotificationKind {
        /// A fraud signal waiting for the owner's review.
        Signal,
        /// The plan ends soon and no next plan is queued.
        PlanEnding,
        /// Customers were imported into a store.
        CustomersImported,
        /// A webhook endpoint's deliveries are failing.
        WebhookFailing,
        /// The owner's customers were sent this month's `messages_monthly_limit` of messages.
        MessagesLimitReached,
    }
}

/// What a notification is about, with the facts its sentence needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotificationAbout {
    Signal(Box<Signal>),
    PlanEnding {
        package: String,
        ends_at: NaiveDateTime,
        days_left: i64,
    },
    CustomersImported {
        store: StoreRef,
        customers: i64,
        points: i64,
    },
    WebhookFailing {
        endpoint_id: i64,
        url: String,
        failing: i64,
    },
    /// `month` (Tripoli, `YYYY-MM`) reached `limit` messages; later ones are not sent.
    MessagesLimitReached {
        limit: i64,
        month: String,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notification {
    /// Stable for what it is about: marking it read sticks until something new happens.
    pub key: String,
    pub at: NaiveDateTime,
    pub read: bool,
    pub about: NotificationAbout,
}

impl Notification {
    pub fn kind(&self) -> NotificationKind {
        match self.about {
            NotificationAbout::Signal(_) => NotificationKind::Signal,
            NotificationAbout::PlanEnding { .. } => NotificationKind::PlanEnding,
            NotificationAbout::CustomersImported { .. } => NotificationKind::CustomersImported,
            NotificationAbout::WebhookFailing { .. } => NotificationKind::WebhookFailing,
            NotificationAbout::MessagesLimitReached { .. } => NotificationKind::MessagesLimitReached,
        }
    }
}

/// A person's notifications, newest first, and how many are unread.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notifications {
    pub items: Vec<Notification>,
    pub unread: i64,
}
