//! API keys and webhooks as the owner manages them, and the events webhooks carry.

use super::*;
use loyalty_application::ApiScope;
use utoipa::IntoParams;

named!(
    /// What an API key may do. Each operation a key may call lists the scope it needs under the
    /// `apiKey` security scheme.
    ApiScopeDto(ApiScope),
    "What an API key may do: `customers:read` (customers, their history, invoices and \
     redemptions), `customers:write` (create, edit, confirm and hide customers), `sales:write` (invoices and their \
     preview, same-day voids, redemptions) or `reports:read` (sales lists, the summary, the overview and the \
     activity feed)."
);

named!(
    /// Live or test.
    ModeDto(loyalty_application::Mode),
    "`live`: the owner's stores. `test`: the owner's sandbox store alone (a test key's secret starts \
     `lk_test_`; the sandbox is made with the first test key and is listed by `GET /api/v1/stores` with a \
     test key); its records never count in the owner's figures, exports, liability, plan or the public \
     lookup, and its events go to `test` endpoints alone."
);

/// A key as listed: never its secret.
#[derive(Debug, Serialize, ToSchema)]
pub struct ApiKeyDto {
    pub id: i64,
    pub name: String,
    /// The start of the secret (`lk_1a2b3c4d`, a test key's `lk_test_1a2b3c4d`), to tell keys apart.
    pub prefix: String,
    pub mode: ModeDto,
    pub scopes: Vec<ApiScopeDto>,
    /// The stores the key covers; `null`: all of the owner's stores, those added later too (a
    /// test key: its sandbox store).
    pub store_ids: Option<Vec<i64>>,
    pub created_at: DateTime<Utc>,
    /// `null`: never expires.
    pub expires_at: Option<DateTime<Utc>>,
    /// Updated at most once a minute.
    pub last_used_at: Option<DateTime<Utc>>,
    pub rate_limits: KeyRateLimits,
}

/// The requests a key may make per minute (the server's setting, the same for every key): past
/// either, a 429 with `Retry-After`. Every answer to a keyed request says how the key stands in
/// the `RateLimit-Policy` and `RateLimit` headers.
#[derive(Debug, Serialize, ToSchema)]
pub struct KeyRateLimits {
    /// `GET` requests.
    #[schema(example = 600)]
    pub reads_per_minute: u32,
    /// Every other request.
    #[schema(example = 120)]
    pub writes_per_minute: u32,
}

