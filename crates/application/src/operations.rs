//! Every signed-in operation of the product and who may call it: the one table of
//! authorization. A role, a permission, an API key's scope: all are read here, by
//! [`Actor::authorize`]. The HTTP layer finds the operation of a request by its name (the
//! document's `operationId`) and asks; the use cases ask again for their own operation, so a
//! use case called from anywhere keeps the same rule. Which stores an actor covers is
//! [`StoreAccess`](crate::policy::StoreAccess), next door.

use loyalty_domain::Role;

use crate::policy::{Actor, Permission};
use crate::{ApiScope, AppError};

/// A signed-in operation, named as the API document names it (`operationId`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::EnumString, strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "snake_case")]
pub enum Operation {
    // Signing out and the caller.
    CurrentUser,
    Logout,
    ListNotifications,
    ReadNotifications,
    // A store's customers.
    ListCustomers,
    CreateCustomer,
    SearchCustomers,
    GetCustomer,
    UpdateCustomer,
    PatchCustomer,
    DeleteCustomer,
    ConfirmJoin,
    RevokeCustomerPageLinks,
    CustomerHistory,
    CustomerInvoices,
    CustomerRedemptions,
    CustomerStamps,
    RedeemStamps,
    RecordConsent,
    CustomerMessages,
    SendPageLink,
    // The owner's messages to its customers.
    MessagesSummary,
    ListMessageTemplates,
    PutMessageTemplate,
    DeleteMessageTemplate,
    AddPoints,
    // The counter's sales.
    ListInvoices,
    GetInvoice,
    CreateInvoice,
    PreviewSale,
    VoidInvoice,
    ReturnInvoice,
    PreviewReturn,
    ListRedemptions,
    CreateRedemption,
    PreviewRedemption,
    RecentActivity,
    Today,
    // The owner's business.
    CustomersOverview,
    GetLoyaltyConfig,
    PutLoyaltyConfig,
    PatchLoyaltyConfig,
    GetLoyaltyTiers,
    PutLoyaltyTiers,
    GetStampCard,
    PutStampCard,
    DeleteStampCard,
    GenerateQr,
    RotateQr,
    ListRewards,
    CreateReward,
    UpdateReward,
    PatchReward,
    PosActivities,
    ExportRecords,
    ImportCustomers,
    ImportFormat,
    ImportTemplate,
    ListStaff,
    CreateStaff,
    UpdateStaff,
    PatchStaff,
    ActivateStaff,
    DeactivateStaff,
    DeleteStaff,
    ListOwnerStores,
    OwnerSummary,
    OwnerLiability,
    ListSignals,
    ReviewSignal,
    ListKeys,
    CreateKey,
    RevokeKey,
    GetDataRetention,
    PutDataRetention,
    ListWebhooks,
    CreateWebhook,
    UpdateWebhook,
    PatchWebhook,
    DeleteWebhook,
    RotateWebhookSecret,
    WebhookDeliveries,
    ResendDelivery,
    TestWebhook,
    ListStores,
    CreateStore,
    UpdateStore,
    PatchStore,
    DeleteStore,
    SubscriptionStatus,
    ToggleAutoRenew,
    CancelSubscription,
    PreviewCard,
    RedeemCard,
    ActivePackages,
    // The admin's platform.
    Analytics,
    Overview,
    AllPackages,
    StoreOwnerRecords,
    StoreOwnerOptions,
    PreviewAssignment,
    AssignPackage,
    ListCards,
    CreateCard,
    CreateCards,
    UpdateCard,
    DeleteCard,
    CreatePackage,
    UpdatePackage,
    TogglePackage,
    DeletePackage,
    ListUsers,
    CreateUser,
    UpdateUser,
    ActivateUser,
    DeactivateUser,
    DeleteUser,
}

