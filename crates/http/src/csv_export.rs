//! Export files as CSV: UTF-8 with a byte-order mark (so Excel reads Arabic), column names in the
//! caller's language, times in Tripoli, amounts in LYD with three decimals, and any text a
//! customer or a cashier typed kept from being read as a spreadsheet formula.

use loyalty_application::{ExportKind, ExportPage, LedgerKind};
use loyalty_domain::local_day::local_time;
use loyalty_domain::Role;

use super::Lang;

const BOM: &[u8] = "\u{feff}".as_bytes();

/// Column names, English and Arabic, per kind.
pub(crate) fn columns(kind: ExportKind) -> &'static [(&'static str, &'static str)] {
    match kind {
        ExportKind::Customers => &[
            ("Customer ID", "رقم العميل"),
            ("Store", "المتجر"),
            ("Name", "الاسم"),
            ("Phone", "الهاتف"),
            ("Email", "البريد الإلكتروني"),
            ("Points", "النقاط"),
            ("Joined (Tripoli time)", "تاريخ الانضمام (بتوقيت طرابلس)"),
            ("Joined by link, not confirmed", "انضم عبر الرابط ولم يُؤكَّد"),
            ("Birthday (month-day)", "عيد الميلاد (شهر-يوم)"),
            ("Tier", "المستوى"),
            ("Stamps", "الأختام"),
            ("WhatsApp consent", "موافقة واتساب"),
            ("SMS consent", "موافقة الرسائل النصية"),
            ("Language", "اللغة"),
        ],
        ExportKind::Invoices => &[
            ("Invoice ID", "رقم الفاتورة"),
            ("Date (Tripoli time)", "التاريخ (بتوقيت طرابلس)"),
            ("Store", "المتجر"),
            ("Invoice number", "رقم فاتورة المتجر"),
            ("Customer ID", "رقم العميل"),
            ("Customer", "العميل"),
            ("Phone", "الهاتف"),
            ("Total (LYD)", "الإجمالي (د.ل)"),
            ("Points earned", "النقاط المكتسبة"),
            ("Cashier", "الموظف"),
            ("Voided (Tripoli time)", "أُلغيت (بتوقيت طرابلس)"),
            ("Void reason", "سبب الإلغاء"),
            ("Returned (LYD)", "المُرجَع (د.ل)"),
            ("Points returned", "النقاط المُرجَعة"),
        ],
        ExportKind::Redemptions => &[
            ("Redemption ID", "رقم الاستبدال"),
            ("Date (Tripoli time)", "التاريخ (بتوقيت طرابلس)"),
            ("Store", "المتجر"),
            ("Customer ID", "رقم العميل"),
            ("Customer", "العميل"),
            ("Phone", "الهاتف"),
            ("Reward", "المكافأة"),
            ("Points spent", "النقاط المستبدلة"),
            ("Value as money (LYD)", "القيمة كخصم (د.ل)"),
            ("Cashier", "الموظف"),
        ],
        ExportKind::Ledger => &[
            ("Entry ID", "رقم القيد"),
            ("Date (Tripoli time)", "التاريخ (بتوقيت طرابلس)"),
            ("Store", "المتجر"),
            ("Customer ID", "رقم العميل"),
            ("Customer", "العميل"),
            ("Kind", "النوع"),
            ("Points", "النقاط"),
            ("Balance after", "الرصيد بعده"),
            ("Reason", "السبب"),
            ("By", "بواسطة"),
            ("Invoice ID", "رقم الفاتورة"),
            ("Redemption ID", "رقم الاستبدال"),
        ],
        ExportKind::Users => &[
            ("User ID", "رقم المستخدم"),
            ("Name", "الاسم"),
            ("Email", "البريد الإلكتروني"),
            ("Role", "الدور"),
            ("Business name", "اسم النشاط التجاري"),
            ("Store (POS users)", "المتجر (لموظفي نقاط البيع)"),
            ("Active", "نشط"),
            ("Created (Tripoli time)", "تاريخ الإنشاء (بتوقيت طرابلس)"),
        ],
        ExportKind::StoreOwners => &[
            ("User ID", "رقم المستخدم"),
            ("Name", "الاسم"),
            ("Email", "البريد الإلكتروني"),
            ("Business name", "اسم النشاط التجاري"),
            ("Stores", "المتاجر"),
            ("Plan", "الباقة"),
            ("Plan ends (Tripoli time)", "نهاية الباقة (بتوقيت طرابلس)"),
            ("Active", "نشط"),
            ("Created (Tripoli time)", "تاريخ الإنشاء (بتوقيت طرابلس)"),
        ],
        ExportKind::Cards => &[
            ("Card ID", "رقم البطاقة"),
            ("Code", "الرمز"),
            ("Package", "الباقة"),
            ("Expires (Tripoli time)", "تنتهي (بتوقيت طرابلس)"),
            ("Redeemed by", "استبدلها"),
            ("Redeemed (Tripoli time)", "تاريخ الاستبدال (بتوقيت طرابلس)"),
            ("Notes", "ملاحظات"),
            ("Created (Tripoli time)", "تاريخ الإنشاء (بتوقيت طرابلس)"),
        ],
    }
}

