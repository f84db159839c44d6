//! The admin's platform: users, stores, packages, store-owner plans, redemption cards,
//! overview and analytics. Admin only (403 for other roles).

mod analytics;
mod cards;
mod packages;
mod plans;
mod users;

pub use analytics::{analytics, overview, Analytics, Overview};
pub use cards::{create_card, create_cards, delete_card, list_cards, update_card, CardForm, CARD_BATCH_MAX};
pub use packages::{
    create_package, delete_package, list_packages, toggle_package, update_package, PackageForm, PACKAGE_DESCRIPTION_MAX,
};
pub use plans::{assign_package, preview_assignment, store_owners};
pub use users::{create_user, delete_user, list_users, set_user_active, update_user, UserForm};

use crate::{Page, PageRequest};

pub(super) fn page<T>(items: Vec<T>, total: i64, request: PageRequest) -> Page<T> {
    Page { items, page: request.page, per_page: request.per_page, total }
}
