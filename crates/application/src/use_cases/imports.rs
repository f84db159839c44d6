//! An owner moving from paper or another system imports customers with their points (issue
//! #19, item 3). A dry run tells every row's outcome; the import adds the valid new rows in one
//! transaction, each with an `opening_balance` ledger row. A phone already in the store is
//! "already a customer", so importing the same file twice adds nothing. A file may say whether
//! each customer agreed to messages by WhatsApp and by SMS and in which language (issue #39):
//! the consent is recorded as the till's is (source `import`, kept as history), without a
//! welcome message (they are customers already, not newly joined).

use std::collections::HashSet;

use loyalty_domain::local_day::local_date;
use loyalty_domain::{messages_out, points_rules, text, Email, FieldErrors, Msg, Phone};

use crate::policy::{can_access_store, Permission};
use crate::ports::{transaction, ImportedCustomer, TxMode};
use crate::{ActivityKind, Actor, AppError, Services, StoreRef};

/// The most customers one file may hold.
pub const IMPORT_ROWS_MAX: usize = 100_000;

/// How much of a value left out is echoed back (a name far past the limit is not sent whole).
const ECHO_CHARS: usize = 80;

/// A row as read from the file: its line and its cells, untouched.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportRow {
    /// The row's line in the file (the header is line 1).
    pub line: u64,
    pub name: String,
    pub phone: String,
    pub email: String,
    /// Empty means 0.
    pub points: String,
    /// Consent to messages by WhatsApp and by SMS: yes or no, empty meaning no
    /// (`messages_out::consent_answer`).
    pub whatsapp: String,
    pub sms: String,
    /// The language of the customer's messages, empty meaning Arabic.
    pub language: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportOutcome {
    /// Will be (or was) added.
    New,
    /// The phone is already a customer of the store: left as it is.
    Existing,
    /// Left out, for these reasons.
    Invalid(FieldErrors),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportLine {
    pub line: u64,
    /// As checked (trimmed name, E.164 phone) when valid; as typed otherwise.
    pub name: String,
    pub phone: String,
    pub points: Option<i64>,
    pub outcome: ImportOutcome,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportReport {
    pub store: StoreRef,
    pub dry_run: bool,
    pub lines: Vec<ImportLine>,
    /// Customers added (0 in a dry run).
    pub imported: usize,
    /// Points the added customers brought.
    pub imported_points: i64,
}

/// Checks every row and, unless `dry_run`, adds the valid new ones to the owner's store, all
/// or none. The store is checked before any row; a file that is not a list of customers is a
/// 422 of its own (the HTTP layer's reading).
pub fn import_customers(
    services: &Services,
    actor: &Actor,
    store_id: Option<i64>,
    rows: Vec<ImportRow>,
    dry_run: bool,
) -> Result<ImportReport, AppError> {
    actor.require_permission(Permission::ImportCustomers)?;
    let store_id = store_id.ok_or_else(|| FieldErrors::single("store_id", Msg::StoreRequired))?;
    if rows.is_empty() {
        return Err(FieldErrors::single("file", Msg::ImportEmpty).into());
    }
    if rows.len() > IMPORT_ROWS_MAX {
        return Err(FieldErrors::single("file", Msg::ImportTooManyRows).into());
    }
    let now = services.clock.now();
    let mode = if dry_run { TxMode::Read } else { TxMode::Write };
    transaction(&*services.db, mode, |repos| {
        let store = repos.store_scope(store_id)?.filter(|s| can_access_store(actor, s)).ok_or(AppError::NotFound)?;
        let known: HashSet<String> = repos.store_phones(store.id)?.into_iter().collect();
        let mut seen = HashSet::new();
        let mut lines = Vec::with_capacity(rows.len());
        let mut adding = Vec::new();
        for row in &rows {
            let (line, customer) = check(row, &known, &mut seen);
            if let Some(customer) = customer {
                adding.push(customer);
            }
            lines.push(line);
        }
        let imported_points: i64 = adding.iter().map(|c| c.points).sum();
        let imported = if dry_run { 0 } else { adding.len() };
        if !dry_run && !adding.is_empty() {
            // Points brought in are earned today, as far as expiry goes.
            let expires_on = repos.loyalty_settings(store.owner_id)?.expiry_for(local_date(now));
            repos.insert_imported(store.id, actor.user_id, &adding, expires_on, now)?;
            let details = vec![("count", adding.len().to_string()), ("points", imported_points.to_string())];
            super::activity::log(
                repos,
                ActivityKind::CustomersImported,
                Some(actor),
                store.id,
                store.id,
                details,
                now,
            )?;
        }
        Ok(ImportReport {
            store: StoreRef { id: store.id, name: store.name },
            dry_run,
            lines,
            imported,
            imported_points: if dry_run { 0 } else { imported_points },
        })
    })
}

/// One row's outcome by the customer form's own rules (the phone is required here: it is how a
/// second import knows the customer), and the customer to add when it is new.
fn check(
    row: &ImportRow,
    known: &HashSet<String>,
    seen: &mut HashSet<String>,
) -> (ImportLine, Option<ImportedCustomer>) {
    let mut errors = FieldErrors::new();
    let name = errors.check("name", text::required(&row.name, Msg::CustomerNameRequired, text::NAME_MAX));
    let phone = if row.phone.trim().is_empty() {
        errors.add("phone", Msg::PhoneRequired);
        None
    } else {
        errors.check("phone", Phone::parse(&row.phone))
    };
    let email = match row.email.trim() {
        "" => None,
        raw => errors.check("email", Email::parse(raw).map(|e| e.to_string())),
    };
    let points = match row.points.trim() {
        "" => Some(0),
        raw => errors.check(
            "points",
            points_rules::whole_points(raw).ok_or(Msg::ImportPointsWhole).and_then(points_rules::balance),
        ),
    };
    let whatsapp = errors.check("whatsapp_consent", messages_out::consent_answer(&row.whatsapp));
    let sms = errors.check("sms_consent", messages_out::consent_answer(&row.sms));
    let language = errors.check("language", messages_out::language_answer(&row.language));
    let phone = phone.map(|p| p.as_str().to_owned());
    // A phone met on an earlier row is that row's; this one is left out.
    if let Some(phone) = &phone {
        if !seen.insert(phone.clone()) {
            errors.add("phone", Msg::ImportPhoneRepeated);
        }
    }
    // A value left out is echoed as written, its start only when it is long.
    let as_written = |value: &str| text::excerpt(value.trim(), ECHO_CHARS);
    let line = |outcome, name: Option<&String>, phone: Option<&String>| ImportLine {
        line: row.line,
        name: name.cloned().unwrap_or_else(|| as_written(&row.name)),
        phone: phone.cloned().unwrap_or_else(|| as_written(&row.phone)),
        points,
        outcome,
    };
    if !errors.is_empty() {
        return (line(ImportOutcome::Invalid(errors), name.as_ref(), phone.as_ref()), None);
    }
    let (Some(name), Some(phone), Some(points), Some(whatsapp), Some(sms), Some(language)) =
        (name, phone, points, whatsapp, sms, language)
    else {
        return (line(ImportOutcome::Invalid(errors), None, None), None);
    };
    if known.contains(&phone) {
        return (line(ImportOutcome::Existing, Some(&name), Some(&phone)), None);
    }
    let checked = line(ImportOutcome::New, Some(&name), Some(&phone));
    (checked, Some(ImportedCustomer { name, phone, email, points, whatsapp, sms, language }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(name: &str, phone: &str, points: &str) -> ImportRow {
        ImportRow { line: 2, name: name.into(), phone: phone.into(), points: points.into(), ..ImportRow::default() }
    }

    fn outcome(r: &ImportRow, known: &[&str], seen: &mut HashSet<String>) -> ImportOutcome {
        let known = known.iter().map(|p| (*p).to_owned()).collect();
        check(r, &known, seen).0.outcome
    }

    fn reasons(o: &ImportOutcome) -> Vec<(&'static str, Msg)> {
        match o {
            ImportOutcome::Invalid(errors) => errors.iter().map(|(f, m)| (f, m[0])).collect(),
            _ => Vec::new(),
        }
    }

    #[test]
    fn rows_are_new_existing_or_invalid_with_reasons() {
        let mut seen = HashSet::new();
        let (line, added) = check(&row(" Salma ", "091 234 5678", "250"), &HashSet::new(), &mut seen);
        assert_eq!(
            (line.outcome, line.name.as_str(), line.phone.as_str(), line.points),
            (ImportOutcome::New, "Salma", "+218912345678", Some(250))
        );
        assert_eq!(added.map(|c| c.points), Some(250));
        // The same phone again in the file, in another form.
        let again = outcome(&row("Salma B", "+218912345678", ""), &[], &mut seen);
        assert_eq!(reasons(&again), vec![("phone", Msg::ImportPhoneRepeated)]);
        // Already a customer of the store: left as it is.
        let known = outcome(&row("Ali", "0923456789", "5"), &["+218923456789"], &mut HashSet::new());
        assert_eq!(known, ImportOutcome::Existing);
        // Every reason at once.
        let bad = outcome(&row("", "", "1.5"), &[], &mut HashSet::new());
        assert_eq!(
            reasons(&bad),
            vec![
                ("name", Msg::CustomerNameRequired),
                ("phone", Msg::PhoneRequired),
                ("points", Msg::ImportPointsWhole)
            ]
        );
        let negative = outcome(&row("A", "0913000001", "-1"), &[], &mut HashSet::new());
        assert_eq!(reasons(&negative), vec![("points", Msg::LoyaltyPointsNegative)]);
        let too_many = outcome(&row("A", "0913000002", "1000000001"), &[], &mut HashSet::new());
        assert_eq!(reasons(&too_many), vec![("points", Msg::LoyaltyPointsTooMany)]);
        // Points as a spreadsheet under Arabic settings writes them.
        let (line, _) = check(&row("B", "0913000004", "١٬٢٠٠"), &HashSet::new(), &mut HashSet::new());
        assert_eq!((line.outcome, line.points), (ImportOutcome::New, Some(1200)));
        // A long bad name comes back as its start.
        let (line, _) = check(&row(&"س".repeat(5000), "0913000005", ""), &HashSet::new(), &mut HashSet::new());
        assert_eq!(line.name.chars().count(), ECHO_CHARS + 1);
        let bad_email = ImportRow { email: "not-an-email".into(), ..row("A", "0913000003", "") };
        assert_eq!(reasons(&outcome(&bad_email, &[], &mut HashSet::new())), vec![("email", Msg::EmailInvalid)]);
    }
}
