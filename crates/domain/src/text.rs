use crate::Msg;

/// A required, trimmed, bounded text such as a person's or a store's name.
pub fn required(input: &str, missing: Msg, max_chars: usize) -> Result<String, Msg> {
    let trimmed = input.trim();
    if trimmed.is_empty() {
        Err(missing)
    } else if trimmed.chars().count() > max_chars {
        Err(Msg::TooLong)
    } else {
        Ok(trimmed.to_owned())
    }
}

/// An optional trimmed text: blank becomes `None`.
pub fn optional(input: Option<&str>, max_chars: usize) -> Result<Option<String>, Msg> {
    match input.map(str::trim) {
        None | Some("") => Ok(None),
        Some(t) if t.chars().count() > max_chars => Err(Msg::TooLong),
        Some(t) => Ok(Some(t.to_owned())),
    }
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

/// Longest name we keep for people, stores, rewards and packages.
pub const NAME_MAX: usize = 120;

#[cfg(test)]
mod tests {
    use super::*;

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
