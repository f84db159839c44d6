//! The customer's own page (issue #38, item 5): a link made with each sale (`/me/{token}`),
//! opened without signing in, showing the customer's points in each store of that owner, the
//! points expiring and when, and the last movements. A token is 128 random bits from the
//! server (`IdGenerator`); only its SHA-256 digest is kept (`customer_page_links`), so a
//! token nobody was given opens nothing. A link lives `public_links::CUSTOMER_PAGE_DAYS` and
//! the till may revoke every link of a customer. An unknown, altered, expired or revoked token
//! answers alike: `NotFound`.

use chrono::NaiveDateTime;
use loyalty_domain::local_day::local_date;
use loyalty_domain::public_links::{self, CUSTOMER_PAGE_DAYS};

use super::customers::visible_customer;
use crate::ports::{transaction, NewPageLink, Repos, TxMode};
use crate::{Actor, AppError, LedgerKind, NextExpiry, Operation, Services, StoreRef};

/// How many movements the page shows, newest first.
pub const PAGE_MOVEMENTS: i64 = 20;

/// A store's line on the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageStore {
    pub store: StoreRef,
    pub points: i64,
    /// Points still to use with a last day, soonest first.
    pub expiring: Vec<NextExpiry>,
    /// The stamps here, when the store has a stamp card.
    pub stamps: Option<crate::StampCount>,
    /// The tier of the customer here, when the owner has tiers and it holds one.
    pub tier: Option<crate::CustomerTier>,
}

/// A change of points on the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageMovement {
    pub store: StoreRef,
    pub kind: LedgerKind,
    pub delta: i64,
    pub balance_after: i64,
    pub created_at: NaiveDateTime,
}

/// What the customer's page shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CustomerPage {
    pub total_points: i64,
    pub stores: Vec<PageStore>,
    pub movements: Vec<PageMovement>,
    /// When the link stops opening the page.
    pub expires_at: NaiveDateTime,
    /// The customer's consent to messages, which the page lets it change.
    pub consents: crate::Consents,
}

/// Makes a page link for the customer (one insert, in the caller's transaction): the token to
/// share. The sale's answer carries it.
pub(crate) fn new_link(
    services: &Services,
    repos: &mut dyn Repos,
    customer_id: i64,
    store_id: i64,
    now: NaiveDateTime,
) -> Result<String, AppError> {
    let token = services.ids.random_id();
    let digest = services.tokens.secret_digest(&token);
    let expires_at = public_links::expires_at(now, CUSTOMER_PAGE_DAYS);
    repos.insert_page_link(NewPageLink { digest: &digest, customer_id, store_id, now, expires_at })?;
    Ok(token)
}

/// Whether `token` has the shape the server makes (32 lowercase hex digits). Anything else is
/// answered as an unknown token without reading the database.
pub(crate) fn well_formed(token: &str) -> bool {
    token.len() == 32 && token.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The page a link opens. Limited per client address and per token as the public lookup is.
pub fn page(services: &Services, client: &str, token: &str) -> Result<CustomerPage, AppError> {
    let digest = services.tokens.secret_digest(token);
    super::public::throttle(services, client, "page", &digest)?;
    if !well_formed(token) {
        return Err(AppError::NotFound);
    }
    let now = services.clock.now();
    let today = local_date(now);
    transaction(&*services.db, TxMode::Read, |repos| {
        let holder = repos.page_holder(&digest, now)?.ok_or(AppError::NotFound)?;
        let expires_at = holder.expires_at;
        let consents = repos.customer_by_id(holder.customer_id)?.map(|c| c.consents).unwrap_or_default();
        let rows = repos.page_stores(&holder)?;
        let ids: Vec<i64> = rows.iter().map(|r| r.customer_id).collect();
        let expiries = repos.page_expiries(&ids, today)?;
        let movements = repos.page_movements(&ids, PAGE_MOVEMENTS)?;
        let mut stores = Vec::with_capacity(rows.len());
        for row in rows {
            stores.push(PageStore {
                expiring: expiries
                    .iter()
                    .filter(|e| e.customer_id == row.customer_id)
                    .map(|e| NextExpiry { points: e.points, on: e.on })
                    .collect(),
                stamps: super::stamps::stamps_of(repos, row.customer_id, row.store.id, now)?,
                tier: super::tiers::tier_of(repos, holder.owner_id, row.customer_id, now)?,
                store: row.store,
                points: row.points,
            });
        }
        let movements = movements
            .into_iter()
            .map(|m| PageMovement {
                store: m.store,
                kind: m.kind,
                delta: m.delta,
                balance_after: m.balance_after,
                created_at: m.created_at,
            })
            .collect();
        Ok(CustomerPage {
            total_points: stores.iter().map(|s| s.points).sum(),
            stores,
            movements,
            expires_at,
            consents,
        })
    })
}

/// Revokes every page link of a customer the caller covers (the cashier of its store, its
/// owner): the links it was given stop opening the page at once.
pub fn revoke(services: &Services, actor: &Actor, customer_id: i64) -> Result<(), AppError> {
    actor.authorize(Operation::RevokeCustomerPageLinks)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        visible_customer(repos, actor, customer_id)?;
        repos.revoke_page_links(customer_id, now)?;
        Ok(())
    })
}

/// A consent as the customer sends it from its page.
#[derive(Debug, Clone, Default)]
pub struct PageConsentForm {
    pub channel: Option<String>,
    pub granted: Option<bool>,
    pub language: Option<String>,
}

/// The customer gives or withdraws its consent to messages by one channel from its own page,
/// for every store the page shows (source `customer_page`, no staff member): a withdrawal stops
/// pending messages at once. Limited as the page is; answers the consents after it.
pub fn set_consent(
    services: &Services,
    client: &str,
    token: &str,
    form: PageConsentForm,
) -> Result<crate::Consents, AppError> {
    let digest = services.tokens.secret_digest(token);
    super::public::throttle(services, client, "page", &digest)?;
    if !well_formed(token) {
        return Err(AppError::NotFound);
    }
    let change = super::messages::check_consent(
        form.channel.as_deref(),
        form.granted,
        Some(crate::ConsentSource::CustomerPage.as_str()),
        form.language.as_deref(),
    )?;
    let change = super::messages::ConsentChange { actor_id: None, api_key_id: None, ..change };
    let now = services.clock.now();
    let configured = services.message_channels.configured();
    transaction(&*services.db, TxMode::Write, |repos| {
        let holder = repos.page_holder(&digest, now)?.ok_or(AppError::NotFound)?;
        let mut answer = None;
        for row in repos.page_stores(&holder)? {
            let Some(customer) = repos.customer_by_id(row.customer_id)? else { continue };
            let consents = super::messages::apply_consent(repos, configured, customer, &change, now)?;
            if row.customer_id == holder.customer_id || answer.is_none() {
                answer = Some(consents);
            }
        }
        answer.ok_or(AppError::NotFound)
    })
}
