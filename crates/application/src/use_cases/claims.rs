//! Points for cash receipts (issue #38, item 6). A walk-in sale (no customer) earns no points
//! to anyone and still counts in the store's revenue; its receipt prints a claim link
//! (`/claim/{token}`), used once within `public_links::CLAIM_DAYS`. Claiming with a name and a
//! phone joins the store as the store's link does (`public::add_member`, its join limits too)
//! or finds the member with that phone there, and gives the sale's points, worked out when the
//! sale was made (the owner's rate then, `LoyaltySettings::points_for`), through the one writer
//! of points as a sale's `invoice` ledger entry: the invoice becomes the member's, so a void or
//! a return afterwards takes them back as from any sale. One transaction.
//!
//! The token is 128 random bits; only its SHA-256 digest is kept (`sale_claims`). Unknown or
//! altered tokens are 404; a used claim 409 `claim_used`; a voided or returned sale 409
//! `claim_sale_undone`; past its days 410 `claim_expired` (the link was real: the customer is
//! told why, not that it never existed).

use chrono::NaiveDateTime;
use loyalty_domain::public_links::{self, CLAIM_DAYS};
use loyalty_domain::Money;

use super::customer_pages::well_formed;
use super::public::{add_member, check_join, throttle, throttle_join, JoinStore};
use crate::ports::{transaction, NewLedgerEntry, NewSaleClaim, Repos, SaleClaim, TxMode};
use crate::{AppError, Conflict, LedgerKind, Services, StoreRef};

/// What a receipt's claim link offers, shown before claiming.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimOffer {
    pub store: StoreRef,
    pub total: Money,
    pub points: i64,
    pub sale_at: NaiveDateTime,
    pub expires_at: NaiveDateTime,
}

/// A claim made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimDone {
    pub store: StoreRef,
    pub points: i64,
    /// The member's points in the store after the claim.
    pub balance: i64,
    /// Whether the claim made the member (joined the store).
    pub joined: bool,
    /// A link to the member's own page (`/me/{token}`).
    pub customer_page_token: String,
}

/// Makes a walk-in sale's claim link (one insert, in the sale's transaction): the token.
pub(crate) fn new_claim(
    services: &Services,
    repos: &mut dyn Repos,
    invoice_id: i64,
    store_id: i64,
    points: i64,
    now: NaiveDateTime,
) -> Result<String, AppError> {
    let token = services.ids.random_id();
    let digest = services.tokens.secret_digest(&token);
    let expires_at = public_links::expires_at(now, CLAIM_DAYS);
    repos.insert_sale_claim(NewSaleClaim { digest: &digest, invoice_id, store_id, points, now, expires_at })?;
    Ok(token)
}

/// The claim of this token as it stands now, or why it cannot be claimed. The one rule of
/// GET and POST.
fn open_claim(repos: &mut dyn Repos, digest: &str, now: NaiveDateTime) -> Result<SaleClaim, AppError> {
    let claim = repos.sale_claim(digest)?.ok_or(AppError::NotFound)?;
    if claim.claimed_at.is_some() {
        return Err(AppError::Conflict(Conflict::ClaimUsed));
    }
    if claim.undone {
        return Err(AppError::Conflict(Conflict::ClaimSaleUndone));
    }
    if !public_links::is_live(claim.expires_at, now) {
        return Err(AppError::Conflict(Conflict::ClaimExpired));
    }
    Ok(claim)
}

/// The store, the sale's total and its points, before claiming. Limited per client and link.
pub fn offer(services: &Services, client: &str, token: &str) -> Result<ClaimOffer, AppError> {
    let digest = services.tokens.secret_digest(token);
    throttle(services, client, "claim", &digest)?;
    if !well_formed(token) {
        return Err(AppError::NotFound);
    }
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Read, |repos| {
        let claim = open_claim(repos, &digest, now)?;
        Ok(ClaimOffer {
            store: StoreRef { id: claim.store.id, name: claim.store.name },
            total: claim.total,
            points: claim.points,
            sale_at: claim.sale_at,
            expires_at: claim.expires_at,
        })
    })
}

/// Gives the receipt's points to the member with this phone in the sale's store, joining it
/// first when there is none (as the store's link joins: the same checks and limits).
pub fn claim(services: &Services, client: &str, token: &str, form: JoinStore) -> Result<ClaimDone, AppError> {
    let digest = services.tokens.secret_digest(token);
    throttle(services, client, "claim", &digest)?;
    let joiner = check_join(form)?;
    throttle_join(services, client, &joiner)?;
    if !well_formed(token) {
        return Err(AppError::NotFound);
    }
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let claim = open_claim(repos, &digest, now)?;
        let member = repos
            .customers_by_phone(joiner.phone.as_str())?
            .into_iter()
            .find(|c| c.store.id == claim.store.id)
            .map(|c| c.id);
        let (customer_id, joined) = match member {
            Some(id) => (id, false),
            None => (add_member(services, repos, &claim.store, &joiner, "claim", now)?, true),
        };
        // Once, and only while the sale stands: a twin claim or an undoing that came first
        // leaves nothing to change.
        if !repos.claim_sale(&claim, customer_id, now)? {
            return Err(AppError::Conflict(Conflict::ClaimUsed));
        }
        let settings = repos.loyalty_settings(claim.store.owner_id)?;
        let earned = super::expiry::earn(&settings, claim.points, now);
        let balance = repos.change_points(customer_id, earned, now)?.ok_or(AppError::NotFound)?;
        if claim.points > 0 {
            repos.append_ledger(NewLedgerEntry {
                customer_id,
                store_id: claim.store.id,
                kind: LedgerKind::Invoice,
                delta: claim.points,
                balance_after: balance,
                reason: None,
                actor_id: None,
                api_key_id: None,
                invoice_id: Some(claim.invoice_id),
                redemption_id: None,
                now,
            })?;
        }
        let customer_page_token = super::customer_pages::new_link(services, repos, customer_id, claim.store.id, now)?;
        Ok(ClaimDone {
            store: StoreRef { id: claim.store.id, name: claim.store.name.clone() },
            points: claim.points,
            balance,
            joined,
            customer_page_token,
        })
    })
}
