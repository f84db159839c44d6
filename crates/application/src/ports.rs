//! The ports the use cases talk to; `loyalty-adapters` implements them.

use chrono::{NaiveDate, NaiveDateTime};
use loyalty_domain::{Email, Role};

use crate::{
    AppError, Customer, CustomerExport, CustomerStats, DayCounts, ExportKind, Invoice, InvoiceExport, LedgerEntry,
    LedgerExport, LedgerKind, OwnerSummary, PackageSummary, PageRequest, Redemption, RedemptionExport, Reward,
    StoreCustomerFigures, StoreScope, StoreSummary, Subscription, User, UserCredentials,
};
use loyalty_domain::{LoyaltySettings, Money};

/// What a repository can fail with.
#[derive(Debug, thiserror::Error)]
pub enum RepoError {
    /// A unique rule was broken; names the rule (e.g. `"users.email"`).
    #[error("duplicate: {0}")]
    Duplicate(&'static str),
    /// The database could not be reached or is shutting down: the client may retry.
    #[error("database unavailable: {0}")]
    Unavailable(String),
    #[error("database error: {0}")]
    Other(String),
}

pub type RepoResult<T> = Result<T, RepoError>;

/// Read or write. On SQLite a write transaction opens with `BEGIN IMMEDIATE`, so two writers
/// queue on the lock instead of failing at commit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TxMode {
    Read,
    Write,
    /// One read statement, atomic by itself: no BEGIN and COMMIT around it (two round trips
    /// fewer; the sign-in check of every request). `work` must send a single SELECT.
    SingleRead,
}

/// The database. One use case runs in one transaction: `run` commits when `work` returns Ok
/// and rolls back when it returns Err.
pub trait Database: Send + Sync {
    fn run(&self, mode: TxMode, work: &mut dyn FnMut(&mut dyn Repos) -> Result<(), AppError>) -> Result<(), AppError>;

    /// Runs `work` (reads only: one `Read` or `SingleRead` transaction) on the caller's thread
    /// and answers `true` when the database can start it at once without waiting; `false`,
    /// without running it, otherwise (the caller then runs it where waiting is allowed).
    fn read_now(&self, work: &mut dyn FnMut()) -> bool {
        let _ = work;
        false
    }

    /// Round trip to the database, for the health panel.
    fn ping(&self) -> Result<std::time::Duration, AppError>;

    /// A tiny committed write (one row of its own): whether the database keeps writes now,
    /// for readiness. Storage failures are `Unavailable`.
    fn write_check(&self) -> Result<std::time::Duration, AppError>;
}

/// Runs `work` in one transaction and returns its value.
pub fn transaction<T>(
    db: &dyn Database,
    mode: TxMode,
    work: impl FnOnce(&mut dyn Repos) -> Result<T, AppError>,
) -> Result<T, AppError> {
    let mut work = Some(work);
    let mut output = None;
    db.run(mode, &mut |repos| {
        let work = work.take().ok_or_else(|| AppError::Internal("transaction body ran twice".into()))?;
        output = Some(work(repos)?);
        Ok(())
    })?;
    output.ok_or_else(|| AppError::Internal("transaction produced no value".into()))
}

/// Every repository, reachable inside one transaction.
pub trait Repos:
    UserRepo
    + SessionRepo
    + ApiKeyRepo
    + StoreRepo
    + CustomerRepo
    + LedgerRepo
    + InvoiceRepo
    + RedemptionRepo
    + RewardRepo
    + IdempotencyRepo
    + PlanRepo
    + ActivityRepo
    + AdminRepo
    + WebhookRepo
    + JobRepo
    + ExportRepo
    + LotRepo
    + SignalRepo
{
}
impl<T> Repos for T where
    T: UserRepo
        + SessionRepo
        + ApiKeyRepo
        + StoreRepo
        + CustomerRepo
        + LedgerRepo
        + InvoiceRepo
        + RedemptionRepo
        + RewardRepo
        + IdempotencyRepo
        + PlanRepo
        + ActivityRepo
        + AdminRepo
        + WebhookRepo
        + JobRepo
        + ExportRepo
        + LotRepo
        + SignalRepo
{
}

/// Which stores' records a query may return: `None` means every store (admin).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RecordFilter {
    pub store_ids: Option<Vec<i64>>,
    pub customer_id: Option<i64>,
}