impl From<loyalty_application::ApiKey> for ApiKeyDto {
    fn from(k: loyalty_application::ApiKey) -> Self {
        Self {
            id: k.id,
            name: k.name,
            prefix: k.prefix,
            mode: ModeDto(k.mode),
            scopes: k.scopes.into_iter().map(ApiScopeDto).collect(),
            store_ids: k.store_ids,
            created_at: utc(k.created_at),
            expires_at: k.expires_at.map(utc),
            last_used_at: k.last_used_at.map(utc),
            rate_limits: KeyRateLimits {
                reads_per_minute: k.limits.reads_per_minute,
                writes_per_minute: k.limits.writes_per_minute,
            },
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ApiKeyList {
    pub data: Vec<ApiKeyDto>,
}

/// A key just made, with its secret: shown this once, keep it safe.
#[derive(Debug, Serialize, ToSchema)]
pub struct ApiKeyCreated {
    #[serde(flatten)]
    pub key: ApiKeyDto,
    /// Send as `Authorization: Bearer <secret>`. Only a digest is kept: it cannot be shown again.
    #[schema(example = "lk_1a2b3c4d5e6f708192a3b4c5d6e7f809")]
    pub secret: String,
}
envelope!(ApiKeyCreatedEnvelope, ApiKeyCreated);

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ApiKeyRequest {
    /// What the key is for, e.g. "Web shop".
    #[serde(default)]
    #[schema(required = true, example = "Web shop")]
    pub name: String,
    /// At least one.
    #[serde(default)]
    #[schema(required = true, value_type = Vec<ApiScopeDto>)]
    pub scopes: Vec<String>,
    /// Some of the owner's stores; leave out for all of them (those added later too). A test
    /// key takes none: it acts on the sandbox store.
    pub store_ids: Option<Vec<i64>>,
    /// A day (`2027-06-30`, valid through its end in Tripoli) or an RFC 3339 instant; leave out
    /// for a key that does not expire.
    pub expires_at: Option<String>,
    /// Leave out for `live`.
    #[schema(value_type = Option<ModeDto>)]
    pub mode: Option<String>,
}

named!(
    /// A webhook event type, as sent in the event's `type` and chosen per endpoint.
    WebhookEventTypeDto(loyalty_application::WebhookEventType),
    "What happened: a sale, a void, a redemption, a customer made, changed, hidden or joined by the store's link, or points changed by hand; `ping` is the test event, sent only when asked for (not one to subscribe to)."
);

/// An endpoint as listed: never its secret.
#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookEndpointDto {
    pub id: i64,
    #[schema(example = "https://shop.example.ly/hooks/loyalty")]
    pub url: String,
    pub events: Vec<WebhookEventTypeDto>,
    /// A paused endpoint is sent nothing; its deliveries wait.
    pub is_active: bool,
    /// `test`: receives the sandbox store's events alone; `live`: every other store's.
    pub mode: ModeDto,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<loyalty_application::WebhookEndpoint> for WebhookEndpointDto {
    fn from(e: loyalty_application::WebhookEndpoint) -> Self {
        Self {
            id: e.id,
            url: e.url,
            events: e.events.into_iter().map(WebhookEventTypeDto).collect(),
            is_active: e.is_active,
            mode: ModeDto(e.mode),
            created_at: utc(e.created_at),
            updated_at: utc(e.updated_at),
        }
    }
}
envelope!(WebhookEndpointEnvelope, WebhookEndpointDto);

#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookEndpointList {
    pub data: Vec<WebhookEndpointDto>,
}

/// An endpoint with its signing secret: shown when made and when rotated, never again.
#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookEndpointSecret {
    #[serde(flatten)]
    pub endpoint: WebhookEndpointDto,
    /// Signs every delivery: `X-Loyalty-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
    /// "<t>.<raw body>" with this secret>`.
    #[schema(example = "whsec_1a2b3c4d5e6f708192a3b4c5d6e7f809")]
    pub secret: String,
}
envelope!(WebhookEndpointSecretEnvelope, WebhookEndpointSecret);

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WebhookEndpointRequest {
    /// `https://` and a public server; the address is checked again at each delivery.
    #[serde(default)]
    #[schema(required = true, max_length = 2000, example = "https://shop.example.ly/hooks/loyalty")]
    pub url: String,
    /// At least one.
    #[serde(default)]
    #[schema(required = true, value_type = Vec<WebhookEventTypeDto>)]
    pub events: Vec<String>,
    /// Leave out to keep (a new endpoint is active).
    pub is_active: Option<bool>,
    /// Leave out to keep (a new endpoint is `live`).
    #[schema(value_type = Option<ModeDto>)]
    pub mode: Option<String>,
}

/// A JSON Merge Patch (RFC 7396) of an endpoint: what it leaves out stays as it is
/// (`{"is_active": false}` pauses it and changes nothing else).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"is_active": false}))]
pub struct WebhookEndpointPatch {
    #[serde(default, deserialize_with = "super::non_null")]
    #[schema(nullable = false, max_length = 2000)]
    pub url: Option<String>,
    #[serde(default, deserialize_with = "super::non_null")]
    #[schema(nullable = false, value_type = Option<Vec<WebhookEventTypeDto>>)]
    pub events: Option<Vec<String>>,
    #[serde(default, deserialize_with = "super::non_null")]
    #[schema(nullable = false)]
    pub is_active: Option<bool>,
    #[serde(default, deserialize_with = "super::non_null")]
    #[schema(nullable = false, value_type = Option<ModeDto>)]
    pub mode: Option<String>,
}

named!(DeliveryStatusDto(loyalty_application::DeliveryStatus));

/// Narrows an endpoint's deliveries (both together: those that match both).
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DeliveryQueryParams {
    /// Only deliveries in this state: `pending`, `succeeded` or `failed`.
    #[param(example = "failed")]
    pub status: Option<String>,
    /// Only deliveries of this event type (`invoice.created`...).
    #[param(example = "invoice.created")]
    pub event_type: Option<String>,
}

/// One event sent, or to be sent, to one endpoint.
#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookDeliveryDto {
    pub id: i64,
    /// Sent as `X-Loyalty-Event-Id`; the same on every attempt and on a resend.
    #[schema(example = "evt_1a2b3c4d5e6f708192a3b4c5d6e7f809")]
    pub event_id: String,
    pub event_type: WebhookEventTypeDto,
    pub endpoint_id: i64,
    /// The event's `sequence` for this endpoint (0 for deliveries made before numbering began).
    pub sequence: i64,
    pub status: DeliveryStatusDto,
    pub attempts: i32,
    /// When pending: the next attempt.
    pub next_attempt_at: Option<DateTime<Utc>>,
    /// The HTTP status of the last answer; `null` when there was none.
    pub last_status: Option<i32>,
    /// Why the last attempt failed, when it did.
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<loyalty_application::WebhookDelivery> for WebhookDeliveryDto {
    fn from(d: loyalty_application::WebhookDelivery) -> Self {
        Self {
            id: d.id,
            event_id: d.event_id,
            event_type: WebhookEventTypeDto(d.event_type),
            endpoint_id: d.endpoint_id,
            sequence: d.sequence,
            status: d.status.into(),
            attempts: d.attempts,
            next_attempt_at: d.next_attempt_at.map(utc),
            last_status: d.last_status,
            last_error: d.last_error,
            created_at: utc(d.created_at),
            updated_at: utc(d.updated_at),
        }
    }
}
envelope!(WebhookDeliveryEnvelope, WebhookDeliveryDto);
list_envelope!(WebhookDeliveryList, WebhookDeliveryDto);

/// Points added or taken by hand.
#[derive(Debug, Serialize, ToSchema)]
pub struct PointsAdjustedData {
    pub customer: CustomerDto,
    /// Added (positive) or taken (negative).
    pub points: i64,
    pub reason: Option<String>,
}

/// `invoice.returned`: the invoice after the return (as `invoice.voided` sends it, with all its
/// returns), and under `return` the return itself.
#[derive(Debug, Serialize, ToSchema)]
pub struct InvoiceReturnedData {
    #[serde(flatten)]
    pub invoice: InvoiceDto,
    #[serde(rename = "return")]
    pub returned: InvoiceReturnDto,
}

/// An event's `data`: the record as the API answers it, as it was at the change.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum WebhookEventData {
    /// `invoice.returned` (listed first: it is an invoice with its `return`).
    InvoiceReturned(InvoiceReturnedData),
    /// `invoice.created`, `invoice.voided`.
    Invoice(InvoiceDto),
    /// `redemption.created`.
    Redemption(RedemptionDto),
    /// `stamp.earned`, `stamp_card.redeemed`, `stamp.revoked`.
    Stamp(StampData),
    /// `customer.tier_changed` (listed before the plain customer: it carries one).
    TierChanged(TierChangedData),
    /// `customer.created`, `customer.updated`, `customer.deleted`, `customer.joined`.
    Customer(CustomerDto),
    /// `points.adjusted`.
    PointsAdjusted(PointsAdjustedData),
    /// `ping`.
    Ping(PingData),
}

