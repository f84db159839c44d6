//! Records the use cases hand back, one module per area. Plain data; the HTTP edge turns them
//! into DTOs.

use chrono::NaiveDateTime;
use loyalty_domain::Role;

use crate::AppError;

mod customers;
mod exports;
mod integrations;
mod messages;
mod notifications;
mod paging;
mod people;
mod plans;
mod platform;
mod reports;
mod sales;
mod stamps;
mod tiers;

pub use customers::{Customer, CustomerStats, NextExpiry};
pub use exports::{
    CardExport, CustomerExport, ExportKind, ExportPage, InvoiceExport, LedgerExport, OwnerExport, RedemptionExport,
    UserExport,
};
pub use integrations::{
    ApiKey, ApiScope, DeliveryFilter, DeliveryStatus, DueDelivery, EndpointSecret, KeyLimits, KeyRate, Mode,
    NewKeySecret, WebhookData, WebhookDelivery, WebhookEndpoint, WebhookEventType,
};
pub use messages::{
    ChannelMonth, ConsentCounts, ConsentSource, Consents, CustomerMessage, MessageChannel, MessageFigure, MessageKind,
    MessageLanguage, MessagePrices, MessageStatus, MessageTemplate, MessagesSummary,
};
pub use notifications::{Notification, NotificationAbout, NotificationKind, Notifications};
pub use paging::{Page, PageRequest, SyncFrom};
pub use people::{PersonRef, Session, StoreRef, StoreScope, User, UserCredentials};
pub use plans::{
    may_grow, store_slots_left, stores_over_limit, Card, CardStatus, Package, PackageSummary, PlanChangePreview,
    StoreOwnerRecord, Subscription, SubscriptionStatus,
};
pub use platform::{DayFigures, PlatformCounts, StoreRanking};
pub use reports::{
    ActivityKind, ActivityRecord, CustomersOverview, ExpiringCustomer, ExpiryAhead, Liability, MonthPoints,
    OwnerSummary, SharedPhone, Signal, StoreCustomerFigures, StoreLiability, StoreSummary,
};
pub use sales::{
    ActivityEvent, DayCounts, Invoice, InvoiceReturn, LedgerEntry, LedgerKind, Redemption, Reward, RewardRef,
    RewardType, SalePreview,
};
pub use stamps::{StampCount, StampEvent, StampEventKind, StoreStampCard};
pub use tiers::{CustomerTier, NextTier, TierBadge};
