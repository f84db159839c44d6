use std::collections::BTreeMap;

use actix_web::http::{header, StatusCode};
use actix_web::{HttpResponse, ResponseError};
use loyalty_application::{AppError, Conflict};
use serde::Serialize;
use utoipa::ToSchema;

use super::Lang;

/// Every error the API answers: one row each, with its status, stable code and messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::VariantArray)]
pub enum ErrorCode {
    ValidationFailed,
    InvalidJson,
    UnsupportedMediaType,
    PayloadTooLarge,
    RequestTimeout,
    InvalidCredentials,
    AccountInactive,
    Unauthenticated,
    Forbidden,
    SignatureInvalid,
    VerifyTokenWrong,
    NotFound,
    MethodNotAllowed,
    IdempotencyKeyReused,
    InvoiceNumberTaken,
    InsufficientPoints,
    RewardUnavailable,
    InvoiceAlreadyVoided,
    VoidWindowClosed,
    PointsAlreadySpent,
    ReturnOfVoidedInvoice,
    ReturnWindowClosed,
    InvoiceFullyReturned,
    NoStampCard,
    StampCardNotFull,
    AlreadyJoined,
    ClaimUsed,
    ClaimSaleUndone,
    ClaimExpired,
    StoreLimitReached,
    NoActivePlan,
    CardAlreadyRedeemed,
    CardExpired,
    CannotChangeSelf,
    PackageInUse,
    CardLocked,
    StoreHasHistory,
    CustomerHoldsPoints,
    NextPlanWaiting,
    UserHasHistory,
    OwnersStoreLimitReached,
    ApiKeyLimitReached,
    PointsHaveNoValue,
    NoMessageConsent,
    RateLimited,
    ServiceUnavailable,
    InternalError,
}

impl ErrorCode {
    /// Every code, in declaration order (the document's enum and the tests walk it).
    pub const ALL: &'static [ErrorCode] = <ErrorCode as strum::VariantArray>::VARIANTS;

