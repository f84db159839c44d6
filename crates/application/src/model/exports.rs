//! Records as the CSV exports write them.

use super::*;

loyalty_domain::code_enum! {
    /// What an export file holds (issue #19): one row per record of the caller's stores.
    pub enum ExportKind {
        Customers,
        Invoices,
        Redemptions,
        /// The points ledger: every change of every balance.
        Ledger,
        /// The platform's people (the admin's only).
        Users,
        /// The store owners with their stores and plan (the admin's only).
        StoreOwners,
        /// The redemption cards (the admin's only).
        Cards,
    }
}

impl ExportKind {
    /// The platform's own records, not a store's: only the admin exports them.
    pub fn platform_wide(self) -> bool {
        matches!(self, ExportKind::Users | ExportKind::StoreOwners | ExportKind::Cards)
    }
}

/// A person of the platform, as the admin's export lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserExport {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub role: loyalty_domain::Role,
    /// A store owner's business name.
    pub business_name: Option<String>,
    /// A POS user's store.
    pub store: Option<String>,
    pub active: bool,
    pub created_at: NaiveDateTime,
}

/// A store owner with its live stores and the plan marked active, as the admin's export lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnerExport {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub business_name: Option<String>,
    pub stores: i64,
    pub plan: Option<String>,
    pub plan_ends_at: Option<NaiveDateTime>,
    pub active: bool,
    pub created_at: NaiveDateTime,
}

/// A redemption card, as the admin's export lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardExport {
    pub id: i64,
    pub code: String,
    pub package: String,
    pub expires_at: Option<NaiveDateTime>,
    /// The email of the owner who redeemed it.
    pub redeemed_by: Option<String>,
    pub redeemed_at: Option<NaiveDateTime>,
    pub notes: Option<String>,
    pub created_at: NaiveDateTime,
}

/// A live customer, as an export lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CustomerExport {
    pub id: i64,
    pub store: String,
    pub name: String,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub points: i64,
    pub joined_at: NaiveDateTime,
    pub unconfirmed_join: bool,
    /// `MM-DD`.
    pub birthday: Option<String>,
    /// The tier's name in English and Arabic, when the customer holds one.
    pub tier: Option<(String, String)>,
    /// Stamps on the store's card that count at the export's moment.
    pub stamps: i64,
    /// Consent to messages by WhatsApp and by SMS, and their language (`ar`, `en`): what an
    /// import reads back.
    pub whatsapp: bool,
    pub sms: bool,
    pub language: String,
}

/// An invoice, voided or not, as an export lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoiceExport {
    pub id: i64,
    pub created_at: NaiveDateTime,
    pub store: String,
    pub invoice_number: Option<String>,
    /// `None` for a walk-in sale nobody claimed.
    pub customer_id: Option<i64>,
    pub customer_name: String,
    pub customer_phone: Option<String>,
    pub total: loyalty_domain::Money,
    pub points_earned: i64,
    pub cashier: Option<String>,
    pub voided_at: Option<NaiveDateTime>,
    pub void_reason: Option<String>,
    /// What its returns add up to, and the points they took back.
    pub returned: loyalty_domain::Money,
    pub points_returned: i64,
}

/// A redemption, as an export lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RedemptionExport {
    pub id: i64,
    pub created_at: NaiveDateTime,
    pub store: String,
    pub customer_id: i64,
    pub customer_name: String,
    pub customer_phone: Option<String>,
    /// Empty when the points were used as money.
    pub reward: Option<String>,
    pub points_spent: i64,
    /// LYD, when the points were used as money.
    pub value: Option<loyalty_domain::Money>,
    pub cashier: Option<String>,
}

/// A row of the points ledger, as an export lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LedgerExport {
    pub id: i64,
    pub created_at: NaiveDateTime,
    pub store: String,
    pub customer_id: i64,
    pub customer_name: String,
    pub kind: LedgerKind,
    pub delta: i64,
    pub balance_after: i64,
    pub reason: Option<String>,
    /// Who made the change: the user's name, or the API key's.
    pub by: Option<String>,
    pub invoice_id: Option<i64>,
    pub redemption_id: Option<i64>,
}

/// One page of an export, in id order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExportPage {
    Customers(Vec<CustomerExport>),
    Invoices(Vec<InvoiceExport>),
    Redemptions(Vec<RedemptionExport>),
    Ledger(Vec<LedgerExport>),
    Users(Vec<UserExport>),
    StoreOwners(Vec<OwnerExport>),
    Cards(Vec<CardExport>),
}

impl ExportPage {
    pub fn len(&self) -> usize {
        match self {
            ExportPage::Customers(rows) => rows.len(),
            ExportPage::Invoices(rows) => rows.len(),
            ExportPage::Redemptions(rows) => rows.len(),
            ExportPage::Ledger(rows) => rows.len(),
            ExportPage::Users(rows) => rows.len(),
            ExportPage::StoreOwners(rows) => rows.len(),
            ExportPage::Cards(rows) => rows.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The id of the page's last row: the next page starts after it.
    pub fn last_id(&self) -> Option<i64> {
        match self {
            ExportPage::Customers(rows) => rows.last().map(|r| r.id),
            ExportPage::Invoices(rows) => rows.last().map(|r| r.id),
            ExportPage::Redemptions(rows) => rows.last().map(|r| r.id),
            ExportPage::Ledger(rows) => rows.last().map(|r| r.id),
            ExportPage::Users(rows) => rows.last().map(|r| r.id),
            ExportPage::StoreOwners(rows) => rows.last().map(|r| r.id),
            ExportPage::Cards(rows) => rows.last().map(|r| r.id),
        }
    }
}
