//! The repositories of people and what runs around the records: activity, the admin's reads,
//! idempotency, users, point lots, signals, jobs, sessions and API keys.

use chrono::{NaiveDate, NaiveDateTime};
use loyalty_domain::{Email, Role};

use super::RepoResult;
use crate::{PageRequest, User, UserCredentials};
use loyalty_domain::Money;

pub struct NewActivity {
    pub kind: crate::ActivityKind,
    pub actor_id: Option<i64>,
    /// The API key the change was made with (the actor is then its owner).
    pub api_key_id: Option<i64>,
    pub store_id: Option<i64>,
    pub subject_id: Option<i64>,
    pub details: Vec<(&'static str, String)>,
    pub now: NaiveDateTime,
}

/// Narrows an activity feed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ActivityFilter {
    /// `None`: every store (admin).
    pub store_ids: Option<Vec<i64>>,
    pub actor_id: Option<i64>,
    pub kinds: Option<Vec<crate::ActivityKind>>,
    pub from: Option<NaiveDateTime>,
    pub to: Option<NaiveDateTime>,
}

/// What the package form sets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackageFields {
    pub name: String,
    pub description: Option<String>,
    pub price: Money,
    pub store_limit: i64,
    pub duration_months: i64,
    pub features: Vec<String>,
    pub is_active: bool,
}

/// What the card form sets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardFields {
    pub code: String,
    pub package_id: i64,
    pub expires_at: Option<NaiveDateTime>,
    pub notes: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CardFilter {
    pub status: Option<crate::CardStatus>,
    pub package_id: Option<i64>,
}

/// The admin's platform-wide reads and writes.
pub trait AdminRepo {
    /// Live users, newest first, matching `search` in name or email, optionally of one role.
    fn list_users(
        &mut self,
        search: Option<&str>,
        role: Option<Role>,
        page: PageRequest,
    ) -> RepoResult<(Vec<User>, i64)>;
    /// Whether a store has customers, invoices or redemptions.
    fn store_has_history(&mut self, store_id: i64) -> RepoResult<bool>;
    /// Whether a person has a history to keep: a store owner's live stores or any plan row; a
    /// cashier's sales, redemptions or points changes.
    fn user_has_history(&mut self, user_id: i64) -> RepoResult<bool>;
    fn hide_store(&mut self, store_id: i64, now: NaiveDateTime) -> RepoResult<()>;
    fn list_packages(&mut self, active_only: bool) -> RepoResult<Vec<crate::Package>>;
    fn package_by_id(&mut self, id: i64) -> RepoResult<Option<crate::Package>>;
    fn insert_package(&mut self, fields: &PackageFields, now: NaiveDateTime) -> RepoResult<i64>;
    fn update_package(&mut self, id: i64, fields: &PackageFields, now: NaiveDateTime) -> RepoResult<()>;
    /// Whether any subscription or card refers to the package.
    fn package_in_use(&mut self, id: i64) -> RepoResult<bool>;
    fn delete_package(&mut self, id: i64) -> RepoResult<()>;
    fn list_cards(
        &mut self,
        filter: &CardFilter,
        page: PageRequest,
        now: NaiveDateTime,
    ) -> RepoResult<(Vec<crate::Card>, i64)>;
    fn card_by_id(&mut self, id: i64, now: NaiveDateTime) -> RepoResult<Option<crate::Card>>;
    /// Errors: `Duplicate("redemption_cards.code")`.
    fn insert_card(&mut self, fields: &CardFields, now: NaiveDateTime) -> RepoResult<i64>;
    /// Changes an unredeemed card; returns false when it was redeemed meanwhile.
    /// Errors: `Duplicate("redemption_cards.code")`.
    fn update_card(&mut self, id: i64, fields: &CardFields, now: NaiveDateTime) -> RepoResult<bool>;
    /// Deletes an unredeemed card; returns false when it was redeemed meanwhile.
    fn delete_card(&mut self, id: i64) -> RepoResult<bool>;
    /// Live users and stores, and all-time sales (not voided), revenue and gifts.
    fn platform_counts(&mut self) -> RepoResult<crate::PlatformCounts>;
    /// Per Tripoli day from the Tripoli date `from` on, days with figures only: invoices
    /// (not voided; a void counts on its sale's day), revenue, points issued and redeemed; of
    /// these stores only, or of all.
    fn daily_figures(&mut self, stores: Option<&[i64]>, from: NaiveDate) -> RepoResult<Vec<crate::DayFigures>>;
    /// Stores by revenue of their live sales made from the Tripoli date `from` on; stores
    /// without a live sale in that time are left out.
    fn top_stores(&mut self, from: NaiveDate, limit: i64) -> RepoResult<Vec<crate::StoreRanking>>;
}

