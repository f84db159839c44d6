//! The owner's stores, staff, rewards, loyalty settings, QR codes and overviews.

use super::*;

#[derive(Debug, Serialize, ToSchema)]
pub struct StoreDto {
    pub id: i64,
    pub name: String,
    pub address: Option<String>,
    pub store_owner_id: i64,
    pub owner: PersonDto,
    /// Live customers.
    pub customers: i64,
    /// Points held by its customers now.
    pub points: i64,
    /// LYD of today's invoices (Africa/Tripoli day).
    pub sales_today: String,
    pub created_at: DateTime<Utc>,
}

impl From<loyalty_application::StoreSummary> for StoreDto {
    fn from(s: loyalty_application::StoreSummary) -> Self {
        Self {
            id: s.id,
            name: s.name,
            address: s.address,
            store_owner_id: s.owner.id,
            owner: s.owner.into(),
            customers: s.customers,
            points: s.points,
            sales_today: s.sales_today.to_string(),
            created_at: utc(s.created_at),
        }
    }
}
envelope!(StoreEnvelope, StoreDto);

#[derive(Debug, Serialize, ToSchema)]
pub struct StoreListPlain {
    pub data: Vec<StoreDto>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct StoreRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    pub address: Option<String>,
    /// Admin only: the store owner the store belongs to.
    pub store_owner_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UserListPlain {
    pub data: Vec<UserDto>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct StaffRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    #[serde(default)]
    #[schema(required = true)]
    pub email: String,
    /// Required on create; leave out (or empty) on edit to keep the current one.
    pub password: Option<String>,
    pub store_id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RewardRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    pub description: Option<String>,
    /// `prize`, `discount` or `cash`.
    #[serde(rename = "type")]
    pub reward_type: Option<String>,
    pub points_required: Option<i64>,
    /// LYD for cash and prize; percent 0-100 for discount.
    #[schema(schema_with = reward_amount_schema)]
    pub amount: Option<DecimalInput>,
    pub is_active: Option<bool>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RewardEnvelope {
    pub data: RewardDto,
}

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
            signal_sales_per_customer: s.signals.sales_per_customer,
            signal_void_percent: s.signals.void_percent,
            signal_manual_points: s.signals.manual_points,
        }
    }
}

/// The settings to change: a field left out keeps its value.
#[derive(Debug, Deserialize, ToSchema)]
pub struct LoyaltyConfigRequest {
    /// Points per LYD: at least 0.1, in steps of 0.1.
    #[schema(schema_with = points_rate_schema)]
    #[serde(default, deserialize_with = "present")]
    pub cost_per_point: Option<DecimalInput>,
    /// LYD; 0 or more.
    #[schema(schema_with = min_purchase_schema)]
    #[serde(default, deserialize_with = "present")]
    pub min_purchase: Option<DecimalInput>,
    /// LYD; at least 0.010. Default 10,000.000.
    #[schema(schema_with = max_invoice_total_schema)]
    #[serde(default, deserialize_with = "present")]
    pub max_invoice_total: Option<DecimalInput>,
    /// LYD; 0 or more (0 asks for every sale). Default 1,000.000.
    #[schema(schema_with = confirm_above_schema)]
    #[serde(default, deserialize_with = "present")]
    pub confirm_above: Option<DecimalInput>,
    /// 0 to 1,000,000 points (0: cashiers add no points by hand). Default 10,000.
    #[serde(default, deserialize_with = "present")]
    pub cashier_daily_points: Option<i64>,
    /// LYD that 100 points are worth, 0.001 to 1,000 (`"1.000"`: 100 points = 1 LYD), so a
    /// cashier can use points as money; `null` turns that off. Applies from the next use.
    #[schema(schema_with = point_value_schema)]
    #[serde(default, deserialize_with = "present_or_null")]
    pub point_value: Option<Option<DecimalInput>>,
    /// The fewest points a cashier may use as money at once. Default 100.
    #[serde(default, deserialize_with = "present")]
    pub min_redeem_points: Option<i64>,
    /// Points earned from now on expire this many months later, 1 to 120; `null`: never
    /// (the default). Points already earned keep the expiry they were earned with.
    #[serde(default, deserialize_with = "present_or_null")]
    pub points_expiry_months: Option<Option<i64>>,
    /// Fraud signals: more sales than this to one customer in a day, 1 to 1,000.
    #[serde(default, deserialize_with = "present")]
    pub signal_sales_per_customer: Option<i64>,
    /// Fraud signals: a cashier voiding more than this percent of its sales in a day, 0 to 100.
    #[serde(default, deserialize_with = "present")]
    pub signal_void_percent: Option<i64>,
    /// Fraud signals: a cashier adding more points than this by hand in a day, 1 to 1,000,000.
    #[serde(default, deserialize_with = "present")]
    pub signal_manual_points: Option<i64>,
}

