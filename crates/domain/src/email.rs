use crate::Msg;

/// An email address, trimmed and lower-cased, with the shape `local@domain.tld`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    pub const MAX_LEN: usize = 254;

    pub fn parse(input: &str) -> Result<Self, Msg> {
        let value = input.trim().to_lowercase();
        if value.is_empty() {
            return Err(Msg::EmailRequired);
        }
        if value.len() > Self::MAX_LEN || !Self::looks_valid(&value) {
            return Err(Msg::EmailInvalid);
        }
        Ok(Self(value))
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
