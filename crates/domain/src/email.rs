use crate::Msg;

/// An email address, trimmed and lower-cased, with the shape `local@domain.tld`, all ASCII:
/// the part before the @ in ASCII (a Cyrillic "о" that looks like "o" is refused, not stored),
/// an international domain in its IDNA (punycode) form, so no two stored emails differ only by
/// look-alike letters.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    pub const MAX_LEN: usize = 254;

    pub fn parse(input: &str) -> Result<Self, Msg> {
        let value = input.trim().to_lowercase();
        if value.is_empty() {
            return Err(Msg::EmailRequired);
        }
        if value.len() > Self::MAX_LEN * 4 {
            return Err(Msg::EmailInvalid);
        }
        let Some((local, domain)) = value.split_once('@') else {
            return Err(Msg::EmailInvalid);
        };
        if !local.is_ascii() {
            return Err(Msg::EmailNotLatin);
        }
        let domain = if domain.is_ascii() {
            domain.to_owned()
        } else {
            idna::domain_to_ascii_strict(domain).map_err(|_| Msg::EmailInvalid)?
        };
        let value = format!("{local}@{domain}");
        if value.len() > Self::MAX_LEN || !Self::looks_valid(&value) {
            return Err(Msg::EmailInvalid);
        }
        Ok(Self(value))
    }

    /// The UTS #39 skeleton: two emails with one skeleton look alike ("rn" and "m").
    pub fn skeleton(&self) -> String {
        Self::skeleton_of(&self.0)
    }

    /// The skeleton of an email already stored.
    pub fn skeleton_of(email: &str) -> String {
        unicode_security::skeleton(&email.to_lowercase()).collect::<String>().to_lowercase()
    }

    /// Whether `self` could be mistaken for `other` without being it.
    pub fn confusable_with(&self, other: &str) -> bool {
        self.0 != other && self.skeleton() == Self::skeleton_of(other)
    }

    fn looks_valid(value: &str) -> bool {
        let Some((local, domain)) = value.split_once('@') else {
            return false;
        };
        let no_space = |s: &str| !s.chars().any(|c| c.is_whitespace() || c.is_control());
        !local.is_empty()
            && local.len() <= 64
            && no_space(local)
            && !domain.contains('@')
            && no_space(domain)
            && domain.split('.').count() >= 2
            && domain.split('.').all(|label| !label.is_empty())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for Email {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn normalises_case_and_space() {
        assert_eq!(Email::parse("  Owner@Demo.LY ").map(|e| e.0), Ok("owner@demo.ly".into()));
    }

    #[test]
    fn rejects_malformed() {
        assert_eq!(Email::parse(""), Err(Msg::EmailRequired));
        assert_eq!(Email::parse("   "), Err(Msg::EmailRequired));
        for bad in ["plain", "a@b", "@demo.ly", "a@@demo.ly", "a b@demo.ly", "a@demo..ly", "a@.ly"] {
            assert_eq!(Email::parse(bad), Err(Msg::EmailInvalid), "{bad}");
        }
        assert_eq!(Email::parse(&format!("{}@demo.ly", "a".repeat(300))), Err(Msg::EmailInvalid));
    }

    #[test]
    fn stores_only_ascii_and_spots_look_alikes() {
        // A Cyrillic "о" (U+043E) before the @ is refused with its own message.
        assert_eq!(Email::parse("\u{43e}wner@demo.ly"), Err(Msg::EmailNotLatin));
        // An international domain is kept in its IDNA form.
        assert_eq!(Email::parse("sara@مثال.ly").map(|e| e.0), Ok("sara@xn--mgbh0fb.ly".into()));
        assert_eq!(Email::parse("sara@d\u{435}mo.ly").map(|e| e.0), Ok("sara@xn--dmo-rdd.ly".into()));
        let rn = Email::parse("rnona@demo.ly").unwrap_or_else(|m| panic!("{m:?}"));
        assert!(rn.confusable_with("mona@demo.ly"));
        assert!(!rn.confusable_with("rnona@demo.ly"), "the same email is a duplicate, not a look-alike");
        assert!(!rn.confusable_with("nona@demo.ly"));
    }

    proptest! {
        #[test]
        fn parsed_is_lowercase_and_reparses_to_itself(local in "[a-zA-Z0-9._+-]{1,20}", domain in "[a-zA-Z0-9-]{1,10}\\.[a-z]{2,4}") {
            let email = Email::parse(&format!("{local}@{domain}")).map_err(|m| TestCaseError::fail(format!("{m:?}")))?;
            prop_assert_eq!(email.as_str(), email.as_str().to_lowercase());
            prop_assert_eq!(Email::parse(email.as_str()), Ok(email.clone()));
        }

        #[test]
        fn never_panics(s in "\\PC{0,80}") {
            let _ = Email::parse(&s);
        }
    }
}