/// `customer.tier_changed`: the customer, its tier now (`null`: no level) and the level it held
/// before (1 the lowest; `null`: none). A downgrade's grace starting keeps the level and sets
/// `tier.grace_until`.
#[derive(Debug, Serialize, ToSchema)]
pub struct TierChangedData {
    pub customer: CustomerDto,
    pub tier: Option<CustomerTierDto>,
    pub previous_level: Option<i64>,
}

/// The test event's data: which endpoint asked for it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PingData {
    pub endpoint_id: i64,
}

/// The body of every webhook delivery (`POST`, `application/json`), signed with the endpoint's
/// secret: `X-Loyalty-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`,
/// with `X-Loyalty-Event-Id: <id>`. Answer 2xx within 10 seconds; anything else is retried
/// with backoff for 72 hours. A delivery may come more than once: de-duplicate by `id`.
/// Deliveries to one endpoint run several at once, so they may arrive out of order: put them in
/// order by `sequence`, and keep a record's newest state by `resource_version`.
#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookEvent {
    #[schema(example = "evt_1a2b3c4d5e6f708192a3b4c5d6e7f809")]
    pub id: String,
    #[serde(rename = "type")]
    pub event_type: WebhookEventTypeDto,
    pub created_at: DateTime<Utc>,
    /// This endpoint's events numbered 1, 2, 3... in the order they were made, without gaps: a
    /// gap means an event has not arrived yet. Numbers are given within a second of the change
    /// (the delivery worker numbers what has been committed), so an event whose change committed
    /// after a later one had been numbered takes the next number. A retry or a resend keeps its
    /// number.
    #[schema(example = 42)]
    pub sequence: i64,
    /// The version of the record in `data`: its change time (`updated_at`; a redemption's
    /// `created_at`), in microseconds since the Unix epoch. Of two events about one record, the
    /// greater version is the newer state; `null` for `ping`.
    #[schema(example = 1795860000123456_i64)]
    pub resource_version: Option<i64>,
    pub data: WebhookEventData,
}

