//! The repositories of the stores' records: stores, customers, sales, redemptions, rewards,
//! plans and exports.

use chrono::{NaiveDate, NaiveDateTime};

use super::RepoResult;
use crate::{
    Customer, CustomerExport, CustomerStats, DayCounts, ExportKind, Invoice, InvoiceExport, LedgerEntry, LedgerExport,
    LedgerKind, OwnerSummary, PackageSummary, PageRequest, Redemption, RedemptionExport, Reward, StoreCustomerFigures,
    StoreScope, StoreSummary, Subscription,
};
use loyalty_domain::{LoyaltySettings, Money};

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
    /// The export's moment: what counts now (a customer's stamps) counts as of it, on every page.
    pub at: NaiveDateTime,
}

/// Exports read in id order, a page at a time after the last id read (keyset paging: each page
/// costs the same however deep into the file it is). Customers are the live ones, filtered by
/// when they joined; the others by when they were made.
pub trait ExportRepo {
    /// The highest id of the kind's table (0 when empty), for a write transaction: every row up
    /// to it is committed when it answers (SQLite has one writer; PostgreSQL's table is locked
    /// in SHARE mode first, so the writes in flight finish and ids handed out later are higher).
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
    /// The ids of an owner's live stores (never the sandbox: it counts nowhere).
    fn owner_store_ids(&mut self, owner_id: i64) -> RepoResult<Vec<i64>>;
    /// The owner's sandbox store, if one was made.
    fn sandbox_store_id(&mut self, owner_id: i64) -> RepoResult<Option<i64>>;
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
    /// A sale's one read of its owner and customer: the settings, the owner's
    /// `programs_version` (moved by every change of its tiers, stamp cards and webhook
    /// subscriptions) and, when the owner has tiers, the customer's standing and spend since
    /// the window's start (`customer`: its id and that moment). `None`: no such user.
    fn sale_settings(&mut self, owner_id: i64, customer: Option<(i64, NaiveDateTime)>)
        -> RepoResult<Option<SaleStart>>;
}

pub struct NewStore {
    pub owner_id: i64,
    pub name: String,
    pub address: Option<String>,
    pub registration_token: String,
    /// The owner's sandbox store, for test keys (one per owner).
    pub sandbox: bool,
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
    pub birthday: Option<loyalty_domain::Birthday>,
    pub now: NaiveDateTime,
}

pub struct CustomerChanges {
    pub name: String,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub birthday: Option<loyalty_domain::Birthday>,
    pub now: NaiveDateTime,
}

/// A customer an import adds, checked, with the points it brings.
pub struct ImportedCustomer {
    pub name: String,
    pub phone: String,
    pub email: Option<String>,
    pub points: i64,
    /// Consents the file gave (kept as history with source `import`).
    pub whatsapp: bool,
    pub sms: bool,
    /// The language of its messages, when the file says (Arabic otherwise).
    pub language: Option<crate::MessageLanguage>,
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
    /// The public lookup in one statement: each live customer with this phone outside the
    /// sandboxes, with its owner's point value, its next points to expire in `[from, until]` and
    /// each active reward of its owner (one row per reward, a row without one when there is
    /// none), by customer, then by points required.
    fn points_lookup(
        &mut self,
        phone: &str,
        from: NaiveDate,
        until: NaiveDate,
        now: NaiveDateTime,
    ) -> RepoResult<Vec<LookupRow>>;
}

/// One row of the public lookup (see [`CustomerRepo::points_lookup`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LookupRow {
    pub customer_id: i64,
    pub store: crate::StoreRef,
    pub points: i64,
    /// `None` when the owner never saved settings (the defaults hold).
    pub point_value: Option<Option<Money>>,
    pub next_expiry: Option<crate::NextExpiry>,
    /// An active reward's name and points required.
    pub reward: Option<(String, i64)>,
    /// The customer's stamps (those that count now) and the stamps the reward needs, when its
    /// store has a stamp card.
    pub stamps: Option<(i64, i64)>,
    /// The tier the customer holds there (as last moved), when its owner has tiers.
    pub tier: Option<crate::TierBadge>,
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
    /// `None` for a walk-in sale.
    pub customer_id: Option<i64>,
    pub pos_user_id: i64,
    /// The API key it was made with, if any (`pos_user_id` is then the key's owner).
    pub api_key_id: Option<i64>,
    pub invoice_number: Option<&'a str>,
    pub total: Money,
    pub points_earned: i64,
    pub now: NaiveDateTime,
}

