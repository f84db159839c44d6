//! The activity feeds: the cashier's latest events and the owner's filtered feed.

use super::*;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ActivityType {
    Invoice,
    Redemption,
}

/// An item of the recent-activity panel: exactly one of `invoice` and `redemption` is set.
#[derive(Debug, Serialize, ToSchema)]
pub struct ActivityItem {
    #[serde(rename = "type")]
    pub activity_type: ActivityType,
    pub created_at: DateTime<Utc>,
    pub invoice: Option<InvoiceDto>,
    pub redemption: Option<RedemptionDto>,
}

impl From<loyalty_application::ActivityEvent> for ActivityItem {
    fn from(e: loyalty_application::ActivityEvent) -> Self {
        use loyalty_application::ActivityEvent as E;
        let created_at = utc(e.created_at());
        match e {
            E::Invoice(i) => {
                Self { activity_type: ActivityType::Invoice, created_at, invoice: Some(i.into()), redemption: None }
            }
            E::Redemption(r) => {
                Self { activity_type: ActivityType::Redemption, created_at, invoice: None, redemption: Some(r.into()) }
            }
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ActivityList {
    pub data: Vec<ActivityItem>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TodayCounts {
    pub invoices: i64,
    pub points_issued: i64,
    pub redemptions: i64,
}
envelope!(TodayCountsEnvelope, TodayCounts);

/// Filters of the POS activity feed.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ActivityQuery {
    pub pos_user_id: Option<i64>,
    pub store_id: Option<i64>,
    /// `all`, `invoice`, `redemption` or `customer`.
    pub activity_type: Option<String>,
    /// `7d` (default), `30d` or `90d`; leave out and send `from`/`to` for custom dates.
    pub date_range: Option<String>,
    /// First day, `YYYY-MM-DD` (Tripoli), with no `date_range`.
    pub from: Option<String>,
    /// Last day, `YYYY-MM-DD` (Tripoli), inclusive, with no `date_range`.
    pub to: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ActivityGroup {
    Invoice,
    Redemption,
    Customer,
}

/// One entry of the POS activity feed. `details` hold the facts of the description
/// (`customer`, `total`, `points`, `reward`, `reason`, `invoice_number`, `source`).
#[derive(Debug, Serialize, ToSchema)]
pub struct ActivityEntryDto {
    pub id: i64,
    /// The filter group.
    #[serde(rename = "type")]
    pub activity_type: ActivityGroup,
    /// What happened, e.g. `invoice_created`, `invoice_voided`, `points_added`.
    #[schema(schema_with = activity_kind_schema)]
    pub kind: String,
    pub created_at: DateTime<Utc>,
    pub store: Option<StoreRefDto>,
    /// Who did it (the owner, when done with an API key); none when a customer joined by itself.
    pub pos_user: Option<PersonDto>,
    /// The API key it was done with, by the name its owner gave it; none when done by a person.
    pub api_key: Option<PersonDto>,
    pub subject_id: Option<i64>,
    pub details: std::collections::BTreeMap<String, String>,
}

/// Every kind of activity, listed in the document from the application's list.
fn activity_kind_schema() -> utoipa::openapi::Object {
    utoipa::openapi::schema::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .description(Some("What happened."))
        .enum_values(Some(loyalty_application::ActivityKind::all().iter().map(|k| k.as_str())))
        .build()
}

impl From<loyalty_application::ActivityRecord> for ActivityEntryDto {
    fn from(r: loyalty_application::ActivityRecord) -> Self {
        Self {
            id: r.id,
            activity_type: match r.kind.group() {
                "invoice" => ActivityGroup::Invoice,
                "redemption" => ActivityGroup::Redemption,
                _ => ActivityGroup::Customer,
            },
            kind: r.kind.as_str().to_owned(),
            created_at: utc(r.created_at),
            store: r.store.map(Into::into),
            pos_user: r.actor.map(Into::into),
            api_key: r.api_key.map(Into::into),
            subject_id: r.subject_id,
            details: r.details.into_iter().collect(),
        }
    }
}
list_envelope!(ActivityFeed, ActivityEntryDto);

list_envelope!(UserList, UserDto);