/// A field that may be left out (keeping the current value) but not sent as `null`: `null`
/// is a value of the wrong type, not "keep".
fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

/// A field that may be left out (keeping the current value) or sent as `null` (clearing it).
fn present_or_null<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
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
    pub total: Option<String>,
}

/// The points a sale of `total` earns under the store's settings, from the rule the sale uses.
#[derive(Debug, Serialize, ToSchema)]
pub struct SalePreview {
    /// The total, as the server reads it.
    #[schema(example = "12.500")]
    pub total: String,
    /// Points this sale earns (0 below the minimum purchase).
    pub points: i64,
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
            needs_confirmation: p.needs_confirmation,
            settings: p.settings.into(),
        }
    }
}

/// Why an invoice is voided.
#[derive(Debug, Deserialize, ToSchema)]
pub struct VoidInvoiceRequest {
    /// Required, up to 255 characters.
    #[serde(default)]
    #[schema(required = true)]
    pub reason: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct QrRequest {
    pub store_id: i64,
    /// 150, 200 (default) or 300 pixels.
    pub size: Option<u32>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct QrCodeDto {
    /// An SVG document of the code.
    pub qr_code_svg: String,
    /// What the code encodes: the store's public registration page.
    pub registration_url: String,
    pub size: u32,
    pub store: StoreRefDto,
}
envelope!(QrCodeEnvelope, QrCodeDto);

#[derive(Debug, Serialize, ToSchema)]
pub struct OwnerSummaryDto {
    pub total_stores: i64,
    pub total_customers: i64,
    pub total_points_across_all_stores: i64,
    pub duplicate_phone_numbers: i64,
    /// LYD of all invoices not voided.
    pub revenue: String,
    pub points_issued: i64,
}

impl From<loyalty_application::OwnerSummary> for OwnerSummaryDto {
    fn from(s: loyalty_application::OwnerSummary) -> Self {
        Self {
            total_stores: s.stores,
            total_customers: s.customers,
            total_points_across_all_stores: s.points_outstanding,
            duplicate_phone_numbers: s.duplicate_phone_numbers,
            revenue: s.revenue.to_string(),
            points_issued: s.points_issued,
        }
    }
}
envelope!(OwnerSummaryEnvelope, OwnerSummaryDto);

/// The points the owner's customers hold: what the owner owes them.
#[derive(Debug, Serialize, ToSchema)]
pub struct LiabilityDto {
    /// LYD that 100 points are worth; `null` when points buy rewards only (then every
    /// `value` below is `null` too).
    #[schema(example = "5.000")]
    pub point_value: Option<String>,
    /// Points held by the live customers of all the owner's stores.
    pub outstanding_points: i64,
    /// LYD they are worth, rounded down to the dirham.
    #[schema(example = "1234.550")]
    pub outstanding_value: Option<String>,
    pub stores: Vec<StoreLiabilityDto>,
    /// The last 12 months in Tripoli time, this one last, every month present.
    pub months: Vec<MonthPointsDto>,
}
envelope!(LiabilityEnvelope, LiabilityDto);

#[derive(Debug, Serialize, ToSchema)]
pub struct StoreLiabilityDto {
    pub store: StoreRefDto,
    pub points: i64,
    #[schema(example = "250.000")]
    pub value: Option<String>,
}

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

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SignalKindDto {
    /// More sales to one customer in a day than the owner's threshold.
    SalesPerCustomer,
    /// A cashier voided more than the owner's percent of its sales in a day.
    VoidRate,
    /// A cashier added more points by hand in a day than the owner's threshold.
    ManualPoints,
}

impl From<loyalty_application::Signal> for SignalDto {
    fn from(s: loyalty_application::Signal) -> Self {
        use loyalty_domain::SignalKind as K;
        Self {
            id: s.id,
            kind: match s.kind {
                K::SalesPerCustomer => SignalKindDto::SalesPerCustomer,
                K::VoidRate => SignalKindDto::VoidRate,
                K::ManualPoints => SignalKindDto::ManualPoints,
            },
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
    /// 1-based page number.
    #[serde(default, deserialize_with = "super::paging::page_number")]
    #[param(minimum = 1)]
    pub page: Option<i64>,
    /// Items per page, 1 to 100 (default 20).
    #[serde(default, deserialize_with = "super::paging::page_size")]
    #[param(minimum = 1, maximum = 100)]
    pub per_page: Option<i64>,
}

#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SignalStatusParam {
    Open,
    All,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MonthPointsDto {
    /// `YYYY-MM`, a Tripoli month.
    #[schema(example = "2026-11")]
    pub month: String,
    /// Points sales gave in the month (a voided sale's points taken off the month it was made).
    pub earned: i64,
    /// Points spent on rewards or used as money in the month.
    pub redeemed: i64,
    /// Points that reached their expiry in the month.
    pub expired: i64,
}

impl From<loyalty_application::Liability> for LiabilityDto {
    fn from(l: loyalty_application::Liability) -> Self {
        let lyd = |m: Option<loyalty_domain::Money>| m.map(|m| m.to_string());
        Self {
            point_value: lyd(l.point_value),
            outstanding_points: l.outstanding_points,
            outstanding_value: lyd(l.outstanding_value),
            stores: l
                .stores
                .into_iter()
                .map(|s| StoreLiabilityDto { store: s.store.into(), points: s.points, value: lyd(s.value) })
                .collect(),
            months: l
                .months
                .into_iter()
                .map(|m| MonthPointsDto {
                    month: m.month.format("%Y-%m").to_string(),
                    earned: m.earned,
                    redeemed: m.redeemed,
                    expired: m.expired,
                })
                .collect(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StoreOverview {
    pub store: StoreRefDto,
    pub customer_count: i64,
    pub total_points_in_store: i64,
    /// The requested page of the store's customers, newest first.
    pub customers: Vec<CustomerDto>,
    pub meta: ListMeta,
}

/// A phone registered in several of the owner's stores, and who holds it in each.
#[derive(Debug, Serialize, ToSchema)]
pub struct SharedPhoneDto {
    /// E.164.
    pub phone: String,
    pub customers: Vec<SharedPhoneCustomer>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SharedPhoneCustomer {
    pub id: i64,
    pub name: String,
    pub store: StoreRefDto,
}

impl From<loyalty_application::SharedPhone> for SharedPhoneDto {
    fn from(p: loyalty_application::SharedPhone) -> Self {
        Self {
            phone: p.phone,
            customers: p
                .customers
                .into_iter()
                .map(|(id, name, store)| SharedPhoneCustomer { id, name, store: store.into() })
                .collect(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CustomersOverview {
    pub summary: OwnerSummaryDto,
    /// Which customers share a phone across the owner's stores (up to 50 phones; the summary
    /// counts all).
    pub shared_phones: Vec<SharedPhoneDto>,
    pub stores_overview: Vec<StoreOverview>,
}
envelope!(CustomersOverviewEnvelope, CustomersOverview);
