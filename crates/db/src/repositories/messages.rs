//! Consent and the outbox of messages customers read (issue #39). A customer's current consent
//! is two columns of its row (`whatsapp_consent_at`, `sms_consent_at`), so the sale's read of the
//! customer carries it; `customer_consents` keeps every change, `customer_messages` the outbox.

use chrono::NaiveDateTime;
use diesel::dsl::count_star;
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use loyalty_application::ports::{
    MessageRepo, MessageResult, NewConsent, NewCustomerMessage, OutgoingMessage, RepoResult, StatusUpdate,
};
use loyalty_application::{
    ConsentCounts, CustomerMessage, MessageChannel, MessageFigure, MessageKind, MessageLanguage, MessageStatus,
    MessageTemplate, PageRequest,
};

use super::{limits, stored};
use crate::pool::DbBackend;
use crate::schema::{customer_consents, customer_messages, customers, message_templates};
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
    language: String,
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
        language: stored::<MessageLanguage>(&row.language)?,
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
        use crate::schema::customers as c;
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

    fn owner_limit_reached_at(
        &mut self,
        owner_id: i64,
        from: NaiveDateTime,
        to: NaiveDateTime,
        limit: i64,
    ) -> RepoResult<Option<NaiveDateTime>> {
        if limit <= 0 {
            return Ok(None);
        }
        // The owner's month, by the index on (owner_id, created_at): the limit-th counted one.
        customer_messages::table
            .filter(customer_messages::owner_id.eq(owner_id))
            .filter(customer_messages::created_at.ge(from))
            .filter(customer_messages::created_at.lt(to))
            .filter(customer_messages::status.ne(MessageStatus::NotSent.as_str()))
            .order((customer_messages::created_at, customer_messages::id))
            .offset(limit - 1)
            .limit(1)
            .select(customer_messages::created_at)
            .first(self.conn)
            .optional()
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
                customer_messages::segments.eq(m.segments),
                customer_messages::once_key.eq(m.once_key),
                customer_messages::language.eq(m.language.as_str()),
                customer_messages::attempts.eq(0_i64),
                customer_messages::next_attempt_at.eq(due),
                customer_messages::created_at.eq(m.now),
                customer_messages::updated_at.eq(m.now),
            ))
            .returning(customer_messages::id)
            .get_result(self.conn)
            .map_err(map_error)
    }

    fn customer_message(&mut self, id: i64) -> RepoResult<Option<CustomerMessage>> {
        let row: Option<MessageRow> = customer_messages::table
            .find(id)
            .select(MessageRow::as_select())
            .first(self.conn)
            .optional()
            .map_err(map_error)?;
        row.map(into_message).transpose()
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

    fn set_message_language(
        &mut self,
        customer_id: i64,
        language: MessageLanguage,
        now: NaiveDateTime,
    ) -> RepoResult<bool> {
        let changed = diesel::update(
            customers::table
                .filter(customers::id.eq(customer_id))
                .filter(customers::message_language.ne(language.as_str())),
        )
        .set((customers::message_language.eq(language.as_str()), customers::updated_at.eq(now)))
        .execute(self.conn)
        .map_err(map_error)?;
        Ok(changed > 0)
    }

    fn message_templates(&mut self, owner_id: i64) -> RepoResult<Vec<MessageTemplate>> {
        let rows: Vec<(String, String, String, NaiveDateTime)> = message_templates::table
            .filter(message_templates::owner_id.eq(owner_id))
            .select((
                message_templates::kind,
                message_templates::text_ar,
                message_templates::text_en,
                message_templates::updated_at,
            ))
            .load(self.conn)
            .map_err(map_error)?;
        rows.into_iter()
            .map(|(kind, text_ar, text_en, updated_at)| {
                Ok(MessageTemplate {
                    kind: stored::<MessageKind>(&kind)?,
                    text_ar,
                    text_en,
                    own: true,
                    updated_at: Some(updated_at),
                })
            })
            .collect()
    }

    fn message_template(
        &mut self,
        owner_id: i64,
        kind: MessageKind,
        language: MessageLanguage,
    ) -> RepoResult<Option<String>> {
        let row = message_templates::table
            .filter(message_templates::owner_id.eq(owner_id))
            .filter(message_templates::kind.eq(kind.as_str()));
        match language {
            MessageLanguage::Ar => row.select(message_templates::text_ar).first(self.conn),
            MessageLanguage::En => row.select(message_templates::text_en).first(self.conn),
        }
        .optional()
        .map_err(map_error)
    }

    fn put_message_template(
        &mut self,
        owner_id: i64,
        kind: MessageKind,
        text_ar: &str,
        text_en: &str,
        now: NaiveDateTime,
    ) -> RepoResult<()> {
        // MultiConnection does not carry ON CONFLICT: the write lock is the caller's transaction.
        self.delete_message_template(owner_id, kind)?;
        diesel::insert_into(message_templates::table)
            .values((
                message_templates::owner_id.eq(owner_id),
                message_templates::kind.eq(kind.as_str()),
                message_templates::text_ar.eq(text_ar),
                message_templates::text_en.eq(text_en),
                message_templates::updated_at.eq(now),
            ))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(())
    }

    fn delete_message_template(&mut self, owner_id: i64, kind: MessageKind) -> RepoResult<bool> {
        let deleted = diesel::delete(
            message_templates::table
                .filter(message_templates::owner_id.eq(owner_id))
                .filter(message_templates::kind.eq(kind.as_str())),
        )
        .execute(self.conn)
        .map_err(map_error)?;
        Ok(deleted > 0)
    }

    fn message_figures(
        &mut self,
        owner_id: i64,
        from: NaiveDateTime,
        to: NaiveDateTime,
    ) -> RepoResult<Vec<MessageFigure>> {
        let rows: Vec<(String, String, i64, i64)> = customer_messages::table
            .filter(customer_messages::owner_id.eq(owner_id))
            .filter(customer_messages::created_at.ge(from))
            .filter(customer_messages::created_at.lt(to))
            .group_by((customer_messages::channel, customer_messages::status))
            .select((
                customer_messages::channel,
                customer_messages::status,
                count_star(),
                sql::<BigInt>("CAST(COALESCE(SUM(customer_messages.segments), 0) AS BIGINT)"),
            ))
            .load(self.conn)
            .map_err(map_error)?;
        rows.into_iter()
            .map(|(channel, status, messages, segments)| {
                Ok(MessageFigure {
                    channel: stored::<MessageChannel>(&channel)?,
                    status: stored::<MessageStatus>(&status)?,
                    messages,
                    segments,
                })
            })
            .collect()
    }

    fn consent_counts(&mut self, store_ids: &[i64]) -> RepoResult<ConsentCounts> {
        let (customers, whatsapp, sms, any): (i64, i64, i64, i64) = customers::table
            .filter(customers::store_id.eq_any(store_ids))
            .filter(customers::deleted_at.is_null())
            .select((
                count_star(),
                sql::<BigInt>("COUNT(customers.whatsapp_consent_at)"),
                sql::<BigInt>("COUNT(customers.sms_consent_at)"),
                sql::<BigInt>("COUNT(COALESCE(customers.whatsapp_consent_at, customers.sms_consent_at))"),
            ))
            .get_result(self.conn)
            .map_err(map_error)?;
        Ok(ConsentCounts { customers, whatsapp, sms, any })
    }

    fn expiring_to_tell(
        &mut self,
        day: chrono::NaiveDate,
        once_key: &str,
        after: i64,
        limit: i64,
    ) -> RepoResult<Vec<(i64, i64)>> {
        use crate::schema::point_lots;
        let told = customer_messages::table
            .filter(customer_messages::customer_id.eq(point_lots::customer_id))
            .filter(customer_messages::once_key.eq(once_key));
        point_lots::table
            .inner_join(customers::table)
            .filter(point_lots::remaining.gt(0))
            .filter(point_lots::expires_on.eq(day))
            .filter(point_lots::customer_id.gt(after))
            .filter(customers::deleted_at.is_null())
            .filter(customers::whatsapp_consent_at.is_not_null().or(customers::sms_consent_at.is_not_null()))
            .filter(diesel::dsl::not(diesel::dsl::exists(told)))
            .group_by(point_lots::customer_id)
            .select((point_lots::customer_id, sql::<BigInt>("CAST(SUM(point_lots.remaining) AS BIGINT)")))
            .order(point_lots::customer_id)
            .limit(limit)
            .load(self.conn)
            .map_err(map_error)
    }

    fn claim_due_messages(
        &mut self,
        now: NaiveDateTime,
        lease_until: NaiveDateTime,
        in_doubt_before: NaiveDateTime,
        limit: i64,
    ) -> RepoResult<Vec<OutgoingMessage>> {
        use customer_messages as m;
        let pending = MessageStatus::Pending.as_str();
        let sending = MessageStatus::Sending.as_str();
        let whatsapp = MessageChannel::Whatsapp.as_str();
        let sms = MessageChannel::Sms.as_str();
        // What is due: the same condition picks the candidates and guards the update, so a
        // message another instance took meanwhile (now `sending` with a lease ahead) is skipped.
        macro_rules! due {
            () => {
                m::status
                    .eq(pending)
                    .and(m::next_attempt_at.le(now))
                    .or(m::status.eq(sending).and(m::channel.eq(sms)).and(m::next_attempt_at.le(now)))
                    .or(m::status.eq(sending).and(m::channel.eq(whatsapp)).and(m::next_attempt_at.le(in_doubt_before)))
            };
        }
        let ids: Vec<i64> = m::table
            .filter(m::status.eq_any([pending, sending]))
            .filter(due!())
            .order(m::next_attempt_at)
            .limit(limit)
            .select(m::id)
            .load(self.conn)
            .map_err(map_error)?;
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let rows: Vec<(i64, String, String, String, String, String, i64)> =
            diesel::update(m::table.filter(m::id.eq_any(&ids)).filter(due!()))
                .set((
                    m::status.eq(sending),
                    m::attempts.eq(m::attempts + 1),
                    m::next_attempt_at.eq(Some(lease_until)),
                    m::updated_at.eq(now),
                ))
                .returning((m::id, m::kind, m::channel, m::to_phone, m::body, m::language, m::attempts))
                .get_results(self.conn)
                .map_err(map_error)?;
        let mut claimed = rows
            .into_iter()
            .map(|(id, kind, channel, to_phone, body, language, attempts)| {
                Ok(OutgoingMessage {
                    id,
                    kind: stored::<MessageKind>(&kind)?,
                    channel: stored::<MessageChannel>(&channel)?,
                    to_phone,
                    body,
                    language: stored::<MessageLanguage>(&language)?,
                    attempts,
                })
            })
            .collect::<RepoResult<Vec<_>>>()?;
        claimed.sort_by_key(|c| c.id);
        Ok(claimed)
    }

    fn finish_message(
        &mut self,
        id: i64,
        attempts: i64,
        result: &MessageResult,
        now: NaiveDateTime,
    ) -> RepoResult<bool> {
        use customer_messages as m;
        let this_attempt = m::table
            .filter(m::id.eq(id))
            .filter(m::attempts.eq(attempts))
            .filter(m::status.eq(MessageStatus::Sending.as_str()));
        let none = None::<NaiveDateTime>;
        let changed = match result {
            MessageResult::Sent { provider_message_id } => {
                let changed = diesel::update(this_attempt)
                    .set((
                        m::status.eq(MessageStatus::Sent.as_str()),
                        m::status_detail.eq(None::<String>),
                        m::provider_message_id.eq(Some(provider_message_id)),
                        m::sent_at.eq(Some(now)),
                        m::next_attempt_at.eq(none),
                        m::updated_at.eq(now),
                    ))
                    .execute(self.conn)
                    .map_err(map_error)?;
                // A status callback may have come first (delivered): keep the provider's id.
                diesel::update(m::table.filter(m::id.eq(id)).filter(m::provider_message_id.is_null()))
                    .set((m::provider_message_id.eq(Some(provider_message_id)), m::sent_at.eq(Some(now))))
                    .execute(self.conn)
                    .map_err(map_error)?;
                changed
            }
            MessageResult::Retry { at, error } => diesel::update(this_attempt)
                .set((
                    m::status.eq(MessageStatus::Pending.as_str()),
                    m::status_detail.eq(Some(error)),
                    m::next_attempt_at.eq(Some(*at)),
                    m::updated_at.eq(now),
                ))
                .execute(self.conn)
                .map_err(map_error)?,
            MessageResult::Failed { error } => diesel::update(this_attempt)
                .set((
                    m::status.eq(MessageStatus::Failed.as_str()),
                    m::status_detail.eq(Some(error)),
                    m::next_attempt_at.eq(none),
                    m::updated_at.eq(now),
                ))
                .execute(self.conn)
                .map_err(map_error)?,
            MessageResult::NotSent { detail } => diesel::update(this_attempt)
                .set((
                    m::status.eq(MessageStatus::NotSent.as_str()),
                    m::status_detail.eq(Some(detail)),
                    m::next_attempt_at.eq(none),
                    m::updated_at.eq(now),
                ))
                .execute(self.conn)
                .map_err(map_error)?,
        };
        Ok(changed > 0)
    }

    fn record_message_status(&mut self, u: &StatusUpdate<'_>) -> RepoResult<bool> {
        use customer_messages as m;
        let id: Option<i64> = match u.message_id {
            Some(id) => m::table
                .filter(m::id.eq(id))
                .filter(m::channel.eq(MessageChannel::Whatsapp.as_str()))
                .filter(m::provider_message_id.is_null().or(m::provider_message_id.eq(u.provider_message_id)))
                .select(m::id)
                .first(self.conn)
                .optional()
                .map_err(map_error)?,
            None => None,
        };
        let id = match id {
            Some(id) => Some(id),
            None if u.provider_message_id.is_empty() => None,
            None => m::table
                .filter(m::provider_message_id.eq(u.provider_message_id))
                .filter(m::channel.eq(MessageChannel::Whatsapp.as_str()))
                .select(m::id)
                .first(self.conn)
                .optional()
                .map_err(map_error)?,
        };
        let Some(id) = id else { return Ok(false) };
        // Forward only: sent from pending or sending; delivered and failed from those or sent.
        let from: &[&str] = match u.status {
            MessageStatus::Sent => &["pending", "sending"],
            MessageStatus::Delivered | MessageStatus::Failed => &["pending", "sending", "sent"],
            _ => return Ok(false),
        };
        if !u.provider_message_id.is_empty() {
            diesel::update(m::table.filter(m::id.eq(id)).filter(m::provider_message_id.is_null()))
                .set((m::provider_message_id.eq(Some(u.provider_message_id)), m::sent_at.eq(Some(u.now))))
                .execute(self.conn)
                .map_err(map_error)?;
        }
        let changed = diesel::update(m::table.filter(m::id.eq(id)).filter(m::status.eq_any(from)))
            .set((
                m::status.eq(u.status.as_str()),
                m::status_detail.eq(u.detail),
                m::next_attempt_at.eq(None::<NaiveDateTime>),
                m::updated_at.eq(u.now),
            ))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(changed > 0)
    }
}
