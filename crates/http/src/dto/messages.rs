//! Messages customers read: their consent per channel and their messages.

use super::*;

named!(MessageChannelDto(loyalty_application::MessageChannel), "`whatsapp` or `sms`.");
named!(
    ConsentSourceDto(loyalty_application::ConsentSource),
    "Where the consent was given or withdrawn: at the `till`, on the store's `join` page, by an `import`, on the `customer_page`, by the customer's WhatsApp `whatsapp_reply` (\"STOP\": withdrawals only, recorded by the callback alone)."
);
named!(
    MessageKindDto(loyalty_application::MessageKind),
    "`welcome` (joined, or first consented), `points_earned` (a sale), `points_expiring`, `birthday`, `link`."
);
named!(MessageLanguageDto(loyalty_application::MessageLanguage), "`ar` (Arabic, unless asked otherwise) or `en`.");
named!(
    MessageStatusDto(loyalty_application::MessageStatus),
    "`pending` (waiting for the sender), `sending` (taken by the sender), `sent`, `delivered`, `failed`, `not_sent` (`status_detail` says why)."
);

/// A customer's current consent to messages, per channel: WhatsApp goes first when both are
/// given. Without any, the customer is sent nothing.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(example = json!({
    "whatsapp": true, "sms": false, "whatsapp_at": "2026-11-20T10:15:00Z", "sms_at": null, "language": "ar"
}))]
pub struct ConsentsDto {
    pub whatsapp: bool,
    pub sms: bool,
    /// Since when the customer consents to WhatsApp messages; `null` without consent.
    pub whatsapp_at: Option<DateTime<Utc>>,
    /// Since when the customer consents to SMS; `null` without consent.
    pub sms_at: Option<DateTime<Utc>>,
    /// The language its messages are written in.
    pub language: MessageLanguageDto,
}

impl From<loyalty_application::Consents> for ConsentsDto {
    fn from(c: loyalty_application::Consents) -> Self {
        Self {
            whatsapp: c.whatsapp_at.is_some(),
            sms: c.sms_at.is_some(),
            whatsapp_at: c.whatsapp_at.map(utc),
            sms_at: c.sms_at.map(utc),
            language: c.language.into(),
        }
    }
}
envelope!(ConsentsEnvelope, ConsentsDto);

/// A customer's consent by one channel, given (`granted: true`) or withdrawn (`false`), and
/// where it was said; with `language`, the language its messages are written in from now on.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"channel": "whatsapp", "granted": true, "source": "till", "language": "ar"}))]
#[serde(deny_unknown_fields)]
pub struct ConsentRequest {
    #[schema(required = true, value_type = MessageChannelDto)]
    pub channel: Option<String>,
    #[schema(required = true, value_type = bool)]
    pub granted: Option<bool>,
    #[schema(required = true, value_type = ConsentSourceDto)]
    pub source: Option<String>,
    /// Left out: the language stays as it was (`ar` for a new customer).
    #[serde(default, deserialize_with = "super::non_null")]
    #[schema(required = false, nullable = false, value_type = MessageLanguageDto)]
    pub language: Option<String>,
}

/// One message to a customer, as the outbox keeps it.
#[derive(Debug, Serialize, ToSchema)]
pub struct CustomerMessageDto {
    pub id: i64,
    pub customer_id: i64,
    pub store_id: i64,
    pub kind: MessageKindDto,
    pub channel: MessageChannelDto,
    /// The phone it goes to (E.164).
    #[schema(example = "+218912345678")]
    pub to: String,
    /// The text, in the customer's language (`consents.language`) when it was written. A name
    /// written the other way (an Arabic store in an English text) is set apart between U+2068
    /// and U+2069 (Unicode's first-strong isolate), as sent.
    pub body: String,
    /// The language `body` is written in (`ar` reads right to left).
    pub language: MessageLanguageDto,
    /// The SMS segments `body` takes (paid for each): GSM-7 160 characters in one, 153 each
    /// when split; UCS-2 (any Arabic) 70 in one, 67 each when split. Counted for WhatsApp too.
    #[schema(example = 1)]
    pub sms_segments: i64,
    pub status: MessageStatusDto,
    /// Why a message was not sent (`monthly_limit`: the owner's `messages_monthly_limit` was
    /// reached this month; `consent_withdrawn`; `test_mode`: a sandbox store's customer;
    /// `no_channel`: none of the channels the customer consented to is configured on this
    /// server) or what the provider said of a failure (and of the last failed attempt while
    /// `pending` again).
    pub status_detail: Option<String>,
    /// The provider's id of the message, once sent.
    pub provider_message_id: Option<String>,
    /// Attempts to send it so far.
    pub attempts: i64,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
}

