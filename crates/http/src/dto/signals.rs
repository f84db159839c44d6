//! Fraud signals as the owner reviews them.

use super::*;

/// A pattern at the counter that crossed one of the owner's thresholds on a Tripoli day. Nothing
/// was blocked; the owner looks and marks it reviewed.
#[derive(Debug, Serialize, ToSchema)]
pub struct SignalDto {
    pub id: i64,
    pub kind: SignalKindDto,
    /// The Tripoli day.
    #[schema(value_type = String, format = Date, example = "2026-11-24")]
    pub day: chrono::NaiveDate,
    pub store: StoreRefDto,
    /// The customer of a `sales_per_customer` signal.
    pub customer: Option<PersonDto>,
    /// The cashier of a `void_rate` or `manual_points` signal.
    pub cashier: Option<PersonDto>,
    /// That day's sales to the customer, voids by the cashier, or points it added by hand.
    pub figure: i64,
    /// For `void_rate`: the cashier's sales that day.
    pub out_of: Option<i64>,
    /// The owner's threshold when it was crossed.
    pub threshold: i64,
    pub created_at: DateTime<Utc>,
    /// The latest crossing that day.
    pub updated_at: DateTime<Utc>,
    /// `null` while open.
    pub reviewed_at: Option<DateTime<Utc>>,
    pub reviewed_by: Option<PersonDto>,
}

envelope!(SignalEnvelope, SignalDto);

list_envelope!(SignalList, SignalDto);

named!(SignalKindDto(loyalty_domain::SignalKind));

impl From<loyalty_application::Signal> for SignalDto {
    fn from(s: loyalty_application::Signal) -> Self {
        Self {
            id: s.id,
            kind: s.kind.into(),
            day: s.day,
            store: s.store.into(),
            customer: s.customer.map(Into::into),
            cashier: s.cashier.map(Into::into),
            figure: s.figure,
            out_of: s.out_of,
            threshold: s.threshold,
            created_at: utc(s.created_at),
            updated_at: utc(s.updated_at),
            reviewed_at: s.reviewed_at.map(utc),
            reviewed_by: s.reviewed_by.map(Into::into),
        }
    }
}

/// Which signals to list.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SignalQuery {
    /// `open` (the default: not reviewed yet) or `all`.
    #[param(inline)]
    pub status: Option<SignalStatusParam>,
}

#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SignalStatusParam {
    Open,
    All,
}