/// The records an export reads: the stores' (all for `None`), made in `[from, to)`, with ids up
/// to `upto_id` (the last id when the export started, so rows written during it stay out).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportFilter {
    pub store_ids: Option<Vec<i64>>,
    pub from: Option<NaiveDateTime>,
    pub to: Option<NaiveDateTime>,
    pub upto_id: i64,
}

/// Exports read in id order, a page at a time after the last id read (keyset paging: each page
/// costs the same however deep into the file it is). Customers are the live ones, filtered by
/// when they joined; the others by when they were made.
pub trait ExportRepo {
    /// The highest id of the kind's table (0 when empty).
    fn export_last_id(&mut self, kind: ExportKind) -> RepoResult<i64>;
    fn export_count(&mut self, kind: ExportKind, filter: &ExportFilter) -> RepoResult<i64>;
    fn export_customers(&mut self, filter: &ExportFilter, after_id: i64, limit: i64)
        -> RepoResult<Vec<CustomerExport>>;
    fn export_invoices(&mut self, filter: &ExportFilter, after_id: i64, limit: i64) -> RepoResult<Vec<InvoiceExport>>;
    fn export_redemptions(
        &mut self,
        filter: &ExportFilter,
        after_id: i64,
        limit: i64,
    ) -> RepoResult<Vec<RedemptionExport>>;
    fn export_ledger(&mut self, filter: &ExportFilter, after_id: i64, limit: i64) -> RepoResult<Vec<LedgerExport>>;
    /// Live people of the platform (`from`/`to` on their creation).
    fn export_users(&mut self, filter: &ExportFilter, after_id: i64, limit: i64) -> RepoResult<Vec<crate::UserExport>>;
    fn export_store_owners(
        &mut self,
        filter: &ExportFilter,
        after_id: i64,
        limit: i64,
    ) -> RepoResult<Vec<crate::OwnerExport>>;
    fn export_cards(&mut self, filter: &ExportFilter, after_id: i64, limit: i64) -> RepoResult<Vec<crate::CardExport>>;
}

pub trait StoreRepo {
    /// A live store with its owner.
    fn store_scope(&mut self, id: i64) -> RepoResult<Option<StoreScope>>;
    /// The ids of an owner's live stores.
    fn owner_store_ids(&mut self, owner_id: i64) -> RepoResult<Vec<i64>>;
    /// Live stores of the filter, oldest first, with customers, points and sales in `today`.
    fn list_stores(
        &mut self,
        filter: &RecordFilter,
        today: (NaiveDateTime, NaiveDateTime),
    ) -> RepoResult<Vec<StoreSummary>>;
    fn insert_store(&mut self, store: NewStore) -> RepoResult<i64>;
    fn update_store(&mut self, id: i64, name: &str, address: Option<&str>, now: NaiveDateTime) -> RepoResult<()>;
    /// Takes the user's row lock for the rest of the transaction, so two actions checked against
    /// one of its limits (stores at the plan limit, a cashier's daily points) cannot both pass
    /// the check. Returns false for an unknown user.
    fn lock_user(&mut self, user_id: i64, now: NaiveDateTime) -> RepoResult<bool>;
    fn registration_token(&mut self, store_id: i64) -> RepoResult<Option<String>>;
    /// A new registration token: the old link and its QR code stop working.
    fn replace_registration_token(&mut self, store_id: i64, token: &str, now: NaiveDateTime) -> RepoResult<()>;
    fn save_loyalty_settings(
        &mut self,
        owner_id: i64,
        settings: &LoyaltySettings,
        now: NaiveDateTime,
    ) -> RepoResult<()>;
    /// The owner's dashboard figures.
    fn owner_summary(&mut self, store_ids: &[i64]) -> RepoResult<OwnerSummary>;
    /// The customers whose phone is registered in more than one of these stores, by phone
    /// then store name; at most `limit` phones.
    fn shared_phone_customers(&mut self, store_ids: &[i64], limit: i64) -> RepoResult<Vec<crate::SharedPhone>>;
    /// Customers and points per store.
    fn store_customer_figures(&mut self, store_ids: &[i64]) -> RepoResult<Vec<StoreCustomerFigures>>;
    /// The live store a registration token (from its QR code) belongs to.
    fn store_by_token(&mut self, token: &str) -> RepoResult<Option<StoreScope>>;
    /// The loyalty settings an owner set (`LoyaltySettings::DEFAULT` when never set).
    fn loyalty_settings(&mut self, owner_id: i64) -> RepoResult<LoyaltySettings>;
}