impl From<loyalty_application::CustomerMessage> for CustomerMessageDto {
    fn from(m: loyalty_application::CustomerMessage) -> Self {
        Self {
            id: m.id,
            customer_id: m.customer_id,
            store_id: m.store_id,
            kind: m.kind.into(),
            channel: m.channel.into(),
            to: m.to_phone,
            sms_segments: i64::try_from(loyalty_domain::messages_out::segments(&m.body).count).unwrap_or(i64::MAX),
            body: m.body,
            language: m.language.into(),
            status: m.status.into(),
            status_detail: m.status_detail,
            provider_message_id: m.provider_message_id,
            attempts: m.attempts,
            created_at: utc(m.created_at),
            sent_at: m.sent_at.map(utc),
        }
    }
}
list_envelope!(CustomerMessageList, CustomerMessageDto);
envelope!(CustomerMessageEnvelope, CustomerMessageDto);

/// A kind of message as the owner's customers read it, in both languages: the owner's own text
/// (`own: true`) or the product's. Placeholders in braces are filled when it is sent.
#[derive(Debug, Serialize, ToSchema)]
pub struct MessageTemplateDto {
    pub kind: MessageKindDto,
    #[schema(example = "{name}، ربحت {points} نقطة في {store}. رصيدك {balance}.")]
    pub text_ar: String,
    #[schema(example = "{name}, you earned {points} points at {store}. Balance: {balance}.")]
    pub text_en: String,
    /// Whether the owner wrote it (`false`: the product's text, which drops `{name}` by itself
    /// when the message would otherwise need a second SMS segment).
    pub own: bool,
    pub updated_at: Option<DateTime<Utc>>,
    /// The placeholders this kind may use, without braces.
    #[schema(example = json!(["name", "store", "points", "balance"]))]
    pub placeholders: Vec<&'static str>,
    /// Those it must keep.
    #[schema(example = json!(["points"]))]
    pub required: Vec<&'static str>,
    /// The SMS segments each text takes as written (placeholders counted as typed; the
    /// customer's name and the store's make it longer when sent).
    pub sms_segments_ar: i64,
    pub sms_segments_en: i64,
}

fn segment_count(text: &str) -> i64 {
    i64::try_from(loyalty_domain::messages_out::segments(text).count).unwrap_or(i64::MAX)
}

impl From<loyalty_application::MessageTemplate> for MessageTemplateDto {
    fn from(t: loyalty_application::MessageTemplate) -> Self {
        let (placeholders, required) = loyalty_domain::messages_out::placeholders(t.kind);
        Self {
            kind: t.kind.into(),
            sms_segments_ar: segment_count(&t.text_ar),
            sms_segments_en: segment_count(&t.text_en),
            text_ar: t.text_ar,
            text_en: t.text_en,
            own: t.own,
            updated_at: t.updated_at.map(utc),
            placeholders: placeholders.to_vec(),
            required: required.to_vec(),
        }
    }
}
envelope!(MessageTemplateEnvelope, MessageTemplateDto);

/// Every kind of message, in the order of `MessageKind`.
#[derive(Debug, Serialize, ToSchema)]
pub struct MessageTemplateList {
    pub data: Vec<MessageTemplateDto>,
}

/// The owner's own text of a kind of message, in both languages: at most 320 characters each,
/// only the kind's placeholders (`{name}`, `{store}`, `{points}`, `{balance}`, and `{days}` in
/// `points_expiring`), `{points}` kept where the kind needs it.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({
    "text_ar": "شكراً {name}! ربحت {points} نقطة في {store}. رصيدك {balance}.",
    "text_en": "Thank you {name}! You earned {points} points at {store}. Balance: {balance}."
}))]
#[serde(deny_unknown_fields)]
pub struct MessageTemplateRequest {
    #[schema(required = true, value_type = String)]
    pub text_ar: Option<String>,
    #[schema(required = true, value_type = String)]
    pub text_en: Option<String>,
}