pub struct NewReturn<'a> {
    pub invoice_id: i64,
    pub amount: Money,
    pub points: i64,
    pub reason: &'a str,
    /// Who took it (for an API key, its owner).
    pub actor_id: i64,
    pub api_key_id: Option<i64>,
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
    /// Records a return against a live invoice: adds it to the invoice's returned amount and
    /// points in one conditional update (never past its total or its points) and stores it.
    /// `None` (nothing changes) when the invoice is voided or the return would pass its total.
    fn insert_return(&mut self, r: NewReturn<'_>) -> RepoResult<Option<i64>>;
    /// The returns of these invoices, oldest first.
    fn invoice_returns(&mut self, invoice_ids: &[i64]) -> RepoResult<Vec<crate::InvoiceReturn>>;
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
    /// The API key it was made with, if any (`pos_user_id` is then the key's owner).
    pub api_key_id: Option<i64>,
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

/// A stamp a sale earned. Who sold (the cashier, the API key) is the sale's: the invoice names
/// them, the stamp does not repeat them (one index entry fewer on the sale path).
pub struct NewStamp {
    pub customer_id: i64,
    pub store_id: i64,
    pub invoice_id: i64,
    pub expires_at: Option<NaiveDateTime>,
    pub now: NaiveDateTime,
}

/// A stamp card's reward redeemed with `stamps` stamps.
pub struct NewStampRedemption<'a> {
    pub customer_id: i64,
    pub store_id: i64,
    pub stamps: i64,
    pub reward_name: &'a str,
    pub actor_id: i64,
    pub api_key_id: Option<i64>,
    pub now: NaiveDateTime,
}

pub trait StampRepo {
    /// The store's stamp card, if it has one.
    fn stamp_card(&mut self, store_id: i64) -> RepoResult<Option<crate::StoreStampCard>>;
    /// The stamp cards of all the owner's stores.
    fn owner_stamp_cards(&mut self, owner_id: i64) -> RepoResult<Vec<crate::StoreStampCard>>;
    /// Sets or replaces the store's stamp card.
    fn save_stamp_card(
        &mut self,
        store_id: i64,
        card: &loyalty_domain::stamps::StampCard,
        now: NaiveDateTime,
    ) -> RepoResult<()>;
    /// Removes the store's stamp card (its stamps stay, and count again if a card is set);
    /// whether there was one.
    fn delete_stamp_card(&mut self, store_id: i64) -> RepoResult<bool>;
    /// Records a stamp earned; answers its id and the customer's stamps that count at its
    /// `now` with it (counted in the same statement). Errors:
    /// `Duplicate("stamp_events.invoice_id")` for a second stamp of one sale.
    fn insert_stamp(&mut self, stamp: NewStamp) -> RepoResult<(i64, i64)>;
    /// The customer's stamps that count at `now`: earned, neither redeemed nor taken back, not
    /// expired (`domain::stamps::stamp_counts`).
    fn count_stamps(&mut self, customer_id: i64, now: NaiveDateTime) -> RepoResult<i64>;
    /// Records the redemption and marks the `stamps` oldest stamps that count used by it; the
    /// caller holds the customer's lock and counted them. Returns the redemption's id.
    fn redeem_stamps(&mut self, redemption: NewStampRedemption<'_>) -> RepoResult<i64>;
    /// Takes back the stamp a sale earned, unless it was redeemed or taken back already; the
    /// stamp's event id when it did.
    fn revoke_stamp(&mut self, invoice_id: i64, now: NaiveDateTime) -> RepoResult<Option<i64>>;
    /// A customer's stamps earned and redeemed, newest first, and how many there are.
    fn stamp_events(&mut self, customer_id: i64, page: PageRequest) -> RepoResult<(Vec<crate::StampEvent>, i64)>;
    fn stamp_event(&mut self, id: i64) -> RepoResult<Option<crate::StampEvent>>;
}

/// A customer's place on its owner's tiers, and what it spent in the window (its live sales less
/// their returns).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TierHolder {
    pub customer_id: i64,
    pub standing: loyalty_domain::tiers::Standing,
    pub spend: Money,
}