pub struct NewStore {
    pub owner_id: i64,
    pub name: String,
    pub address: Option<String>,
    pub registration_token: String,
    pub now: NaiveDateTime,
}

pub struct NewCustomer {
    pub store_id: i64,
    pub name: String,
    pub phone: Option<String>,
    pub email: Option<String>,
    /// Staff who added the customer; `None` when the customer joined by itself.
    pub created_by: Option<i64>,
    /// Joined by the store's link: marked until a cashier confirms the name.
    pub unconfirmed_join: bool,
    pub now: NaiveDateTime,
}

pub struct CustomerChanges {
    pub name: String,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub now: NaiveDateTime,
}

/// A customer an import adds, checked, with the points it brings.
pub struct ImportedCustomer {
    pub name: String,
    pub phone: String,
    pub email: Option<String>,
    pub points: i64,
}

pub trait CustomerRepo {
    /// The phones of a store's live customers.
    fn store_phones(&mut self, store_id: i64) -> RepoResult<Vec<String>>;
    /// Adds the customers to the store with their points as balance, and an
    /// `opening_balance` ledger row by `actor_id` for each who brings points, held in a lot
    /// expiring on `expires_on` (`None`: never).
    fn insert_imported(
        &mut self,
        store_id: i64,
        actor_id: i64,
        customers: &[ImportedCustomer],
        expires_on: Option<NaiveDate>,
        now: NaiveDateTime,
    ) -> RepoResult<()>;
    /// Live customers of the filter's stores, newest first, optionally matching `search` in
    /// name, phone or email (case-insensitive).
    fn list_customers(
        &mut self,
        filter: &RecordFilter,
        search: Option<&str>,
        page: PageRequest,
    ) -> RepoResult<(Vec<Customer>, i64)>;
    /// The first `limit` live customers of the filter's stores matching `search` as
    /// [`Self::list_customers`] does, newest first, without counting them.
    fn search_customers(&mut self, filter: &RecordFilter, search: &str, limit: i64) -> RepoResult<Vec<Customer>>;
    fn customer_by_id(&mut self, id: i64) -> RepoResult<Option<Customer>>;
    /// Errors: `Duplicate("customers.phone")` when a live customer of the store has the phone.
    fn insert_customer(&mut self, customer: NewCustomer) -> RepoResult<i64>;
    /// Errors: `Duplicate("customers.phone")` as for insert.
    fn update_customer(&mut self, id: i64, changes: CustomerChanges) -> RepoResult<()>;
    /// Hides the customer; its invoices, redemptions and ledger stay. False when it was hidden
    /// already (by a concurrent delete that committed first).
    fn hide_customer(&mut self, id: i64, now: NaiveDateTime) -> RepoResult<bool>;
    /// Clears the "joined by link, not confirmed" mark. False when there was none.
    fn confirm_join(&mut self, id: i64, now: NaiveDateTime) -> RepoResult<bool>;
    fn customer_stats(&mut self, id: i64) -> RepoResult<CustomerStats>;
    /// Every live customer record with this E.164 phone, across all stores.
    fn customers_by_phone(&mut self, phone: &str) -> RepoResult<Vec<Customer>>;
}

pub struct NewLedgerEntry<'a> {
    pub customer_id: i64,
    pub store_id: i64,
    pub kind: LedgerKind,
    pub delta: i64,
    pub balance_after: i64,
    pub reason: Option<&'a str>,
    /// Who made the change; `None` for the server's own (points that expired).
    pub actor_id: Option<i64>,
    /// The API key the change was made with (the actor is then its owner).
    pub api_key_id: Option<i64>,
    pub invoice_id: Option<i64>,
    pub redemption_id: Option<i64>,
    pub now: NaiveDateTime,
}

