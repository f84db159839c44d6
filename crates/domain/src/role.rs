crate::code_enum! {
    /// A staff member's role (spec section 3).
    pub enum Role {
        Admin,
        StoreOwner,
        PosUser,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_rejects_unknown() {
        for &role in Role::all() {
            assert_eq!(Role::parse(role.as_str()), Some(role));
        }
        assert_eq!(Role::parse("superuser"), None);
        assert_eq!(Role::parse("Admin"), None);
    }
}