    /// (status, code, English, Arabic)
    #[rustfmt::skip]
    fn row(self) -> (StatusCode, &'static str, &'static str, &'static str) {
        use ErrorCode::*;
        match self {
            ValidationFailed => (StatusCode::UNPROCESSABLE_ENTITY, "validation_failed", "The given data was invalid.", "البيانات المدخلة غير صحيحة."),
            InvalidJson => (StatusCode::BAD_REQUEST, "invalid_json", "The request body is not valid JSON.", "محتوى الطلب ليس JSON صالحاً."),
            UnsupportedMediaType => (StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type", "Send the request body as application/json.", "أرسل محتوى الطلب بصيغة application/json."),
            PayloadTooLarge => (StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large", "The request body is too large.", "محتوى الطلب كبير جداً."),
            RequestTimeout => (StatusCode::REQUEST_TIMEOUT, "request_timeout", "The request body arrived too slowly.", "وصل محتوى الطلب ببطء شديد."),
            InvalidCredentials => (StatusCode::UNAUTHORIZED, "invalid_credentials", "Invalid email or password", "البريد الإلكتروني أو كلمة المرور غير صحيحة"),
            AccountInactive => (StatusCode::FORBIDDEN, "account_inactive", "This account is deactivated. Please contact the administrator.", "هذا الحساب معطّل. يرجى التواصل مع المسؤول."),
            Unauthenticated => (StatusCode::UNAUTHORIZED, "unauthenticated", "Please sign in to continue.", "يرجى تسجيل الدخول للمتابعة."),
            Forbidden => (StatusCode::FORBIDDEN, "forbidden", "You are not allowed to do this.", "ليست لديك صلاحية للقيام بذلك."),
            SignatureInvalid => (StatusCode::UNAUTHORIZED, "signature_invalid", "The request's X-Hub-Signature-256 signature is missing or wrong.", "توقيع الطلب X-Hub-Signature-256 مفقود أو غير صحيح."),
            VerifyTokenWrong => (StatusCode::FORBIDDEN, "verify_token_wrong", "The verify token does not match.", "رمز التحقق غير مطابق."),
            NotFound => (StatusCode::NOT_FOUND, "not_found", "Not found.", "غير موجود."),
            MethodNotAllowed => (StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed", "This method is not allowed here.", "هذه الطريقة غير مسموحة هنا."),
            IdempotencyKeyReused => (StatusCode::CONFLICT, "idempotency_key_reused", "This Idempotency-Key was already used for a different request.", "مفتاح Idempotency-Key مستخدم مسبقاً لطلب مختلف."),
            InvoiceNumberTaken => (StatusCode::CONFLICT, "invoice_number_taken", "This invoice number is already used in this store.", "رقم الفاتورة هذا مستخدم مسبقاً في هذا المتجر."),
            InsufficientPoints => (StatusCode::CONFLICT, "insufficient_points", "Customer has insufficient points for this reward", "نقاط العميل غير كافية لهذه المكافأة"),
            RewardUnavailable => (StatusCode::CONFLICT, "reward_unavailable", "This reward is not available at the moment.", "هذه المكافأة غير متاحة حالياً."),
            InvoiceAlreadyVoided => (StatusCode::CONFLICT, "invoice_already_voided", "This invoice was already voided.", "تم إلغاء هذه الفاتورة مسبقاً."),
            VoidWindowClosed => (StatusCode::CONFLICT, "void_window_closed", "A cashier can void an invoice only on the day it was created. Ask the store owner.", "يمكن لموظف نقطة البيع إلغاء الفاتورة في يوم إنشائها فقط. تواصل مع صاحب المتجر."),
            PointsAlreadySpent => (StatusCode::CONFLICT, "points_already_spent", "The customer has already spent the points of this invoice, so it cannot be voided.", "استخدم العميل نقاط هذه الفاتورة بالفعل، لذا لا يمكن إلغاؤها."),
            ReturnOfVoidedInvoice => (StatusCode::CONFLICT, "invoice_voided", "This invoice was voided, so nothing is left to return.", "أُلغيت هذه الفاتورة، فلم يبقَ منها ما يُرجَع."),
            ReturnWindowClosed => (StatusCode::CONFLICT, "return_window_closed", "A cashier can take a return only on the day the invoice was created. Ask the store owner.", "يمكن لموظف نقطة البيع استلام المرتجعات في يوم إنشاء الفاتورة فقط. تواصل مع صاحب المتجر."),
            InvoiceFullyReturned => (StatusCode::CONFLICT, "invoice_fully_returned", "Everything on this invoice was already returned, so nothing is left to void.", "أُرجعت هذه الفاتورة بالكامل، فلم يبقَ منها ما يُلغى."),
            NoStampCard => (StatusCode::CONFLICT, "no_stamp_card", "This store has no stamp card.", "لا توجد بطاقة أختام لهذا المتجر."),
            StampCardNotFull => (StatusCode::CONFLICT, "stamp_card_not_full", "The customer does not have enough stamps for the reward yet.", "لم يجمع العميل بعد ما يكفي من الأختام للمكافأة."),
            AlreadyJoined => (StatusCode::CONFLICT, "already_joined", "This phone number is already registered in this store.", "رقم الهاتف هذا مسجل مسبقاً في هذا المتجر."),
            ClaimUsed => (StatusCode::CONFLICT, "claim_used", "The points of this receipt were already claimed.", "نقاط هذا الإيصال طُلبت من قبل."),
            ClaimSaleUndone => (StatusCode::CONFLICT, "claim_sale_undone", "This sale was cancelled or returned, so its receipt earns no points.", "أُلغي هذا البيع أو أُرجع، فلا نقاط لإيصاله."),
            ClaimExpired => (StatusCode::GONE, "claim_expired", "This receipt's points can no longer be claimed: claims are open for 14 days after the sale.", "لم يعد ممكناً طلب نقاط هذا الإيصال: يُتاح الطلب 14 يوماً بعد البيع."),
            StoreLimitReached => (StatusCode::CONFLICT, "store_limit_reached", "Your plan's store limit is reached. Upgrade your plan to add more stores.", "تم بلوغ الحد الأقصى للمتاجر في باقتك. قم بترقية الباقة لإضافة متاجر أخرى."),
            NoActivePlan => (StatusCode::CONFLICT, "no_active_plan", "There is no active subscription. Activate a plan first.", "لا يوجد اشتراك نشط. فعّل باقة أولاً."),
            CardAlreadyRedeemed => (StatusCode::CONFLICT, "card_already_redeemed", "This redemption code has already been used.", "تم استخدام رمز الاستبدال هذا مسبقاً."),
            CardExpired => (StatusCode::CONFLICT, "card_expired", "This redemption code has expired.", "انتهت صلاحية رمز الاستبدال هذا."),
            CannotChangeSelf => (StatusCode::CONFLICT, "cannot_change_self", "You cannot deactivate or delete your own account.", "لا يمكنك تعطيل حسابك أو حذفه."),
            PackageInUse => (StatusCode::CONFLICT, "package_in_use", "This package is used by a subscription or a redemption card and cannot be deleted. Disable it instead.", "هذه الباقة مستخدمة في اشتراك أو بطاقة استبدال ولا يمكن حذفها. عطّلها بدلاً من ذلك."),
            CardLocked => (StatusCode::CONFLICT, "card_locked", "This card has been redeemed and can no longer be edited or deleted.", "تم استبدال هذه البطاقة ولا يمكن تعديلها أو حذفها."),
            StoreHasHistory => (StatusCode::CONFLICT, "store_has_history", "This store has customers or sales, so it stays to keep their records: rename it, or simply stop using it.", "لهذا المتجر عملاء أو مبيعات، فيبقى حفاظاً على سجلاتهم: أعد تسميته، أو توقف عن استخدامه ببساطة."),
            CustomerHoldsPoints => (StatusCode::CONFLICT, "customer_holds_points", "This customer still holds points, so deleting would take them off the books: the store owner takes them away first (adjust points, with a reason), then the customer can be deleted.", "لا يزال لهذا العميل نقاط، وحذفه يُخرجها من الدفاتر: يسحبها صاحب المتجر أولاً (تعديل النقاط مع ذكر السبب)، ثم يمكن حذف العميل."),
            NextPlanWaiting => (StatusCode::CONFLICT, "next_plan_waiting", "Another plan is already waiting to start after the current one. Use this card once it has started, or switch to it now.", "توجد باقة أخرى بانتظار البدء بعد الباقة الحالية. استخدم هذه البطاقة بعد بدئها، أو انتقل إليها الآن."),
            UserHasHistory => (StatusCode::CONFLICT, "user_has_history", "This person has stores, a plan or sales and cannot be deleted. Deactivate the account instead: it stops signing in at once and keeps the history.", "لهذا الشخص متاجر أو باقة أو مبيعات ولا يمكن حذفه. عطّل الحساب بدلاً من ذلك: يتوقف تسجيل دخوله فورًا ويبقى السجل محفوظًا."),
            OwnersStoreLimitReached => (StatusCode::CONFLICT, "owner_store_limit_reached", "This store owner's plan allows no more stores. Assign a larger package first.", "باقة صاحب المتجر هذا لا تسمح بمتاجر أخرى. عيّن له باقة أكبر أولاً."),
            ApiKeyLimitReached => (StatusCode::CONFLICT, "api_key_limit_reached", "You already have 50 API keys. Revoke one you no longer use first.", "لديك 50 مفتاح API بالفعل. ألغِ مفتاحاً لم تعد تستخدمه أولاً."),
            PointsHaveNoValue => (StatusCode::CONFLICT, "points_have_no_value", "Points have no value in LYD in this store. The store owner can set one in the loyalty settings.", "ليس للنقاط قيمة بالدينار في هذا المتجر. يمكن لصاحب المتجر تحديدها في إعدادات الولاء."),
            NoMessageConsent => (StatusCode::CONFLICT, "no_message_consent", "This customer has not agreed to messages by WhatsApp or SMS, or has no phone. Record their consent first.", "لم يوافق هذا العميل على الرسائل عبر واتساب أو الرسائل النصية، أو ليس له هاتف. سجّل موافقته أولاً."),
            RateLimited => (StatusCode::TOO_MANY_REQUESTS, "rate_limited", "Too many attempts. Please try again later.", "محاولات كثيرة. يرجى المحاولة لاحقاً."),
            ServiceUnavailable => (StatusCode::SERVICE_UNAVAILABLE, "service_unavailable", "The service is temporarily unavailable. Please try again.", "الخدمة غير متاحة مؤقتاً. يرجى المحاولة مرة أخرى."),
            InternalError => (StatusCode::INTERNAL_SERVER_ERROR, "internal_error", "Something went wrong. Please try again.", "حدث خطأ ما. يرجى المحاولة مرة أخرى."),
        }
    }

    pub fn status(self) -> StatusCode {
        self.row().0
    }

    pub fn code(self) -> &'static str {
        self.row().1
    }

    pub fn message(self, lang: Lang) -> &'static str {
        let (_, _, en, ar) = self.row();
        match lang {
            Lang::En => en,
            Lang::Ar => ar,
        }
    }
}

/// In the OpenAPI document: the list of every code, so a client (and the web app's types) can
/// only compare with a code that exists.
impl utoipa::PartialSchema for ErrorCode {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some("A stable snake_case code for programs."))
            .enum_values(Some(ErrorCode::ALL.iter().map(|code| code.code())))
            .into()
    }
}