pub trait ActivityRepo {
    fn log_activity(&mut self, entry: NewActivity) -> RepoResult<()>;
    /// One page, newest first, without counting the rest.
    fn activity_items(&mut self, filter: &ActivityFilter, page: PageRequest) -> RepoResult<Vec<crate::ActivityRecord>>;
    fn activity_count(&mut self, filter: &ActivityFilter) -> RepoResult<i64>;
    /// One page, newest first, and how many there are in all.
    fn activity_page(
        &mut self,
        filter: &ActivityFilter,
        page: PageRequest,
    ) -> RepoResult<(Vec<crate::ActivityRecord>, i64)> {
        Ok((self.activity_items(filter, page)?, self.activity_count(filter)?))
    }
}

/// What a first request with an `Idempotency-Key` answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredAnswer {
    /// The request, in a canonical form, to tell a retry from a different request.
    pub request: String,
    /// The answer, in a form the use case can rebuild its output from.
    pub answer: String,
}

pub trait IdempotencyRepo {
    fn stored_answer(&mut self, user_id: i64, key: &str) -> RepoResult<Option<StoredAnswer>>;
    /// Errors: `Duplicate("idempotency_keys")` when the key was stored meanwhile.
    fn store_answer(&mut self, user_id: i64, key: &str, stored: &StoredAnswer, now: NaiveDateTime) -> RepoResult<()>;
    /// Deletes the answers stored before `before`; returns how many.
    fn forget_answers_before(&mut self, before: NaiveDateTime) -> RepoResult<usize>;
}

pub struct NewUser {
    pub name: String,
    pub email: Email,
    pub password_hash: String,
    pub role: Role,
    pub store_owner_name: Option<String>,
    pub store_id: Option<i64>,
    pub now: NaiveDateTime,
}

pub trait UserRepo {
    /// The live (not deleted) user with this email, with the password hash.
    fn credentials_by_email(&mut self, email: &Email) -> RepoResult<Option<UserCredentials>>;
    /// Whether a store stands and its owner is live and active (its cashiers work only then).
    fn store_owner_active(&mut self, store_id: i64) -> RepoResult<bool>;
    /// The live user with this id.
    fn user_by_id(&mut self, id: i64) -> RepoResult<Option<User>>;
    /// Every live user's id and email (for the look-alike check).
    fn user_emails(&mut self) -> RepoResult<Vec<(i64, String)>>;
    /// Errors: `Duplicate("users.email")` when a live user has the email.
    fn insert_user(&mut self, user: NewUser) -> RepoResult<User>;
    /// Live POS users working in any of `store_ids`, by name.
    fn list_pos_users(&mut self, store_ids: &[i64]) -> RepoResult<Vec<User>>;
    /// Errors: `Duplicate("users.email")`.
    fn update_user(&mut self, id: i64, changes: UserChanges) -> RepoResult<()>;
    fn set_user_active(&mut self, id: i64, active: bool, now: NaiveDateTime) -> RepoResult<()>;
    /// Hides the user; what it did stays in the history.
    fn hide_user(&mut self, id: i64, now: NaiveDateTime) -> RepoResult<()>;
}

pub struct UserChanges {
    pub name: String,
    pub email: Email,
    /// `None` keeps the current password.
    pub password_hash: Option<String>,
    pub store_id: Option<i64>,
    pub store_owner_name: Option<String>,
    pub now: NaiveDateTime,
}

