//! The admin's platform: users, stores, packages, store-owner plans, redemption cards,
//! overview and analytics. Admin only (403 for other roles).

use chrono::{Duration, NaiveDate, NaiveDateTime};
use loyalty_domain::plan::{self, PlanMode};
use loyalty_domain::{text, CardCode, Email, FieldErrors, Money, Msg, Role};

use super::auth::check_new_password;
use super::subscriptions::{apply_change, PlanOrder};
use crate::ports::{
    transaction, CardFields, CardFilter, NewUser, PackageFields, RepoError, Repos, TxMode, UserChanges,
};
use crate::{
    ActivityRecord, Actor, AppError, Card, Conflict, DayFigures, Package, PackageSummary, Page, PageRequest,
    PlanChangePreview, PlatformCounts, Services, StoreOwnerRecord, StoreRanking, User,
};

/// The most cards one batch makes.
pub const CARD_BATCH_MAX: i64 = 500;
/// The longest package description.
pub const PACKAGE_DESCRIPTION_MAX: usize = 1000;

fn admin(actor: &Actor) -> Result<(), AppError> {
    actor.require(&[Role::Admin])
}

fn page<T>(items: Vec<T>, total: i64, request: PageRequest) -> Page<T> {
    Page { items, page: request.page, per_page: request.per_page, total }
}

// ---------------------------------------------------------------- users

pub fn list_users(
    services: &Services,
    actor: &Actor,
    search: Option<String>,
    role: Option<String>,
    request: PageRequest,
) -> Result<Page<User>, AppError> {
    admin(actor)?;
    // An unknown role is a mistake to report, not a filter to drop silently.
    let role = match role.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
        None => None,
        Some(name) => Some(Role::parse(name).ok_or_else(|| FieldErrors::single("role", Msg::RoleRequired))?),
    };
    let search = search.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
    if search.as_ref().is_some_and(|s| s.chars().count() > super::customers::SEARCH_MAX_CHARS) {
        return Err(FieldErrors::single("search", Msg::SearchTooLong).into());
    }
    transaction(&*services.db, TxMode::Read, |repos| {
        let (items, total) = repos.list_users(search.as_deref(), role, request)?;
        Ok(page(items, total, request))
    })
}

#[derive(Debug, Clone, Default)]
pub struct UserForm {
    pub name: String,
    pub email: String,
    pub password: Option<String>,
    pub role: Option<String>,
    pub store_owner_name: Option<String>,
    pub store_id: Option<i64>,
    pub is_active: Option<bool>,
}

struct ValidUser {
    name: String,
    email: Email,
    password: Option<String>,
    role: Role,
    store_owner_name: Option<String>,
    store_id: Option<i64>,
    is_active: bool,
}

fn validate_user(form: UserForm, creating: bool) -> Result<ValidUser, AppError> {
    let mut errors = FieldErrors::new();
    let name = errors.check("name", text::required(&form.name, Msg::NameRequired, text::NAME_MAX));
    let email = errors.check("email", Email::parse(&form.email));
    let password = match form.password.as_deref().filter(|p| !p.is_empty()) {
        None if creating => {
            errors.add("password", Msg::PasswordRequired);
            None
        }
        None => None,
        Some(p) => errors.check("password", check_new_password(p).map(str::to_owned)),
    };
    let role = form.role.as_deref().and_then(Role::parse);
    let mut store_owner_name = None;
    let mut store_id = None;
    match role {
        None => errors.add("role", Msg::RoleRequired),
        Some(Role::StoreOwner) => {
            store_owner_name = errors.check(
                "store_owner_name",
                text::required(
                    form.store_owner_name.as_deref().unwrap_or(""),
                    Msg::StoreOwnerNameRequired,
                    text::NAME_MAX,
                ),
            );
        }
        Some(Role::PosUser) => {
            store_id = form.store_id;
            if store_id.is_none() {
                errors.add("store_id", Msg::StoreRequired);
            }
        }
        Some(Role::Admin) => {}
    }
    errors.into_result()?;
    match (name, email, role) {
        (Some(name), Some(email), Some(role)) => Ok(ValidUser {
            name,
            email,
            password,
            role,
            store_owner_name,
            store_id,
            is_active: form.is_active.unwrap_or(true),
        }),
        _ => Err(AppError::Internal("validated user fields missing".into())),
    }
}

