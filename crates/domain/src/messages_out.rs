//! Messages customers read (issue #39): what each kind says, in Arabic (the customers' language
//! first), and how many SMS segments a text takes. An Arabic SMS is sent as UCS-2, 70 characters
//! in one segment (67 per segment once split), against GSM-7's 160 (153): every segment is paid
//! for, so each template has a short form that drops the name when the long one would need a
//! second segment.

use crate::Msg;

crate::code_enum! {
    /// Why a message is sent.
    pub enum MessageKind {
        /// The customer joined, or first consented to messages.
        Welcome,
        /// A sale earned points.
        PointsEarned,
        /// Points expire soon.
        PointsExpiring,
        /// The owner's birthday points.
        Birthday,
        /// A link the customer asked for (a claim or the customer's page).
        Link,
    }
}

crate::code_enum! {
    /// How a message reaches the customer: WhatsApp costs less, so it goes first when the
    /// customer consented to it.
    pub enum MessageChannel {
        Whatsapp,
        Sms,
    }
}

crate::code_enum! {
    /// The language a customer reads its messages in: Arabic unless it asked for English.
    #[derive(Default)]
    pub enum MessageLanguage {
        #[default]
        Ar,
        En,
    }
}

/// What an operator who has not said otherwise is estimated to pay, in millionths of a US
/// dollar: an Arabic SMS segment in Libya costs about 0.30 to 0.40 (issue #39), and Meta's
/// rate card prices a WhatsApp template message to "Rest of Africa" at up to 0.0225 (marketing,
/// its dearest). Operators set their own (`LOYALTY_SMS_SEGMENT_PRICE_USD`,
/// `LOYALTY_WHATSAPP_MESSAGE_PRICE_USD`).
pub const SMS_SEGMENT_PRICE_DEFAULT_USD: &str = "0.35";
pub const WHATSAPP_MESSAGE_PRICE_DEFAULT_USD: &str = "0.0225";
/// The dearest price an operator may set, per segment or message: 10 US dollars.
pub const PRICE_MAX_MICRO_USD: i64 = 10_000_000;

/// A price as an operator writes it, in US dollars (`0.35`), in millionths of a dollar: at most
/// six decimals, 0 to [`PRICE_MAX_MICRO_USD`].
pub fn parse_price_usd(text: &str) -> Result<i64, String> {
    let text = text.trim();
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let (whole, fraction) = match text.split_once('.') {
        Some((whole, fraction)) if digits(fraction) => (whole, fraction),
        Some(_) => ("", ""),
        None => (text, ""),
    };
    if !digits(whole) || fraction.len() > 6 || whole.len() > 3 {
        return Err(format!("{text:?} is not a price in US dollars like 0.35 (at most six decimals)"));
    }
    let micro = whole.parse::<i64>().unwrap_or(0) * 1_000_000 + format!("{fraction:0<6}").parse::<i64>().unwrap_or(0);
    if micro > PRICE_MAX_MICRO_USD {
        return Err(format!("{text} is more than {} US dollars", PRICE_MAX_MICRO_USD / 1_000_000));
    }
    Ok(micro)
}

/// How many days before its points expire a customer is sent a message (`{days}` in the
/// template); the screens' own notice window is `loyalty_settings::EXPIRY_NOTICE_DAYS`.
pub const EXPIRY_MESSAGE_DAYS: i64 = 14;
/// The longest template an owner may write, in characters (about five Arabic SMS segments).
pub const TEMPLATE_MAX_CHARS: usize = 320;

/// An owner's customers are sent at most this many messages a Tripoli month, at most.
pub const MONTHLY_LIMIT_MAX: i64 = 1_000_000;
/// What an owner who never set a limit has.
pub const MONTHLY_LIMIT_DEFAULT: i64 = 1_000;

/// A monthly limit as an owner sets it: 0 (nothing is sent) to [`MONTHLY_LIMIT_MAX`].
pub fn monthly_limit(limit: i64) -> Result<i64, Msg> {
    if (0..=MONTHLY_LIMIT_MAX).contains(&limit) {
        Ok(limit)
    } else {
        Err(Msg::MessagesMonthlyLimitRange)
    }
}

