use chrono::NaiveDateTime;
use diesel::dsl::count_star;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Timestamp};
use loyalty_application::ports::{AttemptResult, NewWebhookEvent, RepoError, RepoResult, WebhookRepo};
use loyalty_application::{
    DeliveryStatus, DueDelivery, PageRequest, WebhookDelivery, WebhookEndpoint, WebhookEventType,
};

use super::limits;
use crate::db::pool::DbConnection;
use crate::db::schema::{webhook_deliveries, webhook_endpoints, webhook_events};
use crate::db::tx::{map_error, DbTx};

type EndpointRow = (i64, i64, String, String, bool, NaiveDateTime, NaiveDateTime);

macro_rules! endpoint_columns {
    () => {
        (
            webhook_endpoints::id,
            webhook_endpoints::owner_id,
            webhook_endpoints::url,
            webhook_endpoints::events,
            webhook_endpoints::is_active,
            webhook_endpoints::created_at,
            webhook_endpoints::updated_at,
        )
    };
}

fn event_type(name: &str) -> RepoResult<WebhookEventType> {
    WebhookEventType::parse(name).ok_or_else(|| RepoError::Other(format!("unknown stored event type {name}")))
}

/// Event types are stored space-separated.
fn into_endpoint(row: EndpointRow) -> RepoResult<WebhookEndpoint> {
    let (id, owner_id, url, events, is_active, created_at, updated_at) = row;
    let events = events.split_whitespace().map(event_type).collect::<RepoResult<Vec<_>>>()?;
    Ok(WebhookEndpoint { id, owner_id, url, events, is_active, created_at, updated_at })
}

fn joined(events: &[WebhookEventType]) -> String {
    events.iter().map(|e| e.as_str()).collect::<Vec<_>>().join(" ")
}

type DeliveryRow =
    (i64, String, String, i64, String, i32, NaiveDateTime, Option<i32>, Option<String>, NaiveDateTime, NaiveDateTime);

macro_rules! delivery_columns {
    () => {
        (
            webhook_deliveries::id,
            webhook_deliveries::event_id,
            webhook_events::event_type,
            webhook_deliveries::endpoint_id,
            webhook_deliveries::status,
            webhook_deliveries::attempts,
            webhook_deliveries::next_attempt_at,
            webhook_deliveries::last_status,
            webhook_deliveries::last_error,
            webhook_deliveries::created_at,
            webhook_deliveries::updated_at,
        )
    };
}

fn into_delivery(row: DeliveryRow) -> RepoResult<WebhookDelivery> {
    let (id, event_id, kind, endpoint_id, status, attempts, next, last_status, last_error, created_at, updated_at) =
        row;
    let status =
        DeliveryStatus::parse(&status).ok_or_else(|| RepoError::Other(format!("unknown delivery status {status}")))?;
    Ok(WebhookDelivery {
        id,
        event_id,
        event_type: event_type(&kind)?,
        endpoint_id,
        status,
        attempts,
        next_attempt_at: (status == DeliveryStatus::Pending).then_some(next),
        last_status,
        last_error,
        created_at,
        updated_at,
    })
}

#[derive(QueryableByName)]
struct DueId {
    #[diesel(sql_type = BigInt)]
    id: i64,
}

const DUE_WHERE: &str = "status = 'pending' AND next_attempt_at <= {now} \
     AND (locked_until IS NULL OR locked_until <= {now}) \
     AND endpoint_id IN (SELECT id FROM webhook_endpoints WHERE is_active AND deleted_at IS NULL)";

