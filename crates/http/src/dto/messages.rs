//! Messages customers read: their consent per channel and their messages.

use super::*;

named!(MessageChannelDto(loyalty_application::MessageChannel), "`whatsapp` or `sms`.");
named!(
    ConsentSourceDto(loyalty_application::ConsentSource),
    "Where the consent was given or withdrawn: at the `till`, on the store's `join` page, by an `import`, on the `customer_page`."
);
named!(
    MessageKindDto(loyalty_application::MessageKind),
    "`welcome` (joined, or first consented), `points_earned` (a sale), `points_expiring`, `birthday`, `link`."
);
named!(
    MessageStatusDto(loyalty_application::MessageStatus),
    "`pending` (waiting for the sender), `sent`, `delivered`, `failed`, `not_sent` (`status_detail` says why)."
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
    /// reached this month; `consent_withdrawn`; `test_mode`: a sandbox store's customer) or
    /// what the provider said of a failure.
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
