use loyalty_domain::Role;

use crate::ports::{RecordFilter, Repos};
use crate::{AppError, StoreScope};

/// Who is calling: taken from a verified token, never from a request body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    pub user_id: i64,
    pub role: Role,
    /// The one store of a POS user.
    pub store_id: Option<i64>,
    pub session_id: String,
    /// Set when the caller is an API key acting for its owner (`role` is then the owner's).
    pub key: Option<KeyGrant>,
}

/// What an API key's caller is limited to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyGrant {
    pub id: i64,
    pub name: String,
    pub scopes: Vec<crate::ApiScope>,
    /// `None`: all of the owner's stores (a test key: its sandbox store's id).
    pub store_ids: Option<Vec<i64>>,
    /// A test key acts on the sandbox store alone; a live key never does.
    pub mode: crate::Mode,
}

impl KeyGrant {
    pub fn covers(&self, store_id: i64) -> bool {
        self.store_ids.as_ref().is_none_or(|ids| ids.contains(&store_id))
    }

    pub fn is_test(&self) -> bool {
        self.mode == crate::Mode::Test
    }
}

impl Actor {
    /// A person by role; an API key by the scope that grants the permission (a key does at the
    /// counter what a cashier does, never the owner's own actions).
    pub fn may(&self, permission: Permission) -> bool {
        match &self.key {
            Some(key) => permission.key_scope().is_some_and(|scope| key.scopes.contains(&scope)),
            None => permission.roles().contains(&self.role),
        }
    }

    /// Whether the actor is a test key: it sees and changes the owner's sandbox store alone.
    pub fn is_test(&self) -> bool {
        self.key.as_ref().is_some_and(KeyGrant::is_test)
    }

    /// The API key a change is made with, to name it beside the owner in the feed and ledger.
    pub fn key_id(&self) -> Option<i64> {
        self.key.as_ref().map(|k| k.id)
    }

    /// The store of a counter action: the POS user's own (`Some`), or, for an API key, the
    /// customer's store (`None`; the key must cover it). 403 for everyone else.
    pub fn counter_store(&self) -> Result<Option<i64>, AppError> {
        match (&self.key, self.role) {
            (Some(_), Role::StoreOwner) => Ok(None),
            _ => self.pos_store().map(Some),
        }
    }

    /// 403 unless the actor holds `permission`.
    pub fn require_permission(&self, permission: Permission) -> Result<(), AppError> {
        if self.may(permission) {
            Ok(())
        } else {
            Err(AppError::Forbidden)
        }
    }

    /// A POS user's store: 403 for other roles or a POS user without a store.
    pub fn pos_store(&self) -> Result<i64, AppError> {
        match (self.role, self.store_id) {
            (Role::PosUser, Some(store)) => Ok(store),
            _ => Err(AppError::Forbidden),
        }
    }
}

loyalty_domain::code_enum! {
    /// What a signed-in person may do at the counter and with customers. The web app is told the
    /// caller's list (`GET /auth/user`) and offers exactly these actions; the use cases check the
    /// same table, so a button is never offered that the server would refuse with 403.
    pub enum Permission {
        /// Make a sale that awards points (a POS user, in its store).
        CreateInvoice,
        /// Void an invoice of one's store made on the same local day.
        VoidInvoiceToday,
        /// Void any invoice of one's stores, any day.
        VoidInvoiceAnyDay,
        /// Redeem a reward for a customer.
        RedeemReward,
        /// Redeem a full stamp card's reward for a customer (a cashier in its store, the owner
        /// in its stores).
        RedeemStamps,
        /// Create, edit and delete customers.
        ManageCustomers,
        /// Add points by hand (1 to 10,000, within the cashiers' daily cap for a POS user).
        AddPoints,
        /// Take points away by hand, with a reason.
        RemovePoints,
        /// Change the loyalty settings.
        ManageLoyaltySettings,
        /// Download the stores' customers, invoices, redemptions and points ledger as CSV files (an
        /// owner its own stores', the admin every store's).
        ExportRecords,
        /// Download the platform's own records (its people, the store owners, the redemption cards):
        /// the admin's alone.
        ExportPlatformRecords,
        /// Import customers with opening balances from a file into one of one's stores.
        ImportCustomers,
        /// Mark a fraud signal of one's stores reviewed.
        ReviewSignals,
    }
}