impl ToSchema for ErrorCode {}

fn conflict_code(conflict: Conflict) -> ErrorCode {
    match conflict {
        Conflict::IdempotencyKeyReused | Conflict::IdempotencyKeyRace => ErrorCode::IdempotencyKeyReused,
        Conflict::InvoiceNumberTaken => ErrorCode::InvoiceNumberTaken,
        Conflict::InsufficientPoints | Conflict::InsufficientPointsToUse => ErrorCode::InsufficientPoints,
        Conflict::RewardUnavailable => ErrorCode::RewardUnavailable,
        Conflict::InvoiceAlreadyVoided => ErrorCode::InvoiceAlreadyVoided,
        Conflict::VoidWindowClosed => ErrorCode::VoidWindowClosed,
        Conflict::PointsAlreadySpent => ErrorCode::PointsAlreadySpent,
        Conflict::ReturnOfVoidedInvoice => ErrorCode::ReturnOfVoidedInvoice,
        Conflict::ReturnWindowClosed => ErrorCode::ReturnWindowClosed,
        Conflict::InvoiceFullyReturned => ErrorCode::InvoiceFullyReturned,
        Conflict::NoStampCard => ErrorCode::NoStampCard,
        Conflict::StampCardNotFull => ErrorCode::StampCardNotFull,
        Conflict::AlreadyJoined => ErrorCode::AlreadyJoined,
        Conflict::ClaimUsed => ErrorCode::ClaimUsed,
        Conflict::ClaimSaleUndone => ErrorCode::ClaimSaleUndone,
        Conflict::ClaimExpired => ErrorCode::ClaimExpired,
        Conflict::StoreLimitReached => ErrorCode::StoreLimitReached,
        Conflict::NoActivePlan => ErrorCode::NoActivePlan,
        Conflict::CardAlreadyRedeemed => ErrorCode::CardAlreadyRedeemed,
        Conflict::CardExpired => ErrorCode::CardExpired,
        Conflict::CannotChangeSelf => ErrorCode::CannotChangeSelf,
        Conflict::PackageInUse => ErrorCode::PackageInUse,
        Conflict::CardLocked => ErrorCode::CardLocked,
        Conflict::StoreHasHistory => ErrorCode::StoreHasHistory,
        Conflict::CustomerHoldsPoints => ErrorCode::CustomerHoldsPoints,
        Conflict::NextPlanWaiting => ErrorCode::NextPlanWaiting,
        Conflict::UserHasHistory => ErrorCode::UserHasHistory,
        Conflict::OwnersStoreLimitReached => ErrorCode::OwnersStoreLimitReached,
        Conflict::ApiKeyLimitReached => ErrorCode::ApiKeyLimitReached,
        Conflict::PointsHaveNoValue => ErrorCode::PointsHaveNoValue,
        Conflict::NoMessageConsent => ErrorCode::NoMessageConsent,
    }
}

