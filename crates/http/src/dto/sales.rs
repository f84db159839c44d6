//! Invoices, redemptions and the points ledger.

use super::*;

#[derive(Debug, Serialize, ToSchema)]
pub struct InvoiceDto {
    pub id: i64,
    pub store_id: i64,
    /// `null` for a walk-in sale (no customer) until its receipt's points are claimed.
    pub customer: Option<PersonDto>,
    /// The store's own invoice number, if one was typed.
    pub invoice_id: Option<String>,
    /// LYD, three decimals.
    pub total_cost: String,
    pub points_earned: i64,
    /// The cashier who made it; `null` when it was made with an API key (then `api_key` names
    /// the key; its owner acted).
    pub pos_user: Option<PersonDto>,
    /// The API key it was made with (`id`, `name`); `null` when a cashier made it.
    pub api_key: Option<PersonDto>,
    pub created_at: DateTime<Utc>,
    /// Set when the invoice was voided: its points were taken back.
    pub voided_at: Option<DateTime<Utc>>,
    /// Why it was voided.
    pub void_reason: Option<String>,
    /// When it was made or, later, voided (the order of an incremental sync).
    pub updated_at: DateTime<Utc>,
    /// Whether the caller may void this invoice now: the store's owner any day, its cashier on
    /// the invoice's own day; false once voided. A void can still be refused when the customer
    /// has spent the points (409). After returns, a void takes back the points they left; once
    /// returns took back the whole total, there is nothing to void (false).
    pub can_void: bool,
    /// LYD its returns add up to, three decimals (`"0.000"` without returns).
    #[schema(example = "4.000")]
    pub returned_total: String,
    /// The points its returns took back.
    pub returned_points: i64,
    /// LYD still to return: the total less the returns (`"0.000"` once voided). The most the
    /// next return may be.
    #[schema(example = "8.500")]
    pub returnable: String,
    /// Its returns, oldest first.
    pub returns: Vec<InvoiceReturnDto>,
    /// Whether the caller may take a return against it now: as for a void (the store's owner
    /// any day, its cashier and a `sales:write` key on the invoice's own day), while some of
    /// the total is left to return.
    pub can_return: bool,
}

/// Goods brought back against an invoice.
#[derive(Debug, Serialize, ToSchema)]
pub struct InvoiceReturnDto {
    pub id: i64,
    /// LYD brought back, three decimals.
    #[schema(example = "4.000")]
    pub amount: String,
    /// The points it took back: the sale's points x amount / total, rounded down, and the
    /// return that completes the total takes what is left (so a whole return takes exactly the
    /// points earned).
    pub points: i64,
    pub reason: String,
    /// Who took it (the owner, when taken with an API key).
    pub by: Option<PersonDto>,
    /// The API key it was taken with; `null` when a person took it.
    pub api_key: Option<PersonDto>,
    pub created_at: DateTime<Utc>,
}

impl From<loyalty_application::InvoiceReturn> for InvoiceReturnDto {
    fn from(r: loyalty_application::InvoiceReturn) -> Self {
        Self {
            id: r.id,
            amount: r.amount.to_string(),
            points: r.points,
            reason: r.reason,
            by: r.by.map(Into::into),
            api_key: r.api_key.map(Into::into),
            created_at: utc(r.created_at),
        }
    }
}

impl From<loyalty_application::Invoice> for InvoiceDto {
    fn from(i: loyalty_application::Invoice) -> Self {
        let returnable = i.returnable().to_string();
        Self {
            id: i.id,
            store_id: i.store_id,
            customer: i.customer.map(Into::into),
            invoice_id: i.invoice_number,
            total_cost: i.total.to_string(),
            points_earned: i.points_earned,
            pos_user: if i.api_key.is_some() { None } else { i.pos_user.map(Into::into) },
            api_key: i.api_key.map(Into::into),
            created_at: utc(i.created_at),
            voided_at: i.voided_at.map(utc),
            void_reason: i.void_reason,
            updated_at: utc(i.updated_at),
            can_void: i.can_void,
            returned_total: i.returned_total.to_string(),
            returned_points: i.returned_points,
            returnable,
            returns: i.returns.into_iter().map(Into::into).collect(),
            can_return: i.can_return,
        }
    }
}
envelope!(InvoiceEnvelope, InvoiceDto);
list_envelope!(InvoiceList, InvoiceDto);

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateInvoiceRequest {
    /// The customer who buys (a customer of the store the sale is made in). Required unless
    /// `walk_in` is true (then leave it out).
    #[schema(example = 1)]
    pub customer_id: Option<i64>,
    /// A sale without a customer (cash, a walk-in): no points to anyone now, still the store's
    /// revenue; the answer's `claim_url` lets the buyer claim the points within 14 days. Leave
    /// `customer_id` out. A POS user's is made in its store; an API key names the store
    /// (`store_id`, one it covers).
    #[serde(default)]
    #[schema(example = false)]
    pub walk_in: bool,
    /// A walk-in sale's store: required of an API key (404 for a store it does not cover);
    /// a POS user may leave it out (its own store; another is 404). Leave it out for a
    /// customer's sale (made in the customer's store; 422 otherwise).
    #[schema(example = json!(null))]
    pub store_id: Option<i64>,
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
    /// The customer's stamps after the sale (for the receipt); `null` when the store has no
    /// stamp card.
    pub stamps: Option<StampsDto>,
    /// The customer's tier after the sale (for the receipt: a sale may move it up); `null` when
    /// the owner has no tiers or the customer holds none. The sale's points carry the multiplier
    /// of the tier it held when the sale started.
    pub tier: Option<CustomerTierDto>,
    /// The customer's own page, to share at the till (a QR code, a link): balances, points
    /// expiring, last movements. Valid 30 days; a retried request (same `Idempotency-Key`) answers
    /// the same link.
    pub customer_page_url: Option<String>,
    /// A walk-in sale's claim link, printed on the receipt as a QR code: the buyer claims the
    /// sale's points with a name and phone, once, within 14 days. `null` for a customer's sale.
    pub claim_url: Option<String>,
    /// What the claim link holds, for the receipt's words beside its QR code; `null` for a
    /// customer's sale.
    pub claim: Option<WaitingClaimDto>,
}
envelope!(InvoiceCreatedEnvelope, InvoiceCreated);