pub trait LedgerRepo {
    fn append_ledger(&mut self, entry: NewLedgerEntry<'_>) -> RepoResult<()>;
    /// A customer's ledger, newest first.
    fn ledger_page(&mut self, customer_id: i64, page: PageRequest) -> RepoResult<(Vec<LedgerEntry>, i64)>;
    /// The points `actor_id` added by hand (`LedgerKind::Manual`) at or after `since`.
    fn manual_points_since(&mut self, actor_id: i64, since: NaiveDateTime) -> RepoResult<i64>;
}

pub struct NewInvoice<'a> {
    pub store_id: i64,
    pub customer_id: i64,
    pub pos_user_id: i64,
    pub invoice_number: Option<&'a str>,
    pub total: Money,
    pub points_earned: i64,
    pub now: NaiveDateTime,
}

pub trait InvoiceRepo {
    /// Errors: `Duplicate("invoices.number")` when the store already has the number.
    fn insert_invoice(&mut self, invoice: NewInvoice<'_>) -> RepoResult<i64>;
    fn invoice_by_id(&mut self, id: i64) -> RepoResult<Option<Invoice>>;
    /// Newest first.
    fn list_invoices(&mut self, filter: &RecordFilter, page: PageRequest) -> RepoResult<(Vec<Invoice>, i64)>;
    /// Marks the invoice void unless it already is; returns whether it did.
    fn void_invoice(&mut self, id: i64, by: i64, reason: &str, now: NaiveDateTime) -> RepoResult<bool>;
    /// Invoices, points issued and redemptions of one store in `[from, to)`.
    fn day_counts(&mut self, store_id: i64, from: NaiveDateTime, to: NaiveDateTime) -> RepoResult<DayCounts>;
}

pub struct NewRedemption {
    pub store_id: i64,
    pub customer_id: i64,
    /// A reward, or (`None`) points used as money worth `value`.
    pub reward_id: Option<i64>,
    pub value: Option<Money>,
    pub pos_user_id: i64,
    pub points_spent: i64,
    pub now: NaiveDateTime,
}

pub trait RedemptionRepo {
    fn insert_redemption(&mut self, redemption: NewRedemption) -> RepoResult<i64>;
    fn redemption_by_id(&mut self, id: i64) -> RepoResult<Option<Redemption>>;
    /// Newest first.
    fn list_redemptions(&mut self, filter: &RecordFilter, page: PageRequest) -> RepoResult<(Vec<Redemption>, i64)>;
}

/// Whether a reward query counts each reward's redemptions (`Reward::redemptions_count`; 0
/// without). Counting reads every redemption of the reward, so hot paths go without.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RewardCounts {
    With,
    Without,
}

pub trait RewardRepo {
    /// A live reward.
    fn reward_by_id(&mut self, id: i64, counts: RewardCounts) -> RepoResult<Option<Reward>>;
    /// An owner's live rewards, cheapest first.
    fn list_rewards(&mut self, owner_id: i64, active_only: bool, counts: RewardCounts) -> RepoResult<Vec<Reward>>;
    fn insert_reward(&mut self, reward: &RewardFields, owner_id: i64, now: NaiveDateTime) -> RepoResult<i64>;
    fn update_reward(&mut self, id: i64, reward: &RewardFields, now: NaiveDateTime) -> RepoResult<()>;
}

/// What the reward form sets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RewardFields {
    pub name: String,
    pub description: Option<String>,
    pub reward_type: crate::RewardType,
    pub points_required: i64,
    pub amount_milli: i64,
    pub is_active: bool,
}

pub struct NewSubscription {
    pub store_owner_id: i64,
    pub package_id: i64,
    pub starts_at: NaiveDateTime,
    pub ends_at: NaiveDateTime,
    pub auto_renew: bool,
    /// Waits for the plan in effect to end (status `queued`) rather than starting now.
    pub queued: bool,
    /// `admin`, `card` or `demo`.
    pub source: &'static str,
    pub notes: Option<String>,
    pub now: NaiveDateTime,
}

/// Why a card code cannot be redeemed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardProblem {
    Unknown,
    AlreadyRedeemed,
    Expired,
}

