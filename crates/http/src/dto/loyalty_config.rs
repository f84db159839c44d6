//! An owner's loyalty settings, their partial update, and what a sale would earn under them.

use super::*;

#[derive(Debug, Serialize, ToSchema)]
pub struct LoyaltyConfig {
    /// Points earned per LYD spent, e.g. `"1.000"`.
    pub cost_per_point: String,
    /// LYD an invoice must reach to earn points.
    pub min_purchase: String,
    /// LYD: a sale above it is refused (422 on `total_cost`); almost always a mistyped total.
    pub max_invoice_total: String,
    /// LYD: the counter asks the cashier to confirm a total above it before sending the sale.
    pub confirm_above: String,
    /// The most points one cashier may add by hand in a day (Africa/Tripoli).
    pub cashier_daily_points: i64,
    /// LYD that 100 points are worth when a cashier uses them as money; `null`: points buy
    /// rewards only.
    #[schema(example = "1.000")]
    pub point_value: Option<String>,
    /// The fewest points a cashier may use as money at once.
    pub min_redeem_points: i64,
    /// Points expire this many months after they were earned (on the same day of the month,
    /// or the month's last day); `null`: never. A change applies to points earned after it.
    pub points_expiry_months: Option<i64>,
    /// Points every customer with a `birthday` gets on it, once a year (Africa/Tripoli); 0: none.
    pub birthday_points: i64,
    /// Messages the owner's customers may be sent in a Tripoli month (default 1,000); past it
    /// they are recorded as not sent (`monthly_limit`). 0: none are sent.
    pub messages_monthly_limit: i64,
    /// Signal when one customer has more sales than this in a day (default 3).
    pub signal_sales_per_customer: i64,
    /// Signal when a cashier voids more than this percent of its sales in a day (default 5).
    pub signal_void_percent: i64,
    /// Signal when a cashier adds more points than this by hand in a day (default 1,000).
    pub signal_manual_points: i64,
}

envelope!(LoyaltyConfigEnvelope, LoyaltyConfig);

impl From<loyalty_domain::LoyaltySettings> for LoyaltyConfig {
    fn from(s: loyalty_domain::LoyaltySettings) -> Self {
        Self {
            cost_per_point: loyalty_domain::Money::from_dirhams(s.rate.milli()).to_string(),
            min_purchase: s.minimum_purchase.to_string(),
            max_invoice_total: s.max_invoice_total.to_string(),
            confirm_above: s.confirm_above.to_string(),
            cashier_daily_points: s.cashier_daily_points,
            point_value: s.point_value.map(|v| v.to_string()),
            min_redeem_points: s.min_redeem_points,
            points_expiry_months: s.expiry_months,
            birthday_points: s.birthday_points,
            messages_monthly_limit: s.messages_monthly_limit,
            signal_sales_per_customer: s.signals.sales_per_customer,
            signal_void_percent: s.signals.void_percent,
            signal_manual_points: s.signals.manual_points,
        }
    }
}