/// Who may call an operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// People with one of these roles; an API key (which acts as its owner) when the owner's role
    /// is among them and the key holds what [`KeyAccess`] asks.
    Roles(&'static [Role], KeyAccess),
    /// Whoever holds any of these permissions ([`Permission::roles`] for people,
    /// [`Permission::key_scope`] for keys).
    Permissions(&'static [Permission]),
}

/// What an API key needs to call an operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyAccess {
    Never,
    /// Any live key of the owner.
    AnyKey,
    Scope(ApiScope),
}

const EVERYONE: &[Role] = &[Role::PosUser, Role::StoreOwner, Role::Admin];
const COUNTER: &[Role] = &[Role::PosUser, Role::StoreOwner];
const OWNER: &[Role] = &[Role::StoreOwner];
const OWNER_OR_ADMIN: &[Role] = &[Role::StoreOwner, Role::Admin];
const ADMIN: &[Role] = &[Role::Admin];
const POS: &[Role] = &[Role::PosUser];

impl Operation {
    /// The one table.
    pub fn rule(self) -> Rule {
        use KeyAccess::{AnyKey, Never, Scope};
        use Operation::*;
        use Rule::{Permissions, Roles};
        let read = Scope(ApiScope::CustomersRead);
        let reports = Scope(ApiScope::ReportsRead);
        match self {
            CurrentUser | Logout | RecentActivity | ActivePackages | ListNotifications | ReadNotifications => {
                Roles(EVERYONE, Never)
            }
            ListCustomers | SearchCustomers | GetCustomer | CustomerHistory | CustomerInvoices
            | CustomerRedemptions | CustomerStamps | CustomerMessages => Roles(EVERYONE, read),
            // A cashier's or owner's check of a joined customer's name; the admin may too.
            ConfirmJoin => Roles(EVERYONE, Scope(ApiScope::CustomersWrite)),
            // The till (the cashier of the customer's store, its owner) takes back the links to
            // the customer's own page it shared.
            RevokeCustomerPageLinks => Roles(COUNTER, Scope(ApiScope::CustomersWrite)),
            // A customer's consent to messages is recorded as its other details are changed, and
            // whoever records it may send the customer its page.
            CreateCustomer | UpdateCustomer | PatchCustomer | DeleteCustomer | RecordConsent | SendPageLink => {
                Permissions(&[Permission::ManageCustomers])
            }
            AddPoints => Permissions(&[Permission::AddPoints]),
            ListInvoices | GetInvoice | ListRedemptions => Roles(EVERYONE, reports),
            CreateInvoice | PreviewSale => Permissions(&[Permission::CreateInvoice]),
            // A return is authorized as a void is: the cashier (and a key with `sales:write`) on
            // the invoice's own day, the owner any day (`invoices::may_return`).
            VoidInvoice | ReturnInvoice | PreviewReturn => {
                Permissions(&[Permission::VoidInvoiceToday, Permission::VoidInvoiceAnyDay])
            }
            CreateRedemption | PreviewRedemption => Permissions(&[Permission::RedeemReward]),
            RedeemStamps => Permissions(&[Permission::RedeemStamps]),
            Today => Roles(POS, Never),
            CustomersOverview | OwnerSummary | OwnerLiability | ListSignals | MessagesSummary => Roles(OWNER, reports),
            ListMessageTemplates => Roles(OWNER, Never),
            PosActivities => Roles(OWNER_OR_ADMIN, reports),
            GetLoyaltyConfig | GetLoyaltyTiers | ListRewards | GetStampCard => Roles(COUNTER, AnyKey),
            ListStores => Roles(EVERYONE, AnyKey),
            // The stamp card is a loyalty setting of one store: its owner's.
            PutLoyaltyConfig
            | PatchLoyaltyConfig
            | PutLoyaltyTiers
            | PutStampCard
            | DeleteStampCard
            | PutMessageTemplate
            | DeleteMessageTemplate => Permissions(&[Permission::ManageLoyaltySettings]),
            ExportRecords => Permissions(&[Permission::ExportRecords]),
            ImportCustomers | ImportFormat | ImportTemplate => Permissions(&[Permission::ImportCustomers]),
            ReviewSignal => Permissions(&[Permission::ReviewSignals]),
            GenerateQr | RotateQr | CreateStore | UpdateStore | PatchStore | DeleteStore => {
                Roles(OWNER_OR_ADMIN, Never)
            }
            CreateReward | UpdateReward | PatchReward | ListStaff | CreateStaff | UpdateStaff | PatchStaff
            | ActivateStaff | DeactivateStaff | DeleteStaff | ListOwnerStores | ListKeys | CreateKey | RevokeKey
            | GetDataRetention | PutDataRetention | ListWebhooks | CreateWebhook | UpdateWebhook | PatchWebhook
            | DeleteWebhook | RotateWebhookSecret | WebhookDeliveries | ResendDelivery | TestWebhook
            | SubscriptionStatus | ToggleAutoRenew | CancelSubscription | PreviewCard | RedeemCard => {
                Roles(OWNER, Never)
            }
            Analytics | Overview | AllPackages | StoreOwnerRecords | StoreOwnerOptions | PreviewAssignment
            | AssignPackage | ListCards | CreateCard | CreateCards | UpdateCard | DeleteCard | CreatePackage
            | UpdatePackage | TogglePackage | DeletePackage | ListUsers | CreateUser | UpdateUser | ActivateUser
            | DeactivateUser | DeleteUser => Roles(ADMIN, Never),
        }
    }

