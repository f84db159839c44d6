//! What goes over the wire, one module per area. Money is a decimal string with three places,
//! times RFC 3339 UTC. The envelope macros come first so every area module can use them.

use chrono::{DateTime, NaiveDateTime, Utc};
use loyalty_application::{Permission, StoreRef, User};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub fn utc(t: NaiveDateTime) -> DateTime<Utc> {
    t.and_utc()
}

/// `{"data": ...}` wrappers, one named schema each so generated clients read well.
macro_rules! envelope {
    ($name:ident, $inner:ty) => {
        #[derive(Debug, Serialize, ToSchema)]
        pub struct $name {
            pub data: $inner,
        }
    };
}

/// `{"data": [...], "meta": {...}}` wrappers for paginated lists.
macro_rules! list_envelope {
    ($name:ident, $inner:ty) => {
        #[derive(Debug, Serialize, ToSchema)]
        pub struct $name {
            pub data: Vec<$inner>,
            pub meta: ListMeta,
        }

        impl $name {
            pub fn from_page<T: Into<$inner>>(page: loyalty_application::Page<T>) -> Self {
                Self {
                    meta: ListMeta { page: page.page, per_page: page.per_page, total: page.total },
                    data: page.items.into_iter().map(Into::into).collect(),
                }
            }
        }
    };
}

mod activity;
mod admin;
mod customers;
mod integrations;
mod loyalty_config;
mod meta;
mod money;
mod paging;
mod plans;
mod public;
mod reports;
mod rewards;
mod sales;
mod signals;
mod stores;
mod users;

pub use activity::*;
pub use admin::*;
pub use customers::*;
pub use integrations::*;
pub use loyalty_config::*;
pub use meta::*;
pub use money::*;
pub use paging::*;
pub use plans::*;
pub use public::*;
pub use reports::*;
pub use rewards::*;
pub use sales::*;
pub use signals::*;
pub use stores::*;
pub use users::*;