impl Permission {
    /// The roles that hold this permission: the one table.
    pub fn roles(self) -> &'static [Role] {
        match self {
            Permission::CreateInvoice | Permission::VoidInvoiceToday | Permission::RedeemReward => &[Role::PosUser],
            Permission::VoidInvoiceAnyDay
            | Permission::RemovePoints
            | Permission::ManageLoyaltySettings
            | Permission::ImportCustomers
            | Permission::ReviewSignals => &[Role::StoreOwner],
            Permission::ExportRecords => &[Role::StoreOwner, Role::Admin],
            Permission::ExportPlatformRecords => &[Role::Admin],
            Permission::ManageCustomers | Permission::AddPoints | Permission::RedeemStamps => {
                &[Role::PosUser, Role::StoreOwner]
            }
        }
    }

    /// The API-key scope that grants this permission; `None`: never with a key. Keys act like
    /// a cashier: no manual points, no voids of earlier days, no settings.
    pub fn key_scope(self) -> Option<crate::ApiScope> {
        match self {
            Permission::CreateInvoice
            | Permission::VoidInvoiceToday
            | Permission::RedeemReward
            | Permission::RedeemStamps => {
                Some(crate::ApiScope::SalesWrite)
            }
            Permission::ManageCustomers => Some(crate::ApiScope::CustomersWrite),
            Permission::VoidInvoiceAnyDay
            | Permission::AddPoints
            | Permission::RemovePoints
            | Permission::ManageLoyaltySettings
            | Permission::ImportCustomers
            | Permission::ReviewSignals
            // Integrations read changes with the incremental sync instead.
            | Permission::ExportRecords
            | Permission::ExportPlatformRecords => None,
        }
    }

    /// Everything `role` may do.
    pub fn of(role: Role) -> Vec<Permission> {
        Permission::all().iter().copied().filter(|p| p.roles().contains(&role)).collect()
    }
}

/// The stores whose records an actor may see.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreAccess {
    All,
    Stores(Vec<i64>),
}

impl StoreAccess {
    pub fn of(actor: &Actor, repos: &mut dyn Repos) -> Result<StoreAccess, AppError> {
        Ok(match actor.role {
            Role::Admin => StoreAccess::All,
            // A test key's one store is the sandbox, which the owner's own list leaves out.
            Role::StoreOwner if actor.is_test() => {
                StoreAccess::Stores(actor.key.as_ref().and_then(|k| k.store_ids.clone()).unwrap_or_default())
            }
            Role::StoreOwner => {
                let mut stores = repos.owner_store_ids(actor.user_id)?;
                if let Some(key) = &actor.key {
                    stores.retain(|id| key.covers(*id));
                }
                StoreAccess::Stores(stores)
            }
            Role::PosUser => StoreAccess::Stores(vec![actor.pos_store()?]),
        })
    }

    /// The owner's stores the actor covers (an API key: only those it is limited to): what an
    /// owner's summaries, liability, overview and signals add up. 403 for other roles.
    pub fn of_owner(actor: &Actor, repos: &mut dyn Repos) -> Result<Vec<i64>, AppError> {
        match (actor.role, StoreAccess::of(actor, repos)?) {
            (Role::StoreOwner, StoreAccess::Stores(ids)) => Ok(ids),
            _ => Err(AppError::Forbidden),
        }
    }

    pub fn allows(&self, store_id: i64) -> bool {
        match self {
            StoreAccess::All => true,
            StoreAccess::Stores(ids) => ids.contains(&store_id),
        }
    }

    /// A filter over these stores, narrowed to `store_id` when given (404 if not allowed).
    pub fn filter(&self, store_id: Option<i64>) -> Result<RecordFilter, AppError> {
        let store_ids = match (self, store_id) {
            (_, Some(id)) if self.allows(id) => Some(vec![id]),
            (_, Some(_)) => return Err(AppError::NotFound),
            (StoreAccess::All, None) => None,
            (StoreAccess::Stores(ids), None) => Some(ids.clone()),
        };
        Ok(RecordFilter { store_ids, ..RecordFilter::default() })
    }
}

