//! A password a person chooses: the one rule for every form that sets one (sign-up, the admin's
//! user form, the owner's staff form).

use crate::Msg;

/// The fewest and most characters of a password (spaces count).
pub const PASSWORD_MIN: usize = 8;
pub const PASSWORD_MAX: usize = 128;

/// A password within bounds, as typed. Its text never reaches a log or an answer.
#[derive(Clone, PartialEq, Eq)]
pub struct NewPassword(String);

impl NewPassword {
    pub fn parse(password: &str) -> Result<NewPassword, Msg> {
        match password.chars().count() {
            0 => Err(Msg::PasswordRequired),
            n if n < PASSWORD_MIN => Err(Msg::PasswordTooShort),
            n if n > PASSWORD_MAX => Err(Msg::PasswordTooLong),
            _ => Ok(NewPassword(password.to_owned())),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_inner(self) -> String {
        self.0
    }
}

impl std::fmt::Debug for NewPassword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NewPassword(..)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_in_characters() {
        assert_eq!(NewPassword::parse(""), Err(Msg::PasswordRequired));
        assert_eq!(NewPassword::parse("1234567"), Err(Msg::PasswordTooShort));
        assert_eq!(NewPassword::parse("demo1234").map(NewPassword::into_inner), Ok("demo1234".to_owned()));
        assert_eq!(NewPassword::parse(&"x".repeat(129)), Err(Msg::PasswordTooLong));
        // Characters, not bytes: eight Arabic letters are enough, 128 are not too many.
        assert!(NewPassword::parse("كلمةسرية").is_ok());
        assert!(NewPassword::parse(&"ك".repeat(128)).is_ok());
        assert_eq!(format!("{:?}", NewPassword::parse("demo1234")), "Ok(NewPassword(..))");
    }
}