fn check_store(repos: &mut dyn Repos, store_id: Option<i64>) -> Result<(), AppError> {
    match store_id {
        Some(id) if repos.store_scope(id)?.is_none() => Err(FieldErrors::single("store_id", Msg::StoreRequired).into()),
        _ => Ok(()),
    }
}

fn email_taken(error: RepoError) -> AppError {
    match error {
        RepoError::Duplicate(_) => FieldErrors::single("email", Msg::EmailTaken).into(),
        other => other.into(),
    }
}

pub fn create_user(services: &Services, actor: &Actor, form: UserForm) -> Result<User, AppError> {
    admin(actor)?;
    let valid = validate_user(form, true)?;
    let hash = services.hasher.hash(valid.password.as_deref().unwrap_or_default())?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        check_store(repos, valid.store_id)?;
        super::refuse_look_alike_email(repos, &valid.email, None)?;
        let user = repos
            .insert_user(NewUser {
                name: valid.name,
                email: valid.email,
                password_hash: hash,
                role: valid.role,
                store_owner_name: valid.store_owner_name,
                store_id: valid.store_id,
                now,
            })
            .map_err(email_taken)?;
        if !valid.is_active {
            repos.set_user_active(user.id, false, now)?;
        }
        repos.user_by_id(user.id)?.ok_or(AppError::NotFound)
    })
}

/// Edits a user; a blank password keeps the current one. The role stays as it was created.
pub fn update_user(services: &Services, actor: &Actor, id: i64, form: UserForm) -> Result<User, AppError> {
    admin(actor)?;
    let valid = validate_user(form, false)?;
    let hash = valid.password.as_deref().map(|p| services.hasher.hash(p)).transpose()?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let current = repos.user_by_id(id)?.ok_or(AppError::NotFound)?;
        if current.role != valid.role {
            return Err(FieldErrors::single("role", Msg::RoleRequired).into());
        }
        if id == actor.user_id && !valid.is_active {
            return Err(AppError::Conflict(Conflict::CannotChangeSelf));
        }
        check_store(repos, valid.store_id)?;
        super::refuse_look_alike_email(repos, &valid.email, Some(id))?;
        let password_changed = hash.is_some();
        repos
            .update_user(
                id,
                UserChanges {
                    name: valid.name,
                    email: valid.email,
                    password_hash: hash,
                    store_id: valid.store_id,
                    store_owner_name: valid.store_owner_name,
                    now,
                },
            )
            .map_err(email_taken)?;
        if current.is_active != valid.is_active {
            repos.set_user_active(id, valid.is_active, now)?;
        }
        if password_changed || !valid.is_active || current.store.map(|s| s.id) != valid.store_id {
            repos.revoke_user_sessions(id, now)?;
        }
        repos.user_by_id(id)?.ok_or(AppError::NotFound)
    })
}

pub fn set_user_active(services: &Services, actor: &Actor, id: i64, active: bool) -> Result<User, AppError> {
    admin(actor)?;
    if id == actor.user_id && !active {
        return Err(AppError::Conflict(Conflict::CannotChangeSelf));
    }
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        repos.user_by_id(id)?.ok_or(AppError::NotFound)?;
        repos.set_user_active(id, active, now)?;
        if !active {
            repos.revoke_user_sessions(id, now)?;
        }
        repos.user_by_id(id)?.ok_or(AppError::NotFound)
    })
}

/// Removes a user from the lists and signs it out; its history stays.
pub fn delete_user(services: &Services, actor: &Actor, id: i64) -> Result<(), AppError> {
    admin(actor)?;
    if id == actor.user_id {
        return Err(AppError::Conflict(Conflict::CannotChangeSelf));
    }
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        repos.user_by_id(id)?.ok_or(AppError::NotFound)?;
        // People with history are deactivated, not deleted (DESIGN.md section 5): their stores,
        // plans and sales stay theirs.
        if repos.user_has_history(id)? {
            return Err(AppError::Conflict(Conflict::UserHasHistory));
        }
        repos.revoke_user_sessions(id, now)?;
        Ok(repos.hide_user(id, now)?)
    })
}

