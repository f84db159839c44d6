//! The bounds of request fields, published in the OpenAPI document (`minimum`, `maximum`,
//! `maxLength`, `pattern`) from the constants the rules in `domain` and `application` check,
//! so a bound is written once. The web app's forms read them from the document
//! (`web/src/lib/api/bounds.ts` is generated from it by `just openapi`).
//!
//! Each bound is exactly the server's rule or looser, never stricter: a value the document
//! forbids is always refused (the schema fuzzing checks it). Texts are bounded as typed
//! (`domain::text`), so `maxLength` holds before trimming too.

use loyalty_application::use_cases::{admin, customers, invoices, owner};
use loyalty_domain::{
    loyalty_settings, plan, points_rules, retention, reward_rules, signals, stamps, text, tiers, CardCode,
};
use utoipa::openapi::extensions::ExtensionsBuilder;
use utoipa::openapi::schema::Schema;
use utoipa::openapi::RefOr;
use utoipa::Modify;

#[derive(Debug, Clone, Copy)]
enum Bound {
    /// An integer from `.0` to `.1`.
    Range(i64, i64),
    /// An integer of at least `.0`.
    AtLeast(i64),
    /// A text of at most this many characters.
    MaxLength(usize),
    /// A list of at most this many items.
    MaxItems(usize),
    /// A text matching this regular expression.
    Pattern(&'static str),
    /// A fact JSON Schema cannot state for this field, as an `x-` extension a client reads:
    /// e.g. a reward's amount is a percentage up to 100 only when the reward is a discount.
    Extension(&'static str, i64),
}

use Bound::{AtLeast, Extension, MaxItems, MaxLength, Pattern, Range};

/// Schema, property, bound.
const BOUNDS: &[(&str, &str, Bound)] = &[
    ("AddPointsRequest", "points", Range(-points_rules::MANUAL_POINTS_MAX, points_rules::MANUAL_POINTS_MAX)),
    ("AddPointsRequest", "reason", MaxLength(customers::REASON_MAX)),
    ("ApiKeyRequest", "name", MaxLength(text::NAME_MAX)),
    ("AssignPackageRequest", "notes", MaxLength(text::NOTES_MAX)),
    ("CardBatchRequest", "count", Range(1, admin::CARD_BATCH_MAX)),
    ("CardBatchRequest", "notes", MaxLength(text::NOTES_MAX)),
    ("CardRequest", "code", Pattern(CardCode::PATTERN)),
    ("CardRequest", "notes", MaxLength(text::NOTES_MAX)),
    ("CreateInvoiceRequest", "invoice_id", MaxLength(invoices::INVOICE_NUMBER_MAX)),
    ("CreateRedemptionRequest", "points", AtLeast(1)),
    (
        "DataRetentionRequest",
        "activity_log_months",
        Range(retention::ACTIVITY_LOG_MONTHS_MIN, retention::ACTIVITY_LOG_MONTHS_MAX),
    ),
    (
        "DataRetentionRequest",
        "webhook_delivery_days",
        Range(retention::WEBHOOK_DELIVERY_DAYS_MIN, retention::WEBHOOK_DELIVERY_DAYS_MAX),
    ),
    ("CustomerRequest", "loyalty_points", Range(0, points_rules::BALANCE_MAX)),
    ("CustomerRequest", "name", MaxLength(text::NAME_MAX)),
    ("JoinStoreRequest", "name", MaxLength(text::NAME_MAX)),
    ("LoyaltyConfigRequest", "birthday_points", Range(0, loyalty_domain::birthday::BIRTHDAY_POINTS_MAX)),
    ("LoyaltyConfigRequest", "cashier_daily_points", Range(0, points_rules::CASHIER_DAILY_POINTS_LIMIT)),
    ("JoinStoreRequest", "consents", MaxItems(2)),
    ("MessageTemplateRequest", "text_ar", MaxLength(loyalty_domain::messages_out::TEMPLATE_MAX_CHARS)),
    ("MessageTemplateRequest", "text_en", MaxLength(loyalty_domain::messages_out::TEMPLATE_MAX_CHARS)),
    ("LoyaltyConfigRequest", "messages_monthly_limit", Range(0, loyalty_domain::messages_out::MONTHLY_LIMIT_MAX)),
    ("LoyaltyConfigRequest", "min_redeem_points", Range(1, loyalty_settings::MIN_REDEEM_POINTS_LIMIT)),
    ("LoyaltyConfigRequest", "points_expiry_months", Range(1, loyalty_settings::EXPIRY_MONTHS_MAX)),
    ("LoyaltyConfigRequest", "signal_manual_points", Range(1, signals::MANUAL_POINTS_THRESHOLD_MAX)),
    ("LoyaltyConfigRequest", "signal_sales_per_customer", Range(1, signals::SALES_PER_CUSTOMER_MAX)),
    ("LoyaltyConfigRequest", "signal_void_percent", Range(0, signals::VOID_PERCENT_MAX)),
    ("PackageRequest", "description", MaxLength(admin::PACKAGE_DESCRIPTION_MAX)),
    ("PackageRequest", "duration_months", Range(1, plan::DURATION_MONTHS_MAX)),
    ("PackageRequest", "name", MaxLength(text::NAME_MAX)),
    ("PackageRequest", "store_limit", Range(1, plan::STORE_LIMIT_MAX)),
    ("RedeemCodeRequest", "code", MaxLength(CardCode::MAX_LEN)),
    ("RegisterRequest", "name", MaxLength(text::NAME_MAX)),
    ("RegisterRequest", "store_owner_name", MaxLength(text::NAME_MAX)),
    ("RewardPatchRequest", "amount", Extension("x-discount-maximum", reward_rules::DISCOUNT_PERCENT_MAX)),
    ("RewardPatchRequest", "description", MaxLength(text::NOTES_MAX)),
    ("RewardPatchRequest", "name", MaxLength(text::NAME_MAX)),
    ("RewardPatchRequest", "points_required", AtLeast(reward_rules::POINTS_REQUIRED_MIN)),
    ("RewardReplaceRequest", "amount", Extension("x-discount-maximum", reward_rules::DISCOUNT_PERCENT_MAX)),
    ("RewardReplaceRequest", "description", MaxLength(text::NOTES_MAX)),
    ("RewardReplaceRequest", "name", MaxLength(text::NAME_MAX)),
    ("RewardReplaceRequest", "points_required", AtLeast(reward_rules::POINTS_REQUIRED_MIN)),
    ("RewardRequest", "amount", Extension("x-discount-maximum", reward_rules::DISCOUNT_PERCENT_MAX)),
    ("RewardRequest", "description", MaxLength(text::NOTES_MAX)),
    ("RewardRequest", "name", MaxLength(text::NAME_MAX)),
    ("RewardRequest", "points_required", AtLeast(reward_rules::POINTS_REQUIRED_MIN)),
    ("StaffPatchRequest", "name", MaxLength(text::NAME_MAX)),
    ("StampCardRequest", "expires_after_days", Range(1, stamps::EXPIRES_AFTER_DAYS_MAX)),
    ("StampCardRequest", "reward_name", MaxLength(stamps::REWARD_NAME_MAX)),
    ("StampCardRequest", "stamps_required", Range(1, stamps::STAMPS_REQUIRED_MAX)),
    ("StaffRequest", "name", MaxLength(text::NAME_MAX)),
    ("StorePatchRequest", "address", MaxLength(owner::ADDRESS_MAX)),
    ("StorePatchRequest", "name", MaxLength(text::NAME_MAX)),
    ("StoreReplaceRequest", "address", MaxLength(owner::ADDRESS_MAX)),
    ("StoreReplaceRequest", "name", MaxLength(text::NAME_MAX)),
    ("StoreRequest", "address", MaxLength(owner::ADDRESS_MAX)),
    ("StoreRequest", "name", MaxLength(text::NAME_MAX)),
    ("ReturnInvoiceRequest", "reason", MaxLength(customers::REASON_MAX)),
    ("LoyaltyTiersRequest", "tiers", MaxItems(tiers::TIERS_MAX)),
    ("TierRequest", "min_spend", Extension("x-spend-window-months", tiers::SPEND_WINDOW_MONTHS as i64)),
    ("TierRequest", "min_spend", Extension("x-downgrade-grace-days", tiers::DOWNGRADE_GRACE_DAYS)),
    ("TierRequest", "name_ar", MaxLength(tiers::TIER_NAME_MAX)),
    ("TierRequest", "name_en", MaxLength(tiers::TIER_NAME_MAX)),
    ("UserRequest", "name", MaxLength(text::NAME_MAX)),
    ("UserRequest", "store_owner_name", MaxLength(text::NAME_MAX)),
    ("VoidInvoiceRequest", "reason", MaxLength(customers::REASON_MAX)),
];

pub(super) struct PublishedBounds;

impl Modify for PublishedBounds {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let schemas = &mut openapi.components.get_or_insert_with(Default::default).schemas;
        for &(schema, property, bound) in BOUNDS {
            let field = match schemas.get_mut(schema) {
                Some(RefOr::T(Schema::Object(object))) => object.properties.get_mut(property),
                _ => None,
            };
            let Some(RefOr::T(field)) = field else {
                panic!("bounds: {schema}.{property} is not in the document");
            };
            apply(field, bound, schema, property);
        }
    }
}

fn apply(field: &mut Schema, bound: Bound, schema: &str, property: &str) {
    if let (Schema::Array(array), MaxItems(max)) = (&mut *field, bound) {
        array.max_items = Some(max);
        return;
    }
    if let (Schema::OneOf(one_of), Extension(key, value)) = (&mut *field, bound) {
        one_of.extensions.get_or_insert_with(Default::default).merge(ExtensionsBuilder::new().add(key, value).build());
        return;
    }
    let Schema::Object(object) = field else {
        panic!("bounds: {schema}.{property} is not a plain field");
    };
    match bound {
        Range(min, max) => {
            object.minimum = Some(number(min));
            object.maximum = Some(number(max));
        }
        AtLeast(min) => object.minimum = Some(number(min)),
        MaxLength(max) => object.max_length = Some(max),
        MaxItems(_) => panic!("bounds: {schema}.{property} is not a list"),
        Pattern(pattern) => object.pattern = Some(pattern.to_owned()),
        Extension(key, value) => object
            .extensions
            .get_or_insert_with(Default::default)
            .merge(ExtensionsBuilder::new().add(key, value).build()),
    }
}

fn number(value: i64) -> utoipa::Number {
    utoipa::Number::from(value)
}

#[cfg(test)]
mod tests {
    use utoipa::openapi::schema::Schema;
    use utoipa::openapi::RefOr;

    fn field(doc: &utoipa::openapi::OpenApi, schema: &str, property: &str) -> serde_json::Value {
        let Some(RefOr::T(Schema::Object(object))) = doc.components.as_ref().and_then(|c| c.schemas.get(schema)) else {
            panic!("{schema} missing");
        };
        serde_json::to_value(&object.properties[property]).unwrap_or_default()
    }

    #[test]
    fn the_document_carries_the_rules_bounds() {
        let doc = super::super::openapi::document();
        let limit = field(&doc, "PackageRequest", "store_limit");
        assert_eq!(limit["maximum"], loyalty_domain::plan::STORE_LIMIT_MAX);
        assert_eq!(limit["minimum"], 1);
        let name = field(&doc, "RewardRequest", "name");
        assert_eq!(name["maxLength"], loyalty_domain::text::NAME_MAX);
        let amount = field(&doc, "RewardRequest", "amount");
        assert_eq!(amount["x-discount-maximum"], loyalty_domain::reward_rules::DISCOUNT_PERCENT_MAX);
        let code = field(&doc, "CardRequest", "code");
        assert_eq!(code["pattern"], loyalty_domain::CardCode::PATTERN);
    }
}
