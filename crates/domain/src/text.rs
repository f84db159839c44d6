use unicode_normalization::UnicodeNormalization;

use crate::Msg;

/// A required, trimmed, bounded one-line text such as a person's or a store's name: see
/// [`clean`]. A text with nothing visible in it is missing.
///
/// Every text is bounded twice, as typed and as kept: a value longer than `max_chars` as typed
/// is refused even when trimming would shorten it, so the published `maxLength` is exactly the
/// rule (NFC normalising can also lengthen a text, hence the second check).
pub fn required(input: &str, missing: Msg, max_chars: usize) -> Result<String, Msg> {
    typed_within(input, max_chars)?;
    match clean(input, Lines::One)? {
        None => Err(missing),
        Some(t) if t.chars().count() > max_chars => Err(Msg::TooLong),
        Some(t) => Ok(t),
    }
}

/// An optional trimmed one-line text: blank (or nothing visible) becomes `None`.
pub fn optional(input: Option<&str>, max_chars: usize) -> Result<Option<String>, Msg> {
    input.map(|i| typed_within(i, max_chars)).transpose()?;
    bounded(input.map(|i| clean(i, Lines::One)).transpose()?.flatten(), max_chars)
}

/// An optional text that may run over several lines (a description, notes).
pub fn optional_multiline(input: Option<&str>, max_chars: usize) -> Result<Option<String>, Msg> {
    input.map(|i| typed_within(i, max_chars)).transpose()?;
    bounded(input.map(|i| clean(i, Lines::Many)).transpose()?.flatten(), max_chars)
}

fn typed_within(input: &str, max_chars: usize) -> Result<(), Msg> {
    if input.chars().count() > max_chars {
        Err(Msg::TooLong)
    } else {
        Ok(())
    }
}

fn bounded(text: Option<String>, max_chars: usize) -> Result<Option<String>, Msg> {
    match text {
        Some(t) if t.chars().count() > max_chars => Err(Msg::TooLong),
        other => Ok(other),
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Lines {
    One,
    Many,
}

/// Free text as it is kept: NFC-normalised and trimmed; refused when it holds a control
/// character (NUL among them: PostgreSQL cannot store it) other than line breaks and tabs in a
/// multi-line text, or a bidirectional override or isolate (which can make a name read as
/// something else, e.g. "Sara\u{202E}lio" reads "Saraoil"). `None` when nothing visible is left.
fn clean(input: &str, lines: Lines) -> Result<Option<String>, Msg> {
    let text: String = input.nfc().collect();
    let allowed_control = |c: char| lines == Lines::Many && matches!(c, '\n' | '\r' | '\t');
    if text.chars().any(|c| (c.is_control() && !allowed_control(c)) || is_bidi_control(c)) {
        return Err(Msg::TextCharactersNotAllowed);
    }
    let trimmed = text.trim_matches(|c: char| c.is_whitespace() || is_invisible(c));
    if trimmed.chars().all(|c| c.is_whitespace() || is_invisible(c)) {
        return Ok(None);
    }
    Ok(Some(trimmed.to_owned()))
}

/// Whether `input` holds a character no lookup key (a token, a code, a search) ever has:
/// a control character or a bidirectional control.
pub fn has_forbidden_characters(input: &str) -> bool {
    input.chars().any(|c| c.is_control() || is_bidi_control(c))
}

/// Embeddings, overrides and isolates (U+202A..U+202E, U+2066..U+2069).
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Characters that take no room and show nothing: zero-width spaces and joiners, marks,
/// word joiners, the byte-order mark, the soft hyphen, fillers.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{2060}'..='\u{2064}'
            | '\u{3164}'
            | '\u{FEFF}'
            | '\u{FFA0}'
    )
}

/// What a person typed with Arabic-Indic digits (٠-٩, ۰-۹) as ASCII digits and the Arabic
/// decimal separator (U+066B) as a dot, so "٠٩١٢" is searched and parsed as "0912".
pub fn latin_digits(input: &str) -> std::borrow::Cow<'_, str> {
    let eastern = |c: char| matches!(c, '\u{0660}'..='\u{0669}' | '\u{06F0}'..='\u{06F9}' | '\u{066B}');
    if !input.chars().any(eastern) {
        return std::borrow::Cow::Borrowed(input);
    }
    input
        .chars()
        .map(|c| match c {
            '\u{0660}'..='\u{0669}' => char::from(b'0' + (u32::from(c) - 0x0660) as u8),
            '\u{06F0}'..='\u{06F9}' => char::from(b'0' + (u32::from(c) - 0x06F0) as u8),
            '\u{066B}' => '.',
            other => other,
        })
        .collect()
}