/// The channel a message goes by: WhatsApp with its consent, else SMS with its consent, else
/// none (no message at all).
pub fn route(whatsapp: bool, sms: bool) -> Option<MessageChannel> {
    match (whatsapp, sms) {
        (true, _) => Some(MessageChannel::Whatsapp),
        (false, true) => Some(MessageChannel::Sms),
        (false, false) => None,
    }
}

/// A consent as a customers file writes it: yes (`yes`, `y`, `true`, `1`, `x`, `✓`, `نعم`) or
/// no (`no`, `n`, `false`, `0`, `لا`, or left empty), in any case, trimmed.
pub fn consent_answer(cell: &str) -> Result<bool, Msg> {
    let cell = cell.trim().to_lowercase();
    match cell.as_str() {
        "yes" | "y" | "true" | "1" | "x" | "✓" | "✔" | "نعم" => Ok(true),
        "" | "no" | "n" | "false" | "0" | "لا" => Ok(false),
        _ => Err(Msg::ImportConsentYesNo),
    }
}

/// A message language as a customers file writes it: `ar`/`en`, the language's name in
/// English or Arabic, or empty (`None`: Arabic, as for any new customer).
pub fn language_answer(cell: &str) -> Result<Option<MessageLanguage>, Msg> {
    let cell = cell.trim().to_lowercase();
    match cell.as_str() {
        "" => Ok(None),
        "ar" | "arabic" | "العربية" | "عربي" | "عربية" => Ok(Some(MessageLanguage::Ar)),
        "en" | "english" | "الإنجليزية" | "الانجليزية" | "إنجليزي" | "انجليزي" | "الإنكليزية" => {
            Ok(Some(MessageLanguage::En))
        }
        _ => Err(Msg::ConsentLanguageUnknown),
    }
}

/// Whether a customer's reply asks to stop messages: "STOP" in any case, "إيقاف", "الغاء" or
/// "إلغاء", alone (trimmed).
pub fn is_stop(text: &str) -> bool {
    let text = text.trim();
    text.eq_ignore_ascii_case("stop") || matches!(text, "إيقاف" | "الغاء" | "إلغاء")
}

/// What fills a template's placeholders: `{name}`, `{store}`, `{points}`, `{balance}` (and
/// `{days}`, [`EXPIRY_MESSAGE_DAYS`], in the expiry notice; `{link}`, the customer's page, in
/// the link the till sends).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fields<'a> {
    pub name: &'a str,
    pub store: &'a str,
    pub points: i64,
    pub balance: i64,
    /// Empty but in the link message.
    pub link: &'a str,
}

/// The placeholders a kind's template may use, and those it must keep (a points message that
/// does not say the points says nothing; a link message without the link neither).
pub fn placeholders(kind: MessageKind) -> (&'static [&'static str], &'static [&'static str]) {
    const ALL: &[&str] = &["name", "store", "points", "balance"];
    match kind {
        MessageKind::Welcome => (ALL, &[]),
        MessageKind::PointsEarned | MessageKind::Birthday => (ALL, &["points"]),
        MessageKind::PointsExpiring => (&["name", "store", "points", "balance", "days"], &["points"]),
        MessageKind::Link => (&["name", "store", "balance", "link"], &["link"]),
    }
}