/// The error body of every endpoint.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// A message for people, in the request's language.
    pub message: String,
    #[schema(value_type = ErrorCode)]
    pub code: String,
    /// Per field, its messages in rule order (the first is the one to show); `{}` when the error
    /// is not about a field (every error body has it).
    pub errors: BTreeMap<String, Vec<String>>,
    /// The same field errors for programs: each with a machine code that does not depend on
    /// the language (`phone_invalid` and `phone_taken` differ); `[]` when the error is not about
    /// a field (every error body has it).
    pub details: Vec<FieldErrorDetail>,
}

/// One field error with its machine code.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FieldErrorDetail {
    /// The field (or header, or `query`) it is about.
    pub field: String,
    /// The rule it broke: one of the validation codes (`phone_taken`), or `invalid_value` for a
    /// value of the wrong type or shape.
    #[schema(schema_with = field_code_schema)]
    pub code: String,
    pub message: String,
    /// With `phone_taken`: the customer of the store who has that phone (the one to use instead
    /// of adding a duplicate). Absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = 12)]
    pub customer_id: Option<i64>,
}

/// The machine code of an error the JSON or query layer raised before any rule ran.
pub const INVALID_VALUE: &str = "invalid_value";

fn field_code_schema() -> utoipa::openapi::Object {
    let mut codes: Vec<&'static str> = loyalty_domain::Msg::ALL.iter().map(|m| m.code()).collect();
    codes.push(INVALID_VALUE);
    codes.push(ErrorCode::InvoiceNumberTaken.code());
    codes.push(ErrorCode::InsufficientPoints.code());
    codes.sort_unstable();
    codes.dedup();
    utoipa::openapi::schema::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .enum_values(Some(codes))
        .build()
}