/// The points a walk-in sale keeps for whoever claims it (the owner's rate at the sale), and the
/// last moment of its claim link.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"points": 12, "expires_at": "2026-12-11T09:30:00Z"}))]
pub struct WaitingClaimDto {
    pub points: i64,
    pub expires_at: DateTime<Utc>,
}

impl From<loyalty_application::use_cases::invoices::WaitingClaim> for WaitingClaimDto {
    fn from(claim: loyalty_application::use_cases::invoices::WaitingClaim) -> Self {
        WaitingClaimDto { points: claim.points, expires_at: utc(claim.expires_at) }
    }
}

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
    /// The reward bought; `null` when the points were used as money (see `value`).
    pub reward: Option<RewardRefDto>,
    pub points_spent: i64,
    /// LYD the points were worth when used as money (a discount the cashier gave on the sale);
    /// `null` for a reward.
    #[schema(example = "5.000")]
    pub value: Option<String>,
    /// The cashier who made it; `null` when it was made with an API key (then `api_key` names
    /// the key; its owner acted).
    pub pos_user: Option<PersonDto>,
    /// The API key it was made with (`id`, `name`); `null` when a cashier made it.
    pub api_key: Option<PersonDto>,
    pub created_at: DateTime<Utc>,
}

impl From<loyalty_application::Redemption> for RedemptionDto {
    fn from(r: loyalty_application::Redemption) -> Self {
        Self {
            id: r.id,
            store_id: r.store_id,
            customer: r.customer.into(),
            reward: r.reward.map(|reward| RewardRefDto {
                id: reward.id,
                name: reward.name,
                description: reward.description,
                points_required: reward.points_required,
            }),
            points_spent: r.points_spent,
            value: r.value.map(|v| v.to_string()),
            pos_user: if r.api_key.is_some() { None } else { r.pos_user.map(Into::into) },
            api_key: r.api_key.map(Into::into),
            created_at: utc(r.created_at),
        }
    }
}
list_envelope!(RedemptionList, RedemptionDto);

#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"customer_id": 1, "reward_id": 1}))]
#[serde(deny_unknown_fields)]
pub struct CreateRedemptionRequest {
    /// The customer who redeems.
    #[schema(required = true, value_type = i64, example = 1)]
    pub customer_id: Option<i64>,
    /// One of the store owner's active rewards. Send this or `points`, not both.
    #[schema(example = 5)]
    pub reward_id: Option<i64>,
    /// Points to use as money (a discount on the sale) where the store owner gave points a
    /// value: a whole number, at least the owner's minimum and at most the balance. Send this
    /// or `reward_id`. `GET /api/v1/redemptions/preview` tells what they are worth first.
    #[schema(example = 500)]
    pub points: Option<i64>,
}

/// Which customer, and optionally how many points to use as money.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RedemptionPreviewQuery {
    /// The customer at the counter.
    #[param(example = 1)]
    pub customer_id: Option<i64>,
    /// Points the cashier is about to use as money; leave out to learn the owner's terms and
    /// what the whole balance is worth.
    #[param(example = 100)]
    pub points: Option<i64>,
}

