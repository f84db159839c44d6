//! Messages customers read (issue #39): their consent per channel and the outbox.

use chrono::NaiveDateTime;
pub use loyalty_domain::messages_out::{MessageChannel, MessageKind};

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

/// A customer's current consent per channel: since when, `None` without it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Consents {
    pub whatsapp_at: Option<NaiveDateTime>,
    pub sms_at: Option<NaiveDateTime>,
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
    pub status: MessageStatus,
    pub status_detail: Option<String>,
    pub provider_message_id: Option<String>,
    pub attempts: i64,
    pub created_at: NaiveDateTime,
    pub sent_at: Option<NaiveDateTime>,
}
