/// A staff member's role (spec section 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    Admin,
    StoreOwner,
    PosUser,
}

impl Role {
    pub const ALL: [Role; 3] = [Role::Admin, Role::StoreOwner, Role::PosUser];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::StoreOwner => "store_owner",
            Role::PosUser => "pos_user",
        }
    }

    pub fn parse(value: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.as_str() == value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_rejects_unknown() {
        for role in Role::ALL {
            assert_eq!(Role::parse(role.as_str()), Some(role));
        }
        assert_eq!(Role::parse("superuser"), None);
        assert_eq!(Role::parse("Admin"), None);
    }
}
