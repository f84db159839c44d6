//! How long the owner's activity log and webhook deliveries are kept.

use super::*;

/// How long the owner's records that are not the books are kept. Invoices, the points ledger,
/// returns and redemptions are kept for good.
#[derive(Debug, Serialize, ToSchema)]
pub struct DataRetentionDto {
    /// Months the activity log of the owner's stores is kept (3 to 36; 24 until the owner
    /// chooses). Older entries are deleted once a day (Africa/Tripoli).
    #[schema(example = 24)]
    pub activity_log_months: i64,
    /// Days webhook deliveries (and the bodies of their events) are kept (7 to 90; 30 until the
    /// owner chooses). A delivery still being retried is kept until it ends.
    #[schema(example = 30)]
    pub webhook_delivery_days: i64,
}

envelope!(DataRetentionEnvelope, DataRetentionDto);

impl From<loyalty_domain::retention::DataRetention> for DataRetentionDto {
    fn from(r: loyalty_domain::retention::DataRetention) -> Self {
        Self { activity_log_months: r.activity_log_months(), webhook_delivery_days: r.webhook_delivery_days() }
    }
}

/// Both values, each within its bounds (422 on the field otherwise, nothing changed).
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"activity_log_months": 12, "webhook_delivery_days": 30}))]
#[serde(deny_unknown_fields)]
pub struct DataRetentionRequest {
    pub activity_log_months: i64,
    pub webhook_delivery_days: i64,
}
