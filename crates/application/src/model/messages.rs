//! Messages customers read (issue #39): their consent per channel and the outbox.

use chrono::{NaiveDate, NaiveDateTime};
pub use loyalty_domain::messages_out::{MessageChannel, MessageKind, MessageLanguage};

loyalty_domain::code_enum! {
    /// Where a customer's consent was given or withdrawn.
    pub enum ConsentSource {
        /// At the counter, by the cashier or the owner.
        Till,
        /// On the store's join page.
        Join,
        /// With a customers file.
        Import,
        /// On the customer's own page.
        CustomerPage,
        /// A WhatsApp reply ("STOP"): withdrawals only.
        WhatsappReply,
    }
}

loyalty_domain::code_enum! {
    /// Where a message stands.
    pub enum MessageStatus {
        /// Waiting for the sender.
        Pending,
        /// Taken by the sender, which may be handing it to the provider now (committed before
        /// the request goes out, so a crash mid-send is found again).
        Sending,
        /// Handed to the provider.
        Sent,
        /// The provider says the customer's phone has it.
        Delivered,
        /// The provider refused it, or every attempt failed.
        Failed,
        /// Recorded and never sent (`status_detail` says why: `monthly_limit`,
        /// `consent_withdrawn`, `no_channel`, `test_mode`).
        NotSent,
    }
}

/// A customer's current consent per channel: since when, `None` without it; and the language
/// its messages are written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Consents {
    pub whatsapp_at: Option<NaiveDateTime>,
    pub sms_at: Option<NaiveDateTime>,
    pub language: MessageLanguage,
}

impl Consents {
    /// The channel a message goes by (WhatsApp first), `None` without consent.
    pub fn channel(&self) -> Option<MessageChannel> {
        loyalty_domain::messages_out::route(self.whatsapp_at.is_some(), self.sms_at.is_some())
    }

    pub fn at(&self, channel: MessageChannel) -> Option<NaiveDateTime> {
        match channel {
            MessageChannel::Whatsapp => self.whatsapp_at,
            MessageChannel::Sms => self.sms_at,
        }
    }
}

/// One message of the outbox, as the customer's page lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CustomerMessage {
    pub id: i64,
    pub customer_id: i64,
    pub store_id: i64,
    pub kind: MessageKind,
    pub channel: MessageChannel,
    pub to_phone: String,
    pub body: String,
    /// The language `body` is written in (the customer's when it was written).
    pub language: MessageLanguage,
    pub status: MessageStatus,
    pub status_detail: Option<String>,
    pub provider_message_id: Option<String>,
    pub attempts: i64,
    pub created_at: NaiveDateTime,
    pub sent_at: Option<NaiveDateTime>,
}

/// A kind of message as the owner's customers read it: the owner's own text in both languages,
/// or the product's (`own: false`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessageTemplate {
    pub kind: MessageKind,
    pub text_ar: String,
    pub text_en: String,
    pub own: bool,
    pub updated_at: Option<NaiveDateTime>,
}

/// An owner's messages of one channel and status in a period: how many, and their segments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MessageFigure {
    pub channel: MessageChannel,
    pub status: MessageStatus,
    pub messages: i64,
    pub segments: i64,
}

/// How many of an owner's customers consent to each channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ConsentCounts {
    pub customers: i64,
    pub whatsapp: i64,
    pub sms: i64,
    /// Customers with at least one consent: those who can be sent anything.
    pub any: i64,
}

/// What one channel did in one Tripoli month, and what it is estimated to have cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChannelMonth {
    /// The month's first day.
    pub month: NaiveDate,
    pub channel: MessageChannel,
    pub pending: i64,
    pub sent: i64,
    pub delivered: i64,
    pub failed: i64,
    pub not_sent: i64,
    /// The SMS segments of the messages handed to the provider (sent and delivered).
    pub segments: i64,
    /// Millionths of a US dollar: SMS by segment, WhatsApp by message (`MessagePrices`).
    pub cost_micro_usd: i64,
}

/// What the operator pays its providers, in millionths of a US dollar, for the owners'
/// estimates (`LOYALTY_SMS_SEGMENT_PRICE_USD`, `LOYALTY_WHATSAPP_MESSAGE_PRICE_USD`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MessagePrices {
    pub sms_segment_micro_usd: i64,
    pub whatsapp_message_micro_usd: i64,
}

impl Default for MessagePrices {
    /// The domain's defaults (`messages_out::*_PRICE_DEFAULT_USD`).
    fn default() -> Self {
        use loyalty_domain::messages_out::{
            parse_price_usd, SMS_SEGMENT_PRICE_DEFAULT_USD, WHATSAPP_MESSAGE_PRICE_DEFAULT_USD,
        };
        Self {
            sms_segment_micro_usd: parse_price_usd(SMS_SEGMENT_PRICE_DEFAULT_USD).unwrap_or_default(),
            whatsapp_message_micro_usd: parse_price_usd(WHATSAPP_MESSAGE_PRICE_DEFAULT_USD).unwrap_or_default(),
        }
    }
}

/// The owner's messages at a glance: the month's count against its limit, consent, and each
/// channel's last months.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessagesSummary {
    pub monthly_limit: i64,
    /// Messages this Tripoli month that count against the limit (all but those not sent).
    pub this_month: i64,
    pub consents: ConsentCounts,
    /// Oldest first, each channel of each month.
    pub months: Vec<ChannelMonth>,
    pub prices: MessagePrices,
}