pub trait PlanRepo {
    /// The owner's plan in effect at `now`: an active or queued row whose period holds `now`.
    fn active_subscription(&mut self, owner_id: i64, now: NaiveDateTime) -> RepoResult<Option<Subscription>>;
    /// The owner's plan waiting to start after `now`, if any.
    fn next_subscription(&mut self, owner_id: i64, now: NaiveDateTime) -> RepoResult<Option<Subscription>>;
    /// Marks every active or queued row of the owner (in effect, past or waiting) `cancelled`
    /// or `replaced`.
    fn end_subscription(&mut self, owner_id: i64, status: &'static str, now: NaiveDateTime) -> RepoResult<()>;
    /// Marks one row `replaced`.
    fn replace_subscription(&mut self, subscription_id: i64, now: NaiveDateTime) -> RepoResult<()>;
    fn insert_subscription(&mut self, subscription: NewSubscription) -> RepoResult<i64>;
    fn set_auto_renew(&mut self, subscription_id: i64, auto_renew: bool, now: NaiveDateTime) -> RepoResult<()>;
    fn package_summary(&mut self, id: i64) -> RepoResult<Option<PackageSummary>>;
    /// Marks an unredeemed, unexpired card redeemed by `user_id` in one conditional update and
    /// returns its package; otherwise says why not (and changes nothing).
    fn claim_card(&mut self, code: &str, user_id: i64, now: NaiveDateTime) -> RepoResult<Result<i64, CardProblem>>;
    /// The package of a card that could be redeemed now, or why not; changes nothing.
    fn peek_card(&mut self, code: &str, now: NaiveDateTime) -> RepoResult<Result<i64, CardProblem>>;
}

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
    /// Points added, expiring on the given Tripoli day (`None`: never).
    Earn { points: i64, expires_on: Option<NaiveDate> },
    /// Points used or removed: the oldest first.
    Spend(i64),
    /// A sale's points taken back: the newest first.
    TakeBack(i64),
}