/// The body a delivery sends, exactly as signed.
pub fn webhook_payload(
    envelope: &loyalty_application::ports::WebhookEnvelope<'_>,
    data: &loyalty_application::WebhookData,
) -> Result<String, serde_json::Error> {
    use loyalty_application::WebhookData as D;
    let version = data.resource_version().map(|at| at.and_utc().timestamp_micros());
    let data = match data.clone() {
        D::Invoice(invoice) => WebhookEventData::Invoice(invoice.into()),
        D::InvoiceReturned { invoice, returned } => WebhookEventData::InvoiceReturned(InvoiceReturnedData {
            invoice: invoice.into(),
            returned: returned.into(),
        }),
        D::Redemption(redemption) => WebhookEventData::Redemption(redemption.into()),
        D::Stamp { customer, event, stamps } => {
            WebhookEventData::Stamp(StampData { customer: customer.into(), event: event.into(), stamps: stamps.into() })
        }
        D::Customer(customer) => WebhookEventData::Customer(customer.into()),
        D::TierChanged { customer, tier, previous_level } => WebhookEventData::TierChanged(TierChangedData {
            customer: customer.into(),
            tier: tier.map(Into::into),
            previous_level,
        }),
        D::PointsAdjusted { customer, points, reason } => {
            WebhookEventData::PointsAdjusted(PointsAdjustedData { customer: customer.into(), points, reason })
        }
        D::Ping { endpoint_id } => WebhookEventData::Ping(PingData { endpoint_id }),
    };
    serde_json::to_string(&WebhookEvent {
        id: envelope.id.to_owned(),
        event_type: WebhookEventTypeDto(envelope.event_type),
        created_at: utc(envelope.created_at),
        sequence: envelope.sequence,
        resource_version: version,
        data,
    })
}

/// The application's [`WebhookPayloads`](loyalty_application::ports::WebhookPayloads): events
/// encoded with the documented event schema ([`WebhookEvent`]).
pub struct JsonWebhookPayloads;

impl loyalty_application::ports::WebhookPayloads for JsonWebhookPayloads {
    fn encode(
        &self,
        envelope: &loyalty_application::ports::WebhookEnvelope<'_>,
        data: &loyalty_application::WebhookData,
    ) -> Result<String, String> {
        webhook_payload(envelope, data).map_err(|e| e.to_string())
    }

    fn with_sequence(&self, payload: &str, sequence: i64) -> Result<String, String> {
        renumbered(payload, sequence)
    }
}

/// An event's body as kept (`"sequence":0`, written by [`webhook_payload`]: after the id, the
/// type and the time, none of which can hold that text) numbered `sequence`.
pub fn renumbered(payload: &str, sequence: i64) -> Result<String, String> {
    const KEPT: &str = ",\"sequence\":0,";
    let at = payload.find(KEPT).ok_or("an event body without its sequence 0")?;
    Ok(format!("{},\"sequence\":{sequence},{}", &payload[..at], &payload[at + KEPT.len()..]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use loyalty_application::ports::WebhookEnvelope;
    use loyalty_application::{WebhookData, WebhookEventType};

    /// A fanned-out delivery's body is exactly what encoding the event with its sequence gives.
    #[test]
    fn a_kept_body_renumbered_is_the_body_encoded_with_its_sequence() {
        let at =
            chrono::NaiveDate::from_ymd_opt(2026, 11, 27).and_then(|d| d.and_hms_opt(10, 0, 0)).unwrap_or_default();
        let data = WebhookData::Ping { endpoint_id: 7 };
        let body = |sequence| {
            let envelope =
                WebhookEnvelope { id: "evt_sequence", event_type: WebhookEventType::Ping, created_at: at, sequence };
            webhook_payload(&envelope, &data).unwrap_or_else(|e| panic!("{e}"))
        };
        for sequence in [1, 9, 10, 400, 123_456_789] {
            assert_eq!(renumbered(&body(0), sequence), Ok(body(sequence)));
        }
        assert!(renumbered("{}", 3).is_err());
    }
}