/// A change of a customer's points, and the lots it goes to or comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointsChange {
    /// Points added, expiring on the given Tripoli day (`None`: never); with `tier`, the
    /// customer's new tier standing, written by the same update (a sale that moves its tier).
    Earn { points: i64, expires_on: Option<NaiveDate>, tier: Option<loyalty_domain::tiers::Standing> },
    /// Points used or removed: the oldest first.
    Spend(i64),
    /// A sale's points taken back: the newest first.
    TakeBack(i64),
    /// A sale's share of points taken back for goods returned: the newest lots first, as a void
    /// takes them. The one change that may take the balance below zero (the customer spent the
    /// points: it then owes them); the lots give what they hold.
    Return(i64),
}

impl PointsChange {
    /// Points earned that also move the customer's tier to `tier` (nothing else changes).
    pub fn with_tier(self, tier: Option<loyalty_domain::tiers::Standing>) -> Self {
        match self {
            PointsChange::Earn { points, expires_on, .. } => PointsChange::Earn { points, expires_on, tier },
            other => other,
        }
    }

    /// What the change adds to the balance.
    pub fn delta(self) -> i64 {
        match self {
            PointsChange::Earn { points, .. } => points,
            PointsChange::Spend(points) | PointsChange::TakeBack(points) | PointsChange::Return(points) => -points,
        }
    }
}

/// Points past their last day: how many, the balance after, the customer's store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExpiredPoints {
    pub points: i64,
    pub balance_after: i64,
    pub store_id: i64,
}

pub use crate::NextExpiry;

/// A customer's points still to use whose last day is one Tripoli day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpiringPoints {
    pub store_id: i64,
    pub customer_id: i64,
    pub name: String,
    pub phone: Option<String>,
    pub last_day: NaiveDate,
    pub points: i64,
}

/// A customer's balance and the lots that hold it.
pub trait LotRepo {
    /// Changes the balance in one conditional update and the lots with it; returns the new
    /// balance, or `None` when it would go below zero or the customer is gone (nothing changes).
    /// Points earned pay back what a customer owes first (only what is left goes to a lot); a
    /// [`PointsChange::Return`] is never refused for the balance: it may leave it below zero.
    fn change_points(&mut self, id: i64, change: PointsChange, now: NaiveDateTime) -> RepoResult<Option<i64>>;
    /// Takes the live customer's row lock for the rest of the transaction, as every change of
    /// its points does, so what is read after it (an invoice's returns) stays as read. False
    /// for a customer that is gone.
    fn lock_customer(&mut self, id: i64, now: NaiveDateTime) -> RepoResult<bool>;
    /// Takes the customer's points whose last day was before `today` out of its balance; `None`
    /// when none were due.
    fn expire_due_points(
        &mut self,
        customer_id: i64,
        today: NaiveDate,
        now: NaiveDateTime,
    ) -> RepoResult<Option<ExpiredPoints>>;
    /// Customers with points whose last day was before `today`, at most `limit`, by id.
    fn customers_with_due_points(&mut self, today: NaiveDate, limit: i64) -> RepoResult<Vec<i64>>;
    /// Live customers whose birthday is one of `birthdays` (`MM-DD`), whose owner gives
    /// birthday points, and who have not had them in `year`: (customer, store, owner), at most
    /// `limit`, by id.
    fn birthdays_due(&mut self, birthdays: &[String], year: i32, limit: i64) -> RepoResult<Vec<(i64, i64, i64)>>;
    /// Marks the customer's birthday points as given in `year`, in one conditional update:
    /// false when they were given already (by another instance that committed first).
    fn mark_birthday_given(&mut self, customer_id: i64, year: i32) -> RepoResult<bool>;
    /// Each given customer's earliest last day from `from` to `until`, if any.
    fn next_expiries(
        &mut self,
        customer_ids: &[i64],
        from: NaiveDate,
        until: NaiveDate,
    ) -> RepoResult<Vec<(i64, NextExpiry)>>;
    /// The live customers' points in these stores whose last day is from `from` to `until`, per
    /// store, customer and day.
    fn expiring_points(
        &mut self,
        store_ids: &[i64],
        from: NaiveDate,
        until: NaiveDate,
    ) -> RepoResult<Vec<ExpiringPoints>>;
}