/// Each kind's template in `language`, long (with the name) and short (without it).
pub fn templates(kind: MessageKind, language: MessageLanguage) -> (&'static str, &'static str) {
    match (kind, language) {
        (MessageKind::Welcome, MessageLanguage::Ar) => (
            "أهلاً {name}! انضممت إلى نقاط {store}. رصيدك {balance} نقطة.",
            "أهلاً بك في نقاط {store}. رصيدك {balance} نقطة.",
        ),
        (MessageKind::PointsEarned, MessageLanguage::Ar) => (
            "{name}، ربحت {points} نقطة في {store}. رصيدك {balance}.",
            "ربحت {points} نقطة في {store}. رصيدك {balance}.",
        ),
        (MessageKind::PointsExpiring, MessageLanguage::Ar) => (
            "{name}، تنتهي {points} نقطة في {store} خلال {days} يوماً. رصيدك {balance}.",
            "تنتهي {points} نقطة في {store} خلال {days} يوماً.",
        ),
        (MessageKind::Birthday, MessageLanguage::Ar) => {
            ("عيد ميلاد سعيد {name}! هديتك {points} نقطة من {store}.", "عيد ميلاد سعيد! هديتك {points} نقطة من {store}.")
        }
        (MessageKind::Link, MessageLanguage::Ar) => {
            ("{name}، رصيدك في {store} {balance} نقطة. صفحتك: {link}", "نقاطك في {store}: {link}")
        }
        (MessageKind::Welcome, MessageLanguage::En) => (
            "Welcome {name}! You joined {store} points. Your balance: {balance} points.",
            "Welcome to {store} points. Your balance: {balance} points.",
        ),
        (MessageKind::PointsEarned, MessageLanguage::En) => (
            "{name}, you earned {points} points at {store}. Balance: {balance}.",
            "You earned {points} points at {store}. Balance: {balance}.",
        ),
        (MessageKind::PointsExpiring, MessageLanguage::En) => (
            "{name}, {points} points at {store} expire within {days} days. Balance: {balance}.",
            "{points} points at {store} expire within {days} days.",
        ),
        (MessageKind::Birthday, MessageLanguage::En) => (
            "Happy birthday {name}! Your gift: {points} points from {store}.",
            "Happy birthday! Your gift: {points} points from {store}.",
        ),
        (MessageKind::Link, MessageLanguage::En) => {
            ("{name}, your balance at {store}: {balance} points. Your page: {link}", "Your points at {store}: {link}")
        }
    }
}

/// The placeholder names in `text`, in order; `Err` when a brace is not closed, or a name is
/// empty or has another brace in it.
fn names_in(text: &str) -> Result<Vec<&str>, Msg> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find(['{', '}']) {
        if rest[open..].starts_with('}') {
            return Err(Msg::TemplateBraces);
        }
        let after = &rest[open + 1..];
        let close = after.find('}').ok_or(Msg::TemplateBraces)?;
        let name = &after[..close];
        if name.is_empty() || name.contains('{') {
            return Err(Msg::TemplateBraces);
        }
        names.push(name);
        rest = &after[close + 1..];
    }
    Ok(names)
}

/// An owner's template for `kind` as written: at most [`TEMPLATE_MAX_CHARS`] characters as
/// typed, not empty once trimmed, its placeholders among the kind's and the required ones kept.
pub fn check_template(kind: MessageKind, text: &str) -> Result<String, Msg> {
    if text.chars().count() > TEMPLATE_MAX_CHARS {
        return Err(Msg::TemplateTooLong);
    }
    let text = text.trim();
    if text.is_empty() {
        return Err(Msg::TemplateRequired);
    }
    let names = names_in(text)?;
    let (allowed, required) = placeholders(kind);
    if names.iter().any(|n| !allowed.contains(n)) {
        return Err(Msg::TemplatePlaceholderUnknown);
    }
    if let Some(missing) = required.iter().find(|r| !names.contains(r)) {
        return Err(if *missing == "link" { Msg::TemplateLinkRequired } else { Msg::TemplatePointsRequired });
    }
    Ok(text.to_owned())
}

/// `template` with its placeholders filled.
pub fn fill(template: &str, fields: &Fields<'_>) -> String {
    template
        .replace("{name}", fields.name.trim())
        .replace("{store}", fields.store.trim())
        .replace("{points}", &fields.points.to_string())
        .replace("{balance}", &fields.balance.to_string())
        .replace("{days}", &EXPIRY_MESSAGE_DAYS.to_string())
        .replace("{link}", fields.link.trim())
}