/// Whether `actor` may act on records of `store` (owner of it, its POS user, or admin). An
/// owner's sandbox store is its test keys' alone; a test key reaches nothing else.
pub fn can_access_store(actor: &Actor, store: &StoreScope) -> bool {
    match actor.role {
        Role::Admin => true,
        Role::StoreOwner => {
            store.owner_id == actor.user_id
                && store.sandbox == actor.is_test()
                && actor.key.as_ref().is_none_or(|k| k.covers(store.id))
        }
        Role::PosUser => actor.store_id == Some(store.id),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn actor(role: Role, store_id: Option<i64>) -> Actor {
        Actor { user_id: 1, role, store_id, session_id: "s".into(), key: None }
    }

    #[test]
    fn a_pos_store_is_a_pos_users_own() {
        let pos = actor(Role::PosUser, Some(3));
        assert_eq!(pos.pos_store().ok(), Some(3));
        assert!(actor(Role::PosUser, None).pos_store().is_err());
        assert!(actor(Role::Admin, Some(3)).pos_store().is_err());
    }

    #[test]
    fn permissions_by_role() {
        assert_eq!(Permission::of(Role::Admin), vec![Permission::ExportRecords, Permission::ExportPlatformRecords]);
        let pos = Permission::of(Role::PosUser);
        assert!(pos.contains(&Permission::CreateInvoice) && pos.contains(&Permission::VoidInvoiceToday));
        assert!(!pos.contains(&Permission::RemovePoints) && !pos.contains(&Permission::VoidInvoiceAnyDay));
        let owner = Permission::of(Role::StoreOwner);
        assert!(owner.contains(&Permission::RemovePoints) && !owner.contains(&Permission::CreateInvoice));
        assert!(owner.contains(&Permission::ExportRecords) && !pos.contains(&Permission::ExportRecords));
        assert!(owner.contains(&Permission::ImportCustomers) && !pos.contains(&Permission::ImportCustomers));
        let cashier = actor(Role::PosUser, Some(3));
        assert!(cashier.require_permission(Permission::AddPoints).is_ok());
        assert!(matches!(cashier.require_permission(Permission::RemovePoints), Err(AppError::Forbidden)));
    }

    #[test]
    fn a_key_may_what_its_scopes_grant_and_never_the_owners_own_actions() {
        let key = |scopes: Vec<crate::ApiScope>| Actor {
            user_id: 9,
            key: Some(KeyGrant { id: 1, name: "ERP".into(), scopes, store_ids: None, mode: crate::Mode::Live }),
            ..actor(Role::StoreOwner, None)
        };
        let all = key(crate::ApiScope::all().to_vec());
        assert!(all.may(Permission::CreateInvoice) && all.may(Permission::RedeemReward));
        assert!(all.may(Permission::VoidInvoiceToday) && all.may(Permission::ManageCustomers));
        for owners_own in [
            Permission::VoidInvoiceAnyDay,
            Permission::RemovePoints,
            Permission::AddPoints,
            Permission::ManageLoyaltySettings,
            Permission::ExportRecords,
            Permission::ImportCustomers,
            Permission::ReviewSignals,
        ] {
            assert!(!all.may(owners_own), "{owners_own:?}");
        }
        let reader = key(vec![crate::ApiScope::CustomersRead, crate::ApiScope::ReportsRead]);
        assert!(Permission::all().iter().all(|p| !reader.may(*p)));
        let customers = key(vec![crate::ApiScope::CustomersWrite]);
        assert!(customers.may(Permission::ManageCustomers) && !customers.may(Permission::CreateInvoice));
        assert_eq!(all.counter_store().ok(), Some(None));
        assert_eq!(actor(Role::PosUser, Some(3)).counter_store().ok(), Some(Some(3)));
        assert!(actor(Role::StoreOwner, None).counter_store().is_err());
    }

    #[test]
    fn store_access_by_role() {
        let store = StoreScope { id: 3, name: "s".into(), owner_id: 9, sandbox: false };
        assert!(can_access_store(&actor(Role::Admin, None), &store));
        assert!(can_access_store(&actor(Role::PosUser, Some(3)), &store));
        assert!(!can_access_store(&actor(Role::PosUser, Some(4)), &store));
        assert!(!can_access_store(&actor(Role::StoreOwner, None), &store));
        let owner = Actor { user_id: 9, ..actor(Role::StoreOwner, None) };
        assert!(can_access_store(&owner, &store));
    }

    #[test]
    fn the_sandbox_is_the_test_keys_alone() {
        let live_store = StoreScope { id: 3, name: "s".into(), owner_id: 9, sandbox: false };
        let sandbox = StoreScope { id: 4, name: "t".into(), owner_id: 9, sandbox: true };
        let grant = |mode, store_ids| KeyGrant { id: 1, name: "k".into(), scopes: vec![], store_ids, mode };
        let owner = Actor { user_id: 9, ..actor(Role::StoreOwner, None) };
        let live_key = Actor { key: Some(grant(crate::Mode::Live, None)), ..owner.clone() };
        let test_key = Actor { key: Some(grant(crate::Mode::Test, Some(vec![4]))), ..owner.clone() };
        assert!(can_access_store(&owner, &live_store) && !can_access_store(&owner, &sandbox));
        assert!(can_access_store(&live_key, &live_store) && !can_access_store(&live_key, &sandbox));
        assert!(!can_access_store(&test_key, &live_store) && can_access_store(&test_key, &sandbox));
        let other_owners = StoreScope { owner_id: 8, ..sandbox };
        assert!(!can_access_store(&test_key, &other_owners));
    }

    #[test]
    fn filters_narrow_and_refuse_foreign_stores() {
        let access = StoreAccess::Stores(vec![1, 2]);
        assert_eq!(access.filter(None).ok().and_then(|f| f.store_ids), Some(vec![1, 2]));
        assert_eq!(access.filter(Some(2)).ok().and_then(|f| f.store_ids), Some(vec![2]));
        assert!(matches!(access.filter(Some(5)), Err(AppError::NotFound)));
        assert_eq!(StoreAccess::All.filter(None).ok().and_then(|f| f.store_ids), None);
    }
}
