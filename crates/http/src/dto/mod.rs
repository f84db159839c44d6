//! What goes over the wire, one module per area. Money is a decimal string with three places,
//! times RFC 3339 UTC. The envelope macros come first so every area module can use them.

use chrono::{DateTime, NaiveDateTime, Utc};
use loyalty_application::{Permission, StoreRef, User};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A field that may be left out, sent `null`, or sent with a value, told apart: `None` left out,
/// `Some(None)` null, `Some(Some(v))` a value (JSON Merge Patch and full replacements need it).
pub(crate) fn present<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

/// A field that may be left out (`None`) but not sent as `null`: in a JSON Merge Patch `null`
/// removes a value, and a field that must have one refuses it (a 422 naming the field).
pub(crate) fn non_null<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

pub fn utc(t: NaiveDateTime) -> DateTime<Utc> {
    t.and_utc()
}

/// An application enum (declared once with `code_enum!`) on the wire by its name: serialized as
/// the name and documented, under the schema name `$dto`, as the list of names. No enum keeps a
/// second copy of the names here.
macro_rules! named {
    ($(#[$meta:meta])* $dto:ident($model:ty) $(, $description:expr)?) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub struct $dto(pub $model);

        impl From<$model> for $dto {
            fn from(value: $model) -> Self {
                $dto(value)
            }
        }

        impl serde::Serialize for $dto {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.0.as_str())
            }
        }

        impl utoipa::PartialSchema for $dto {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                let description: Option<&str> = None $(.or(Some($description)))?;
                utoipa::openapi::schema::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::schema::Type::String)
                    .description(description)
                    .enum_values(Some(<$model>::all().iter().map(|value| value.as_str())))
                    .into()
            }
        }

        impl utoipa::ToSchema for $dto {}
    };
}
pub(crate) use named;

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
mod messages;
mod meta;
mod money;
mod notifications;
mod paging;
mod plans;
mod public;
mod reports;
mod retention;
mod rewards;
mod sales;
mod signals;
mod stamps;
mod stores;
mod tiers;
mod users;

