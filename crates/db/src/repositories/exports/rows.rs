//! The rows the exports read, named, and the records they become.

use crate::repositories::stored;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use loyalty_application::ports::{RepoError, RepoResult};
use loyalty_application::{
    CardExport, CustomerExport, InvoiceExport, LedgerExport, LedgerKind, OwnerExport, RedemptionExport, UserExport,
};
use loyalty_domain::{Money, Role};

use crate::pool::DbBackend;
use crate::schema::{
    api_keys, customers, invoices, loyalty_tiers, packages, points_ledger, redemption_cards, redemptions, rewards,
    stores, subscriptions, users,
};

/// A live customer with its store's name and its tier's names (the owner's ladder, left-joined).
#[derive(Queryable, Selectable)]
#[diesel(table_name = customers, check_for_backend(DbBackend))]
pub(super) struct CustomerRow {
    id: i64,
    #[diesel(select_expression = stores::name)]
    store_name: String,
    name: String,
    phone: Option<String>,
    email: Option<String>,
    loyalty_points: i64,
    created_at: NaiveDateTime,
    unconfirmed_join: bool,
    birthday: Option<String>,
    #[diesel(select_expression = loyalty_tiers::name_en.nullable())]
    tier_en: Option<String>,
    #[diesel(select_expression = loyalty_tiers::name_ar.nullable())]
    tier_ar: Option<String>,
    #[diesel(select_expression = customers::whatsapp_consent_at.is_not_null())]
    whatsapp: bool,
    #[diesel(select_expression = customers::sms_consent_at.is_not_null())]
    sms: bool,
    message_language: String,
}

impl CustomerRow {
    pub(super) fn into_export(self, stamps: i64) -> CustomerExport {
        let row = self;
        CustomerExport {
            id: row.id,
            store: row.store_name,
            name: row.name,
            phone: row.phone,
            email: row.email,
            points: row.loyalty_points,
            joined_at: row.created_at,
            unconfirmed_join: row.unconfirmed_join,
            birthday: row.birthday,
            tier: row.tier_en.zip(row.tier_ar),
            stamps,
            whatsapp: row.whatsapp,
            sms: row.sms,
            language: row.message_language,
        }
    }
}

/// A sale with its store, customer and cashier.
#[derive(Queryable, Selectable)]
#[diesel(table_name = invoices, check_for_backend(DbBackend))]
pub(super) struct InvoiceRow {
    id: i64,
    created_at: NaiveDateTime,
    #[diesel(select_expression = stores::name)]
    store_name: String,
    invoice_number: Option<String>,
    customer_id: Option<i64>,
    #[diesel(select_expression = customers::name.nullable())]
    customer_name: Option<String>,
    #[diesel(select_expression = customers::phone.nullable())]
    customer_phone: Option<String>,
    total_dirhams: i64,
    points_earned: i64,
    #[diesel(select_expression = users::name.nullable())]
    cashier: Option<String>,
    voided_at: Option<NaiveDateTime>,
    void_reason: Option<String>,
    returned_dirhams: i64,
    returned_points: i64,
}

impl From<InvoiceRow> for InvoiceExport {
    fn from(row: InvoiceRow) -> Self {
        InvoiceExport {
            id: row.id,
            created_at: row.created_at,
            store: row.store_name,
            invoice_number: row.invoice_number,
            customer_id: row.customer_id,
            customer_name: row.customer_name.unwrap_or_default(),
            customer_phone: row.customer_phone,
            total: Money::from_dirhams(row.total_dirhams),
            points_earned: row.points_earned,
            cashier: row.cashier,
            voided_at: row.voided_at,
            void_reason: row.void_reason,
            returned: Money::from_dirhams(row.returned_dirhams),
            points_returned: row.returned_points,
        }
    }
}

/// A redemption with its store, customer, reward and cashier.
#[derive(Queryable, Selectable)]
#[diesel(table_name = redemptions, check_for_backend(DbBackend))]
pub(super) struct RedemptionRow {
    id: i64,
    created_at: NaiveDateTime,
    #[diesel(select_expression = stores::name)]
    store_name: String,
    customer_id: i64,
    #[diesel(select_expression = customers::name)]
    customer_name: String,
    #[diesel(select_expression = customers::phone)]
    customer_phone: Option<String>,
    #[diesel(select_expression = rewards::name.nullable())]
    reward: Option<String>,
    points_spent: i64,
    value_dirhams: Option<i64>,
    #[diesel(select_expression = users::name.nullable())]
    cashier: Option<String>,
}