// ---------------------------------------------------------------- stores

/// Deletes a store that has no customers and no sales.
pub fn delete_store(services: &Services, actor: &Actor, id: i64) -> Result<(), AppError> {
    admin(actor)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        repos.store_scope(id)?.ok_or(AppError::NotFound)?;
        if repos.store_has_history(id)? {
            return Err(AppError::Conflict(Conflict::StoreHasHistory));
        }
        Ok(repos.hide_store(id, now)?)
    })
}

// ---------------------------------------------------------------- store owners and plans

pub fn store_owners(services: &Services, actor: &Actor) -> Result<Vec<StoreOwnerRecord>, AppError> {
    admin(actor)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Read, |repos| {
        let (owners, _) = repos.list_users(None, Some(Role::StoreOwner), PageRequest { page: 1, per_page: 10_000 })?;
        let mut records = Vec::with_capacity(owners.len());
        for user in owners {
            let stores_count = i64::try_from(repos.owner_store_ids(user.id)?.len()).unwrap_or(i64::MAX);
            let active_subscription = repos.active_subscription(user.id, now)?;
            records.push(StoreOwnerRecord { user, stores_count, active_subscription });
        }
        Ok(records)
    })
}

/// Assigns a package to a store owner: the same package extends the current plan; another
/// waits for the current end (`PlanMode::Queue`) or starts now (`SwitchNow`, giving up the days
/// left). Only active packages.
pub fn assign_package(
    services: &Services,
    actor: &Actor,
    store_owner_id: Option<i64>,
    package_id: Option<i64>,
    auto_renew: bool,
    notes: Option<String>,
    mode: PlanMode,
) -> Result<StoreOwnerRecord, AppError> {
    admin(actor)?;
    let mut errors = assignment_errors(store_owner_id, package_id);
    let notes = errors.check("notes", text::optional_multiline(notes.as_deref(), text::NOTES_MAX)).flatten();
    errors.into_result()?;
    let (owner_id, package_id) = assignment_ids(store_owner_id, package_id)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let owner = repos.user_by_id(owner_id)?.filter(|u| u.role == Role::StoreOwner).ok_or(AppError::NotFound)?;
        repos.lock_user(owner_id, now)?;
        let package = assignable_package(repos, package_id)?;
        let order =
            PlanOrder { owner_id, package: &package, mode, auto_renew: Some(auto_renew), source: "admin", notes };
        apply_change(repos, order, now)?;
        let stores_count = i64::try_from(repos.owner_store_ids(owner_id)?.len()).unwrap_or(i64::MAX);
        let active_subscription = repos.active_subscription(owner_id, now)?;
        Ok(StoreOwnerRecord { user: owner, stores_count, active_subscription })
    })
}

fn assignable_package(repos: &mut dyn Repos, package_id: i64) -> Result<PackageSummary, AppError> {
    repos
        .package_summary(package_id)?
        .filter(|p| p.is_active)
        .ok_or_else(|| FieldErrors::single("package_id", Msg::PackageRequired).into())
}

fn assignment_errors(store_owner_id: Option<i64>, package_id: Option<i64>) -> FieldErrors {
    let mut errors = FieldErrors::new();
    if package_id.is_none() {
        errors.add("package_id", Msg::PackageRequired);
    }
    if store_owner_id.is_none() {
        errors.add("store_owner_id", Msg::StoreOwnerRequired);
    }
    errors
}

fn assignment_ids(store_owner_id: Option<i64>, package_id: Option<i64>) -> Result<(i64, i64), AppError> {
    match (store_owner_id, package_id) {
        (Some(owner), Some(package)) => Ok((owner, package)),
        _ => Err(assignment_errors(store_owner_id, package_id).into()),
    }
}

/// What assigning a package would do for the owner, before anything changes.
pub fn preview_assignment(
    services: &Services,
    actor: &Actor,
    store_owner_id: Option<i64>,
    package_id: Option<i64>,
) -> Result<PlanChangePreview, AppError> {
    admin(actor)?;
    let (store_owner_id, package_id) = assignment_ids(store_owner_id, package_id)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Read, |repos| {
        repos.user_by_id(store_owner_id)?.filter(|u| u.role == Role::StoreOwner).ok_or(AppError::NotFound)?;
        let package = assignable_package(repos, package_id)?;
        super::subscriptions::preview_change(repos, store_owner_id, package, now)
    })
}