/// What using points as money would give, from the rule the redemption itself uses.
#[derive(Debug, Serialize, ToSchema)]
pub struct RedemptionPreview {
    pub customer_id: i64,
    /// The customer's points now.
    pub balance: i64,
    /// LYD that 100 points are worth; `null` when points buy rewards only in this store.
    #[schema(example = "1.000")]
    pub point_value: Option<String>,
    /// The fewest points to use as money at once.
    pub min_points: i64,
    /// LYD the whole balance is worth (`null` without a value).
    #[schema(example = "12.340")]
    pub balance_value: Option<String>,
    /// The points asked about (`null` when none were).
    pub points: Option<i64>,
    /// LYD those points are worth, rounded down to the dirham.
    #[schema(example = "5.000")]
    pub value: Option<String>,
    /// The balance after using them.
    pub balance_after: Option<i64>,
}
envelope!(RedemptionPreviewEnvelope, RedemptionPreview);

impl From<loyalty_application::use_cases::redemptions::RedemptionPreview> for RedemptionPreview {
    fn from(p: loyalty_application::use_cases::redemptions::RedemptionPreview) -> Self {
        let lyd = |m: Option<loyalty_domain::Money>| m.map(|m| m.to_string());
        Self {
            customer_id: p.customer_id,
            balance: p.balance,
            point_value: lyd(p.point_value),
            min_points: p.min_points,
            balance_value: lyd(p.balance_value),
            points: p.points,
            value: lyd(p.value),
            balance_after: p.balance_after,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RedemptionDone {
    pub redemption: RedemptionDto,
    pub points_deducted: i64,
    pub customer_total_points: i64,
}
envelope!(RedemptionDoneEnvelope, RedemptionDone);

named!(LedgerKindDto(loyalty_application::LedgerKind));

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
    /// The sale of an `invoice`, `void` or `return` entry: its id and the store's own number.
    pub invoice: Option<InvoiceRefDto>,
    pub redemption_id: Option<i64>,
    pub created_at: DateTime<Utc>,
}

impl From<loyalty_application::LedgerEntry> for LedgerEntryDto {
    fn from(e: loyalty_application::LedgerEntry) -> Self {
        Self {
            id: e.id,
            kind: e.kind.into(),
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

/// Why an invoice is voided.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VoidInvoiceRequest {
    /// Required, up to 255 characters.
    #[serde(default)]
    #[schema(required = true)]
    pub reason: Option<String>,
}

/// Goods brought back against an invoice: how much, and why.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"amount": "4.000", "reason": "Damaged goods brought back"}))]
#[serde(deny_unknown_fields)]
pub struct ReturnInvoiceRequest {
    /// LYD brought back: at least 0.001, and with the invoice's earlier returns at most its
    /// total (`returnable` on the invoice).
    #[schema(schema_with = return_amount_schema, required = true)]
    pub amount: Option<DecimalInput>,
    /// Required, up to 255 characters.
    #[serde(default)]
    #[schema(required = true)]
    pub reason: Option<String>,
}

/// A return taken: the return, the invoice after it, and the customer's balance (below zero
/// when the customer owes points).
#[derive(Debug, Serialize, ToSchema)]
pub struct InvoiceReturned {
    #[serde(rename = "return")]
    pub returned: InvoiceReturnDto,
    pub invoice: InvoiceDto,
    /// The points the return took back.
    pub points_returned: i64,
    /// The customer's balance after the return; below zero when it owes points.
    pub customer_total_points: i64,
}
envelope!(InvoiceReturnedEnvelope, InvoiceReturned);

impl From<loyalty_application::use_cases::invoices::ReturnTaken> for InvoiceReturned {
    fn from(t: loyalty_application::use_cases::invoices::ReturnTaken) -> Self {
        Self {
            points_returned: t.returned.points,
            returned: t.returned.into(),
            invoice: t.invoice.into(),
            customer_total_points: t.customer_total_points,
        }
    }
}

/// How much is being returned, as typed so far.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReturnPreviewQuery {
    /// LYD to return (`"4.000"`); leave out to learn only what is left to return.
    #[param(example = "4.000")]
    pub amount: Option<String>,
}

/// What a return would take back, from the rule the return itself uses.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReturnPreviewDto {
    pub invoice_id: i64,
    /// The amount asked about, as the server reads it (`null` when none was).
    #[schema(example = "4.000")]
    pub amount: Option<String>,
    /// The points the return would take back (`null` without an amount).
    pub points: Option<i64>,
    /// LYD left to return: the most a return may be now.
    #[schema(example = "8.500")]
    pub returnable: String,
    /// The customer's balance now.
    pub balance: i64,
    /// The balance after the return; below zero when the customer would owe points.
    pub balance_after: Option<i64>,
}
envelope!(ReturnPreviewEnvelope, ReturnPreviewDto);

impl From<loyalty_application::use_cases::invoices::ReturnPreview> for ReturnPreviewDto {
    fn from(p: loyalty_application::use_cases::invoices::ReturnPreview) -> Self {
        Self {
            invoice_id: p.invoice_id,
            amount: p.amount.map(|a| a.to_string()),
            points: p.points,
            returnable: p.returnable.to_string(),
            balance: p.balance,
            balance_after: p.balance_after,
        }
    }
}