/// How many of the owner's customers consent to each channel.
#[derive(Debug, Serialize, ToSchema)]
pub struct ConsentCountsDto {
    /// Live customers in the owner's stores.
    pub customers: i64,
    pub whatsapp: i64,
    pub sms: i64,
    /// Customers who consent to at least one: those who can be sent anything.
    pub any: i64,
}

/// What one channel did in one Tripoli month.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChannelMonthDto {
    /// `YYYY-MM`, a Tripoli month.
    #[schema(example = "2026-11")]
    pub month: String,
    pub channel: MessageChannelDto,
    pub pending: i64,
    pub sent: i64,
    pub delivered: i64,
    pub failed: i64,
    pub not_sent: i64,
    /// The SMS segments of the messages handed to the provider (sent and delivered).
    pub segments: i64,
    /// What the month's messages handed to the provider are estimated to cost, in US dollars
    /// (six decimals): SMS by segment, WhatsApp by message, at `prices`.
    #[schema(example = "12.600000")]
    pub estimated_cost_usd: String,
}

/// The prices the estimates use, in US dollars (six decimals), as the operator set them.
#[derive(Debug, Serialize, ToSchema)]
pub struct MessagePricesDto {
    #[schema(example = "0.350000")]
    pub sms_segment_usd: String,
    #[schema(example = "0.022500")]
    pub whatsapp_message_usd: String,
}

/// The owner's messages at a glance.
#[derive(Debug, Serialize, ToSchema)]
pub struct MessagesSummaryDto {
    /// `messages_monthly_limit` in the loyalty settings.
    pub monthly_limit: i64,
    /// Messages this Tripoli month that count against the limit (all but those not sent).
    pub this_month: i64,
    /// Whether this month's messages reached the limit: what follows is recorded, not sent.
    pub limit_reached: bool,
    pub consents: ConsentCountsDto,
    /// The last six Tripoli months, oldest first, each channel of each.
    pub months: Vec<ChannelMonthDto>,
    pub prices: MessagePricesDto,
}

fn usd(micro: i64) -> String {
    format!("{}.{:06}", micro / 1_000_000, micro % 1_000_000)
}

impl From<loyalty_application::MessagesSummary> for MessagesSummaryDto {
    fn from(s: loyalty_application::MessagesSummary) -> Self {
        Self {
            monthly_limit: s.monthly_limit,
            this_month: s.this_month,
            limit_reached: s.this_month >= s.monthly_limit,
            consents: ConsentCountsDto {
                customers: s.consents.customers,
                whatsapp: s.consents.whatsapp,
                sms: s.consents.sms,
                any: s.consents.any,
            },
            months: s
                .months
                .into_iter()
                .map(|m| ChannelMonthDto {
                    month: m.month.format("%Y-%m").to_string(),
                    channel: m.channel.into(),
                    pending: m.pending,
                    sent: m.sent,
                    delivered: m.delivered,
                    failed: m.failed,
                    not_sent: m.not_sent,
                    segments: m.segments,
                    estimated_cost_usd: usd(m.cost_micro_usd),
                })
                .collect(),
            prices: MessagePricesDto {
                sms_segment_usd: usd(s.prices.sms_segment_micro_usd),
                whatsapp_message_usd: usd(s.prices.whatsapp_message_micro_usd),
            },
        }
    }
}
envelope!(MessagesSummaryEnvelope, MessagesSummaryDto);