// ---------------------------------------------------------------- packages

pub fn list_packages(services: &Services, actor: &Actor, active_only: bool) -> Result<Vec<Package>, AppError> {
    if !active_only {
        admin(actor)?;
    }
    transaction(&*services.db, TxMode::Read, |repos| Ok(repos.list_packages(active_only)?))
}

#[derive(Debug, Clone, Default)]
pub struct PackageForm {
    pub name: String,
    pub description: Option<String>,
    pub price: Option<String>,
    pub store_limit: Option<i64>,
    pub duration_months: Option<i64>,
    /// One feature per line, or a list.
    pub features: Vec<String>,
    pub is_active: Option<bool>,
}

fn validate_package(form: PackageForm) -> Result<PackageFields, AppError> {
    let mut errors = FieldErrors::new();
    let name = errors.check("name", text::required(&form.name, Msg::NameRequired, text::NAME_MAX));
    let description = errors
        .check("description", text::optional_multiline(form.description.as_deref(), PACKAGE_DESCRIPTION_MAX))
        .flatten();
    // Left out, the price is the spec's default 0; sent blank, it was forgotten.
    let price = match form.price.as_deref().map(str::trim) {
        None => Some(Money::ZERO),
        Some("") => errors.check("price", Err(Msg::PriceRequired)),
        Some(raw) => errors.check(
            "price",
            Money::parse(raw).and_then(|m| if m.is_negative() { Err(Msg::PriceNegative) } else { Ok(m) }),
        ),
    };
    let store_limit = form.store_limit.unwrap_or(1);
    if store_limit < 1 {
        errors.add("store_limit", Msg::StoreLimitMin);
    } else if store_limit > plan::STORE_LIMIT_MAX {
        errors.add("store_limit", Msg::StoreLimitMax);
    }
    let duration_months = form.duration_months.unwrap_or(1);
    if duration_months < 1 {
        errors.add("duration_months", Msg::DurationMin);
    } else if duration_months > plan::DURATION_MONTHS_MAX {
        errors.add("duration_months", Msg::DurationMax);
    }
    let features: Vec<String> = form
        .features
        .iter()
        .flat_map(|f| f.lines())
        .map(str::trim)
        .filter(|f| !f.is_empty())
        .map(str::to_owned)
        .collect();
    if features.iter().any(|f| f.chars().count() > 200) || features.len() > 50 {
        errors.add("features", Msg::TooLong);
    }
    errors.into_result()?;
    match (name, price) {
        (Some(name), Some(price)) => Ok(PackageFields {
            name,
            description,
            price,
            store_limit,
            duration_months,
            features,
            is_active: form.is_active.unwrap_or(true),
        }),
        _ => Err(AppError::Internal("validated package missing".into())),
    }
}

pub fn create_package(services: &Services, actor: &Actor, form: PackageForm) -> Result<Package, AppError> {
    admin(actor)?;
    let fields = validate_package(form)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let id = repos.insert_package(&fields, now)?;
        repos.package_by_id(id)?.ok_or(AppError::NotFound)
    })
}

pub fn update_package(services: &Services, actor: &Actor, id: i64, form: PackageForm) -> Result<Package, AppError> {
    admin(actor)?;
    let fields = validate_package(form)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        repos.package_by_id(id)?.ok_or(AppError::NotFound)?;
        repos.update_package(id, &fields, now)?;
        repos.package_by_id(id)?.ok_or(AppError::NotFound)
    })
}

pub fn toggle_package(services: &Services, actor: &Actor, id: i64) -> Result<Package, AppError> {
    admin(actor)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let p = repos.package_by_id(id)?.ok_or(AppError::NotFound)?;
        let fields = PackageFields {
            name: p.name,
            description: p.description,
            price: p.price,
            store_limit: p.store_limit,
            duration_months: p.duration_months,
            features: p.features,
            is_active: !p.is_active,
        };
        repos.update_package(id, &fields, now)?;
        repos.package_by_id(id)?.ok_or(AppError::NotFound)
    })
}

