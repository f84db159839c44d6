//! What a customer does without signing in: look up points by phone, join a store from its
//! QR code. Answers carry nothing beyond the spec's fields, and an unknown number looks like
//! a number with no points.

use loyalty_domain::points_rules::can_claim;
use loyalty_domain::{text, Email, FieldErrors, LoyaltySettings, Msg, Phone};

use crate::ports::{replica_read, transaction, NewCustomer, RepoError, TxMode};
use crate::{ActivityKind, AppError, Conflict, NextExpiry, Services, StoreRef};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimableReward {
    pub name: String,
    pub points_required: i64,
    pub claimable: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StorePoints {
    pub store: StoreRef,
    pub points: i64,
    /// What the points are worth as money here, where the owner gave points a value.
    pub points_value: Option<loyalty_domain::Money>,
    /// The next points to expire here within the notice window.
    pub next_expiry: Option<NextExpiry>,
    pub rewards: Vec<ClaimableReward>,
    /// The customer's stamps here, when the store has a stamp card.
    pub stamps: Option<crate::StampCount>,
    /// The customer's tier here, when the owner has tiers and it holds one.
    pub tier: Option<crate::TierBadge>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PointsLookup {
    pub total_points: i64,
    pub stores: Vec<StorePoints>,
}

/// Lookups and joins count separately, so checking points a few times never blocks joining.
pub(crate) fn throttle(services: &Services, client: &str, action: &str, phone: &str) -> Result<(), AppError> {
    services
        .public_throttle
        .check(&format!("{action}:{client}"), &format!("{action}:{phone}"))
        .map_err(|retry_after_secs| AppError::RateLimited { retry_after_secs })
}

/// Points per store and the rewards each store's owner offers, for one phone number.
pub fn lookup_points(services: &Services, client: &str, phone: &str) -> Result<PointsLookup, AppError> {
    let phone = Phone::parse(phone).map_err(|m| FieldErrors::single("phone", m))?;
    throttle(services, client, "lookup", phone.as_str())?;
    let now = services.clock.now();
    let (from, until) = super::expiry::notice_window(now);
    // One statement, atomic by itself: one round trip to the database; the replica's, which
    // may be a few seconds old (a customer who has just joined may need a moment).
    let rows =
        replica_read(&*services.db, None, true, |repos| Ok(repos.points_lookup(phone.as_str(), from, until, now)?))?;
    let mut stores: Vec<(i64, StorePoints)> = Vec::new();
    for row in rows {
        if stores.last().is_none_or(|(customer, _)| *customer != row.customer_id) {
            let point_value = row.point_value.unwrap_or(LoyaltySettings::DEFAULT.point_value);
            let settings = LoyaltySettings { point_value, ..LoyaltySettings::DEFAULT };
            let store_id = row.store.id;
            let stamps = row.stamps.map(|(count, required)| crate::StampCount { store_id, count, required });
            let store = StorePoints {
                store: row.store,
                points: row.points,
                points_value: settings.value_of(row.points),
                next_expiry: row.next_expiry,
                rewards: Vec::new(),
                stamps,
                tier: row.tier,
            };
            stores.push((row.customer_id, store));
        }
        if let (Some((_, store)), Some((name, points_required))) = (stores.last_mut(), row.reward) {
            let claimable = can_claim(store.points, points_required);
            store.rewards.push(ClaimableReward { name, points_required, claimable });
        }
    }
    let stores: Vec<StorePoints> = stores.into_iter().map(|(_, store)| store).collect();
    Ok(PointsLookup { total_points: stores.iter().map(|s| s.points).sum(), stores })
}

/// The store a registration link opens: 404 for an unknown or revoked token.
pub fn store_for_token(services: &Services, token: &str) -> Result<StoreRef, AppError> {
    transaction(&*services.db, TxMode::Read, |repos| {
        let store = repos.store_by_token(token)?.ok_or(AppError::NotFound)?;
        Ok(StoreRef { id: store.id, name: store.name })
    })
}

pub struct JoinStore {
    pub name: String,
    pub phone: String,
    pub email: Option<String>,
    /// The channels the joiner agrees to be sent messages by.
    pub consents: Vec<String>,
    /// The language its messages are written in.
    pub language: Option<String>,
}

/// The join form, checked: the name, the phone, the email if one was given, the consents.
pub(crate) struct Joiner {
    pub name: String,
    pub phone: Phone,
    pub email: Option<String>,
    pub consents: Vec<crate::MessageChannel>,
    pub language: Option<crate::MessageLanguage>,
}

/// Checks a join form (the store's link's, a receipt claim's): field errors, or the joiner.
pub(crate) fn check_join(form: JoinStore) -> Result<Joiner, AppError> {
    let mut errors = FieldErrors::new();
    let name = errors.check("name", text::required(&form.name, Msg::CustomerNameRequired, text::NAME_MAX));
    let phone = errors.check("phone", Phone::parse(&form.phone));
    let email = match form.email.as_deref().map(str::trim).filter(|e| !e.is_empty()) {
        None => None,
        Some(raw) => errors.check("email", Email::parse(raw).map(|e| e.to_string())),
    };
    let consents: Option<Vec<crate::MessageChannel>> =
        errors.check("consents", form.consents.iter().map(|c| super::messages::channel_of(c)).collect());
    let language = errors.check("language", super::messages::language_of(form.language.as_deref())).flatten();
    errors.into_result()?;
    let (Some(name), Some(phone), Some(mut consents)) = (name, phone, consents) else {
        return Err(AppError::Internal("validated join fields missing".into()));
    };
    consents.sort();
    consents.dedup();
    Ok(Joiner { name, phone, email, consents, language })
}

/// The join limits: per client address and per phone, counted apart from lookups.
pub(crate) fn throttle_join(services: &Services, client: &str, joiner: &Joiner) -> Result<(), AppError> {
    throttle(services, client, "join", joiner.phone.as_str())
}

/// Adds the joiner to `store` as a customer who joined by link (marked until a cashier
/// confirms the name), with its activity line and `customer.joined` event: the new customer's
/// id. `AlreadyJoined` when the phone is a member there.
pub(crate) fn add_member(
    services: &Services,
    repos: &mut dyn crate::ports::Repos,
    store: &crate::StoreScope,
    joiner: &Joiner,
    source: &str,
    now: chrono::NaiveDateTime,
) -> Result<i64, AppError> {
    let id = repos
        .insert_customer(NewCustomer {
            store_id: store.id,
            name: joiner.name.clone(),
            phone: Some(joiner.phone.as_str().to_owned()),
            email: joiner.email.clone(),
            created_by: None,
            unconfirmed_join: true,
            birthday: None,
            now,
        })
        .map_err(|e| match e {
            RepoError::Duplicate(_) => AppError::Conflict(Conflict::AlreadyJoined),
            other => other.into(),
        })?;
    let details = vec![("customer", joiner.name.clone()), ("source", source.to_owned())];
    super::activity::log(repos, ActivityKind::CustomerCreated, None, store.id, id, details, now)?;
    let mut customer = repos.customer_by_id(id)?.ok_or(AppError::NotFound)?;
    for &channel in &joiner.consents {
        let change = super::messages::ConsentChange {
            channel,
            granted: true,
            source: crate::ConsentSource::Join,
            language: joiner.language,
            actor_id: None,
            api_key_id: None,
        };
        customer.consents = super::messages::apply_consent(
            repos,
            services.message_channels.configured(),
            customer.clone(),
            &change,
            now,
        )?;
    }
    let data = crate::WebhookData::Customer(customer);
    super::webhooks::emit(repos, services, store, crate::WebhookEventType::CustomerJoined, data, now)?;
    Ok(id)
}

/// Adds the customer to the store of the registration link.
pub fn join_store(services: &Services, client: &str, token: &str, form: JoinStore) -> Result<StoreRef, AppError> {
    let joiner = check_join(form)?;
    throttle_join(services, client, &joiner)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let store = repos.store_by_token(token)?.ok_or(AppError::NotFound)?;
        add_member(services, repos, &store, &joiner, "qr", now)?;
        Ok(StoreRef { id: store.id, name: store.name })
    })
}