/// Arabic counts 3 to 10 (and 103 to 110, ...) with the plural: "5 نقاط", where 11 and up take
/// the singular the templates write ("25 نقطة", "140 نقطة"). A number followed by "نقطة" is
/// given the plural where it needs it, in the product's templates and the owner's alike.
fn arabic_points(text: &str) -> String {
    const ONE: &str = "نقطة";
    const MANY: &str = "نقاط";
    let words: Vec<&str> = text.split(' ').collect();
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    for (i, word) in words.iter().enumerate() {
        let counted =
            i > 0 && words[i - 1].parse::<u64>().is_ok_and(|n| (3..=10).contains(&(n % 100))) && word.starts_with(ONE);
        out.push(if counted { format!("{MANY}{}", &word[ONE.len()..]) } else { (*word).to_owned() });
    }
    out.join(" ")
}

/// A name as it goes into a text in `language`: set apart with Unicode's first-strong isolate
/// (U+2068 ... U+2069) when it holds letters written the other way, so that "you earned 12 points
/// at بن علي - طرابلس." keeps the store's name whole and the full stop after it, at the till and
/// on the customer's phone alike. A name written the text's way is left as it is (an English text
/// of Latin names stays GSM-7; a text with a name written the other way is UCS-2 already).
fn isolated(value: &str, language: MessageLanguage) -> std::borrow::Cow<'_, str> {
    use unicode_bidi::{bidi_class, BidiClass};
    let foreign = |c: char| match language {
        MessageLanguage::Ar => bidi_class(c) == BidiClass::L,
        MessageLanguage::En => matches!(bidi_class(c), BidiClass::R | BidiClass::AL),
    };
    let value = value.trim();
    if value.chars().any(foreign) {
        format!("\u{2068}{value}\u{2069}").into()
    } else {
        value.into()
    }
}

/// `template` filled, in `language`'s grammar, each name written the other way set apart.
fn fill_in(template: &str, language: MessageLanguage, fields: &Fields<'_>) -> String {
    let (name, store) = (isolated(fields.name, language), isolated(fields.store, language));
    let filled = fill(template, &Fields { name: &name, store: &store, ..*fields });
    match language {
        MessageLanguage::Ar => arabic_points(&filled),
        MessageLanguage::En => filled,
    }
}

/// The text of a message: the owner's own template when it wrote one (as written); else the
/// long form when it fits one SMS segment, else the short form when that takes fewer segments
/// (the long one otherwise).
pub fn render(kind: MessageKind, language: MessageLanguage, own: Option<&str>, fields: &Fields<'_>) -> String {
    if let Some(own) = own {
        return fill_in(own, language, fields);
    }
    let (long, short) = templates(kind, language);
    let long = fill_in(long, language, fields);
    if segments(&long).count <= 1 {
        return long;
    }
    let short = fill_in(short, language, fields);
    if segments(&short).count < segments(&long).count {
        short
    } else {
        long
    }
}

/// How an SMS is encoded: GSM-7 when every character is in its alphabet, UCS-2 otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Gsm7,
    Ucs2,
}

/// A text's size as an SMS: its encoding, its length in that encoding's units (septets, or
/// UTF-16 code units) and the segments it is sent in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Segments {
    pub encoding: Encoding,
    pub units: usize,
    pub count: usize,
}

/// GSM 03.38's basic alphabet, one septet each.
const GSM7_BASIC: &str = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/// Its extension table, two septets each (an escape and the character).
const GSM7_EXTENDED: &str = "^{}\\[~]|€\u{000C}";

