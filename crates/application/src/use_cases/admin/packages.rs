//! Packages: the plans the platform sells.

use loyalty_domain::plan::{self};
use loyalty_domain::{text, FieldErrors, Money, Msg};

use crate::ports::{transaction, PackageFields, TxMode};
use crate::Operation;
use crate::{Actor, AppError, Conflict, Package, Services};

/// The longest package description.
pub const PACKAGE_DESCRIPTION_MAX: usize = 1000;

pub fn list_packages(services: &Services, actor: &Actor, active_only: bool) -> Result<Vec<Package>, AppError> {
    actor.authorize(if active_only { Operation::ActivePackages } else { Operation::AllPackages })?;
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
    let price = match form.price.as_deref() {
        None => Some(Money::ZERO),
        Some(raw) if raw.trim().is_empty() => errors.check("price", Err(Msg::PriceRequired)),
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
    actor.authorize(Operation::CreatePackage)?;
    let fields = validate_package(form)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        let id = repos.insert_package(&fields, now)?;
        repos.package_by_id(id)?.ok_or(AppError::NotFound)
    })
}

pub fn update_package(services: &Services, actor: &Actor, id: i64, form: PackageForm) -> Result<Package, AppError> {
    actor.authorize(Operation::UpdatePackage)?;
    let fields = validate_package(form)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        repos.package_by_id(id)?.ok_or(AppError::NotFound)?;
        repos.update_package(id, &fields, now)?;
        repos.package_by_id(id)?.ok_or(AppError::NotFound)
    })
}

pub fn toggle_package(services: &Services, actor: &Actor, id: i64) -> Result<Package, AppError> {
    actor.authorize(Operation::TogglePackage)?;
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
    actor.authorize(Operation::DeletePackage)?;
    transaction(&*services.db, TxMode::Write, |repos| {
        repos.package_by_id(id)?.ok_or(AppError::NotFound)?;
        if repos.package_in_use(id)? {
            return Err(AppError::Conflict(Conflict::PackageInUse));
        }
        Ok(repos.delete_package(id)?)
    })
}