impl WebhookRepo for DbTx<'_> {
    fn insert_webhook_endpoint(
        &mut self,
        owner_id: i64,
        url: &str,
        events: &[WebhookEventType],
        secret: &str,
        is_active: bool,
        now: NaiveDateTime,
    ) -> RepoResult<WebhookEndpoint> {
        let id: i64 = diesel::insert_into(webhook_endpoints::table)
            .values((
                webhook_endpoints::owner_id.eq(owner_id),
                webhook_endpoints::url.eq(url),
                webhook_endpoints::events.eq(joined(events)),
                webhook_endpoints::secret.eq(secret),
                webhook_endpoints::is_active.eq(is_active),
                webhook_endpoints::created_at.eq(now),
                webhook_endpoints::updated_at.eq(now),
            ))
            .returning(webhook_endpoints::id)
            .get_result(self.conn)
            .map_err(map_error)?;
        let row: EndpointRow = webhook_endpoints::table
            .select(endpoint_columns!())
            .filter(webhook_endpoints::id.eq(id))
            .first(self.conn)
            .map_err(map_error)?;
        into_endpoint(row)
    }

    fn list_webhook_endpoints(&mut self, owner_id: i64) -> RepoResult<Vec<WebhookEndpoint>> {
        let rows: Vec<EndpointRow> = webhook_endpoints::table
            .select(endpoint_columns!())
            .filter(webhook_endpoints::owner_id.eq(owner_id))
            .filter(webhook_endpoints::deleted_at.is_null())
            .order(webhook_endpoints::id)
            .load(self.conn)
            .map_err(map_error)?;
        rows.into_iter().map(into_endpoint).collect()
    }

    fn update_webhook_endpoint(
        &mut self,
        owner_id: i64,
        id: i64,
        url: &str,
        events: &[WebhookEventType],
        is_active: bool,
        now: NaiveDateTime,
    ) -> RepoResult<bool> {
        let changed = diesel::update(
            webhook_endpoints::table
                .filter(webhook_endpoints::id.eq(id))
                .filter(webhook_endpoints::owner_id.eq(owner_id))
                .filter(webhook_endpoints::deleted_at.is_null()),
        )
        .set((
            webhook_endpoints::url.eq(url),
            webhook_endpoints::events.eq(joined(events)),
            webhook_endpoints::is_active.eq(is_active),
            webhook_endpoints::updated_at.eq(now),
        ))
        .execute(self.conn)
        .map_err(map_error)?;
        Ok(changed == 1)
    }

    fn delete_webhook_endpoint(&mut self, owner_id: i64, id: i64, now: NaiveDateTime) -> RepoResult<bool> {
        let changed = diesel::update(
            webhook_endpoints::table
                .filter(webhook_endpoints::id.eq(id))
                .filter(webhook_endpoints::owner_id.eq(owner_id))
                .filter(webhook_endpoints::deleted_at.is_null()),
        )
        .set((webhook_endpoints::deleted_at.eq(now), webhook_endpoints::updated_at.eq(now)))
        .execute(self.conn)
        .map_err(map_error)?;
        if changed == 1 {
            // What still waited for it is not sent.
            diesel::update(
                webhook_deliveries::table
                    .filter(webhook_deliveries::endpoint_id.eq(id))
                    .filter(webhook_deliveries::status.eq(DeliveryStatus::Pending.as_str())),
            )
            .set((
                webhook_deliveries::status.eq(DeliveryStatus::Failed.as_str()),
                webhook_deliveries::last_error.eq("endpoint deleted"),
                webhook_deliveries::updated_at.eq(now),
            ))
            .execute(self.conn)
            .map_err(map_error)?;
        }
        Ok(changed == 1)
    }

    fn set_webhook_secret(&mut self, owner_id: i64, id: i64, secret: &str, now: NaiveDateTime) -> RepoResult<bool> {
        let changed = diesel::update(
            webhook_endpoints::table
                .filter(webhook_endpoints::id.eq(id))
                .filter(webhook_endpoints::owner_id.eq(owner_id))
                .filter(webhook_endpoints::deleted_at.is_null()),
        )
        .set((webhook_endpoints::secret.eq(secret), webhook_endpoints::updated_at.eq(now)))
        .execute(self.conn)
        .map_err(map_error)?;
        Ok(changed == 1)
    }

    fn subscribed_endpoints(&mut self, owner_id: i64, event: WebhookEventType) -> RepoResult<Vec<i64>> {
        let rows: Vec<(i64, String)> = webhook_endpoints::table
            .select((webhook_endpoints::id, webhook_endpoints::events))
            .filter(webhook_endpoints::owner_id.eq(owner_id))
            .filter(webhook_endpoints::deleted_at.is_null())
            .filter(webhook_endpoints::is_active.eq(true))
            .load(self.conn)
            .map_err(map_error)?;
        Ok(rows
            .into_iter()
            .filter(|(_, events)| events.split_whitespace().any(|e| e == event.as_str()))
            .map(|(id, _)| id)
            .collect())
    }

    fn enqueue_webhook_event(&mut self, event: NewWebhookEvent<'_>, endpoint_ids: &[i64]) -> RepoResult<()> {
        let payload = crate::http::dto::webhook_payload(event.id, event.event_type, event.now, event.data)
            .map_err(|e| RepoError::Other(format!("event payload: {e}")))?;
        diesel::insert_into(webhook_events::table)
            .values((
                webhook_events::id.eq(event.id),
                webhook_events::owner_id.eq(event.owner_id),
                webhook_events::event_type.eq(event.event_type.as_str()),
                webhook_events::payload.eq(payload),
                webhook_events::created_at.eq(event.now),
            ))
            .execute(self.conn)
            .map_err(map_error)?;
        for endpoint_id in endpoint_ids {
            diesel::insert_into(webhook_deliveries::table)
                .values((
                    webhook_deliveries::event_id.eq(event.id),
                    webhook_deliveries::endpoint_id.eq(endpoint_id),
                    webhook_deliveries::status.eq(DeliveryStatus::Pending.as_str()),
                    webhook_deliveries::attempts.eq(0),
                    webhook_deliveries::next_attempt_at.eq(event.now),
                    webhook_deliveries::created_at.eq(event.now),
                    webhook_deliveries::updated_at.eq(event.now),
                ))
                .execute(self.conn)
                .map_err(map_error)?;
        }
        Ok(())
    }

    fn list_webhook_deliveries(
        &mut self,
        endpoint_id: i64,
        page: PageRequest,
    ) -> RepoResult<(Vec<WebhookDelivery>, i64)> {
        let total: i64 = webhook_deliveries::table
            .filter(webhook_deliveries::endpoint_id.eq(endpoint_id))
            .select(count_star())
            .get_result(self.conn)
            .map_err(map_error)?;
        let (limit, offset) = limits(page);
        let rows: Vec<DeliveryRow> = webhook_deliveries::table
            .inner_join(webhook_events::table)
            .filter(webhook_deliveries::endpoint_id.eq(endpoint_id))
            .select(delivery_columns!())
            .order((webhook_deliveries::created_at.desc(), webhook_deliveries::id.desc()))
            .limit(limit)
            .offset(offset)
            .load(self.conn)
            .map_err(map_error)?;
        Ok((rows.into_iter().map(into_delivery).collect::<RepoResult<Vec<_>>>()?, total))
    }

    fn webhook_delivery(&mut self, owner_id: i64, id: i64) -> RepoResult<Option<WebhookDelivery>> {
        let row: Option<DeliveryRow> = webhook_deliveries::table
            .inner_join(webhook_events::table)
            .inner_join(webhook_endpoints::table)
            .filter(webhook_deliveries::id.eq(id))
            .filter(webhook_endpoints::owner_id.eq(owner_id))
            .filter(webhook_endpoints::deleted_at.is_null())
            .select(delivery_columns!())
            .first(self.conn)
            .optional()
            .map_err(map_error)?;
        row.map(into_delivery).transpose()
    }

    fn requeue_webhook_delivery(&mut self, id: i64, now: NaiveDateTime) -> RepoResult<()> {
        diesel::update(webhook_deliveries::table.find(id))
            .set((
                webhook_deliveries::status.eq(DeliveryStatus::Pending.as_str()),
                webhook_deliveries::next_attempt_at.eq(now),
                webhook_deliveries::locked_until.eq(None::<NaiveDateTime>),
                webhook_deliveries::updated_at.eq(now),
            ))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(())
    }

    fn claim_webhook_deliveries(
        &mut self,
        now: NaiveDateTime,
        lease: chrono::Duration,
        limit: i64,
    ) -> RepoResult<Vec<DueDelivery>> {
        // PostgreSQL: rows another worker has claimed in its open transaction are skipped, not
        // waited for. SQLite has one writer at a time, so the claim cannot interleave.
        let ids: Vec<DueId> = match &mut *self.conn {
            DbConnection::Postgresql(conn) => diesel::sql_query(format!(
                "SELECT id FROM webhook_deliveries WHERE {} ORDER BY next_attempt_at, id LIMIT $2 \
                 FOR UPDATE SKIP LOCKED",
                DUE_WHERE.replace("{now}", "$1")
            ))
            .bind::<Timestamp, _>(now)
            .bind::<BigInt, _>(limit)
            .load(conn),
            DbConnection::Sqlite(conn) => diesel::sql_query(format!(
                "SELECT id FROM webhook_deliveries WHERE {} ORDER BY next_attempt_at, id LIMIT ?",
                DUE_WHERE.replace("{now}", "?")
            ))
            .bind::<Timestamp, _>(now)
            .bind::<Timestamp, _>(now)
            .bind::<BigInt, _>(limit)
            .load(conn),
        }
        .map_err(map_error)?;
        let ids: Vec<i64> = ids.into_iter().map(|d| d.id).collect();
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        diesel::update(webhook_deliveries::table.filter(webhook_deliveries::id.eq_any(&ids)))
            .set((
                webhook_deliveries::locked_until.eq(now + lease),
                webhook_deliveries::attempts.eq(webhook_deliveries::attempts + 1),
                webhook_deliveries::updated_at.eq(now),
            ))
            .execute(self.conn)
            .map_err(map_error)?;
        let rows: Vec<(i64, String, String, String, String, i32, NaiveDateTime)> = webhook_deliveries::table
            .inner_join(webhook_events::table)
            .inner_join(webhook_endpoints::table)
            .filter(webhook_deliveries::id.eq_any(&ids))
            .select((
                webhook_deliveries::id,
                webhook_deliveries::event_id,
                webhook_endpoints::url,
                webhook_endpoints::secret,
                webhook_events::payload,
                webhook_deliveries::attempts,
                webhook_events::created_at,
            ))
            .order(webhook_deliveries::id)
            .load(self.conn)
            .map_err(map_error)?;
        Ok(rows
            .into_iter()
            .map(|(id, event_id, url, secret, payload, attempts, created_at)| DueDelivery {
                id,
                event_id,
                url,
                secret,
                payload,
                attempts: attempts - 1,
                created_at,
            })
            .collect())
    }

    fn finish_webhook_delivery(&mut self, id: i64, result: &AttemptResult, now: NaiveDateTime) -> RepoResult<()> {
        diesel::update(webhook_deliveries::table.find(id))
            .set((
                webhook_deliveries::status.eq(result.status.as_str()),
                webhook_deliveries::next_attempt_at.eq(result.next_attempt_at.unwrap_or(now)),
                webhook_deliveries::locked_until.eq(None::<NaiveDateTime>),
                webhook_deliveries::last_status.eq(result.http_status),
                webhook_deliveries::last_error.eq(result.error.as_deref()),
                webhook_deliveries::updated_at.eq(now),
            ))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(())
    }
}