impl PointsChange {
    /// What the change adds to the balance.
    pub fn delta(self) -> i64 {
        match self {
            PointsChange::Earn { points, .. } => points,
            PointsChange::Spend(points) | PointsChange::TakeBack(points) => -points,
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

/// A customer's balance and the lots that hold it.
pub trait LotRepo {
    /// Changes the balance in one conditional update and the lots with it; returns the new
    /// balance, or `None` when it would go below zero or the customer is gone (nothing changes).
    fn change_points(&mut self, id: i64, change: PointsChange, now: NaiveDateTime) -> RepoResult<Option<i64>>;
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
    /// Each given customer's earliest last day from `from` to `until`, if any.
    fn next_expiries(
        &mut self,
        customer_ids: &[i64],
        from: NaiveDate,
        until: NaiveDate,
    ) -> RepoResult<Vec<(i64, NextExpiry)>>;
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

/// Periodic jobs shared by every instance on one database.
pub trait JobRepo {
    /// Claims the job `name` for a run at `now` if its last run was at `due_before` or earlier;
    /// of several instances claiming at once, one gets `true`.
    fn claim_job(&mut self, name: &str, now: NaiveDateTime, due_before: NaiveDateTime) -> RepoResult<bool>;
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

/// argon2id hashing. Slow on purpose: call it off the request workers.
pub trait PasswordHasher: Send + Sync {
    fn hash(&self, password: &str) -> Result<String, AppError>;
    /// Whether `password` matches `hash`; false on a malformed hash.
    fn verify(&self, password: &str, hash: &str) -> bool;
    /// Spends the time of one `verify`, so an unknown email answers as slowly as a known one.
    fn verify_dummy(&self, password: &str);
}

/// What a valid bearer token says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenClaims {
    pub session_id: String,
    pub user_id: i64,
}

pub trait TokenService: Send + Sync {
    fn issue(&self, claims: &TokenClaims, expires_at: NaiveDateTime) -> Result<String, AppError>;
    /// `None` for a token that is malformed, tampered, expired or signed otherwise.
    fn verify(&self, token: &str) -> Option<TokenClaims>;
    /// The digest kept of an API key's secret (SHA-256, hex): the secret is random and long,
    /// so a fast digest is enough and a request is not slowed by a password hash.
    fn secret_digest(&self, secret: &str) -> String;
}

pub trait Clock: Send + Sync {
    /// Now, in UTC, truncated to microseconds (what both databases keep).
    fn now(&self) -> NaiveDateTime;
}

/// Limits sign-in and registration attempts.
pub trait LoginThrottle: Send + Sync {
    /// Before a password is checked: `Err(seconds to wait)` when this client has spent its
    /// attempts, or this account has had too many wrong passwords from this client (or, with a
    /// much higher ceiling, from everywhere).
    fn before_sign_in(&self, email: &str, client: &str) -> Result<(), u64>;
    /// A wrong password (or an unknown email) for `email` from `client`.
    fn sign_in_failed(&self, email: &str, client: &str);
    /// Before a registration is tried: per client address and overall.
    fn before_registration(&self, client: &str) -> Result<(), u64>;
}

/// Limits for the public pages, per client address and per phone number.
pub trait PublicThrottle: Send + Sync {
    /// `Err(seconds to wait)` when the client or the phone has spent its allowance.
    fn check(&self, client: &str, phone: &str) -> Result<(), u64>;
}

/// A fresh unguessable identifier (session ids, store tokens).
pub trait IdGenerator: Send + Sync {
    fn random_id(&self) -> String;
}

pub struct NewWebhookEvent<'a> {
    pub id: &'a str,
    pub owner_id: i64,
    pub event_type: crate::WebhookEventType,
    pub data: &'a crate::WebhookData,
    pub now: NaiveDateTime,
}

/// How an attempt ended, for [`WebhookRepo::finish_delivery`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttemptResult {
    pub status: crate::DeliveryStatus,
    /// When still pending: when to try again.
    pub next_attempt_at: Option<NaiveDateTime>,
    pub http_status: Option<i32>,
    pub error: Option<String>,
}

pub trait WebhookRepo {
    fn insert_webhook_endpoint(
        &mut self,
        owner_id: i64,
        url: &str,
        events: &[crate::WebhookEventType],
        secret: &str,
        is_active: bool,
        now: NaiveDateTime,
    ) -> RepoResult<crate::WebhookEndpoint>;
    /// The owner's endpoints that are not deleted, oldest first.
    fn list_webhook_endpoints(&mut self, owner_id: i64) -> RepoResult<Vec<crate::WebhookEndpoint>>;
    /// Changes one of the owner's endpoints; false when there is no such endpoint.
    fn update_webhook_endpoint(
        &mut self,
        owner_id: i64,
        id: i64,
        url: &str,
        events: &[crate::WebhookEventType],
        is_active: bool,
        now: NaiveDateTime,
    ) -> RepoResult<bool>;
    fn delete_webhook_endpoint(&mut self, owner_id: i64, id: i64, now: NaiveDateTime) -> RepoResult<bool>;
    fn set_webhook_secret(&mut self, owner_id: i64, id: i64, secret: &str, now: NaiveDateTime) -> RepoResult<bool>;
    /// The owner's active endpoints that take `event_type`.
    fn subscribed_endpoints(&mut self, owner_id: i64, event_type: crate::WebhookEventType) -> RepoResult<Vec<i64>>;
    /// Writes the event (its payload as sent) and a pending delivery to each endpoint.
    fn enqueue_webhook_event(&mut self, event: NewWebhookEvent<'_>, endpoint_ids: &[i64]) -> RepoResult<()>;
    /// An endpoint's deliveries, newest first, and how many there are.
    fn list_webhook_deliveries(
        &mut self,
        endpoint_id: i64,
        page: crate::PageRequest,
    ) -> RepoResult<(Vec<crate::WebhookDelivery>, i64)>;
    /// One delivery of one of the owner's endpoints.
    fn webhook_delivery(&mut self, owner_id: i64, id: i64) -> RepoResult<Option<crate::WebhookDelivery>>;
    /// Makes a delivery pending again, due at `now`.
    fn requeue_webhook_delivery(&mut self, id: i64, now: NaiveDateTime) -> RepoResult<()>;
    /// Claims up to `limit` due deliveries for `lease` (no other worker takes them meanwhile:
    /// `FOR UPDATE SKIP LOCKED` on PostgreSQL) and counts the attempt.
    fn claim_webhook_deliveries(
        &mut self,
        now: NaiveDateTime,
        lease: chrono::Duration,
        limit: i64,
    ) -> RepoResult<Vec<crate::DueDelivery>>;
    fn finish_webhook_delivery(&mut self, id: i64, result: &AttemptResult, now: NaiveDateTime) -> RepoResult<()>;
}
