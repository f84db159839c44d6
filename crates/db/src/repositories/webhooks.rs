use std::collections::BTreeMap;

use chrono::NaiveDateTime;
use diesel::dsl::count_star;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text, Timestamp};
use loyalty_application::ports::{
    AttemptResult, EndpointValues, FanOutDelivery, FanOutEndpoint, NewWebhookDelivery, NewWebhookEvent,
    QueuedWebhookEvent, RepoError, RepoResult, WebhookRepo,
};
use loyalty_application::{
    DeliveryFilter, DeliveryStatus, DueDelivery, Mode, PageRequest, WebhookDelivery, WebhookEndpoint, WebhookEventType,
};

use super::{limits, stored};
use crate::pool::{DbBackend, DbConnection};
use crate::schema::{webhook_deliveries, webhook_endpoints, webhook_events};
use crate::tx::{map_error, DbTx};

/// An owner's endpoint (its secret is read only to sign).
#[derive(Queryable, Selectable)]
#[diesel(table_name = webhook_endpoints, check_for_backend(DbBackend))]
struct EndpointRow {
    id: i64,
    owner_id: i64,
    url: String,
    events: String,
    is_active: bool,
    mode: String,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
}

fn event_type(name: &str) -> RepoResult<WebhookEventType> {
    stored::<WebhookEventType>(name)
}

/// Event types are stored space-separated.
fn into_endpoint(row: EndpointRow) -> RepoResult<WebhookEndpoint> {
    let events = row.events.split_whitespace().map(event_type).collect::<RepoResult<Vec<_>>>()?;
    Ok(WebhookEndpoint {
        id: row.id,
        owner_id: row.owner_id,
        url: row.url,
        events,
        is_active: row.is_active,
        mode: stored::<Mode>(&row.mode)?,
        created_at: row.created_at,
        updated_at: row.updated_at,
    })
}

fn joined(events: &[WebhookEventType]) -> String {
    events.iter().map(|e| e.as_str()).collect::<Vec<_>>().join(" ")
}

/// A delivery with its event's type.
#[derive(Queryable, Selectable)]
#[diesel(table_name = webhook_deliveries, check_for_backend(DbBackend))]
struct DeliveryRow {
    id: i64,
    event_id: String,
    #[diesel(select_expression = webhook_events::event_type)]
    event_type: String,
    endpoint_id: i64,
    sequence: i64,
    status: String,
    attempts: i32,
    next_attempt_at: NaiveDateTime,
    last_status: Option<i32>,
    last_error: Option<String>,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
}

/// A delivery claimed to be sent: where, with what secret, and what.
#[derive(Queryable, Selectable)]
#[diesel(table_name = webhook_deliveries, check_for_backend(DbBackend))]
struct DueRow {
    id: i64,
    event_id: String,
    endpoint_id: i64,
    #[diesel(select_expression = webhook_endpoints::url)]
    url: String,
    #[diesel(select_expression = webhook_endpoints::secret)]
    secret: String,
    sequence: i64,
    payload: Option<String>,
    #[diesel(select_expression = webhook_events::payload)]
    event_payload: String,
    attempts: i32,
    #[diesel(select_expression = webhook_events::created_at)]
    event_created_at: NaiveDateTime,
}

fn into_delivery(row: DeliveryRow) -> RepoResult<WebhookDelivery> {
    let status = stored::<DeliveryStatus>(&row.status)?;
    Ok(WebhookDelivery {
        id: row.id,
        event_id: row.event_id,
        event_type: event_type(&row.event_type)?,
        endpoint_id: row.endpoint_id,
        sequence: row.sequence,
        status,
        attempts: row.attempts,
        next_attempt_at: (status == DeliveryStatus::Pending).then_some(row.next_attempt_at),
        last_status: row.last_status,
        last_error: row.last_error,
        created_at: row.created_at,
        updated_at: row.updated_at,
    })
}

/// An event queued to be fanned out (`webhook_events.fan_out`, its mode, set).
#[derive(QueryableByName)]
struct QueuedEvent {
    #[diesel(sql_type = Text)]
    id: String,
    #[diesel(sql_type = BigInt)]
    owner_id: i64,
    #[diesel(sql_type = Text)]
    event_type: String,
    #[diesel(sql_type = Text)]
    fan_out: String,
    #[diesel(sql_type = Timestamp)]
    created_at: NaiveDateTime,
}