/// A crossing of one of the owner's thresholds, to record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RaisedSignal {
    pub store_id: i64,
    pub kind: loyalty_domain::SignalKind,
    pub day: NaiveDate,
    /// Exactly one of the customer and the cashier.
    pub customer_id: Option<i64>,
    pub user_id: Option<i64>,
    pub figure: i64,
    pub out_of: Option<i64>,
    pub threshold: i64,
    pub now: NaiveDateTime,
}

/// Signals and the counts they are raised from.
pub trait SignalRepo {
    /// Records a crossing: a new signal, or (the same kind, subject and day) the latest figure,
    /// opened again if it was reviewed. True when it is new.
    fn raise_signal(&mut self, signal: RaisedSignal) -> RepoResult<bool>;
    /// Signals of the stores, newest day first; only those not reviewed with `open_only`.
    fn list_signals(
        &mut self,
        store_ids: &[i64],
        open_only: bool,
        page: PageRequest,
    ) -> RepoResult<(Vec<crate::Signal>, i64)>;
    fn signal_by_id(&mut self, id: i64) -> RepoResult<Option<crate::Signal>>;
    /// Marks a signal reviewed by `by`; false when it was already.
    fn review_signal(&mut self, id: i64, by: i64, now: NaiveDateTime) -> RepoResult<bool>;
    /// A customer's sales (voided ones too) made at or after `since`.
    fn customer_sales_since(&mut self, customer_id: i64, since: NaiveDateTime) -> RepoResult<i64>;
    /// A cashier's sales made, and voids it made, at or after `since`.
    fn cashier_sales_and_voids_since(&mut self, user_id: i64, since: NaiveDateTime) -> RepoResult<(i64, i64)>;
}

/// A webhook endpoint whose deliveries are failing, for the owner's bell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FailingEndpoint {
    pub endpoint_id: i64,
    pub url: String,
    /// Deliveries given up on, or still failing after several attempts.
    pub failing: i64,
    /// When the latest of them was last tried.
    pub last_failure_at: NaiveDateTime,
}

/// What the bell reads beyond the records it is about: who has read what, and failing endpoints.
pub trait NotificationRepo {
    /// Which of `keys` the user has read.
    fn read_notification_keys(&mut self, user_id: i64, keys: &[String]) -> RepoResult<Vec<String>>;
    /// Marks `keys` read by the user (again is no change).
    fn mark_notifications_read(&mut self, user_id: i64, keys: &[String], now: NaiveDateTime) -> RepoResult<()>;
    /// The owner's live endpoints with deliveries that failed for good since `since`, or that
    /// are still waiting after `attempts` attempts or more.
    fn failing_endpoints(
        &mut self,
        owner_id: i64,
        since: NaiveDateTime,
        attempts: i32,
    ) -> RepoResult<Vec<FailingEndpoint>>;
}

/// Periodic jobs shared by every instance on one database.
pub trait JobRepo {
    /// Claims the job `name` for a run at `now` if its last run was at `due_before` or earlier;
    /// of several instances claiming at once, one gets `true`.
    fn claim_job(&mut self, name: &str, now: NaiveDateTime, due_before: NaiveDateTime) -> RepoResult<bool>;
}

