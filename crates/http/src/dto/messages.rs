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
named!(
    MessageStatusDto(loyalty_application::MessageStatus),
    "`pending` (waiting for the sender), `sending` (taken by the sender), `sent`, `delivered`, `failed`, `not_sent` (`status_detail` says why)."
);

/// A customer's current consent to messages, per channel: WhatsApp goes first when both are
/// given. Without any, the customer is sent nothing.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct ConsentsDto {
    pub whatsapp: bool,
    pub sms: bool,
    /// Since when the customer consents to WhatsApp messages; `null` without consent.
    pub whatsapp_at: Option<DateTime<Utc>>,
    /// Since when the customer consents to SMS; `null` without consent.
    pub sms_at: Option<DateTime<Utc>>,
}

impl From<loyalty_application::Consents> for ConsentsDto {
    fn from(c: loyalty_application::Consents) -> Self {
        Self {
            whatsapp: c.whatsapp_at.is_some(),
            sms: c.sms_at.is_some(),
            whatsapp_at: c.whatsapp_at.map(utc),
            sms_at: c.sms_at.map(utc),
        }
    }
}
envelope!(ConsentsEnvelope, ConsentsDto);

/// A customer's consent by one channel, given (`granted: true`) or withdrawn (`false`), and
/// where it was said.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"channel": "whatsapp", "granted": true, "source": "till"}))]
#[serde(deny_unknown_fields)]
pub struct ConsentRequest {
    #[schema(required = true, value_type = MessageChannelDto)]
    pub channel: Option<String>,
    #[schema(required = true, value_type = bool)]
    pub granted: Option<bool>,
    #[schema(required = true, value_type = ConsentSourceDto)]
    pub source: Option<String>,
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
    /// The text, in Arabic.
    pub body: String,
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