/// An error ready to be rendered in the caller's language.
#[derive(Debug)]
pub struct ApiError {
    pub code: ErrorCode,
    pub lang: Lang,
    pub errors: BTreeMap<String, Vec<String>>,
    /// Per field, the machine code of each message in `errors`, in the same order.
    pub codes: BTreeMap<String, Vec<&'static str>>,
    /// Per field, the record that already holds its value (`FieldErrors::held_by`).
    pub holders: BTreeMap<String, i64>,
    /// Said instead of the code's own message, when the cause needs other words (the code stays).
    pub message: Option<loyalty_domain::Msg>,
    pub retry_after_secs: Option<u64>,
}

impl ApiError {
    pub fn new(code: ErrorCode, lang: Lang) -> Self {
        Self {
            code,
            lang,
            errors: BTreeMap::new(),
            codes: BTreeMap::new(),
            holders: BTreeMap::new(),
            message: None,
            retry_after_secs: None,
        }
    }

    pub fn from_app(error: AppError, lang: Lang) -> Self {
        let code = match &error {
            AppError::Validation(_) => ErrorCode::ValidationFailed,
            AppError::InvalidCredentials => ErrorCode::InvalidCredentials,
            AppError::AccountInactive => ErrorCode::AccountInactive,
            AppError::Unauthenticated => ErrorCode::Unauthenticated,
            AppError::Forbidden => ErrorCode::Forbidden,
            AppError::NotFound => ErrorCode::NotFound,
            AppError::Conflict(conflict) => conflict_code(*conflict),
            AppError::RateLimited { .. } => ErrorCode::RateLimited,
            AppError::Unavailable => ErrorCode::ServiceUnavailable,
            AppError::Internal(detail) => {
                tracing::error!(%detail, "internal error");
                ErrorCode::InternalError
            }
        };
        let mut api = ApiError::new(code, lang);
        match error {
            AppError::Validation(fields) => {
                for (field, msgs) in fields.iter() {
                    let texts = msgs.iter().map(|m| if lang == Lang::Ar { m.ar() } else { m.en() }.to_owned());
                    api.errors.insert(field.to_owned(), texts.collect());
                    api.codes.insert(field.to_owned(), msgs.iter().map(|m| m.code()).collect());
                    if let Some(holder) = fields.holder(field) {
                        api.holders.insert(field.to_owned(), holder);
                    }
                }
            }
            AppError::RateLimited { retry_after_secs } => api.retry_after_secs = Some(retry_after_secs),
            // Conflicts that belong to one field of the form also name it, like a 422 would.
            AppError::Conflict(Conflict::InvoiceNumberTaken) => {
                api.errors.insert("invoice_id".to_owned(), vec![code.message(lang).to_owned()]);
                api.codes.insert("invoice_id".to_owned(), vec![code.code()]);
            }
            // Points to use as money: not "for this reward"; the field is `points`.
            AppError::Conflict(Conflict::InsufficientPointsToUse) => {
                let msg = loyalty_domain::Msg::RedeemMoreThanBalance;
                api.message = Some(msg);
                api.errors
                    .insert("points".to_owned(), vec![if lang == Lang::Ar { msg.ar() } else { msg.en() }.to_owned()]);
                api.codes.insert("points".to_owned(), vec![code.code()]);
            }
            AppError::Unavailable => api.retry_after_secs = Some(2),
            _ => {}
        }
        api
    }