/// The queued events (the partial index of those not yet fanned out); each backend adds its
/// order and limit.
const QUEUED: &str = "SELECT id, owner_id, event_type, fan_out, created_at FROM webhook_events \
    WHERE fan_out IS NOT NULL";

/// An endpoint as the fan-out's rule reads it (deleted ones too: the rule is the application's).
#[derive(Queryable, Selectable)]
#[diesel(table_name = webhook_endpoints, check_for_backend(DbBackend))]
struct FanOutEndpointRow {
    id: i64,
    owner_id: i64,
    mode: String,
    events: String,
    is_active: bool,
    deleted_at: Option<NaiveDateTime>,
    created_at: NaiveDateTime,
}

/// An endpoint's last sequence number after a fan-out took its share.
#[derive(QueryableByName)]
struct Numbered {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = BigInt)]
    last_sequence: i64,
}

#[derive(QueryableByName)]
struct DueId {
    #[diesel(sql_type = BigInt)]
    id: i64,
}

/// The due deliveries to claim (`$1` now, `$2` per endpoint, `$3` the most): of each active
/// endpoint's due deliveries, retries first, then the oldest, as many as the endpoint has room
/// for beside those already claimed (by any worker, their lease still running); taken in turns
/// across endpoints, so one endpoint's backlog does not hold the others back.
const DUE: &str = "SELECT d.id FROM webhook_deliveries d \
     JOIN (SELECT id, endpoint_id, ROW_NUMBER() OVER (PARTITION BY endpoint_id \
             ORDER BY CASE WHEN attempts > 0 THEN 0 ELSE 1 END, next_attempt_at, id) AS place \
           FROM webhook_deliveries \
           WHERE status = 'pending' AND next_attempt_at <= $1 \
             AND (locked_until IS NULL OR locked_until <= $1) \
             AND endpoint_id IN (SELECT id FROM webhook_endpoints WHERE is_active AND deleted_at IS NULL)) due \
       ON due.id = d.id \
     LEFT JOIN (SELECT endpoint_id, COUNT(*) AS busy FROM webhook_deliveries \
                WHERE status = 'pending' AND locked_until > $1 GROUP BY endpoint_id) claimed \
       ON claimed.endpoint_id = due.endpoint_id \
     WHERE due.place + COALESCE(claimed.busy, 0) <= $2 \
     ORDER BY due.place, d.id LIMIT $3";

