//! Users and sign-in: who the caller is and what they may do; an owner's POS users.

use super::*;

#[derive(Debug, Serialize, ToSchema)]
pub struct StoreRefDto {
    pub id: i64,
    pub name: String,
}

impl From<StoreRef> for StoreRefDto {
    fn from(s: StoreRef) -> Self {
        Self { id: s.id, name: s.name }
    }
}

named!(RoleDto(loyalty_domain::Role));

/// A staff member. The password is never returned.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserDto {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub role: RoleDto,
    pub is_active: bool,
    /// Set for store owners.
    pub store_owner_name: Option<String>,
    /// The store of a POS user.
    pub store_id: Option<i64>,
    pub store: Option<StoreRefDto>,
    pub created_at: DateTime<Utc>,
}

impl From<User> for UserDto {
    fn from(u: User) -> Self {
        Self {
            id: u.id,
            name: u.name,
            email: u.email,
            role: u.role.into(),
            is_active: u.is_active,
            store_owner_name: u.store_owner_name,
            store_id: u.store.as_ref().map(|s| s.id),
            store: u.store.map(Into::into),
            created_at: utc(u.created_at),
        }
    }
}
envelope!(UserEnvelope, UserDto);

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LoginRequest {
    #[serde(default)]
    #[schema(required = true)]
    #[schema(example = "owner@demo.ly")]
    pub email: String,
    #[serde(default)]
    #[schema(required = true)]
    #[schema(example = "demo1234")]
    pub password: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RegisterRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    #[serde(default)]
    #[schema(required = true)]
    pub email: String,
    /// At least 8 characters.
    #[serde(default)]
    #[schema(required = true)]
    pub password: String,
    #[serde(default)]
    #[schema(required = true)]
    pub store_owner_name: String,
}

named!(
    /// Something a signed-in person may do (see `SignedInUser.permissions`): the application's
    /// permission by its `snake_case` name, the names listed in the document from the same enum.
    PermissionDto(Permission),
    "Something a signed-in person may do (see `SignedInUser.permissions`)."
);

/// The signed-in person, with what they may do: a client offers exactly these actions (the
/// server refuses the others with 403).
#[derive(Debug, Serialize, ToSchema)]
pub struct SignedInUser {
    #[serde(flatten)]
    pub user: UserDto,
    pub permissions: Vec<PermissionDto>,
}
envelope!(SignedInUserEnvelope, SignedInUser);

impl From<User> for SignedInUser {
    fn from(user: User) -> Self {
        let permissions = Permission::of(user.role).into_iter().map(Into::into).collect();
        Self { user: user.into(), permissions }
    }
}

/// A signed-in session.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuthSession {
    /// Send as `Authorization: Bearer <token>`.
    pub token: String,
    #[schema(example = "Bearer")]
    pub token_type: &'static str,
    pub expires_at: DateTime<Utc>,
    pub user: SignedInUser,
}
envelope!(AuthSessionEnvelope, AuthSession);

#[derive(Debug, Serialize, ToSchema)]
pub struct UserListPlain {
    pub data: Vec<UserDto>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"name": "Nadia Salem", "email": "nadia@example.ly", "password": "s3cure-Passw0rd", "store_id": 1}))]
#[serde(deny_unknown_fields)]
pub struct StaffRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    #[serde(default)]
    #[schema(required = true)]
    pub email: String,
    /// Required on create; leave out (or empty) on edit to keep the current one.
    pub password: Option<String>,
    pub store_id: Option<i64>,
}

/// A JSON Merge Patch (RFC 7396) of a POS user (`PATCH`, `application/merge-patch+json` or
/// `application/json`): a field left out stays as it is, a value replaces it;
/// `{"is_active": false}` stops its sign-in and ends its sessions, as `POST .../deactivate` does.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"is_active": false}))]
#[serde(deny_unknown_fields)]
pub struct StaffPatchRequest {
    #[serde(default, deserialize_with = "super::non_null")]
    #[schema(value_type = String)]
    pub name: Option<String>,
    #[serde(default, deserialize_with = "super::non_null")]
    #[schema(value_type = String)]
    pub email: Option<String>,
    /// A new password; left out (or empty) keeps the current one.
    #[serde(default, deserialize_with = "super::non_null")]
    #[schema(value_type = String)]
    pub password: Option<String>,
    /// Another of the owner's stores (its sessions end).
    #[serde(default, deserialize_with = "super::non_null")]
    #[schema(value_type = i64)]
    pub store_id: Option<i64>,
    #[serde(default, deserialize_with = "super::non_null")]
    #[schema(value_type = bool)]
    pub is_active: Option<bool>,
}