    /// The operation's name in the API document (`owner_summary`).
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// The operation named `name` in the API document, if it is a signed-in one.
    pub fn named(name: &str) -> Option<Operation> {
        name.parse().ok()
    }

    /// Whether an API key may call it at all, and the scope it then needs (`None`: any key).
    pub fn key_access(self) -> KeyAccess {
        match self.rule() {
            Rule::Roles(roles, access) if roles.contains(&Role::StoreOwner) => access,
            Rule::Roles(..) => KeyAccess::Never,
            // Every permission a key can hold names one scope; an operation open through
            // several asks for the first.
            Rule::Permissions(permissions) => {
                permissions.iter().find_map(|p| p.key_scope()).map_or(KeyAccess::Never, KeyAccess::Scope)
            }
        }
    }

    pub fn all() -> &'static [Operation] {
        <Self as strum::VariantArray>::VARIANTS
    }
}

impl Actor {
    /// 403 unless the actor may call `operation` ([`Operation::rule`]). Which of the actor's
    /// stores it reaches is [`StoreAccess`](crate::policy::StoreAccess)'s to say.
    pub fn authorize(&self, operation: Operation) -> Result<(), AppError> {
        let allowed = match (operation.rule(), &self.key) {
            (Rule::Permissions(permissions), _) => permissions.iter().any(|p| self.may(*p)),
            (Rule::Roles(roles, _), None) => roles.contains(&self.role),
            (Rule::Roles(..), Some(key)) => match operation.key_access() {
                KeyAccess::Never => false,
                KeyAccess::AnyKey => true,
                KeyAccess::Scope(scope) => key.scopes.contains(&scope),
            },
        };
        if allowed {
            Ok(())
        } else {
            Err(AppError::Forbidden)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::KeyGrant;

    fn person(role: Role) -> Actor {
        Actor { user_id: 1, role, store_id: (role == Role::PosUser).then_some(3), session_id: "s".into(), key: None }
    }

    fn key(scopes: &[ApiScope]) -> Actor {
        Actor {
            key: Some(KeyGrant {
                id: 1,
                name: "ERP".into(),
                scopes: scopes.to_vec(),
                store_ids: None,
                mode: crate::Mode::Live,
            }),
            ..person(Role::StoreOwner)
        }
    }

    #[test]
    fn names_are_the_documents_and_read_back() {
        assert_eq!(Operation::OwnerSummary.name(), "owner_summary");
        assert_eq!(Operation::named("void_invoice"), Some(Operation::VoidInvoice));
        assert_eq!(Operation::named("login"), None);
        for op in Operation::all() {
            assert_eq!(Operation::named(op.name()), Some(*op));
        }
    }

    #[test]
    fn people_by_role_and_permission() {
        let (cashier, owner, admin) = (person(Role::PosUser), person(Role::StoreOwner), person(Role::Admin));
        assert!(cashier.authorize(Operation::CreateInvoice).is_ok());
        assert!(owner.authorize(Operation::CreateInvoice).is_err());
        assert!(owner.authorize(Operation::VoidInvoice).is_ok() && cashier.authorize(Operation::VoidInvoice).is_ok());
        assert!(admin.authorize(Operation::VoidInvoice).is_err());
        for op in [Operation::VoidInvoice, Operation::ReturnInvoice] {
            assert_eq!(op.rule(), Operation::VoidInvoice.rule(), "a return is authorized as a void");
        }
        assert!(
            cashier.authorize(Operation::ReturnInvoice).is_ok() && admin.authorize(Operation::ReturnInvoice).is_err()
        );
        assert!(owner.authorize(Operation::RedeemStamps).is_ok() && cashier.authorize(Operation::RedeemStamps).is_ok());
        assert!(admin.authorize(Operation::RedeemStamps).is_err());
        assert!(
            owner.authorize(Operation::PutStampCard).is_ok() && cashier.authorize(Operation::PutStampCard).is_err()
        );
        assert!(
            cashier.authorize(Operation::GetStampCard).is_ok() && admin.authorize(Operation::GetStampCard).is_err()
        );
        assert!(owner.authorize(Operation::OwnerSummary).is_ok() && admin.authorize(Operation::OwnerSummary).is_err());
        assert!(admin.authorize(Operation::DeleteStore).is_ok() && owner.authorize(Operation::DeleteStore).is_ok());
        assert!(admin.authorize(Operation::Analytics).is_ok() && owner.authorize(Operation::Analytics).is_err());
        assert!(cashier.authorize(Operation::Today).is_ok() && owner.authorize(Operation::Today).is_err());
    }

    #[test]
    fn keys_by_scope_and_never_the_owners_own_actions() {
        let every = key(ApiScope::all());
        let reader = key(&[ApiScope::CustomersRead]);
        assert!(reader.authorize(Operation::GetCustomer).is_ok());
        assert!(reader.authorize(Operation::OwnerSummary).is_err());
        assert!(reader.authorize(Operation::ListStores).is_ok(), "any key lists its stores");
        assert!(every.authorize(Operation::CreateInvoice).is_ok(), "a key sells like a cashier");
        assert!(every.authorize(Operation::VoidInvoice).is_ok());
        assert!(every.authorize(Operation::ReturnInvoice).is_ok());
        assert_eq!(Operation::ReturnInvoice.key_access(), KeyAccess::Scope(ApiScope::SalesWrite));
        assert!(reader.authorize(Operation::ReturnInvoice).is_err(), "a read-only key takes no returns");
        for owners_own in [
            Operation::PutLoyaltyConfig,
            Operation::PatchLoyaltyConfig,
            Operation::AddPoints,
            Operation::ExportRecords,
            Operation::ImportCustomers,
            Operation::ReviewSignal,
            Operation::CreateKey,
            Operation::CurrentUser,
            Operation::ListOwnerStores,
        ] {
            assert!(every.authorize(owners_own).is_err(), "{owners_own:?}");
            assert_eq!(owners_own.key_access(), KeyAccess::Never, "{owners_own:?}");
        }
        // An operation's key access and a key's answer never disagree.
        for op in Operation::all() {
            let open = every.authorize(*op).is_ok();
            assert_eq!(open, op.key_access() != KeyAccess::Never, "{op:?}");
        }
    }
}