/// What a sale reads when it starts (`StoreRepo::sale_settings`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SaleStart {
    pub settings: LoyaltySettings,
    pub programs_version: i64,
    /// The customer's standing and spend; `None` without tiers (or without the customer).
    pub holder: Option<TierHolder>,
}

pub trait TierRepo {
    /// The owner's tiers, lowest first (empty: it has none).
    fn loyalty_tiers(&mut self, owner_id: i64) -> RepoResult<loyalty_domain::tiers::TierLadder>;
    /// Replaces the owner's tiers (an empty ladder removes them).
    fn save_loyalty_tiers(
        &mut self,
        owner_id: i64,
        ladder: &loyalty_domain::tiers::TierLadder,
        now: NaiveDateTime,
    ) -> RepoResult<()>;
    /// The customer's standing and its spend since `since`, in one statement.
    fn tier_holder(&mut self, customer_id: i64, since: NaiveDateTime) -> RepoResult<Option<TierHolder>>;
    /// Writes the customer's standing.
    fn set_tier_standing(&mut self, customer_id: i64, standing: loyalty_domain::tiers::Standing) -> RepoResult<()>;
    /// Every owner with tiers.
    fn owners_with_tiers(&mut self) -> RepoResult<Vec<i64>>;
    /// The owner's customers with ids above `after`, by id, at most `limit`, each with its standing
    /// and its spend since `since`.
    fn tier_holders(
        &mut self,
        owner_id: i64,
        since: NaiveDateTime,
        after: i64,
        limit: i64,
    ) -> RepoResult<Vec<TierHolder>>;
    /// Clears the standing of every customer of the owner (its tiers were removed).
    fn clear_tier_standings(&mut self, owner_id: i64) -> RepoResult<()>;
}

/// A customer page link to keep: the digest of its token, never the token.
pub struct NewPageLink<'a> {
    pub digest: &'a str,
    pub customer_id: i64,
    pub store_id: i64,
    pub now: NaiveDateTime,
    pub expires_at: NaiveDateTime,
}

/// Whom a live customer page link opens the page of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageHolder {
    pub customer_id: i64,
    pub owner_id: i64,
    pub phone: Option<String>,
    /// When the link stops opening the page.
    pub expires_at: NaiveDateTime,
}

/// A store's line on a customer's page: the customer record there and its balance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageStoreRow {
    pub customer_id: i64,
    pub store: crate::StoreRef,
    pub points: i64,
}

/// Points of one customer record whose last day is one Tripoli day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageExpiryRow {
    pub customer_id: i64,
    pub on: NaiveDate,
    pub points: i64,
}

/// A change of points as the customer's page shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageMovementRow {
    pub store: crate::StoreRef,
    pub kind: LedgerKind,
    pub delta: i64,
    pub balance_after: i64,
    pub created_at: NaiveDateTime,
}

/// The customer's own page (`/me/{token}`) and its links.
pub trait PageLinkRepo {
    /// Keeps a new link. `Duplicate` only if two random tokens collide.
    fn insert_page_link(&mut self, link: NewPageLink<'_>) -> RepoResult<()>;
    /// The holder of the link with this digest when it is live at `now` (not revoked, not
    /// expired, its customer not deleted); `None` otherwise, alike for every reason.
    fn page_holder(&mut self, digest: &str, now: NaiveDateTime) -> RepoResult<Option<PageHolder>>;
    /// Revokes every live link of the customer; answers how many.
    fn revoke_page_links(&mut self, customer_id: i64, now: NaiveDateTime) -> RepoResult<usize>;
    /// The holder's records in the owner's live stores: the customer itself, and the customers
    /// with its phone in the owner's other stores (sandboxes left out), by store name.
    fn page_stores(&mut self, holder: &PageHolder) -> RepoResult<Vec<PageStoreRow>>;
    /// Open points of these customers with a last day from `from` on, by day.
    fn page_expiries(&mut self, customer_ids: &[i64], from: NaiveDate) -> RepoResult<Vec<PageExpiryRow>>;
    /// The newest `limit` ledger entries of these customers, newest first.
    fn page_movements(&mut self, customer_ids: &[i64], limit: i64) -> RepoResult<Vec<PageMovementRow>>;
}

/// A walk-in sale's claim link to keep: the digest of its token, never the token.
pub struct NewSaleClaim<'a> {
    pub digest: &'a str,
    pub invoice_id: i64,
    pub store_id: i64,
    /// What the sale earns, at its time and the owner's rate then.
    pub points: i64,
    pub now: NaiveDateTime,
    pub expires_at: NaiveDateTime,
}