/// A WhatsApp Business Cloud API webhook (field `messages`), as Meta posts it: statuses of the
/// messages sent, and messages customers sent. Fields this server does not read are allowed.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(example = json!({
    "object": "whatsapp_business_account",
    "entry": [{"id": "102290129340398", "changes": [{"field": "messages", "value": {
        "messaging_product": "whatsapp",
        "statuses": [{"id": "wamid.HBgLMjE4OTEyMzQ1Njc4FQIAERgSQ0Y", "status": "delivered",
            "timestamp": "1764316800", "recipient_id": "218912345678", "biz_opaque_callback_data": "42"}],
        "messages": [{"from": "218912345678", "id": "wamid.HBgLMjE4OTEyMzQ1Njc4FQIAEhgUM0E", "timestamp": "1764316900",
            "type": "text", "text": {"body": "STOP"}}]
    }}]}]
}))]
pub struct WhatsappCallback {
    #[serde(default)]
    pub object: Option<String>,
    #[serde(default)]
    pub entry: Vec<WhatsappEntry>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct WhatsappEntry {
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub changes: Vec<WhatsappChange>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct WhatsappChange {
    #[serde(default)]
    pub field: Option<String>,
    #[serde(default)]
    pub value: WhatsappValue,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct WhatsappValue {
    /// `whatsapp`.
    #[serde(default)]
    pub messaging_product: Option<String>,
    #[serde(default)]
    pub statuses: Vec<WhatsappStatus>,
    #[serde(default)]
    pub messages: Vec<WhatsappInbound>,
}

/// One message's status: `sent`, `delivered`, `read` (recorded as delivered) or `failed`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct WhatsappStatus {
    /// The provider's message id (`wamid...`).
    pub id: String,
    pub status: String,
    #[serde(default)]
    pub timestamp: Option<String>,
    #[serde(default)]
    pub recipient_id: Option<String>,
    /// Our message id, as it was sent.
    #[serde(default)]
    pub biz_opaque_callback_data: Option<String>,
    #[serde(default)]
    pub errors: Vec<WhatsappError>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct WhatsappError {
    #[serde(default)]
    pub code: Option<i64>,
    #[serde(default)]
    pub title: Option<String>,
    #[serde(default)]
    pub message: Option<String>,
}

/// A message a customer sent: a text "STOP" withdraws the WhatsApp consent of that phone.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct WhatsappInbound {
    /// The customer's number, without '+' (`218912345678`).
    pub from: String,
    #[serde(default)]
    pub id: Option<String>,
    /// Unix seconds, as text.
    #[serde(default)]
    pub timestamp: Option<String>,
    #[serde(default, rename = "type")]
    pub kind: Option<String>,
    #[serde(default)]
    pub text: Option<WhatsappText>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct WhatsappText {
    pub body: String,
}

impl From<WhatsappCallback> for loyalty_application::use_cases::messages::ChannelReport {
    fn from(callback: WhatsappCallback) -> Self {
        use loyalty_application::use_cases::messages::{Reply, ReportedStatus};
        let mut report = Self::default();
        for value in callback.entry.into_iter().flat_map(|e| e.changes).map(|c| c.value) {
            report.statuses.extend(value.statuses.into_iter().map(|s| ReportedStatus {
                provider_message_id: s.id,
                status: s.status,
                callback_data: s.biz_opaque_callback_data,
                error: s.errors.into_iter().next().map(|e| {
                    let text = e.message.or(e.title).unwrap_or_default();
                    match e.code {
                        Some(code) => format!("{code}: {text}"),
                        None => text,
                    }
                }),
            }));
            report.replies.extend(value.messages.into_iter().filter_map(|m| {
                let text = m.text?.body;
                Some(Reply { from: m.from, text })
            }));
        }
        report
    }
}

/// What a callback changed.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct ChannelReportDto {
    /// Messages whose status moved.
    #[schema(example = 1)]
    pub statuses: usize,
    /// Customers whose WhatsApp consent a "STOP" withdrew.
    #[schema(example = 0)]
    pub withdrawals: usize,
}

impl From<loyalty_application::use_cases::messages::ReportOutcome> for ChannelReportDto {
    fn from(o: loyalty_application::use_cases::messages::ReportOutcome) -> Self {
        Self { statuses: o.statuses, withdrawals: o.withdrawals }
    }
}
envelope!(ChannelReportEnvelope, ChannelReportDto);

/// Meta's webhook subscription handshake.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HubQuery {
    /// `subscribe`.
    #[serde(rename = "hub.mode")]
    #[param(rename = "hub.mode")]
    pub mode: Option<String>,
    /// Must equal the server's `LOYALTY_WHATSAPP_VERIFY_TOKEN`.
    #[serde(rename = "hub.verify_token")]
    #[param(rename = "hub.verify_token")]
    pub verify_token: Option<String>,
    /// Answered back as it came.
    #[serde(rename = "hub.challenge")]
    #[param(rename = "hub.challenge")]
    pub challenge: Option<String>,
}
