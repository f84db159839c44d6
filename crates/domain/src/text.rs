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

/// Longest name we keep for people, stores, rewards and packages.
pub const NAME_MAX: usize = 120;

#[cfg(test)]
mod tests {
    use super::*;

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