/// A claim link with its sale as it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaleClaim {
    pub id: i64,
    pub invoice_id: i64,
    pub store: crate::StoreScope,
    pub points: i64,
    pub total: Money,
    pub sale_at: NaiveDateTime,
    pub expires_at: NaiveDateTime,
    pub claimed_at: Option<NaiveDateTime>,
    /// The sale was voided, or goods came back against it.
    pub undone: bool,
}

/// Points for cash receipts.
pub trait ClaimRepo {
    /// Keeps a new claim link. `Duplicate` only if two random tokens collide.
    fn insert_sale_claim(&mut self, claim: NewSaleClaim<'_>) -> RepoResult<()>;
    /// The claim link with this digest, its store live; `None` otherwise.
    fn sale_claim(&mut self, digest: &str) -> RepoResult<Option<SaleClaim>>;
    /// Marks the claim used by `customer_id` and makes the walk-in sale that customer's with
    /// `points` earned (its store's day counts the points), both only while unclaimed and the
    /// sale neither voided nor returned: `false` when another claim or an undoing came first.
    fn claim_sale(&mut self, claim: &SaleClaim, customer_id: i64, now: NaiveDateTime) -> RepoResult<bool>;
}

/// A customer's consent given or withdrawn, kept as history: who said so and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewConsent {
    pub customer_id: i64,
    pub channel: crate::MessageChannel,
    pub granted: bool,
    pub source: crate::ConsentSource,
    pub actor_id: Option<i64>,
    pub api_key_id: Option<i64>,
    pub now: NaiveDateTime,
}

/// A message for the outbox, rendered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewCustomerMessage<'a> {
    pub owner_id: i64,
    pub store_id: i64,
    pub customer_id: i64,
    pub kind: crate::MessageKind,
    pub channel: crate::MessageChannel,
    pub to_phone: &'a str,
    pub body: &'a str,
    pub status: crate::MessageStatus,
    pub status_detail: Option<&'a str>,
    /// The SMS segments `body` takes.
    pub segments: i64,
    /// The occasion of a message sent once per customer (unique per customer).
    pub once_key: Option<&'a str>,
    /// The language `body` is written in.
    pub language: crate::MessageLanguage,
    pub now: NaiveDateTime,
}

/// How one attempt to send a message ended, as the sender records it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MessageResult {
    /// Accepted by the provider, with its message id.
    Sent { provider_message_id: String },
    /// Pending again, due at `at`; `error` kept as the message's detail.
    Retry { at: NaiveDateTime, error: String },
    /// Refused for good, or out of attempts.
    Failed { error: String },
    /// Never sent (`no_channel`).
    NotSent { detail: String },
}

/// What a provider's status callback says of one message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusUpdate<'a> {
    /// Our id, when the callback carries it (`biz_opaque_callback_data`).
    pub message_id: Option<i64>,
    pub provider_message_id: &'a str,
    /// `Sent`, `Delivered` or `Failed`.
    pub status: crate::MessageStatus,
    pub detail: Option<&'a str>,
    pub now: NaiveDateTime,
}