/// The segments `text` takes: GSM-7 160 characters in one, 153 in each of several; UCS-2 70
/// in one, 67 in each of several. An empty text takes none.
pub fn segments(text: &str) -> Segments {
    let septets: Option<usize> = text
        .chars()
        .map(|c| {
            if GSM7_BASIC.contains(c) {
                Some(1)
            } else if GSM7_EXTENDED.contains(c) {
                Some(2)
            } else {
                None
            }
        })
        .sum();
    let (encoding, units, single, multi) = match septets {
        Some(septets) => (Encoding::Gsm7, septets, 160, 153),
        None => (Encoding::Ucs2, text.encode_utf16().count(), 70, 67),
    };
    let count = match units {
        0 => 0,
        n if n <= single => 1,
        n => n.div_ceil(multi),
    };
    Segments { encoding, units, count }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A page link as the server makes it (`{public_url}/me/{32 hex digits}`).
    const LINK: &str = "https://loyalty.example.ly/me/0e2aafcb16dd925b49c19e41825175c0";

    fn fields<'a>(name: &'a str, store: &'a str) -> Fields<'a> {
        Fields { name, store, points: 25, balance: 140, link: LINK }
    }

    #[test]
    fn gsm7_fits_160_then_153_per_segment() {
        assert_eq!(segments(""), Segments { encoding: Encoding::Gsm7, units: 0, count: 0 });
        assert_eq!(segments(&"a".repeat(160)).count, 1);
        assert_eq!(segments(&"a".repeat(161)).count, 2);
        assert_eq!(segments(&"a".repeat(306)).count, 2);
        assert_eq!(segments(&"a".repeat(307)).count, 3);
        // An extension character takes two septets.
        assert_eq!(segments("€").units, 2);
        assert_eq!(segments(&format!("{}€", "a".repeat(159))).count, 2);
    }

    #[test]
    fn arabic_is_ucs2_70_then_67_per_segment() {
        let one = "ب".repeat(70);
        assert_eq!(segments(&one), Segments { encoding: Encoding::Ucs2, units: 70, count: 1 });
        assert_eq!(segments(&"ب".repeat(71)).count, 2);
        assert_eq!(segments(&"ب".repeat(134)).count, 2);
        assert_eq!(segments(&"ب".repeat(135)).count, 3);
        // One character outside GSM-7 makes the whole text UCS-2.
        assert_eq!(segments(&format!("{}ب", "a".repeat(69))).count, 1);
        assert_eq!(segments(&format!("{}ب", "a".repeat(70))).count, 2);
    }

    #[test]
    fn every_template_fits_one_segment_with_a_usual_name_and_store() {
        for kind in MessageKind::all() {
            for language in MessageLanguage::all() {
                let text = render(*kind, *language, None, &fields("أحمد علي", "مقهى النخلة"));
                // A link takes most of a UCS-2 segment by itself (any Arabic in the text makes it
                // UCS-2): the link message takes two.
                let most = if *kind == MessageKind::Link { 2 } else { 1 };
                assert!(segments(&text).count <= most, "{kind:?}: {text} ({} units)", segments(&text).units);
                assert!(!text.contains('{'), "{kind:?}: {text}");
                // The defaults pass the owner's own check.
                let (long, short) = templates(*kind, *language);
                assert_eq!(check_template(*kind, long).as_deref(), Ok(long));
                assert_eq!(check_template(*kind, short).as_deref(), Ok(short));
            }
        }
    }

    #[test]
    fn points_earned_reads_the_sale() {
        let text = render(MessageKind::PointsEarned, MessageLanguage::Ar, None, &fields("سالم", "مقهى النخلة"));
        assert_eq!(text, "سالم، ربحت 25 نقطة في مقهى النخلة. رصيدك 140.");
        let text = render(MessageKind::PointsEarned, MessageLanguage::En, None, &fields("Salem", "Palm Cafe"));
        assert_eq!(text, "Salem, you earned 25 points at Palm Cafe. Balance: 140.");
        let text = render(MessageKind::PointsExpiring, MessageLanguage::Ar, None, &fields("سالم", "مقهى النخلة"));
        assert!(text.contains(&format!("خلال {EXPIRY_MESSAGE_DAYS} يوماً")), "{text}");
    }

    #[test]
    fn a_name_written_the_other_way_is_set_apart() {
        let earned = |language, name, store| render(MessageKind::PointsEarned, language, None, &fields(name, store));
        assert_eq!(
            earned(MessageLanguage::En, "Salem", "بن علي - طرابلس"),
            "Salem, you earned 25 points at \u{2068}بن علي - طرابلس\u{2069}. Balance: 140."
        );
        assert_eq!(
            earned(MessageLanguage::Ar, "Salem Ali", "مقهى النخلة"),
            "\u{2068}Salem Ali\u{2069}، ربحت 25 نقطة في مقهى النخلة. رصيدك 140."
        );
        // Written the text's way, or without letters: as it is, and English stays GSM-7.
        let plain = earned(MessageLanguage::En, "Salem", "Palm Cafe");
        assert!(!plain.contains('\u{2068}') && segments(&plain).encoding == Encoding::Gsm7, "{plain}");
        assert_eq!(earned(MessageLanguage::Ar, "سالم", "24/7"), "سالم، ربحت 25 نقطة في 24/7. رصيدك 140.");
    }

    #[test]
    fn the_link_message_carries_the_link() {
        let text = render(MessageKind::Link, MessageLanguage::En, None, &fields("Salem", "Palm Cafe"));
        assert_eq!(text, format!("Salem, your balance at Palm Cafe: 140 points. Your page: {LINK}"));
        let text = render(MessageKind::Link, MessageLanguage::Ar, None, &fields("سالم", "مقهى النخلة"));
        assert!(text.ends_with(LINK), "{text}");
    }

    #[test]
    fn arabic_counts_three_to_ten_with_the_plural() {
        let earned = |points: i64, balance: i64| {
            let fields = Fields { points, balance, ..fields("سالم", "مقهى") };
            render(MessageKind::PointsEarned, MessageLanguage::Ar, None, &fields)
        };
        assert_eq!(earned(5, 140), "سالم، ربحت 5 نقاط في مقهى. رصيدك 140.");
        assert_eq!(earned(10, 140), "سالم، ربحت 10 نقاط في مقهى. رصيدك 140.");
        assert_eq!(earned(11, 140), "سالم، ربحت 11 نقطة في مقهى. رصيدك 140.");
        assert_eq!(earned(105, 140), "سالم، ربحت 105 نقاط في مقهى. رصيدك 140.");
        // The owner's own text too, the balance as well; English is left as written.
        let own = "+{points} نقطة، رصيدك {balance} نقطة.";
        let fields = Fields { points: 4, balance: 7, ..fields("سالم", "مقهى") };
        assert_eq!(
            render(MessageKind::PointsEarned, MessageLanguage::Ar, Some(own), &fields),
            "+4 نقاط، رصيدك 7 نقاط."
        );
        let text = render(MessageKind::PointsEarned, MessageLanguage::En, Some("{points} نقطة"), &fields);
        assert_eq!(text, "4 نقطة");
    }

    #[test]
    fn a_long_name_drops_to_the_short_form() {
        let name = "عبد الرحمن بن محمد بن عبد الله الطرابلسي";
        let text = render(MessageKind::PointsEarned, MessageLanguage::Ar, None, &fields(name, "مقهى النخلة"));
        assert_eq!(text, "ربحت 25 نقطة في مقهى النخلة. رصيدك 140.");
        assert_eq!(segments(&text).count, 1);
    }

    #[test]
    fn prices_read_as_dollars_in_millionths() {
        assert_eq!(parse_price_usd("0.35"), Ok(350_000));
        assert_eq!(parse_price_usd(" 1 "), Ok(1_000_000));
        assert_eq!(parse_price_usd("0.000001"), Ok(1));
        assert_eq!(parse_price_usd("10"), Ok(PRICE_MAX_MICRO_USD));
        assert_eq!(parse_price_usd(SMS_SEGMENT_PRICE_DEFAULT_USD), Ok(350_000));
        assert_eq!(parse_price_usd(WHATSAPP_MESSAGE_PRICE_DEFAULT_USD), Ok(22_500));
        for bad in ["", ".5", "1.", "-1", "0.0000001", "10.01", "1e3", "0,35"] {
            assert!(parse_price_usd(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn an_owners_template_is_sent_as_written() {
        let own = "شكراً {name}! +{points} نقطة، رصيدك {balance}.";
        let text = render(MessageKind::PointsEarned, MessageLanguage::Ar, Some(own), &fields("سالم", "مقهى"));
        assert_eq!(text, "شكراً سالم! +25 نقطة، رصيدك 140.");
    }

    #[test]
    fn an_owners_template_is_checked() {
        let earned = MessageKind::PointsEarned;
        assert_eq!(check_template(earned, "  +{points} at {store}  ").as_deref(), Ok("+{points} at {store}"));
        assert_eq!(check_template(earned, "   "), Err(Msg::TemplateRequired));
        assert_eq!(check_template(earned, "{points} {nmae}"), Err(Msg::TemplatePlaceholderUnknown));
        assert_eq!(check_template(earned, "{points} {name"), Err(Msg::TemplateBraces));
        assert_eq!(check_template(earned, "{points} name}"), Err(Msg::TemplateBraces));
        assert_eq!(check_template(earned, "{points} {}"), Err(Msg::TemplateBraces));
        assert_eq!(check_template(earned, "Thank you {name}"), Err(Msg::TemplatePointsRequired));
        // {days} belongs to the expiry notice alone; a welcome needs no points.
        assert_eq!(check_template(earned, "{points} in {days}"), Err(Msg::TemplatePlaceholderUnknown));
        assert!(check_template(MessageKind::PointsExpiring, "{points} in {days}").is_ok());
        assert!(check_template(MessageKind::Welcome, "Welcome {name}").is_ok());
        // The link message keeps its link, and says no points of a sale.
        assert_eq!(check_template(MessageKind::Link, "Your page at {store}"), Err(Msg::TemplateLinkRequired));
        assert_eq!(check_template(MessageKind::Link, "{points} {link}"), Err(Msg::TemplatePlaceholderUnknown));
        assert!(check_template(MessageKind::Link, "{name}: {link}").is_ok());
        let long = format!("{{points}}{}", "ب".repeat(TEMPLATE_MAX_CHARS - 8));
        assert!(check_template(earned, &long).is_ok());
        assert_eq!(check_template(earned, &format!("{long}ب")), Err(Msg::TemplateTooLong));
    }

    #[test]
    fn whatsapp_before_sms_and_nothing_without_consent() {
        assert_eq!(route(true, true), Some(MessageChannel::Whatsapp));
        assert_eq!(route(true, false), Some(MessageChannel::Whatsapp));
        assert_eq!(route(false, true), Some(MessageChannel::Sms));
        assert_eq!(route(false, false), None);
    }

    #[test]
    fn stop_in_either_language_any_case_trimmed() {
        for text in ["STOP", "stop", " Stop\n", "إيقاف", " الغاء ", "إلغاء"] {
            assert!(is_stop(text), "{text:?}");
        }
        for text in ["", "stop please", "STOPP", "شكرا", "إيقاف الرسائل"] {
            assert!(!is_stop(text), "{text:?}");
        }
    }

    #[test]
    fn a_files_consent_and_language_read_in_either_language() {
        for yes in ["yes", " YES ", "y", "True", "1", "x", "✓", "نعم"] {
            assert_eq!(consent_answer(yes), Ok(true), "{yes:?}");
        }
        for no in ["", "  ", "no", "N", "false", "0", "لا"] {
            assert_eq!(consent_answer(no), Ok(false), "{no:?}");
        }
        assert_eq!(consent_answer("maybe"), Err(Msg::ImportConsentYesNo));
        assert_eq!(language_answer(""), Ok(None));
        assert_eq!(language_answer(" English "), Ok(Some(MessageLanguage::En)));
        assert_eq!(language_answer("العربية"), Ok(Some(MessageLanguage::Ar)));
        assert_eq!(language_answer("fr"), Err(Msg::ConsentLanguageUnknown));
    }

    #[test]
    fn monthly_limit_from_none_to_the_maximum() {
        assert_eq!(monthly_limit(0), Ok(0));
        assert_eq!(monthly_limit(MONTHLY_LIMIT_MAX), Ok(MONTHLY_LIMIT_MAX));
        assert_eq!(monthly_limit(-1), Err(Msg::MessagesMonthlyLimitRange));
        assert_eq!(monthly_limit(MONTHLY_LIMIT_MAX + 1), Err(Msg::MessagesMonthlyLimitRange));
    }
}