impl WebhookRepo for DbTx<'_> {
    fn insert_webhook_endpoint(
        &mut self,
        owner_id: i64,
        EndpointValues { url, events, is_active, mode }: EndpointValues<'_>,
        secret: &str,
        now: NaiveDateTime,
    ) -> RepoResult<WebhookEndpoint> {
        let id: i64 = diesel::insert_into(webhook_endpoints::table)
            .values((
                webhook_endpoints::owner_id.eq(owner_id),
                webhook_endpoints::url.eq(url),
                webhook_endpoints::events.eq(joined(events)),
                webhook_endpoints::secret.eq(secret),
                webhook_endpoints::is_active.eq(is_active),
                webhook_endpoints::mode.eq(mode.as_str()),
                webhook_endpoints::created_at.eq(now),
                webhook_endpoints::updated_at.eq(now),
            ))
            .returning(webhook_endpoints::id)
            .get_result(self.conn)
            .map_err(map_error)?;
        let row: EndpointRow = webhook_endpoints::table
            .select(EndpointRow::as_select())
            .filter(webhook_endpoints::id.eq(id))
            .first(self.conn)
            .map_err(map_error)?;
        into_endpoint(row)
    }

    fn list_webhook_endpoints(&mut self, owner_id: i64) -> RepoResult<Vec<WebhookEndpoint>> {
        let rows: Vec<EndpointRow> = webhook_endpoints::table
            .select(EndpointRow::as_select())
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
        EndpointValues { url, events, is_active, mode }: EndpointValues<'_>,
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
            webhook_endpoints::mode.eq(mode.as_str()),
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

    fn subscribed_endpoints(&mut self, owner_id: i64, event: WebhookEventType, mode: Mode) -> RepoResult<Vec<i64>> {
        let rows: Vec<(i64, String)> = webhook_endpoints::table
            .select((webhook_endpoints::id, webhook_endpoints::events))
            .filter(webhook_endpoints::owner_id.eq(owner_id))
            .filter(webhook_endpoints::mode.eq(mode.as_str()))
            .filter(webhook_endpoints::deleted_at.is_null())
            .load(self.conn)
            .map_err(map_error)?;
        Ok(rows
            .into_iter()
            .filter(|(_, events)| events.split_whitespace().any(|e| e == event.as_str()))
            .map(|(id, _)| id)
            .collect())
    }

    fn webhook_subscriptions(&mut self, owner_id: i64) -> RepoResult<Vec<(Mode, WebhookEventType)>> {
        let rows: Vec<(String, String)> = webhook_endpoints::table
            .select((webhook_endpoints::mode, webhook_endpoints::events))
            .filter(webhook_endpoints::owner_id.eq(owner_id))
            .filter(webhook_endpoints::deleted_at.is_null())
            .load(self.conn)
            .map_err(map_error)?;
        let mut subscriptions = Vec::new();
        for (mode, events) in rows {
            let mode = stored::<Mode>(&mode)?;
            // An event name this build does not know is one it never emits.
            for event in events.split_whitespace().filter_map(|e| e.parse::<WebhookEventType>().ok()) {
                subscriptions.push((mode, event));
            }
        }
        Ok(subscriptions)
    }

    fn next_webhook_sequence(&mut self, endpoint_id: i64) -> RepoResult<i64> {
        diesel::update(webhook_endpoints::table.find(endpoint_id))
            .set(webhook_endpoints::last_sequence.eq(webhook_endpoints::last_sequence + 1))
            .returning(webhook_endpoints::last_sequence)
            .get_result(self.conn)
            .map_err(map_error)
    }

    fn enqueue_webhook_event(
        &mut self,
        event: NewWebhookEvent<'_>,
        deliveries: &[NewWebhookDelivery],
    ) -> RepoResult<()> {
        diesel::insert_into(webhook_events::table)
            .values((
                webhook_events::id.eq(event.id),
                webhook_events::owner_id.eq(event.owner_id),
                webhook_events::event_type.eq(event.event_type.as_str()),
                webhook_events::payload.eq(event.payload),
                webhook_events::created_at.eq(event.now),
            ))
            .execute(self.conn)
            .map_err(map_error)?;
        for delivery in deliveries {
            diesel::insert_into(webhook_deliveries::table)
                .values((
                    webhook_deliveries::event_id.eq(event.id),
                    webhook_deliveries::endpoint_id.eq(delivery.endpoint_id),
                    webhook_deliveries::sequence.eq(delivery.sequence),
                    webhook_deliveries::payload.eq(Some(delivery.payload.as_str())),
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

    fn queue_webhook_event(&mut self, event: NewWebhookEvent<'_>, mode: Mode) -> RepoResult<()> {
        diesel::insert_into(webhook_events::table)
            .values((
                webhook_events::id.eq(event.id),
                webhook_events::owner_id.eq(event.owner_id),
                webhook_events::event_type.eq(event.event_type.as_str()),
                webhook_events::payload.eq(event.payload),
                webhook_events::created_at.eq(event.now),
                webhook_events::fan_out.eq(Some(mode.as_str())),
            ))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(())
    }

    fn take_queued_webhook_events(&mut self, limit: i64) -> RepoResult<(Vec<QueuedWebhookEvent>, Vec<FanOutEndpoint>)> {
        // PostgreSQL: events another worker is fanning out are skipped, not waited for; one
        // committed after a later one is simply found by a later round (the partial index holds
        // every event not yet fanned out, whatever its age). SQLite has one writer at a time.
        // On SQLite the order is the rows' (rowid): the order the changes committed in (one
        // writer at a time), as the sales' own ids are, so each endpoint's numbers follow them.
        let rows: Vec<QueuedEvent> = match &mut *self.conn {
            DbConnection::Postgresql(conn) => {
                diesel::sql_query(format!("{QUEUED} ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED"))
                    .bind::<BigInt, _>(limit)
                    .load(conn)
            }
            DbConnection::Sqlite(conn) => {
                diesel::sql_query(format!("{QUEUED} ORDER BY rowid LIMIT ?1")).bind::<BigInt, _>(limit).load(conn)
            }
        }
        .map_err(map_error)?;
        if rows.is_empty() {
            return Ok((Vec::new(), Vec::new()));
        }
        let events = rows
            .into_iter()
            .map(|row| {
                Ok(QueuedWebhookEvent {
                    id: row.id,
                    owner_id: row.owner_id,
                    event_type: row.event_type,
                    mode: stored::<Mode>(&row.fan_out)?,
                    created_at: row.created_at,
                })
            })
            .collect::<RepoResult<Vec<_>>>()?;
        let mut owners: Vec<i64> = events.iter().map(|e| e.owner_id).collect();
        owners.sort_unstable();
        owners.dedup();
        let endpoints: Vec<FanOutEndpointRow> = webhook_endpoints::table
            .filter(webhook_endpoints::owner_id.eq_any(&owners))
            .select(FanOutEndpointRow::as_select())
            .order(webhook_endpoints::id)
            .load(self.conn)
            .map_err(map_error)?;
        let endpoints = endpoints
            .into_iter()
            .map(|row| {
                Ok(FanOutEndpoint {
                    id: row.id,
                    owner_id: row.owner_id,
                    mode: stored::<Mode>(&row.mode)?,
                    // Kept as written: a name this build does not know still matches its events.
                    events: row.events.split_whitespace().map(str::to_owned).collect(),
                    is_active: row.is_active,
                    deleted: row.deleted_at.is_some(),
                    created_at: row.created_at,
                })
            })
            .collect::<RepoResult<Vec<_>>>()?;
        Ok((events, endpoints))
    }

    fn write_webhook_fan_out(
        &mut self,
        events: &[QueuedWebhookEvent],
        deliveries: &[FanOutDelivery<'_>],
    ) -> RepoResult<()> {
        if !deliveries.is_empty() {
            // How many numbers each endpoint takes, in one statement: its new last sequence.
            let mut taken: BTreeMap<i64, i64> = BTreeMap::new();
            for delivery in deliveries {
                *taken.entry(delivery.endpoint_id).or_default() += 1;
            }
            let cases: String = taken.iter().map(|(id, n)| format!(" WHEN {id} THEN {n}")).collect();
            let ids: Vec<String> = taken.keys().map(i64::to_string).collect();
            let numbered: Vec<Numbered> = diesel::sql_query(format!(
                "UPDATE webhook_endpoints SET last_sequence = last_sequence + CASE id{cases} END \
                 WHERE id IN ({}) RETURNING id, last_sequence",
                ids.join(", ")
            ))
            .load(self.conn)
            .map_err(map_error)?;
            // Each endpoint's first new number, handed out in the deliveries' order (the events').
            let mut next: BTreeMap<i64, i64> =
                numbered.iter().map(|r| (r.id, r.last_sequence - taken.get(&r.id).copied().unwrap_or(0) + 1)).collect();
            let mut rows = Vec::with_capacity(deliveries.len());
            for &FanOutDelivery { event, endpoint_id } in deliveries {
                let slot = next
                    .get_mut(&endpoint_id)
                    .ok_or_else(|| RepoError::Other(format!("webhook endpoint {endpoint_id} was not numbered")))?;
                let sequence = *slot;
                *slot += 1;
                rows.push((
                    webhook_deliveries::event_id.eq(event.id.as_str()),
                    webhook_deliveries::endpoint_id.eq(endpoint_id),
                    webhook_deliveries::sequence.eq(sequence),
                    webhook_deliveries::payload.eq(None::<&str>),
                    webhook_deliveries::status.eq(DeliveryStatus::Pending.as_str()),
                    webhook_deliveries::attempts.eq(0),
                    webhook_deliveries::next_attempt_at.eq(event.created_at),
                    webhook_deliveries::created_at.eq(event.created_at),
                    webhook_deliveries::updated_at.eq(event.created_at),
                ));
            }
            // In chunks: SQLite binds at most 32,766 parameters to a statement.
            // (A batch insert is per backend: diesel's MultiConnection has none of its own.)
            for chunk in rows.chunks(1000) {
                let insert = diesel::insert_into(webhook_deliveries::table).values(chunk);
                match &mut *self.conn {
                    DbConnection::Sqlite(c) => insert.execute(c),
                    DbConnection::Postgresql(c) => insert.execute(c),
                }
                .map_err(map_error)?;
            }
        }
        let ids: Vec<&str> = events.iter().map(|e| e.id.as_str()).collect();
        diesel::update(webhook_events::table.filter(webhook_events::id.eq_any(&ids)))
            .set(webhook_events::fan_out.eq(None::<&str>))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(())
    }

    fn webhook_events_queued(&mut self) -> RepoResult<bool> {
        diesel::select(diesel::dsl::exists(webhook_events::table.filter(webhook_events::fan_out.is_not_null())))
            .get_result(self.conn)
            .map_err(map_error)
    }

    fn list_webhook_deliveries(
        &mut self,
        endpoint_id: i64,
        filter: &DeliveryFilter,
        page: PageRequest,
    ) -> RepoResult<(Vec<WebhookDelivery>, i64)> {
        let matching = || {
            let mut query = webhook_deliveries::table
                .inner_join(webhook_events::table)
                .filter(webhook_deliveries::endpoint_id.eq(endpoint_id))
                .into_boxed();
            if let Some(status) = filter.status {
                query = query.filter(webhook_deliveries::status.eq(status.as_str()));
            }
            if let Some(event) = filter.event_type {
                query = query.filter(webhook_events::event_type.eq(event.as_str()));
            }
            query
        };
        let total: i64 = matching().select(count_star()).get_result(self.conn).map_err(map_error)?;
        let (limit, offset) = limits(page);
        let rows: Vec<DeliveryRow> = matching()
            .select(DeliveryRow::as_select())
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
            .select(DeliveryRow::as_select())
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
        per_endpoint: i64,
        limit: i64,
    ) -> RepoResult<Vec<DueDelivery>> {
        // PostgreSQL: rows another worker has claimed in its open transaction are skipped, not
        // waited for. SQLite has one writer at a time, so the claim cannot interleave.
        let ids: Vec<DueId> = match &mut *self.conn {
            DbConnection::Postgresql(conn) => diesel::sql_query(format!("{DUE} FOR UPDATE OF d SKIP LOCKED"))
                .bind::<Timestamp, _>(now)
                .bind::<BigInt, _>(per_endpoint)
                .bind::<BigInt, _>(limit)
                .load(conn),
            // SQLite's `?NNN` is PostgreSQL's `$NNN`: the same numbered parameters.
            DbConnection::Sqlite(conn) => diesel::sql_query(DUE.replace('$', "?"))
                .bind::<Timestamp, _>(now)
                .bind::<BigInt, _>(per_endpoint)
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
        let rows: Vec<DueRow> = webhook_deliveries::table
            .inner_join(webhook_events::table)
            .inner_join(webhook_endpoints::table)
            .filter(webhook_deliveries::id.eq_any(&ids))
            .select(DueRow::as_select())
            .order(webhook_deliveries::id)
            .load(self.conn)
            .map_err(map_error)?;
        Ok(rows
            .into_iter()
            .map(|row| DueDelivery {
                id: row.id,
                event_id: row.event_id,
                endpoint_id: row.endpoint_id,
                url: row.url,
                secret: row.secret,
                renumber: row.payload.is_none().then_some(row.sequence),
                payload: row.payload.unwrap_or(row.event_payload),
                attempts: row.attempts - 1,
                created_at: row.event_created_at,
            })
            .collect())
    }

    fn finish_webhook_deliveries(&mut self, ids: &[i64], result: &AttemptResult, now: NaiveDateTime) -> RepoResult<()> {
        diesel::update(webhook_deliveries::table.filter(webhook_deliveries::id.eq_any(ids)))
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