/// Whose rows a forgetting covers: the owners named, or every owner but them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owners<'a> {
    Only(&'a [i64]),
    AllBut(&'a [i64]),
}

/// What grows without end but the books: kept for the owner's chosen time
/// (`loyalty_domain::retention`), and PostgreSQL's monthly partitions.
pub trait RetentionRepo {
    /// The owner's choice, `None` when it has not chosen (the defaults).
    fn data_retention(&mut self, owner_id: i64) -> RepoResult<Option<loyalty_domain::retention::DataRetention>>;
    fn save_data_retention(
        &mut self,
        owner_id: i64,
        retention: loyalty_domain::retention::DataRetention,
        now: NaiveDateTime,
    ) -> RepoResult<()>;
    /// Every choice made, by owner.
    fn chosen_retentions(&mut self) -> RepoResult<Vec<(i64, loyalty_domain::retention::DataRetention)>>;
    /// Deletes up to `limit` rows of the activity log of `owners`' stores made before `before`;
    /// how many.
    fn forget_activity(&mut self, owners: Owners<'_>, before: NaiveDateTime, limit: i64) -> RepoResult<usize>;
    /// Deletes up to `limit` finished deliveries to `owners`' endpoints made before `before`, then
    /// those owners' events from before it that no delivery names any more and that are not
    /// queued; how many deliveries.
    fn forget_deliveries(&mut self, owners: Owners<'_>, before: NaiveDateTime, limit: i64) -> RepoResult<usize>;
    /// Every row of `table` made before `before`, whoever's (the activity of no store too):
    /// PostgreSQL drops the months that ended by then whole, then deletes up to `limit` of what
    /// is left; how many rows went (a dropped month counts its rows).
    fn forget_everyone_before(&mut self, table: Retained, before: NaiveDateTime, limit: i64) -> RepoResult<usize>;
    /// PostgreSQL: makes the monthly partitions of the months starting on `months` that do not
    /// exist yet (moving their rows out of the default partition); how many were made. SQLite
    /// has none: 0.
    fn prepare_partitions(&mut self, months: &[NaiveDate]) -> RepoResult<usize>;
}

/// The tables kept for a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Retained {
    ActivityLog,
    WebhookDeliveries,
}

pub trait SessionRepo {
    fn insert_session(
        &mut self,
        id: &str,
        user_id: i64,
        now: NaiveDateTime,
        expires_at: NaiveDateTime,
    ) -> RepoResult<()>;
    /// The user of a session that is neither revoked nor expired, whose user is live and
    /// active; `None` otherwise.
    fn session_user(&mut self, session_id: &str, now: NaiveDateTime) -> RepoResult<Option<User>>;
    fn revoke_session(&mut self, session_id: &str, now: NaiveDateTime) -> RepoResult<()>;
    /// Deletes sessions that expired or were revoked before `before`; returns how many.
    fn delete_sessions_ended_before(&mut self, before: NaiveDateTime) -> RepoResult<usize>;
    /// Ends every session of a user (deactivation, password change, deletion).
    fn revoke_user_sessions(&mut self, user_id: i64, now: NaiveDateTime) -> RepoResult<()>;
}

pub struct NewApiKey<'a> {
    pub owner_id: i64,
    pub name: &'a str,
    pub prefix: &'a str,
    pub secret_digest: &'a str,
    pub mode: crate::Mode,
    pub scopes: &'a [crate::ApiScope],
    pub store_ids: Option<&'a [i64]>,
    pub expires_at: Option<NaiveDateTime>,
    pub now: NaiveDateTime,
}

pub trait ApiKeyRepo {
    fn insert_api_key(&mut self, key: NewApiKey<'_>) -> RepoResult<crate::ApiKey>;
    /// The owner's keys that are not revoked, newest first (expired ones included, marked by
    /// their expiry).
    fn list_api_keys(&mut self, owner_id: i64) -> RepoResult<Vec<crate::ApiKey>>;
    /// Revokes one of the owner's keys; false when there is no such live key.
    fn revoke_api_key(&mut self, owner_id: i64, id: i64, now: NaiveDateTime) -> RepoResult<bool>;
    /// The key with this secret digest when it is neither revoked nor expired and its owner is
    /// live and active, with the owner; `None` otherwise.
    fn live_api_key(&mut self, secret_digest: &str, now: NaiveDateTime) -> RepoResult<Option<(crate::ApiKey, User)>>;
    fn touch_api_key(&mut self, id: i64, now: NaiveDateTime) -> RepoResult<()>;
}
