//! Consent and the outbox of messages customers read (issue #39). A customer's current consent
//! is two columns of its row (`whatsapp_consent_at`, `sms_consent_at`), so the sale's read of the
//! customer carries it; `customer_consents` keeps every change, `customer_messages` the outbox.

use chrono::NaiveDateTime;
use diesel::dsl::count_star;
use diesel::prelude::*;
use loyalty_application::ports::{MessageRepo, NewConsent, NewCustomerMessage, RepoResult};
use loyalty_application::{CustomerMessage, MessageChannel, MessageKind, MessageStatus, PageRequest};

use super::{limits, stored};
use crate::pool::DbBackend;
use crate::schema::{customer_consents, customer_messages};
use crate::tx::{map_error, DbTx};

#[derive(Queryable, Selectable)]
#[diesel(table_name = customer_messages, check_for_backend(DbBackend))]
struct MessageRow {
    id: i64,
    customer_id: i64,
    store_id: i64,
    kind: String,
    channel: String,
    to_phone: String,
    body: String,
    status: String,
    status_detail: Option<String>,
    provider_message_id: Option<String>,
    attempts: i64,
    created_at: NaiveDateTime,
    sent_at: Option<NaiveDateTime>,
}

fn into_message(row: MessageRow) -> RepoResult<CustomerMessage> {
    Ok(CustomerMessage {
        id: row.id,
        customer_id: row.customer_id,
        store_id: row.store_id,
        kind: stored::<MessageKind>(&row.kind)?,
        channel: stored::<MessageChannel>(&row.channel)?,
        to_phone: row.to_phone,
        body: row.body,
        status: stored::<MessageStatus>(&row.status)?,
        status_detail: row.status_detail,
        provider_message_id: row.provider_message_id,
        attempts: row.attempts,
        created_at: row.created_at,
        sent_at: row.sent_at,
    })
}

impl MessageRepo for DbTx<'_> {
    fn set_consent(
        &mut self,
        customer_id: i64,
        channel: MessageChannel,
        since: Option<NaiveDateTime>,
        now: NaiveDateTime,
    ) -> RepoResult<bool> {
        use crate::schema::customer_consent_columns as c;
        let row = c::table.filter(c::id.eq(customer_id));
        // Conditional: a grant changes only a missing consent, a withdrawal only a present one.
        macro_rules! change {
            ($column:expr) => {
                diesel::update(row.filter($column.is_null().eq(since.is_some())))
                    .set(($column.eq(since), c::updated_at.eq(now)))
                    .execute(self.conn)
            };
        }
        let changed = match channel {
            MessageChannel::Whatsapp => change!(c::whatsapp_consent_at),
            MessageChannel::Sms => change!(c::sms_consent_at),
        }
        .map_err(map_error)?;
        Ok(changed > 0)
    }

    fn insert_consent(&mut self, c: NewConsent) -> RepoResult<()> {
        diesel::insert_into(customer_consents::table)
            .values((
                customer_consents::customer_id.eq(c.customer_id),
                customer_consents::channel.eq(c.channel.as_str()),
                customer_consents::granted.eq(c.granted),
                customer_consents::source.eq(c.source.as_str()),
                customer_consents::actor_id.eq(c.actor_id),
                customer_consents::api_key_id.eq(c.api_key_id),
                customer_consents::created_at.eq(c.now),
            ))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(())
    }

    fn stop_pending_messages(
        &mut self,
        customer_id: i64,
        channel: MessageChannel,
        detail: &str,
        now: NaiveDateTime,
    ) -> RepoResult<usize> {
        diesel::update(
            customer_messages::table
                .filter(customer_messages::customer_id.eq(customer_id))
                .filter(customer_messages::channel.eq(channel.as_str()))
                .filter(customer_messages::status.eq(MessageStatus::Pending.as_str())),
        )
        .set((
            customer_messages::status.eq(MessageStatus::NotSent.as_str()),
            customer_messages::status_detail.eq(Some(detail)),
            customer_messages::next_attempt_at.eq(None::<NaiveDateTime>),
            customer_messages::updated_at.eq(now),
        ))
        .execute(self.conn)
        .map_err(map_error)
    }

    fn has_welcome(&mut self, customer_id: i64) -> RepoResult<bool> {
        diesel::select(diesel::dsl::exists(
            customer_messages::table
                .filter(customer_messages::customer_id.eq(customer_id))
                .filter(customer_messages::kind.eq(MessageKind::Welcome.as_str())),
        ))
        .get_result(self.conn)
        .map_err(map_error)
    }

    fn count_owner_messages(&mut self, owner_id: i64, from: NaiveDateTime, to: NaiveDateTime) -> RepoResult<i64> {
        customer_messages::table
            .filter(customer_messages::owner_id.eq(owner_id))
            .filter(customer_messages::created_at.ge(from))
            .filter(customer_messages::created_at.lt(to))
            .filter(customer_messages::status.ne(MessageStatus::NotSent.as_str()))
            .select(count_star())
            .get_result(self.conn)
            .map_err(map_error)
    }

    fn insert_customer_message(&mut self, m: NewCustomerMessage<'_>) -> RepoResult<i64> {
        // A pending message is due at once; the sender sets later attempts.
        let due = (m.status == MessageStatus::Pending).then_some(m.now);
        diesel::insert_into(customer_messages::table)
            .values((
                customer_messages::owner_id.eq(m.owner_id),
                customer_messages::store_id.eq(m.store_id),
                customer_messages::customer_id.eq(m.customer_id),
                customer_messages::kind.eq(m.kind.as_str()),
                customer_messages::channel.eq(m.channel.as_str()),
                customer_messages::to_phone.eq(m.to_phone),
                customer_messages::body.eq(m.body),
                customer_messages::status.eq(m.status.as_str()),
                customer_messages::status_detail.eq(m.status_detail),
                customer_messages::attempts.eq(0_i64),
                customer_messages::next_attempt_at.eq(due),
                customer_messages::created_at.eq(m.now),
                customer_messages::updated_at.eq(m.now),
            ))
            .returning(customer_messages::id)
            .get_result(self.conn)
            .map_err(map_error)
    }

    fn customer_messages(&mut self, customer_id: i64, page: PageRequest) -> RepoResult<(Vec<CustomerMessage>, i64)> {
        let total: i64 = customer_messages::table
            .filter(customer_messages::customer_id.eq(customer_id))
            .select(count_star())
            .get_result(self.conn)
            .map_err(map_error)?;
        let (limit, offset) = limits(page);
        let rows: Vec<MessageRow> = customer_messages::table
            .filter(customer_messages::customer_id.eq(customer_id))
            .order(customer_messages::id.desc())
            .limit(limit)
            .offset(offset)
            .select(MessageRow::as_select())
            .load(self.conn)
            .map_err(map_error)?;
        Ok((rows.into_iter().map(into_message).collect::<RepoResult<_>>()?, total))
    }
}
