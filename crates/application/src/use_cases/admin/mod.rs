//! The admin's platform: users, stores, packages, store-owner plans, redemption cards,
//! overview and analytics. Admin only (403 for other roles).

mod analytics;
mod cards;
mod packages;
mod plans;
mod stores;
mod users;

pub use analytics::*;
pub use cards::*;
pub use packages::*;
pub use plans::*;
pub use stores::*;
pub use users::*;

use crate::{Page, PageRequest};

pub(super) fn page<T>(items: Vec<T>, total: i64, request: PageRequest) -> Page<T> {
    Page { items, page: request.page, per_page: request.per_page, total }
}
