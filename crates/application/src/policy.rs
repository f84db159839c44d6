use loyalty_domain::Role;

use crate::AppError;

/// Who is calling: taken from a verified token, never from a request body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    pub user_id: i64,
    pub role: Role,
    /// The one store of a POS user.
    pub store_id: Option<i64>,
    pub session_id: String,
}

impl Actor {
    /// 403 unless the actor has one of `roles`.
    pub fn require(&self, roles: &[Role]) -> Result<(), AppError> {
        if roles.contains(&self.role) {
            Ok(())
        } else {
            Err(AppError::Forbidden)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn require_checks_role() {
        let actor = Actor { user_id: 1, role: Role::PosUser, store_id: Some(3), session_id: "s".into() };
        assert!(actor.require(&[Role::PosUser, Role::StoreOwner]).is_ok());
        assert!(matches!(actor.require(&[Role::Admin]), Err(AppError::Forbidden)));
    }
}