    /// A one-field validation error raised at the edge (e.g. a wrong JSON type).
    pub fn field(lang: Lang, field: &str, message: String) -> Self {
        let mut api = ApiError::new(ErrorCode::ValidationFailed, lang);
        api.errors.insert(field.to_owned(), vec![message]);
        api.codes.insert(field.to_owned(), vec![INVALID_VALUE]);
        api
    }

    pub fn body(&self) -> ErrorBody {
        let message = match (self.message, self.lang) {
            (Some(msg), Lang::Ar) => msg.ar(),
            (Some(msg), Lang::En) => msg.en(),
            (None, lang) => self.code.message(lang),
        };
        ErrorBody {
            message: message.to_owned(),
            code: self.code.code().to_owned(),
            errors: self.errors.clone(),
            details: self
                .errors
                .iter()
                .flat_map(|(field, messages)| {
                    let codes = self.codes.get(field);
                    let holder = self.holders.get(field).copied();
                    messages.iter().enumerate().map(move |(i, message)| FieldErrorDetail {
                        field: field.clone(),
                        code: codes.and_then(|c| c.get(i)).copied().unwrap_or(INVALID_VALUE).to_owned(),
                        message: message.clone(),
                        customer_id: holder,
                    })
                })
                .collect(),
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code.code())
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.code.status()
    }

    fn error_response(&self) -> HttpResponse {
        let mut response = HttpResponse::build(self.status_code());
        if let Some(secs) = self.retry_after_secs {
            response.insert_header((header::RETRY_AFTER, secs.to_string()));
        }
        if self.code == ErrorCode::Unauthenticated {
            response.insert_header((header::WWW_AUTHENTICATE, "Bearer"));
        }
        response.json(self.body())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use loyalty_domain::{FieldErrors, Msg};

    #[test]
    fn codes_are_unique_snake_case_with_both_languages() {
        let mut seen = std::collections::HashSet::new();
        for code in ErrorCode::ALL {
            assert!(seen.insert(code.code()), "duplicate {}", code.code());
            assert!(code.code().chars().all(|c| c.is_ascii_lowercase() || c == '_'));
            assert!(!code.message(Lang::En).is_empty() && !code.message(Lang::Ar).is_empty());
            assert_ne!(code.message(Lang::En), code.message(Lang::Ar));
        }
    }

    #[test]
    fn every_field_message_has_arabic() {
        for msg in Msg::ALL {
            assert!(!msg.ar().is_empty());
            assert_ne!(msg.ar(), msg.en());
        }
    }

    #[test]
    fn validation_errors_are_translated() {
        let error = AppError::Validation(FieldErrors::single("email", Msg::EmailRequired));
        let api = ApiError::from_app(error, Lang::Ar);
        assert_eq!(api.code.status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(api.errors["email"], vec!["البريد الإلكتروني مطلوب".to_owned()]);
    }
}
