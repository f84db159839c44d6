//! Pure rules and value types of the loyalty platform: no I/O, no framework.
//!
//! Values are parsed once at the edge (`Email::parse`, `Money::parse`, ...); past the edge
//! nothing re-validates.

pub mod birthday;
pub mod card_code;
pub mod code;
pub mod email;
pub mod local_day;
pub mod loyalty_settings;
pub mod messages;
pub mod messages_out;
pub mod money;
pub mod password;
pub mod phone;
pub mod plan;
pub mod points;
pub mod points_rules;
pub mod public_links;
pub mod retention;
pub mod reward_rules;
pub mod role;
pub mod signals;
pub mod stamps;
pub mod text;
pub mod tiers;
pub mod validation;

pub use birthday::Birthday;
pub use card_code::CardCode;
pub use email::Email;
pub use loyalty_settings::{LoyaltySettings, SettingsChange};
pub use messages::Msg;
pub use money::Money;
pub use password::NewPassword;
pub use phone::Phone;
pub use points::{points_for_purchase, PointsRate};
pub use role::Role;
pub use signals::{SignalKind, SignalThresholds};
pub use validation::FieldErrors;
