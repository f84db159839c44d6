//! Invoices, redemptions and the points ledger.

use super::*;

#[derive(Debug, Serialize, ToSchema)]
pub struct InvoiceDto {
    pub id: i64,
    pub store_id: i64,
    pub customer: PersonDto,
    /// The store's own invoice number, if one was typed.
    pub invoice_id: Option<String>,
    /// LYD, three decimals.
    pub total_cost: String,
    pub points_earned: i64,
    pub pos_user: Option<PersonDto>,
    pub created_at: DateTime<Utc>,
    /// Set when the invoice was voided: its points were taken back.
    pub voided_at: Option<DateTime<Utc>>,
    /// Why it was voided.
    pub void_reason: Option<String>,
    /// When it was made or, later, voided (the order of an incremental sync).
    pub updated_at: DateTime<Utc>,
    /// Whether the caller may void this invoice now: the store's owner any day, its cashier on
    /// the invoice's own day; false once voided. A void can still be refused when the customer
    /// has spent the points (409).
    pub can_void: bool,
}

impl From<loyalty_application::Invoice> for InvoiceDto {
    fn from(i: loyalty_application::Invoice) -> Self {
        Self {
            id: i.id,
            store_id: i.store_id,
            customer: i.customer.into(),
            invoice_id: i.invoice_number,
            total_cost: i.total.to_string(),
            points_earned: i.points_earned,
            pos_user: i.pos_user.map(Into::into),
            created_at: utc(i.created_at),
            voided_at: i.voided_at.map(utc),
            void_reason: i.void_reason,
            updated_at: utc(i.updated_at),
            can_void: i.can_void,
        }
    }
}
envelope!(InvoiceEnvelope, InvoiceDto);
list_envelope!(InvoiceList, InvoiceDto);

#[derive(Debug, Deserialize, ToSchema)]
pub struct CreateInvoiceRequest {
    /// The customer who buys (a customer of the store the sale is made in).
    #[schema(required = true, value_type = i64, example = 42)]
    pub customer_id: Option<i64>,
    /// Optional; unique per store.
    pub invoice_id: Option<String>,
    /// LYD, at least 0.01, up to three decimals.
    #[schema(schema_with = invoice_total_schema, required = true)]
    pub total_cost: Option<DecimalInput>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct InvoiceCreated {
    pub invoice: InvoiceDto,
    pub points_added: i64,
    pub customer_total_points: i64,
}
envelope!(InvoiceCreatedEnvelope, InvoiceCreated);

#[derive(Debug, Serialize, ToSchema)]
pub struct RewardRefDto {
    pub id: i64,
    pub name: String,
    pub description: Option<String>,
    pub points_required: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RedemptionDto {
    pub id: i64,
    pub store_id: i64,
    pub customer: PersonDto,
    pub reward: RewardRefDto,
    pub points_spent: i64,
    pub pos_user: Option<PersonDto>,
    pub created_at: DateTime<Utc>,
}

impl From<loyalty_application::Redemption> for RedemptionDto {
    fn from(r: loyalty_application::Redemption) -> Self {
        Self {
            id: r.id,
            store_id: r.store_id,
            customer: r.customer.into(),
            reward: RewardRefDto {
                id: r.reward.id,
                name: r.reward.name,
                description: r.reward.description,
                points_required: r.reward.points_required,
            },
            points_spent: r.points_spent,
            pos_user: r.pos_user.map(Into::into),
            created_at: utc(r.created_at),
        }
    }
}
list_envelope!(RedemptionList, RedemptionDto);

#[derive(Debug, Deserialize, ToSchema)]
pub struct CreateRedemptionRequest {
    /// The customer who redeems.
    #[schema(required = true, value_type = i64, example = 42)]
    pub customer_id: Option<i64>,
    /// One of the store owner's active rewards.
    #[schema(required = true, value_type = i64, example = 5)]
    pub reward_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RedemptionDone {
    pub redemption: RedemptionDto,
    pub points_deducted: i64,
    pub customer_total_points: i64,
}
envelope!(RedemptionDoneEnvelope, RedemptionDone);

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LedgerKindDto {
    Invoice,
    Redemption,
    Manual,
    Adjustment,
    Void,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LedgerEntryDto {
    pub id: i64,
    pub kind: LedgerKindDto,
    /// Points added (positive) or taken (negative).
    pub delta: i64,
    pub balance_after: i64,
    pub reason: Option<String>,
    /// Who made the change (the owner, when made with an API key).
    pub actor: Option<PersonDto>,
    /// The API key the change was made with, by the name its owner gave it; none when made by a
    /// person.
    pub api_key: Option<PersonDto>,
    /// The sale of an `invoice` or `void` entry: its id and the store's own number.
    pub invoice: Option<InvoiceRefDto>,
    pub redemption_id: Option<i64>,
    pub created_at: DateTime<Utc>,
}

impl From<loyalty_application::LedgerEntry> for LedgerEntryDto {
    fn from(e: loyalty_application::LedgerEntry) -> Self {
        use loyalty_application::LedgerKind as K;
        Self {
            id: e.id,
            kind: match e.kind {
                K::Invoice => LedgerKindDto::Invoice,
                K::Redemption => LedgerKindDto::Redemption,
                K::Manual => LedgerKindDto::Manual,
                K::Adjustment => LedgerKindDto::Adjustment,
                K::Void => LedgerKindDto::Void,
            },
            delta: e.delta,
            balance_after: e.balance_after,
            reason: e.reason,
            actor: e.actor.map(Into::into),
            api_key: e.api_key.map(Into::into),
            invoice: e.invoice.map(|(id, invoice_id)| InvoiceRefDto { id, invoice_id }),
            redemption_id: e.redemption_id,
            created_at: utc(e.created_at),
        }
    }
}
list_envelope!(LedgerList, LedgerEntryDto);

/// An invoice named from elsewhere: the server's `id` and, as everywhere, `invoice_id` the
/// store's own number (if one was typed).
#[derive(Debug, Serialize, ToSchema)]
pub struct InvoiceRefDto {
    pub id: i64,
    pub invoice_id: Option<String>,
}