impl From<RedemptionRow> for RedemptionExport {
    fn from(row: RedemptionRow) -> Self {
        RedemptionExport {
            id: row.id,
            created_at: row.created_at,
            store: row.store_name,
            customer_id: row.customer_id,
            customer_name: row.customer_name,
            customer_phone: row.customer_phone,
            reward: row.reward,
            points_spent: row.points_spent,
            value: row.value_dirhams.map(Money::from_dirhams),
            cashier: row.cashier,
        }
    }
}

/// A ledger entry with its store, customer, and the person or key that made it.
#[derive(Queryable, Selectable)]
#[diesel(table_name = points_ledger, check_for_backend(DbBackend))]
pub(super) struct LedgerRow {
    id: i64,
    created_at: NaiveDateTime,
    #[diesel(select_expression = stores::name)]
    store_name: String,
    customer_id: i64,
    #[diesel(select_expression = customers::name)]
    customer_name: String,
    kind: String,
    delta: i64,
    balance_after: i64,
    reason: Option<String>,
    #[diesel(select_expression = users::name.nullable())]
    user_name: Option<String>,
    #[diesel(select_expression = api_keys::name.nullable())]
    key_name: Option<String>,
    invoice_id: Option<i64>,
    redemption_id: Option<i64>,
}

impl TryFrom<LedgerRow> for LedgerExport {
    type Error = RepoError;

    fn try_from(row: LedgerRow) -> RepoResult<Self> {
        let kind = stored::<LedgerKind>(&row.kind)?;
        Ok(LedgerExport {
            id: row.id,
            created_at: row.created_at,
            store: row.store_name,
            customer_id: row.customer_id,
            customer_name: row.customer_name,
            kind,
            delta: row.delta,
            balance_after: row.balance_after,
            reason: row.reason,
            // A key's change is its owner's (the user); the key's name says which.
            by: row.key_name.or(row.user_name),
            invoice_id: row.invoice_id,
            redemption_id: row.redemption_id,
        })
    }
}

/// A live user with the store a POS user works in.
#[derive(Queryable, Selectable)]
#[diesel(table_name = users, check_for_backend(DbBackend))]
pub(super) struct UserRow {
    id: i64,
    name: String,
    email: String,
    role: String,
    store_owner_name: Option<String>,
    #[diesel(select_expression = stores::name.nullable())]
    store_name: Option<String>,
    is_active: bool,
    created_at: NaiveDateTime,
}

impl TryFrom<UserRow> for UserExport {
    type Error = RepoError;

    fn try_from(row: UserRow) -> RepoResult<Self> {
        let role = stored::<Role>(&row.role)?;
        Ok(UserExport {
            id: row.id,
            name: row.name,
            email: row.email,
            role,
            business_name: row.store_owner_name,
            store: row.store_name,
            active: row.is_active,
            created_at: row.created_at,
        })
    }
}

/// A live store owner with its active plan, if any.
#[derive(Queryable, Selectable)]
#[diesel(table_name = users, check_for_backend(DbBackend))]
pub(super) struct OwnerRow {
    pub(super) id: i64,
    name: String,
    email: String,
    store_owner_name: Option<String>,
    is_active: bool,
    created_at: NaiveDateTime,
    #[diesel(select_expression = packages::name.nullable())]
    plan: Option<String>,
    #[diesel(select_expression = subscriptions::ends_at.nullable())]
    plan_ends_at: Option<NaiveDateTime>,
}

impl OwnerRow {
    /// The record, with the owner's number of live stores.
    pub(super) fn into_export(self, stores: i64) -> OwnerExport {
        OwnerExport {
            stores,
            id: self.id,
            name: self.name,
            email: self.email,
            business_name: self.store_owner_name,
            plan: self.plan,
            plan_ends_at: self.plan_ends_at,
            active: self.is_active,
            created_at: self.created_at,
        }
    }
}

/// A card with its package's name and the email of whoever redeemed it.
#[derive(Queryable, Selectable)]
#[diesel(table_name = redemption_cards, check_for_backend(DbBackend))]
pub(super) struct CardRow {
    id: i64,
    code: String,
    #[diesel(select_expression = packages::name)]
    package: String,
    expires_at: Option<NaiveDateTime>,
    #[diesel(select_expression = users::email.nullable())]
    redeemed_by: Option<String>,
    redeemed_at: Option<NaiveDateTime>,
    notes: Option<String>,
    created_at: NaiveDateTime,
}

impl From<CardRow> for CardExport {
    fn from(row: CardRow) -> Self {
        CardExport {
            id: row.id,
            code: row.code,
            package: row.package,
            expires_at: row.expires_at,
            redeemed_by: row.redeemed_by,
            redeemed_at: row.redeemed_at,
            notes: row.notes,
            created_at: row.created_at,
        }
    }
}