pub fn delete_package(services: &Services, actor: &Actor, id: i64) -> Result<(), AppError> {
    admin(actor)?;
    transaction(&*services.db, TxMode::Write, |repos| {
        repos.package_by_id(id)?.ok_or(AppError::NotFound)?;
        if repos.package_in_use(id)? {
            return Err(AppError::Conflict(Conflict::PackageInUse));
        }
        Ok(repos.delete_package(id)?)
    })
}

// ---------------------------------------------------------------- redemption cards

pub fn list_cards(
    services: &Services,
    actor: &Actor,
    filter: CardFilter,
    request: PageRequest,
) -> Result<Page<Card>, AppError> {
    admin(actor)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Read, |repos| {
        let (items, total) = repos.list_cards(&filter, request, now)?;
        Ok(page(items, total, request))
    })
}

#[derive(Debug, Clone, Default)]
pub struct CardForm {
    pub package_id: Option<i64>,
    /// Empty: a 12-character code is generated.
    pub code: Option<String>,
    /// `YYYY-MM-DD` (the card works until the end of that day, Tripoli) or a full RFC 3339 time.
    pub expires_at: Option<String>,
    pub notes: Option<String>,
}

/// An expiry as typed: a day (valid through its end in Tripoli) or an instant; never before
/// `now`, so a card cannot be made already expired.
fn parse_expiry(value: Option<&str>, now: NaiveDateTime) -> Result<Option<NaiveDateTime>, Msg> {
    let Some(value) = value.map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    let at = if let Ok(date) = NaiveDate::parse_from_str(value, "%Y-%m-%d") {
        // The end of that day in Tripoli (UTC+2): 22:00 UTC.
        date.and_hms_opt(22, 0, 0).ok_or(Msg::DateInvalid)?
    } else {
        chrono::DateTime::parse_from_rfc3339(value).map(|t| t.naive_utc()).map_err(|_| Msg::DateInvalid)?
    };
    if at <= now {
        return Err(Msg::ExpiryInPast);
    }
    Ok(Some(at))
}

fn card_fields(services: &Services, form: CardForm) -> Result<CardFields, AppError> {
    let mut errors = FieldErrors::new();
    if form.package_id.is_none() {
        errors.add("package_id", Msg::CardPackageRequired);
    }
    let code = match errors.check("code", CardCode::typed_for_card(form.code.as_deref())) {
        Some(None) => Some(generate_code(services)),
        typed => typed.flatten(),
    };
    let now = services.clock.now();
    let expires_at = errors.check("expires_at", parse_expiry(form.expires_at.as_deref(), now)).flatten();
    let notes = errors.check("notes", text::optional_multiline(form.notes.as_deref(), text::NOTES_MAX)).flatten();
    errors.into_result()?;
    match (form.package_id, code) {
        (Some(package_id), Some(code)) => {
            Ok(CardFields { code: code.as_str().to_owned(), package_id, expires_at, notes })
        }
        _ => Err(AppError::Internal("validated card missing".into())),
    }
}

fn generate_code(services: &Services) -> CardCode {
    let hex = services.ids.random_id();
    let mut bytes = [0u8; CardCode::GENERATED_LEN];
    for (i, byte) in bytes.iter_mut().enumerate() {
        *byte = u8::from_str_radix(hex.get(i * 2..i * 2 + 2).unwrap_or("00"), 16).unwrap_or(0);
    }
    CardCode::from_random(&bytes)
}

fn code_taken(error: RepoError) -> AppError {
    match error {
        RepoError::Duplicate(_) => FieldErrors::single("code", Msg::CardCodeTaken).into(),
        other => other.into(),
    }
}

fn active_package(repos: &mut dyn Repos, id: i64) -> Result<(), AppError> {
    repos
        .package_summary(id)?
        .filter(|p| p.is_active)
        .map(|_| ())
        .ok_or_else(|| FieldErrors::single("package_id", Msg::CardPackageRequired).into())
}