/// Text as it is searched: lower case, Arabic-Indic digits as ASCII, the alef's hamza and madda
/// forms as a plain alef, alef maqsura as ya, ta marbuta as ha, hamza on waw or ya as the
/// letter, no tatweel or vowel marks, runs of spaces as one. A stored customer's search text and
/// a cashier's query are both made with it, so "أحمد" finds "احمد" and "٠٩١" finds "091".
pub fn search_key(input: &str) -> String {
    let digits = latin_digits(input);
    let folded = digits.chars().filter_map(|c| match c {
        '\u{0640}' | '\u{064B}'..='\u{065F}' | '\u{0670}' => None,
        'أ' | 'إ' | 'آ' | 'ٱ' => Some('ا'),
        'ى' | 'ئ' => Some('ي'),
        'ؤ' => Some('و'),
        'ة' => Some('ه'),
        c => Some(c),
    });
    let lower: String = folded.flat_map(char::to_lowercase).collect();
    lower.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The start of a long value, to echo it back without sending it whole: at most `max_chars`
/// characters, with "…" when cut.
pub fn excerpt(value: &str, max_chars: usize) -> String {
    match value.char_indices().nth(max_chars) {
        Some((end, _)) => format!("{}…", &value[..end]),
        None => value.to_owned(),
    }
}

/// Longest name we keep for people, stores, rewards and packages.
pub const NAME_MAX: usize = 120;
/// Longest notes (on cards and plans) and reward description.
pub const NOTES_MAX: usize = 500;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_keys_fold_what_arabic_writes_several_ways() {
        assert_eq!(search_key("أحمد  إبراهيم"), search_key("احمد ابراهيم"));
        assert_eq!(search_key("فاطمة"), "فاطمه");
        assert_eq!(search_key("مُـحَمَّد"), "محمد");
        assert_eq!(search_key("مصطفى"), search_key("مصطفي"));
        assert_eq!(search_key("٠٩١٢"), "0912");
        assert_eq!(search_key("Salma@Mail.LY"), "salma@mail.ly");
        assert_eq!(search_key("لؤلؤة"), "لولوه");
    }

    #[test]
    fn control_and_bidi_characters_are_refused() {
        for bad in ["Sara\u{0}", "Sa\u{202E}ra", "Sara\u{2066}x", "a\nb", "a\u{7}b", "a\u{85}b"] {
            assert_eq!(required(bad, Msg::NameRequired, 50), Err(Msg::TextCharactersNotAllowed), "{bad:?}");
        }
        assert_eq!(optional_multiline(Some("line one\nline two\tend"), 50), Ok(Some("line one\nline two\tend".into())));
        assert_eq!(optional_multiline(Some("a\u{0}"), 50), Err(Msg::TextCharactersNotAllowed));
        assert!(has_forbidden_characters("tok\u{0}en") && !has_forbidden_characters("token-1_A"));
    }

    #[test]
    fn a_text_is_bounded_as_typed_and_as_kept() {
        assert_eq!(required(&format!("{} ", "a".repeat(5)), Msg::NameRequired, 5), Err(Msg::TooLong));
        assert_eq!(optional(Some(&format!(" {}", "a".repeat(5))), 5), Err(Msg::TooLong));
        assert_eq!(optional_multiline(Some("abcde\n"), 5), Err(Msg::TooLong));
        assert_eq!(required("abcde", Msg::NameRequired, 5), Ok("abcde".into()));
        // "e" + combining acute is two characters typed, one kept: still two as typed.
        assert_eq!(required("Rene\u{301}", Msg::NameRequired, 4), Err(Msg::TooLong));
    }

    #[test]
    fn nothing_visible_is_missing() {
        assert_eq!(required("\u{200B}\u{200C}\u{FEFF}", Msg::NameRequired, 50), Err(Msg::NameRequired));
        assert_eq!(optional(Some(" \u{200B} "), 50), Ok(None));
        // A joiner inside a word is kept: it shapes Arabic and emoji.
        assert_eq!(required("\u{200B}لا\u{200D}م ", Msg::NameRequired, 50), Ok("لا\u{200D}م".into()));
    }

    #[test]
    fn text_is_kept_nfc() {
        // "e" + combining acute becomes the one precomposed letter.
        assert_eq!(required("Rene\u{301}", Msg::NameRequired, 50), Ok("Ren\u{E9}".into()));
    }

    #[test]
    fn a_long_value_is_echoed_as_its_start() {
        assert_eq!(excerpt("سالمة", 10), "سالمة");
        assert_eq!(excerpt(&"ب".repeat(100), 3), "ببب…");
    }

    #[test]
    fn eastern_arabic_digits_read_as_latin() {
        assert_eq!(latin_digits("٠٩١٢"), "0912");
        assert_eq!(latin_digits("۰۹۱۲"), "0912");
        assert_eq!(latin_digits("١٢٫٥"), "12.5");
        assert_eq!(latin_digits("سالم 12"), "سالم 12");
    }

    #[test]
    fn required_trims_and_rejects_blank_and_long() {
        assert_eq!(required("  سالم  ", Msg::NameRequired, 10), Ok("سالم".into()));
        assert_eq!(required("   ", Msg::NameRequired, 10), Err(Msg::NameRequired));
        assert_eq!(required(&"x".repeat(11), Msg::NameRequired, 10), Err(Msg::TooLong));
        // Counted in characters, not bytes: ten Arabic letters fit in ten.
        assert!(required(&"س".repeat(10), Msg::NameRequired, 10).is_ok());
    }

    #[test]
    fn optional_blank_is_none() {
        assert_eq!(optional(Some("  "), 5), Ok(None));
        assert_eq!(optional(None, 5), Ok(None));
        assert_eq!(optional(Some(" a "), 5), Ok(Some("a".into())));
        assert_eq!(optional(Some("abcdef"), 5), Err(Msg::TooLong));
    }
}