/// The file's start: the byte-order mark and the column names.
pub fn head(kind: ExportKind, lang: Lang) -> Vec<u8> {
    let mut writer = csv::Writer::from_writer(BOM.to_vec());
    let names = columns(kind).iter().map(|(en, ar)| if lang == Lang::Ar { *ar } else { *en });
    // Writing into memory cannot fail.
    let _ = writer.write_record(names);
    writer.into_inner().unwrap_or_default()
}

/// A ledger row's kind as the reader's spreadsheet shows it.
fn ledger_kind(kind: LedgerKind, lang: Lang) -> &'static str {
    let (en, ar) = match kind {
        LedgerKind::Invoice => ("Invoice", "فاتورة"),
        LedgerKind::Redemption => ("Redemption", "استبدال"),
        LedgerKind::Manual => ("Points added", "نقاط مضافة"),
        LedgerKind::Adjustment => ("Adjustment", "تعديل"),
        LedgerKind::Void => ("Voided invoice", "فاتورة ملغاة"),
        LedgerKind::OpeningBalance => ("Opening balance (imported)", "رصيد افتتاحي (مستورد)"),
        LedgerKind::Expired => ("Points expired", "انتهت صلاحية النقاط"),
        LedgerKind::Return => ("Return", "مرتجع"),
        LedgerKind::Birthday => ("Birthday points", "نقاط عيد الميلاد"),
    };
    if lang == Lang::Ar {
        ar
    } else {
        en
    }
}

/// A user's role as the reader's spreadsheet shows it.
fn role(role: Role, lang: Lang) -> &'static str {
    let (en, ar) = match role {
        Role::Admin => ("Administrator", "مدير النظام"),
        Role::StoreOwner => ("Store owner", "صاحب متجر"),
        Role::PosUser => ("Cashier", "موظف نقطة بيع"),
    };
    if lang == Lang::Ar {
        ar
    } else {
        en
    }
}

/// A page of rows, with kinds and roles in `lang` (the column names' language).
pub fn rows(page: &ExportPage, lang: Lang) -> Vec<u8> {
    let mut writer = csv::Writer::from_writer(Vec::with_capacity(page.len() * 128));
    let mut record = |cells: &[Cell]| {
        let _ = writer.write_record(cells.iter().map(Cell::text));
    };
    match page {
        ExportPage::Customers(list) => {
            for c in list {
                record(&[
                    Cell::Id(c.id),
                    Cell::Typed(&c.store),
                    Cell::Typed(&c.name),
                    Cell::Phone(c.phone.as_deref()),
                    Cell::Typed(c.email.as_deref().unwrap_or("")),
                    Cell::Number(c.points),
                    Cell::Time(Some(c.joined_at)),
                    Cell::Flag(c.unconfirmed_join),
                    Cell::Typed(c.birthday.as_deref().unwrap_or("")),
                    Cell::Typed(c.tier.as_ref().map_or("", |(en, ar)| if lang == Lang::Ar { ar } else { en })),
                    Cell::Number(c.stamps),
                    Cell::Flag(c.whatsapp),
                    Cell::Flag(c.sms),
                    Cell::Typed(&c.language),
                ]);
            }
        }
        ExportPage::Invoices(list) => {
            for i in list {
                record(&[
                    Cell::Id(i.id),
                    Cell::Time(Some(i.created_at)),
                    Cell::Typed(&i.store),
                    Cell::Typed(i.invoice_number.as_deref().unwrap_or("")),
                    Cell::OptionalId(i.customer_id),
                    Cell::Typed(&i.customer_name),
                    Cell::Phone(i.customer_phone.as_deref()),
                    Cell::Owned(i.total.to_string()),
                    Cell::Number(i.points_earned),
                    Cell::Typed(i.cashier.as_deref().unwrap_or("")),
                    Cell::Time(i.voided_at),
                    Cell::Typed(i.void_reason.as_deref().unwrap_or("")),
                    Cell::Owned(i.returned.to_string()),
                    Cell::Number(i.points_returned),
                ]);
            }
        }
        ExportPage::Redemptions(list) => {
            for r in list {
                record(&[
                    Cell::Id(r.id),
                    Cell::Time(Some(r.created_at)),
                    Cell::Typed(&r.store),
                    Cell::Id(r.customer_id),
                    Cell::Typed(&r.customer_name),
                    Cell::Phone(r.customer_phone.as_deref()),
                    Cell::Typed(r.reward.as_deref().unwrap_or("")),
                    Cell::Number(r.points_spent),
                    Cell::Owned(r.value.map(|v| v.to_string()).unwrap_or_default()),
                    Cell::Typed(r.cashier.as_deref().unwrap_or("")),
                ]);
            }
        }
        ExportPage::Ledger(list) => {
            for l in list {
                record(&[
                    Cell::Id(l.id),
                    Cell::Time(Some(l.created_at)),
                    Cell::Typed(&l.store),
                    Cell::Id(l.customer_id),
                    Cell::Typed(&l.customer_name),
                    Cell::Owned(ledger_kind(l.kind, lang).to_owned()),
                    Cell::Number(l.delta),
                    Cell::Number(l.balance_after),
                    Cell::Typed(l.reason.as_deref().unwrap_or("")),
                    Cell::Typed(l.by.as_deref().unwrap_or("")),
                    Cell::OptionalId(l.invoice_id),
                    Cell::OptionalId(l.redemption_id),
                ]);
            }
        }
        ExportPage::Users(list) => {
            for u in list {
                record(&[
                    Cell::Id(u.id),
                    Cell::Typed(&u.name),
                    Cell::Typed(&u.email),
                    Cell::Owned(role(u.role, lang).to_owned()),
                    Cell::Typed(u.business_name.as_deref().unwrap_or("")),
                    Cell::Typed(u.store.as_deref().unwrap_or("")),
                    Cell::Flag(u.active),
                    Cell::Time(Some(u.created_at)),
                ]);
            }
        }
        ExportPage::StoreOwners(list) => {
            for o in list {
                record(&[
                    Cell::Id(o.id),
                    Cell::Typed(&o.name),
                    Cell::Typed(&o.email),
                    Cell::Typed(o.business_name.as_deref().unwrap_or("")),
                    Cell::Number(o.stores),
                    Cell::Typed(o.plan.as_deref().unwrap_or("")),
                    Cell::Time(o.plan_ends_at),
                    Cell::Flag(o.active),
                    Cell::Time(Some(o.created_at)),
                ]);
            }
        }
        ExportPage::Cards(list) => {
            for c in list {
                record(&[
                    Cell::Id(c.id),
                    Cell::Typed(&c.code),
                    Cell::Typed(&c.package),
                    Cell::Time(c.expires_at),
                    Cell::Typed(c.redeemed_by.as_deref().unwrap_or("")),
                    Cell::Time(c.redeemed_at),
                    Cell::Typed(c.notes.as_deref().unwrap_or("")),
                    Cell::Time(Some(c.created_at)),
                ]);
            }
        }
    }
    writer.into_inner().unwrap_or_default()
}