/// The settings to change, by `PUT` or as a JSON Merge Patch (RFC 7396) by `PATCH`: a field left
/// out keeps its value (nothing is erased), a value replaces it, `null` clears `point_value` or
/// `points_expiry_months` (and is refused for the others, which always have a value).
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"cost_per_point": "1.5", "min_purchase": "5"}))]
#[serde(deny_unknown_fields)]
pub struct LoyaltyConfigRequest {
    /// Points per LYD: at least 0.1, in steps of 0.1.
    #[schema(schema_with = points_rate_schema)]
    #[serde(default, deserialize_with = "super::non_null")]
    pub cost_per_point: Option<DecimalInput>,
    /// LYD; 0 or more.
    #[schema(schema_with = min_purchase_schema)]
    #[serde(default, deserialize_with = "super::non_null")]
    pub min_purchase: Option<DecimalInput>,
    /// LYD; at least 0.010. Default 10,000.000.
    #[schema(schema_with = max_invoice_total_schema)]
    #[serde(default, deserialize_with = "super::non_null")]
    pub max_invoice_total: Option<DecimalInput>,
    /// LYD; 0 or more (0 asks for every sale). Default 1,000.000.
    #[schema(schema_with = confirm_above_schema)]
    #[serde(default, deserialize_with = "super::non_null")]
    pub confirm_above: Option<DecimalInput>,
    /// 0 to 1,000,000 points (0: cashiers add no points by hand). Default 10,000.
    #[serde(default, deserialize_with = "super::non_null")]
    pub cashier_daily_points: Option<i64>,
    /// LYD that 100 points are worth, 0.001 to 1,000 (`"1.000"`: 100 points = 1 LYD), so a
    /// cashier can use points as money; `null` turns that off. Applies from the next use.
    #[schema(schema_with = point_value_schema)]
    #[serde(default, deserialize_with = "super::present")]
    pub point_value: Option<Option<DecimalInput>>,
    /// The fewest points a cashier may use as money at once. Default 100.
    #[serde(default, deserialize_with = "super::non_null")]
    pub min_redeem_points: Option<i64>,
    /// Points earned from now on expire this many months later, 1 to 120; `null`: never
    /// (the default). Points already earned keep the expiry they were earned with.
    #[serde(default, deserialize_with = "super::present")]
    pub points_expiry_months: Option<Option<i64>>,
    /// Points every customer with a `birthday` gets on it, once a year, 0 (none, the default)
    /// to 100,000.
    #[serde(default, deserialize_with = "super::non_null")]
    pub birthday_points: Option<i64>,
    /// Messages the owner's customers may be sent in a Tripoli month, 0 (none) to 1,000,000
    /// (default 1,000); past it they are recorded as not sent.
    #[serde(default, deserialize_with = "super::non_null")]
    pub messages_monthly_limit: Option<i64>,
    /// Fraud signals: more sales than this to one customer in a day, 1 to 1,000.
    #[serde(default, deserialize_with = "super::non_null")]
    pub signal_sales_per_customer: Option<i64>,
    /// Fraud signals: a cashier voiding more than this percent of its sales in a day, 0 to 100.
    #[serde(default, deserialize_with = "super::non_null")]
    pub signal_void_percent: Option<i64>,
    /// Fraud signals: a cashier adding more points than this by hand in a day, 1 to 1,000,000.
    #[serde(default, deserialize_with = "super::non_null")]
    pub signal_manual_points: Option<i64>,
}

impl LoyaltyConfigRequest {
    pub fn into_change(self) -> loyalty_domain::SettingsChange {
        loyalty_domain::SettingsChange {
            rate: self.cost_per_point.map(DecimalInput::into_string),
            minimum_purchase: self.min_purchase.map(DecimalInput::into_string),
            max_invoice_total: self.max_invoice_total.map(DecimalInput::into_string),
            confirm_above: self.confirm_above.map(DecimalInput::into_string),
            cashier_daily_points: self.cashier_daily_points,
            point_value: self.point_value.map(|v| v.map(DecimalInput::into_string)),
            min_redeem_points: self.min_redeem_points,
            expiry_months: self.points_expiry_months,
            birthday_points: self.birthday_points,
            messages_monthly_limit: self.messages_monthly_limit,
            signal_sales_per_customer: self.signal_sales_per_customer,
            signal_void_percent: self.signal_void_percent,
            signal_manual_points: self.signal_manual_points,
        }
    }
}

/// What a sale would earn at the caller's counter.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SalePreviewQuery {
    /// The total typed so far, LYD (`"12.500"`).
    #[param(example = "12.500")]
    pub total: Option<String>,
    /// The customer the sale is for: the points then carry the multiplier of its tier.
    pub customer_id: Option<i64>,
}

/// The points a sale of `total` earns under the store's settings, from the rule the sale uses.
#[derive(Debug, Serialize, ToSchema)]
pub struct SalePreview {
    /// The total, as the server reads it.
    #[schema(example = "12.500")]
    pub total: String,
    /// Points this sale earns (0 below the minimum purchase), with the customer's tier
    /// multiplier when `customer_id` was given.
    pub points: i64,
    /// The multiplier applied: the customer's tier's, `"1.0"` without one.
    #[schema(example = "1.5")]
    pub multiplier: String,
    /// Whether the counter should ask the cashier to confirm this total.
    pub needs_confirmation: bool,
    /// The store's settings the answer used.
    pub settings: LoyaltyConfig,
}

envelope!(SalePreviewEnvelope, SalePreview);

impl From<loyalty_application::SalePreview> for SalePreview {
    fn from(p: loyalty_application::SalePreview) -> Self {
        Self {
            total: p.total.to_string(),
            points: p.points,
            multiplier: super::multiplier(p.multiplier_milli),
            needs_confirmation: p.needs_confirmation,
            settings: p.settings.into(),
        }
    }
}
