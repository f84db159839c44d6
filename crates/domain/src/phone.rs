use std::sync::LazyLock;

use phonenumber::country::Id;
use phonenumber::Mode;
use quick_cache::sync::Cache;

use crate::Msg;

/// How many texts' parse answers [`Phone::parse`] keeps (about a megabyte).
const PARSE_CACHE_ENTRIES: usize = 10_000;

/// A phone number in E.164 form (`+218912345678`). Libyan local forms are read as Libyan:
/// `0912345678`, `091-234-5678`, `+218 91 234 5678`, `00218912345678`, `218912345678`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Phone(String);

impl Phone {
    pub fn parse(input: &str) -> Result<Self, Msg> {
        let input = crate::text::latin_digits(input);
        let trimmed = input.trim();
        if trimmed.is_empty() {
            return Err(Msg::PhoneRequired);
        }
        if trimmed.len() > 32 {
            return Err(Msg::PhoneInvalid);
        }
        // The library's parse and validation run its regular expressions (a fifteenth of a public
        // lookup's time, issue #20); the answer depends on the text only, so the last few
        // thousand texts' answers are kept. Bounded: varied input only replaces entries.
        static PARSED: LazyLock<Cache<String, Result<Phone, Msg>>> = LazyLock::new(|| Cache::new(PARSE_CACHE_ENTRIES));
        if let Some(answer) = PARSED.get(trimmed) {
            return answer;
        }
        let answer = Self::parse_uncached(trimmed);
        PARSED.insert(trimmed.to_owned(), answer.clone());
        answer
    }

    fn parse_uncached(trimmed: &str) -> Result<Self, Msg> {
        let digits: String = trimmed.chars().filter(char::is_ascii_digit).collect();
        // Written without its + or 00, a number starting with Libya's code is still Libyan.
        let candidate = if !trimmed.starts_with('+') && digits.starts_with("218") && digits.len() == 12 {
            format!("+{digits}")
        } else {
            trimmed.to_owned()
        };
        let number = phonenumber::parse(Some(Id::LY), &candidate).map_err(|_| Msg::PhoneInvalid)?;
        if !phonenumber::is_valid(&number) {
            return Err(Msg::PhoneInvalid);
        }
        Ok(Self(number.format().mode(Mode::E164).to_string()))
    }

    /// An optional phone: blank is `None`.
    pub fn parse_optional(input: Option<&str>) -> Result<Option<Self>, Msg> {
        match input.map(str::trim) {
            None | Some("") => Ok(None),
            Some(value) => Self::parse(value).map(Some),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn libyan_forms_normalise_to_e164() {
        for input in
            ["0912345678", "091-234-5678", "+218 91 234 5678", "00218912345678", "218912345678", " 091 234 5678 "]
        {
            assert_eq!(Phone::parse(input).map(|p| p.0), Ok("+218912345678".to_owned()), "{input}");
        }
        assert_eq!(Phone::parse("0925557788").map(|p| p.0), Ok("+218925557788".to_owned()));
        assert_eq!(Phone::parse("٠٩١٢٣٤٥٦٧٨").map(|p| p.0), Ok("+218912345678".to_owned()));
    }

    #[test]
    fn international_numbers_keep_their_country() {
        assert_eq!(Phone::parse("+44 20 7946 0958").map(|p| p.0), Ok("+442079460958".to_owned()));
        assert_eq!(Phone::parse("+216 20 123 456").map(|p| p.0), Ok("+21620123456".to_owned()));
    }

    #[test]
    fn rejects_garbage() {
        assert_eq!(Phone::parse(""), Err(Msg::PhoneRequired));
        for bad in ["abc", "12", "09123", "+999 1234", "091234567890123456"] {
            assert_eq!(Phone::parse(bad), Err(Msg::PhoneInvalid), "{bad}");
        }
        assert_eq!(Phone::parse_optional(Some("  ")), Ok(None));
    }

    proptest! {
        #[test]
        fn any_libyan_mobile_in_any_form_is_the_same(prefix in prop::sample::select(vec!["91", "92", "94", "95"]), rest in "[0-9]{7}") {
            let e164 = format!("+218{prefix}{rest}");
            for form in [format!("0{prefix}{rest}"), format!("00218{prefix}{rest}"), format!("+218 {prefix} {rest}")] {
                prop_assert_eq!(Phone::parse(&form).map(|p| p.0), Ok(e164.clone()));
            }
        }

        #[test]
        fn never_panics(s in "\\PC{0,40}") {
            let _ = Phone::parse(&s);
        }
    }
}