enum Cell<'a> {
    Id(i64),
    OptionalId(Option<i64>),
    Number(i64),
    /// Text someone typed (a name, a reason, an invoice number).
    Typed(&'a str),
    /// A phone as the server normalised it (E.164, `+218...`).
    Phone(Option<&'a str>),
    Time(Option<chrono::NaiveDateTime>),
    Flag(bool),
    Owned(String),
}

impl Cell<'_> {
    fn text(&self) -> String {
        match self {
            Cell::Id(id) | Cell::Number(id) => id.to_string(),
            Cell::OptionalId(id) => id.map(|id| id.to_string()).unwrap_or_default(),
            Cell::Typed(text) => not_a_formula(text),
            // As stored: E.164, digits after the `+`, which the server checked (nothing to run).
            Cell::Phone(phone) => phone.unwrap_or_default().to_owned(),
            Cell::Time(t) => t.map(|t| local_time(t).format("%Y-%m-%d %H:%M:%S").to_string()).unwrap_or_default(),
            Cell::Flag(flag) => if *flag { "1" } else { "0" }.to_owned(),
            Cell::Owned(text) => text.clone(),
        }
    }
}

/// Text that a spreadsheet would run as a formula (it starts with `=`, `+`, `-`, `@`, a tab or
/// a carriage return) gets a leading apostrophe, as OWASP advises for CSV files: a customer who
/// joins by link as `=HYPERLINK(...)` is shown, not run, on the owner's computer.
fn not_a_formula(text: &str) -> String {
    match text.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r') => format!("'{text}"),
        _ => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_shown_not_run() {
        assert_eq!(not_a_formula("=HYPERLINK(\"http://x\")"), "'=HYPERLINK(\"http://x\")");
        assert_eq!(not_a_formula("+1"), "'+1");
        assert_eq!(not_a_formula("-2"), "'-2");
        assert_eq!(not_a_formula("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(not_a_formula("\tx"), "'\tx");
        assert_eq!(not_a_formula("سالم"), "سالم");
        assert_eq!(not_a_formula("a=b"), "a=b");
    }

    #[test]
    fn the_head_starts_with_a_bom_and_names_columns_in_the_language() {
        let ar = head(ExportKind::Invoices, Lang::Ar);
        assert!(ar.starts_with(BOM));
        let text = String::from_utf8(ar[BOM.len()..].to_vec()).unwrap_or_default();
        assert!(text.starts_with("رقم الفاتورة,"), "{text}");
        assert!(text.ends_with('\n'));
        let en = String::from_utf8(head(ExportKind::Ledger, Lang::En)).unwrap_or_default();
        assert!(en.contains("Entry ID,Date (Tripoli time),Store"), "{en}");
    }
}
