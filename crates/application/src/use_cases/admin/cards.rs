//! Redemption cards: codes that give an owner a package.

use loyalty_domain::{text, CardCode, FieldErrors, Msg};

use crate::ports::{transaction, CardFields, CardFilter, RepoError, Repos, TxMode};
use crate::Operation;
use crate::{Actor, AppError, Card, Conflict, Page, PageRequest, Services};

use super::page;

/// The most cards one batch makes.
pub const CARD_BATCH_MAX: i64 = 500;

pub fn list_cards(
    services: &Services,
    actor: &Actor,
    filter: CardFilter,
    request: PageRequest,
) -> Result<Page<Card>, AppError> {
    actor.authorize(Operation::ListCards)?;
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
    let expires_at =
        errors.check("expires_at", loyalty_domain::local_day::parse_expiry(form.expires_at.as_deref(), now)).flatten();
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
    actor.authorize(Operation::CreateCard)?;
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
    actor.authorize(Operation::CreateCards)?;
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
    actor.authorize(Operation::UpdateCard)?;
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
    actor.authorize(Operation::DeleteCard)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        repos.card_by_id(id, now)?.ok_or(AppError::NotFound)?;
        if !repos.delete_card(id)? {
            return Err(AppError::Conflict(Conflict::CardLocked));
        }
        Ok(())
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