/// Consent and the outbox of messages customers read (issue #39).
pub trait MessageRepo {
    /// Takes up to `limit` due messages for the sender, each by one conditional update (so two
    /// instances never take the same one): `pending` ones due by `now`, SMS ones left `sending`
    /// whose lease ran out by `now` (sent again with the same reference), and WhatsApp ones left
    /// `sending` whose lease ran out by `in_doubt_before` (no status callback came meanwhile).
    /// Each becomes `sending` until `lease_until`, its attempt counted, committed before the
    /// caller sends anything.
    fn claim_due_messages(
        &mut self,
        now: NaiveDateTime,
        lease_until: NaiveDateTime,
        in_doubt_before: NaiveDateTime,
        limit: i64,
    ) -> RepoResult<Vec<super::OutgoingMessage>>;
    /// Records how the attempt `attempts` of message `id` ended, if the message is still that
    /// attempt's (`sending` with that count); whether it was.
    fn finish_message(
        &mut self,
        id: i64,
        attempts: i64,
        result: &MessageResult,
        now: NaiveDateTime,
    ) -> RepoResult<bool>;
    /// Records a provider's status of a WhatsApp message, never moving it backwards (a sent
    /// message may become delivered or failed; delivered and failed stay); whether it changed.
    fn record_message_status(&mut self, update: &StatusUpdate<'_>) -> RepoResult<bool>;
    /// Sets the customer's current consent by `channel` to `since` (`None`: withdrawn), in one
    /// conditional update that changes only a consent not already so (a second grant keeps
    /// the first time); whether it changed.
    fn set_consent(
        &mut self,
        customer_id: i64,
        channel: crate::MessageChannel,
        since: Option<NaiveDateTime>,
        now: NaiveDateTime,
    ) -> RepoResult<bool>;
    /// Keeps a consent given or withdrawn in the customer's history.
    fn insert_consent(&mut self, consent: NewConsent) -> RepoResult<()>;
    /// Marks the customer's pending messages by `channel` not sent, with `detail`; how many.
    fn stop_pending_messages(
        &mut self,
        customer_id: i64,
        channel: crate::MessageChannel,
        detail: &str,
        now: NaiveDateTime,
    ) -> RepoResult<usize>;
    /// Whether the customer has a welcome message, whatever became of it.
    fn has_welcome(&mut self, customer_id: i64) -> RepoResult<bool>;
    /// The owner's messages made in `[from, to)` that count against its monthly limit: all but
    /// those never sent.
    fn count_owner_messages(&mut self, owner_id: i64, from: NaiveDateTime, to: NaiveDateTime) -> RepoResult<i64>;
    /// When the owner's `limit`-th counted message of `[from, to)` was written: the moment the
    /// monthly limit was reached, `None` while it is not (or `limit` is 0).
    fn owner_limit_reached_at(
        &mut self,
        owner_id: i64,
        from: NaiveDateTime,
        to: NaiveDateTime,
        limit: i64,
    ) -> RepoResult<Option<NaiveDateTime>>;
    fn insert_customer_message(&mut self, message: NewCustomerMessage<'_>) -> RepoResult<i64>;
    /// One message, by its id.
    fn customer_message(&mut self, id: i64) -> RepoResult<Option<crate::CustomerMessage>>;
    /// A customer's messages, newest first, and how many there are.
    fn customer_messages(
        &mut self,
        customer_id: i64,
        page: PageRequest,
    ) -> RepoResult<(Vec<crate::CustomerMessage>, i64)>;
    /// Sets the language the customer's messages are written in; whether it changed.
    fn set_message_language(
        &mut self,
        customer_id: i64,
        language: crate::MessageLanguage,
        now: NaiveDateTime,
    ) -> RepoResult<bool>;
    /// The owner's own templates (the kinds it wrote).
    fn message_templates(&mut self, owner_id: i64) -> RepoResult<Vec<crate::MessageTemplate>>;
    /// The owner's own text of `kind` in `language`, if it wrote one.
    fn message_template(
        &mut self,
        owner_id: i64,
        kind: crate::MessageKind,
        language: crate::MessageLanguage,
    ) -> RepoResult<Option<String>>;
    /// Keeps the owner's own text of `kind` in both languages, in place of any before it.
    fn put_message_template(
        &mut self,
        owner_id: i64,
        kind: crate::MessageKind,
        text_ar: &str,
        text_en: &str,
        now: NaiveDateTime,
    ) -> RepoResult<()>;
    /// Forgets the owner's own text of `kind`; whether there was one.
    fn delete_message_template(&mut self, owner_id: i64, kind: crate::MessageKind) -> RepoResult<bool>;
    /// The owner's messages made in `[from, to)`, counted by channel and status.
    fn message_figures(
        &mut self,
        owner_id: i64,
        from: NaiveDateTime,
        to: NaiveDateTime,
    ) -> RepoResult<Vec<crate::MessageFigure>>;
    /// How many live customers of these stores consent to each channel.
    fn consent_counts(&mut self, store_ids: &[i64]) -> RepoResult<crate::ConsentCounts>;
    /// Live customers past `after` (by id) with a consent and points whose last day is `day`,
    /// not yet sent the message of `once_key`, with those points; at most `limit`, by id.
    fn expiring_to_tell(
        &mut self,
        day: chrono::NaiveDate,
        once_key: &str,
        after: i64,
        limit: i64,
    ) -> RepoResult<Vec<(i64, i64)>>;
}
