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

/// Whether a customer's reply asks to stop messages: "STOP" in any case, "إيقاف", "الغاء" or
/// "إلغاء", alone (trimmed).
pub fn is_stop(text: &str) -> bool {
    let text = text.trim();
    text.eq_ignore_ascii_case("stop") || matches!(text, "إيقاف" | "الغاء" | "إلغاء")
}

/// What fills a template's placeholders: `{name}`, `{store}`, `{points}`, `{balance}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fields<'a> {
    pub name: &'a str,
    pub store: &'a str,
    pub points: i64,
    pub balance: i64,
}

/// Each kind's template, long (with the name) and short (without it).
pub fn templates(kind: MessageKind) -> (&'static str, &'static str) {
    match kind {
        MessageKind::Welcome => (
            "أهلاً {name}! انضممت إلى نقاط {store}. رصيدك {balance} نقطة.",
            "أهلاً بك في نقاط {store}. رصيدك {balance} نقطة.",
        ),
        MessageKind::PointsEarned => (
            "{name}، ربحت {points} نقطة في {store}. رصيدك {balance}.",
            "ربحت {points} نقطة في {store}. رصيدك {balance}.",
        ),
        MessageKind::PointsExpiring => (
            "{name}، تنتهي {points} نقطة في {store} خلال 14 يوماً. رصيدك {balance}.",
            "تنتهي {points} نقطة في {store} خلال 14 يوماً.",
        ),
        MessageKind::Birthday => {
            ("عيد ميلاد سعيد {name}! هديتك {points} نقطة من {store}.", "عيد ميلاد سعيد! هديتك {points} نقطة من {store}.")
        }
        MessageKind::Link => ("{name}، رصيدك في {store}: {balance} نقطة.", "رصيدك في {store}: {balance} نقطة."),
    }
}

/// `template` with its placeholders filled.
pub fn fill(template: &str, fields: &Fields<'_>) -> String {
    template
        .replace("{name}", fields.name.trim())
        .replace("{store}", fields.store.trim())
        .replace("{points}", &fields.points.to_string())
        .replace("{balance}", &fields.balance.to_string())
}

/// The text of a message: the long form when it fits one SMS segment, else the short form when
/// that takes fewer segments (the long one otherwise).
pub fn render(kind: MessageKind, fields: &Fields<'_>) -> String {
    let (long, short) = templates(kind);
    let long = fill(long, fields);
    if segments(&long).count <= 1 {
        return long;
    }
    let short = fill(short, fields);
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

    fn fields<'a>(name: &'a str, store: &'a str) -> Fields<'a> {
        Fields { name, store, points: 25, balance: 140 }
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
            let text = render(*kind, &fields("أحمد علي", "مقهى النخلة"));
            assert_eq!(segments(&text).count, 1, "{kind:?}: {text} ({} units)", segments(&text).units);
            assert!(!text.contains('{'), "{kind:?}: {text}");
        }
    }

    #[test]
    fn points_earned_reads_the_sale() {
        let text = render(MessageKind::PointsEarned, &fields("سالم", "مقهى النخلة"));
        assert_eq!(text, "سالم، ربحت 25 نقطة في مقهى النخلة. رصيدك 140.");
    }

    #[test]
    fn a_long_name_drops_to_the_short_form() {
        let name = "عبد الرحمن بن محمد بن عبد الله الطرابلسي";
        let text = render(MessageKind::PointsEarned, &fields(name, "مقهى النخلة"));
        assert_eq!(text, "ربحت 25 نقطة في مقهى النخلة. رصيدك 140.");
        assert_eq!(segments(&text).count, 1);
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
    fn monthly_limit_from_none_to_the_maximum() {
        assert_eq!(monthly_limit(0), Ok(0));
        assert_eq!(monthly_limit(MONTHLY_LIMIT_MAX), Ok(MONTHLY_LIMIT_MAX));
        assert_eq!(monthly_limit(-1), Err(Msg::MessagesMonthlyLimitRange));
        assert_eq!(monthly_limit(MONTHLY_LIMIT_MAX + 1), Err(Msg::MessagesMonthlyLimitRange));
    }
}
