/// A staff member's role (spec section 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumString, strum::VariantArray)]
#[strum(serialize_all = "snake_case")]
pub enum Role {
    Admin,
    StoreOwner,
    PosUser,
}

impl Role {
    /// The name stored and sent (`snake_case`).
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    pub fn parse(value: &str) -> Option<Self> {
        value.parse().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_rejects_unknown() {
        for &role in <Role as strum::VariantArray>::VARIANTS {
            assert_eq!(Role::parse(role.as_str()), Some(role));
        }
        assert_eq!(Role::parse("superuser"), None);
        assert_eq!(Role::parse("Admin"), None);
    }
}