pub fn create_card(services: &Services, actor: &Actor, form: CardForm) -> Result<Card, AppError> {
    admin(actor)?;
    let fields = card_fields(services, form)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        active_package(repos, fields.package_id)?;
        let id = repos.insert_card(&fields, now).map_err(code_taken)?;
        repos.card_by_id(id, now)?.ok_or(AppError::NotFound)
    })
}

/// Creates `count` cards with generated codes, for printing.
pub fn create_cards(services: &Services, actor: &Actor, count: i64, form: CardForm) -> Result<Vec<Card>, AppError> {
    admin(actor)?;
    if !(1..=CARD_BATCH_MAX).contains(&count) {
        return Err(FieldErrors::single("count", Msg::BatchCount).into());
    }
    let template = card_fields(services, CardForm { code: None, ..form })?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        active_package(repos, template.package_id)?;
        let mut cards = Vec::new();
        for _ in 0..count {
            let fields = CardFields { code: generate_code(services).as_str().to_owned(), ..template.clone() };
            let id = repos.insert_card(&fields, now)?;
            cards.push(repos.card_by_id(id, now)?.ok_or(AppError::NotFound)?);
        }
        Ok(cards)
    })
}

pub fn update_card(services: &Services, actor: &Actor, id: i64, form: CardForm) -> Result<Card, AppError> {
    admin(actor)?;
    let keep_code = form.code.as_deref().is_none_or(|c| c.trim().is_empty());
    let mut fields = card_fields(services, form)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let card = repos.card_by_id(id, now)?.ok_or(AppError::NotFound)?;
        if card.redeemed_at.is_some() {
            return Err(AppError::Conflict(Conflict::CardLocked));
        }
        if keep_code {
            fields.code = card.code;
        }
        if fields.package_id != card.package.id {
            active_package(repos, fields.package_id)?;
        }
        if !repos.update_card(id, &fields, now).map_err(code_taken)? {
            return Err(AppError::Conflict(Conflict::CardLocked));
        }
        repos.card_by_id(id, now)?.ok_or(AppError::NotFound)
    })
}

pub fn delete_card(services: &Services, actor: &Actor, id: i64) -> Result<(), AppError> {
    admin(actor)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        repos.card_by_id(id, now)?.ok_or(AppError::NotFound)?;
        if !repos.delete_card(id)? {
            return Err(AppError::Conflict(Conflict::CardLocked));
        }
        Ok(())
    })
}

// ---------------------------------------------------------------- overview and analytics

pub struct Overview {
    pub counts: PlatformCounts,
    pub recent: Vec<ActivityRecord>,
    pub database_latency: Option<std::time::Duration>,
}

pub fn overview(services: &Services, actor: &Actor) -> Result<Overview, AppError> {
    admin(actor)?;
    let database_latency = services.db.ping().ok();
    transaction(&*services.db, TxMode::Read, |repos| {
        let counts = repos.platform_counts()?;
        let recent =
            repos.activity_items(&crate::ports::ActivityFilter::default(), PageRequest { page: 1, per_page: 10 })?;
        Ok(Overview { counts, recent, database_latency })
    })
}

pub struct Analytics {
    pub days: Vec<DayFigures>,
    pub top_stores: Vec<StoreRanking>,
}

/// The last 30 Tripoli days, every day present (zeros included), and the top stores.
pub fn analytics(services: &Services, actor: &Actor) -> Result<Analytics, AppError> {
    admin(actor)?;
    let first_day = loyalty_domain::local_day::local_date(services.clock.now()) - Duration::days(29);
    transaction(&*services.db, TxMode::Read, |repos| {
        let found = repos.daily_figures(first_day)?;
        let days = (0..30)
            .map(|n| {
                let day = first_day + Duration::days(n);
                found.iter().find(|d| d.day == day).cloned().unwrap_or(DayFigures {
                    day,
                    invoices: 0,
                    revenue: Money::ZERO,
                    points_issued: 0,
                    points_redeemed: 0,
                })
            })
            .collect();
        let top_stores = repos.top_stores(first_day, 10)?;
        Ok(Analytics { days, top_stores })
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_batch_message_names_the_batch_bound() {
        let max = super::CARD_BATCH_MAX.to_string();
        assert!(super::Msg::BatchCount.en().contains(&max) && super::Msg::BatchCount.ar().contains(&max));
    }
}