pub use activity::{
    ActivityEntryDto, ActivityFeed, ActivityGroup, ActivityItem, ActivityList, ActivityQuery, ActivityType,
    TodayCounts, TodayCountsEnvelope, UserList,
};
pub use admin::{
    AdminAnalytics, AdminAnalyticsEnvelope, AdminOverview, AdminOverviewEnvelope, AssignPackageRequest,
    CardBatchRequest, CardDto, CardEnvelope, CardList, CardListPlain, CardQuery, CardRequest, CardStatusDto,
    DayFiguresDto, FeaturesInput, OwnerSubscriptionDto, OwnerUserDto, PackageDto, PackageEnvelope, PackageListPlain,
    PackageRequest, PersonWithEmail, StoreOwnerOption, StoreOwnerOptions, StoreOwnerRecordDto,
    StoreOwnerRecordEnvelope, StoreOwnerRecords, StoreRankingDto, UserQuery, UserRequest,
};
pub use customers::{
    AddPointsRequest, CustomerDetailEnvelope, CustomerDto, CustomerEnvelope, CustomerList, CustomerListPlain,
    CustomerPatchRequest, CustomerReplaceRequest, CustomerRequest, CustomerSearchRequest, CustomerStatistics,
    NextExpiryDto, PersonDto,
};
pub use integrations::{
    webhook_payload, ApiKeyCreated, ApiKeyCreatedEnvelope, ApiKeyDto, ApiKeyList, ApiKeyRequest, ApiScopeDto,
    DeliveryQueryParams, DeliveryStatusDto, JsonWebhookPayloads, PingData, PointsAdjustedData, TierChangedData,
    WebhookDeliveryDto, WebhookDeliveryEnvelope, WebhookDeliveryList, WebhookEndpointDto, WebhookEndpointEnvelope,
    WebhookEndpointList, WebhookEndpointPatch, WebhookEndpointRequest, WebhookEndpointSecret,
    WebhookEndpointSecretEnvelope, WebhookEvent, WebhookEventData, WebhookEventTypeDto,
};
pub use loyalty_config::{
    LoyaltyConfig, LoyaltyConfigEnvelope, LoyaltyConfigRequest, SalePreview, SalePreviewEnvelope, SalePreviewQuery,
};
pub use messages::{
    ChannelMonthDto, ChannelReportDto, ChannelReportEnvelope, ConsentCountsDto, ConsentRequest, ConsentSourceDto,
    ConsentsDto, ConsentsEnvelope, CustomerMessageDto, CustomerMessageEnvelope, CustomerMessageList, HubQuery,
    MessageChannelDto, MessageKindDto, MessageLanguageDto, MessagePricesDto, MessageStatusDto, MessageTemplateDto,
    MessageTemplateEnvelope, MessageTemplateList, MessageTemplateRequest, MessagesSummaryDto, MessagesSummaryEnvelope,
    WhatsappCallback,
};
pub use meta::{
    DatabaseHealth, Health, HealthEnvelope, HealthStatus, Meta, MetaEnvelope, Ready, ReadyEnvelope, ReplicaReadiness,
};
use money::{
    confirm_above_schema, invoice_total_schema, max_invoice_total_schema, min_purchase_schema, point_value_schema,
    points_rate_schema, price_schema, return_amount_schema, reward_amount_schema, stamp_min_total_schema,
};
pub use money::{DecimalInput, AMOUNT_PATTERN};
pub use notifications::{NotificationList, ReadNotificationsRequest};
pub use paging::{ListMeta, ListQuery, PageQuery, SyncQuery};
pub use plans::{
    ActiveSubscription, PackageSummaryDto, PlanChangePreviewDto, PlanChangePreviewEnvelope, PlanChoiceDto, PlanModeDto,
    PlanOutcomeDto, RedeemCodeRequest, SubscriptionStatusDto, SubscriptionStatusEnvelope,
};
pub use public::{
    ClaimDoneDto, ClaimDoneEnvelope, ClaimOfferDto, ClaimOfferEnvelope, ClaimRequest, ClaimableRewardDto,
    CustomerPageDto, CustomerPageEnvelope, JoinStoreRequest, PageConsentRequest, PageMovementDto, PageStoreDto,
    PointsLookupDto, PointsLookupEnvelope, PointsLookupRequest, PublicStore, PublicStoreEnvelope, StorePointsDto,
};
pub use reports::{
    CustomersOverview, CustomersOverviewEnvelope, LiabilityDto, LiabilityEnvelope, MonthPointsDto, OwnerSummaryDto,
    OwnerSummaryEnvelope, SharedPhoneCustomer, SharedPhoneDto, StoreLiabilityDto, StoreOverview,
};
pub use retention::{DataRetentionDto, DataRetentionEnvelope, DataRetentionRequest};
pub use rewards::{
    RewardDto, RewardEnvelope, RewardListPlain, RewardPatchRequest, RewardReplaceRequest, RewardRequest, RewardTypeDto,
};
pub use sales::{
    CreateInvoiceRequest, CreateRedemptionRequest, InvoiceCreated, InvoiceCreatedEnvelope, InvoiceDto, InvoiceEnvelope,
    InvoiceList, InvoiceRefDto, InvoiceReturnDto, InvoiceReturned, InvoiceReturnedEnvelope, LedgerEntryDto,
    LedgerKindDto, LedgerList, RedemptionDone, RedemptionDoneEnvelope, RedemptionDto, RedemptionList,
    RedemptionPreview, RedemptionPreviewEnvelope, RedemptionPreviewQuery, ReturnInvoiceRequest, ReturnPreviewDto,
    ReturnPreviewEnvelope, ReturnPreviewQuery, RewardRefDto, VoidInvoiceRequest,
};
pub use signals::{SignalDto, SignalEnvelope, SignalKindDto, SignalList, SignalQuery, SignalStatusParam};
pub use stamps::{
    RedeemStampsRequest, StampCardDto, StampCardEnvelope, StampCardRequest, StampData, StampEventDto,
    StampEventKindDto, StampEventList, StampsDto, StampsRedeemedDto, StampsRedeemedEnvelope,
};
pub use stores::{
    QrCodeDto, QrCodeEnvelope, QrRequest, StoreDto, StoreEnvelope, StoreListPlain, StorePatchRequest,
    StoreReplaceRequest, StoreRequest,
};
pub(crate) use tiers::multiplier;
pub use tiers::{
    CustomerTierDto, LoyaltyTiersDto, LoyaltyTiersEnvelope, LoyaltyTiersRequest, NextTierDto, TierBadgeDto, TierDto,
    TierRequest,
};
pub use users::{
    AuthSession, AuthSessionEnvelope, LoginRequest, PermissionDto, RegisterRequest, RoleDto, SignedInUser,
    SignedInUserEnvelope, StaffPatchRequest, StaffRequest, StoreRefDto, UserDto, UserEnvelope, UserListPlain,
};
