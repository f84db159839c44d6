/// Defines [`Msg`] from one table: variant, English text, Arabic text.
macro_rules! messages {
    ($($variant:ident => ($en:expr, $ar:expr)),* $(,)?) => {
        /// Every user-facing validation message the rules can produce. The English text is the
        /// spec's wording, word for word, where the spec gives one.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, strum::IntoStaticStr)]
        #[strum(serialize_all = "snake_case")]
        pub enum Msg {
            $($variant),*
        }

        impl Msg {
            /// All messages, so tests can check each has a translation.
            pub const ALL: &'static [Msg] = &[$(Msg::$variant),*];

            /// The machine code of the message (`phone_taken`), the same in every language, so a
            /// client tells field errors apart without reading the text.
            pub fn code(self) -> &'static str {
                self.into()
            }

            pub fn en(self) -> &'static str {
                match self {
                    $(Msg::$variant => $en),*
                }
            }

            pub fn ar(self) -> &'static str {
                match self {
                    $(Msg::$variant => $ar),*
                }
            }
        }
    };
}

messages! {
    NameRequired => ("Name is required", "الاسم مطلوب"),
    EmailRequired => ("Email is required", "البريد الإلكتروني مطلوب"),
    EmailInvalid => ("Please enter a valid email address", "يرجى إدخال بريد إلكتروني صحيح"),
    EmailTaken => ("This email is already registered", "هذا البريد الإلكتروني مسجل مسبقاً"),
    EmailNotLatin => ("Use Latin letters, digits and . _ + - before the @", "استخدم الحروف اللاتينية والأرقام و . _ + - قبل @"),
    EmailConfusable => ("This email looks almost the same as one already registered", "هذا البريد الإلكتروني يكاد يطابق بريداً مسجلاً مسبقاً"),
    PasswordRequired => ("Password is required", "كلمة المرور مطلوبة"),
    PasswordTooShort => ("Password must be at least 8 characters", "يجب أن تتكون كلمة المرور من 8 أحرف على الأقل"),
    PasswordTooLong => ("Password must be at most 128 characters", "يجب ألا تتجاوز كلمة المرور 128 حرفاً"),
    RoleRequired => ("Please select a role", "يرجى اختيار الدور"),
    StoreOwnerNameRequired => ("Store owner name is required", "اسم صاحب المتجر مطلوب"),
    StoreRequired => ("Please select a store", "يرجى اختيار متجر"),
    TooLong => ("This value is too long", "هذه القيمة طويلة جداً"),
    MoneyInvalid => ("Enter an amount in LYD with at most 3 decimals", "أدخل مبلغاً بالدينار الليبي بثلاث خانات عشرية على الأكثر"),
    PhoneRequired => ("Phone number is required", "رقم الهاتف مطلوب"),
    PhoneInvalid => ("Please enter a valid phone number", "يرجى إدخال رقم هاتف صحيح"),
    PhoneTaken => ("This phone number is already registered in this store", "رقم الهاتف هذا مسجل مسبقاً في هذا المتجر"),
    CustomerNameRequired => ("Customer name is required", "اسم العميل مطلوب"),
    LoyaltyPointsNegative => ("Loyalty points cannot be negative", "لا يمكن أن تكون نقاط الولاء سالبة"),
    LoyaltyPointsTooMany => ("Loyalty points cannot be more than 1,000,000,000", "لا يمكن أن تزيد نقاط الولاء عن 1,000,000,000"),
    PointsTooFew => ("Please enter a valid number of points (minimum 1)", "يرجى إدخال عدد نقاط صحيح (1 على الأقل)"),
    PointsTooMany => ("Cannot add more than 10,000 points at once", "لا يمكن إضافة أكثر من 10,000 نقطة دفعة واحدة"),
    CustomerRequired => ("Please select a customer before creating an invoice", "يرجى اختيار عميل قبل إنشاء الفاتورة"),
    CustomerFirst => ("Please select a customer first", "يرجى اختيار عميل أولاً"),
    WalkInHasNoCustomer => ("A walk-in sale has no customer: leave the customer out", "بيع الزبون العابر بلا عميل: لا تحدد عميلاً"),
    WalkInStoreRequired => ("Name the store of a sale without a customer", "حدّد متجر البيع بلا عميل"),
    StoreIsTheCustomers => ("A customer's sale is made in the customer's store: leave the store out", "بيع العميل يُسجَّل في متجره: لا تحدد متجراً"),
    TotalRequired => ("Total cost is required", "إجمالي التكلفة مطلوب"),
    TotalTooSmall => ("Total cost must be at least 0.01", "يجب ألا يقل إجمالي التكلفة عن 0.01"),
    RewardRequired => ("Please select a reward", "يرجى اختيار مكافأة"),
    SearchTooShort => ("Type at least 2 characters to search", "اكتب حرفين على الأقل للبحث"),
    SearchTooLong => ("Search must be at most 100 characters", "يجب ألا يتجاوز البحث 100 حرف"),
    StoreNameRequired => ("Store name is required", "اسم المتجر مطلوب"),
    StoreOwnerRequired => ("Select Store Owner", "اختر صاحب المتجر"),
    StoreOwnerFixed => ("A store stays with the owner it was made for.", "يبقى المتجر لصاحبه الذي أُنشئ له."),
    RedemptionCodeEmpty => ("Redemption code cannot be empty.", "لا يمكن أن يكون رمز الاستبدال فارغاً."),
    RedemptionCodeTooLong => ("Redemption code must be at most 50 characters.", "يجب ألا يتجاوز رمز الاستبدال 50 حرفاً."),
    RewardNameRequired => ("Reward name is required", "اسم المكافأة مطلوب"),
    RewardTypeRequired => ("Please select a reward type", "يرجى اختيار نوع المكافأة"),
    PointsRequiredPositive => ("Points required must be greater than 0", "يجب أن تكون النقاط المطلوبة أكبر من 0"),
    DiscountRange => ("Discount percentage must be between 0 and 100", "يجب أن تكون نسبة الخصم بين 0 و 100"),
    AmountNotNegative => ("Amount must be greater than or equal to 0", "يجب أن يكون المبلغ أكبر من أو يساوي 0"),
    RateTooLow => ("Points per LYD must be at least 0.1", "يجب ألا تقل النقاط لكل دينار عن 0.1"),
    RateStep => ("Points per LYD must be a multiple of 0.1", "يجب أن تكون النقاط لكل دينار من مضاعفات 0.1"),
    RedemptionCodeUnknown => ("This redemption code is not valid.", "رمز الاستبدال هذا غير صالح."),
    PriceNegative => ("Price cannot be negative", "لا يمكن أن يكون السعر سالباً"),
    StoreLimitMin => ("Store limit must be at least 1", "يجب ألا يقل حد المتاجر عن 1"),
    StoreLimitMax => ("Store limit must be at most 10,000", "يجب ألا يزيد حد المتاجر على 10,000"),
    DurationMin => ("Duration must be at least 1 month", "يجب ألا تقل المدة عن شهر واحد"),
    DurationMax => ("Duration must be at most 120 months", "يجب ألا تزيد المدة على 120 شهرًا"),
    PriceRequired => ("Enter a price (0 for a free plan)", "أدخل السعر (0 لباقة مجانية)"),
    PackageRequired => ("Please select a package", "يرجى اختيار باقة"),
    CardPackageRequired => ("please select a package", "يرجى اختيار باقة"),
    CardCodeTaken => ("This code is already used by another card.", "هذا الرمز مستخدم لبطاقة أخرى."),
    CardCodeShape => ("A card code is 4 to 50 letters A-Z and digits 0-9, without spaces.", "رمز البطاقة من 4 إلى 50 حرفًا لاتينيًا (A-Z) أو رقمًا (0-9)، دون مسافات."),
    IdempotencyKeyInvalid => ("Idempotency-Key must be 1 to 255 visible ASCII characters, without spaces", "يجب أن يتكون Idempotency-Key من 1 إلى 255 حرفاً مرئياً من ASCII دون مسافات"),
    ScopesRequired => ("Choose at least one scope", "اختر صلاحية واحدة على الأقل"),
    ScopeUnknown => ("Unknown scope", "صلاحية غير معروفة"),
    ModeUnknown => ("Choose live or test", "اختر حقيقي أو تجريبي"),
    TestKeyStores => ("A test key acts on the sandbox store alone: leave the stores out", "مفتاح الاختبار يعمل على المتجر التجريبي وحده: اترك المتاجر فارغة"),
    WebhookUrlInvalid => ("Enter an https:// address of a public server", "أدخل عنوان https:// لخادم عام"),
    WebhookEventsRequired => ("Choose at least one event", "اختر حدثاً واحداً على الأقل"),
    WebhookEventUnknown => ("Unknown event", "حدث غير معروف"),
    FieldUnknown => ("This field is not known: check its name.", "هذا الحقل غير معروف: تحقق من اسمه."),
    FieldRequiredToReplace => ("A full replacement (PUT) names this field: send null to clear it, or change only some fields with PATCH.", "الاستبدال الكامل (PUT) يذكر هذا الحقل: أرسل null لمسحه، أو غيّر بعض الحقول فقط باستخدام PATCH."),
    DeliveryStatusUnknown => ("Choose pending, succeeded or failed", "اختر pending أو succeeded أو failed"),
    WebhookLimit => ("You already have 10 webhook endpoints. Delete one you no longer use first.", "لديك 10 عناوين Webhook بالفعل. احذف عنواناً لم تعد تستخدمه أولاً."),
    ExpiryInPast => ("The expiry date cannot be in the past.", "لا يمكن أن يكون تاريخ الانتهاء في الماضي."),
    BatchCount => ("Choose between 1 and 500 cards.", "اختر من 1 إلى 500 بطاقة."),
    DateInvalid => ("Use a date like 2026-11-22.", "استخدم تاريخاً بالشكل 2026-11-22."),
    DateRangeReversed => ("The end date is before the start date.", "تاريخ النهاية قبل تاريخ البداية."),
    InstantInvalid => ("Use an RFC 3339 time like 2026-11-22T10:00:00Z.", "استخدم وقتاً بصيغة RFC 3339 مثل 2026-11-22T10:00:00Z."),
    AfterIdNeedsSince => ("after_id goes with updated_since.", "يُستخدم after_id مع updated_since فقط."),
    RangeInvalid => ("Choose 7d, 30d, 90d or custom dates.", "اختر 7d أو 30d أو 90d أو تواريخ مخصصة."),
    QrSize => ("Choose a size of 150, 200 or 300 pixels.", "اختر حجماً من 150 أو 200 أو 300 بكسل."),
    MinimumPurchaseNegative => ("Minimum purchase cannot be negative", "لا يمكن أن يكون الحد الأدنى للشراء سالباً"),
    TotalTooLarge => ("Total cost is above this store's maximum invoice total", "إجمالي التكلفة أعلى من الحد الأقصى لإجمالي الفاتورة في هذا المتجر"),
    MaxInvoiceTotalTooSmall => ("Maximum invoice total must be at least 0.01", "يجب ألا يقل الحد الأقصى لإجمالي الفاتورة عن 0.01"),
    ConfirmAboveNegative => ("The amount to confirm above cannot be negative", "لا يمكن أن يكون مبلغ طلب التأكيد سالباً"),
    CashierDailyPointsRange => ("Daily points per cashier must be between 0 and 1,000,000", "يجب أن تكون النقاط اليومية لكل كاشير بين 0 و 1,000,000"),
    CashierDailyPointsExceeded => ("This passes today's limit of points a cashier may add by hand", "هذا يتجاوز حد النقاط التي يمكن للكاشير إضافتها يدوياً اليوم"),
    BalanceByAdjustmentOnly => ("Points change only through a points adjustment with a reason", "تتغير النقاط فقط عبر تعديل للنقاط مع ذكر السبب"),
    AdjustmentReasonRequired => ("A reason is required", "السبب مطلوب"),
    AdjustmentTooLarge => ("Cannot change more than 10,000 points at once", "لا يمكن تغيير أكثر من 10,000 نقطة دفعة واحدة"),
    AdjustmentZero => ("Enter the points to add or remove", "أدخل النقاط المراد إضافتها أو خصمها"),
    RemoveMoreThanBalance => ("Cannot remove more points than the customer has", "لا يمكن خصم نقاط أكثر مما لدى العميل"),
    TextCharactersNotAllowed => ("This text contains characters that are not allowed", "يحتوي هذا النص على أحرف غير مسموح بها"),
    PointValueRange => ("The value of 100 points must be between 0.001 and 1,000 LYD", "يجب أن تكون قيمة 100 نقطة بين 0.001 و 1,000 دينار"),
    MinRedeemPointsRange => ("The fewest points to use at once must be between 1 and 1,000,000", "يجب أن يكون أقل عدد من النقاط يُستخدم مرة واحدة بين 1 و 1,000,000"),
    RedeemBelowMinimum => ("This is fewer points than the store's minimum to use at once", "هذا أقل من الحد الأدنى للنقاط التي تُستخدم مرة واحدة في هذا المتجر"),
    RedeemWorthNothing => ("These points are worth less than 0.001 LYD", "قيمة هذه النقاط أقل من 0.001 دينار"),
    SignalSalesRange => ("Sales to one customer in a day must be between 1 and 1,000", "يجب أن يكون عدد المبيعات لعميل واحد في اليوم بين 1 و 1,000"),
    SignalVoidPercentRange => ("The share of voided sales must be between 0 and 100 %", "يجب أن تكون نسبة المبيعات الملغاة بين 0 و 100 %"),
    SignalManualPointsRange => ("Points added by hand in a day must be between 1 and 1,000,000", "يجب أن تكون النقاط المضافة يدوياً في اليوم بين 1 و 1,000,000"),
    BirthdayInvalid => ("Enter a birthday as month and day", "أدخل تاريخ الميلاد شهراً ويوماً"),
    BirthdayPointsRange => ("Birthday points must be between 0 and 100,000", "يجب أن تكون نقاط عيد الميلاد بين 0 و 100,000"),
    ActivityLogMonthsRange => ("Keep POS activity 3 to 36 months", "احتفظ بنشاط نقاط البيع من 3 إلى 36 شهراً"),
    WebhookDeliveryDaysRange => ("Keep webhook deliveries 7 to 90 days", "احتفظ بإرسالات خطافات الويب من 7 إلى 90 يوماً"),
    TiersTooMany => ("At most 4 tiers", "4 مستويات على الأكثر"),
    TierNameRequired => ("Name the tier in English and Arabic", "اكتب اسم المستوى بالعربية والإنجليزية"),
    TierSpendNegative => ("A tier's spend cannot be negative", "لا يمكن أن يكون إنفاق المستوى سالباً"),
    TierSpendOrder => ("Each tier needs a higher spend than the one before", "يجب أن يكون إنفاق كل مستوى أعلى من المستوى الذي قبله"),
    MultiplierRange => ("The multiplier must be 1 to 10, in steps of 0.1", "يجب أن يكون المضاعف من 1 إلى 10، بخطوات 0.1"),
    ExpiryMonthsRange => ("Points expire after 1 to 120 months, or never", "تنتهي صلاحية النقاط بعد 1 إلى 120 شهراً، أو لا تنتهي أبداً"),
    RewardOrPoints => ("Choose a reward or a number of points, not both", "اختر مكافأة أو عدداً من النقاط، لا كليهما"),
    RedeemMoreThanBalance => ("The customer does not have that many points", "لا يملك العميل هذا العدد من النقاط"),
    ImportUnreadable => ("This file could not be read as a CSV file: save it from your spreadsheet as CSV and try again", "تعذّرت قراءة هذا الملف كملف CSV: احفظه من برنامج الجداول بصيغة CSV وحاول مرة أخرى"),
    NotificationKeysCount => ("Send from 1 to 100 notification keys", "أرسل من 1 إلى 100 مفتاح إشعار"),
    NotificationKeyInvalid => ("A notification key is empty or too long", "مفتاح إشعار فارغ أو طويل جداً"),
    ImportColumnsMissing => ("The file needs a name column and a phone column in its first row, headed for example Name and Phone, or الاسم and الهاتف", "يجب أن يحتوي الصف الأول من الملف على عمود للاسم وعمود للهاتف، بعنوانين مثل: الاسم والهاتف، أو Name وPhone"),
    ImportEmpty => ("The file has no customers below its first row", "لا يحتوي الملف على عملاء بعد الصف الأول"),
    ImportTooManyRows => ("A file can hold at most 100,000 customers; split it into several", "يمكن أن يحتوي الملف على 100,000 عميل على الأكثر؛ قسّمه إلى عدة ملفات"),
    ImportPointsWhole => ("Points must be a whole number from 0 to 1,000,000,000", "يجب أن تكون النقاط عدداً صحيحاً من 0 إلى 1,000,000,000"),
    ImportPhoneRepeated => ("This phone number is on an earlier row of the file", "رقم الهاتف هذا موجود في صف سابق من الملف"),
    ExportNotPerStore => ("This export covers the whole platform; leave the store out", "يشمل هذا التصدير المنصة كلها؛ لا تختر متجراً"),
    VoidReasonRequired => ("A reason is required to void an invoice", "يجب ذكر سبب إلغاء الفاتورة"),
    ReturnReasonRequired => ("A reason is required to take a return", "يجب ذكر سبب الإرجاع"),
    ReturnAmountRequired => ("Enter the amount returned", "أدخل المبلغ المُرجَع"),
    ReturnAmountTooSmall => ("The amount returned must be at least 0.001", "يجب ألا يقل المبلغ المُرجَع عن 0.001"),
    ReturnMoreThanInvoice => ("The returns would add up to more than the invoice total: return at most what is left of it", "سيتجاوز مجموع المرتجعات إجمالي الفاتورة: أرجِع ما تبقى منها على الأكثر"),
    StampMinTotalRequired => ("Enter the smallest sale that earns a stamp", "أدخل أقل مبلغ بيع يمنح ختماً"),
    StampMinTotalNegative => ("The smallest sale that earns a stamp must be 0 or more", "يجب أن يكون أقل مبلغ بيع يمنح ختماً 0 أو أكثر"),
    StampsRequiredRequired => ("Enter how many stamps the reward needs", "أدخل عدد الأختام اللازمة للمكافأة"),
    StampsRequiredOutOfRange => ("The stamps needed must be from 1 to 50", "يجب أن يكون عدد الأختام اللازمة من 1 إلى 50"),
    StampRewardNameRequired => ("Enter the reward's name", "أدخل اسم المكافأة"),
    ConsentChannelUnknown => ("Choose whatsapp or sms", "اختر whatsapp أو sms"),
    ConsentGrantedRequired => ("Say whether the customer consents (true) or withdraws consent (false)", "حدّد هل يوافق العميل (true) أم يسحب موافقته (false)"),
    ConsentSourceUnknown => ("Choose till, join, import or customer_page", "اختر till أو join أو import أو customer_page"),
    MessagesMonthlyLimitReached => ("Your customers' messages reached this month's limit: the rest of the month's messages are not sent. Raise the limit in the Messages tab to send them.", "بلغت رسائل عملائك حدّ هذا الشهر: لن تُرسل بقية رسائل الشهر. ارفع الحد في تبويب الرسائل لإرسالها."),
    MessagesMonthlyLimitRange => ("Messages a month must be between 0 and 1,000,000", "يجب أن يكون عدد الرسائل في الشهر بين 0 و 1,000,000"),
    TemplateRequired => ("Write the message's text", "اكتب نص الرسالة"),
    TemplateTooLong => ("A message's text can be at most 320 characters", "يمكن أن يحتوي نص الرسالة على 320 حرفاً على الأكثر"),
    TemplateBraces => ("Write each placeholder in braces, like {name}", "اكتب كل حقل متغير بين قوسين، مثل {name}"),
    TemplatePlaceholderUnknown => ("A placeholder is not one of this message's: use those listed for it", "أحد الحقول المتغيرة ليس من حقول هذه الرسالة: استخدم الحقول المذكورة لها"),
    TemplatePointsRequired => ("This message must say the points: keep {points} in it", "يجب أن تذكر هذه الرسالة النقاط: أبقِ {points} فيها"),
    TemplateLinkRequired => ("This message must carry the customer's page: keep {link} in it", "يجب أن تحمل هذه الرسالة رابط صفحة العميل: أبقِ {link} فيها"),
    ConsentLanguageUnknown => ("Choose ar or en", "اختر ar أو en"),
    ImportConsentYesNo => ("Write yes or no for consent to messages, or leave it empty for no", "اكتب نعم أو لا للموافقة على الرسائل، أو اتركها فارغة لتعني لا"),
    MessageKindUnknown => ("Choose welcome, points_earned, points_expiring, birthday or link", "اختر welcome أو points_earned أو points_expiring أو birthday أو link"),
    StampExpiryOutOfRange => ("Stamps must last from 1 to 3650 days, or leave it empty for never", "يجب أن تدوم الأختام من 1 إلى 3650 يوماً، أو اتركه فارغاً لتبقى دائماً"),
}

#[cfg(test)]
mod tests {
    use super::Msg;
    use crate::{loyalty_settings, plan, reward_rules, CardCode};

    /// A bound written into a message's words is the rule's constant (both languages).
    #[test]
    fn messages_name_the_rules_bounds() {
        let thousands = |n: i64| {
            let digits = n.to_string();
            let mut out = String::new();
            for (i, c) in digits.chars().enumerate() {
                if i > 0 && (digits.len() - i).is_multiple_of(3) {
                    out.push(',');
                }
                out.push(c);
            }
            out
        };
        let cases = [
            (Msg::StoreLimitMax, thousands(plan::STORE_LIMIT_MAX)),
            (Msg::DurationMax, plan::DURATION_MONTHS_MAX.to_string()),
            (Msg::DiscountRange, reward_rules::DISCOUNT_PERCENT_MAX.to_string()),
            (Msg::RedemptionCodeTooLong, CardCode::MAX_LEN.to_string()),
            (Msg::CardCodeShape, format!("{} to {}", CardCode::MIN_LEN, CardCode::MAX_LEN)),
            (Msg::PointValueRange, thousands(loyalty_settings::POINT_VALUE_MAX.dirhams() / 1000)),
            (Msg::MinRedeemPointsRange, thousands(loyalty_settings::MIN_REDEEM_POINTS_LIMIT)),
            (Msg::ExpiryMonthsRange, loyalty_settings::EXPIRY_MONTHS_MAX.to_string()),
            (Msg::TiersTooMany, crate::tiers::TIERS_MAX.to_string()),
            (Msg::MultiplierRange, (crate::tiers::MULTIPLIER_MAX_MILLI / 1000).to_string()),
            (Msg::BirthdayPointsRange, thousands(crate::birthday::BIRTHDAY_POINTS_MAX)),
            (Msg::ActivityLogMonthsRange, crate::retention::ACTIVITY_LOG_MONTHS_MAX.to_string()),
            (Msg::WebhookDeliveryDaysRange, crate::retention::WEBHOOK_DELIVERY_DAYS_MAX.to_string()),
            (Msg::MessagesMonthlyLimitRange, thousands(crate::messages_out::MONTHLY_LIMIT_MAX)),
            (Msg::TemplateTooLong, crate::messages_out::TEMPLATE_MAX_CHARS.to_string()),
            (Msg::SignalSalesRange, thousands(crate::signals::SALES_PER_CUSTOMER_MAX)),
            (Msg::SignalVoidPercentRange, crate::signals::VOID_PERCENT_MAX.to_string()),
            (Msg::SignalManualPointsRange, thousands(crate::signals::MANUAL_POINTS_THRESHOLD_MAX)),
        ];
        for (msg, bound) in cases {
            assert!(msg.en().contains(&bound), "{msg:?}: {} lacks {bound}", msg.en());
            let number = bound.split(' ').next_back().unwrap_or_default();
            assert!(msg.ar().contains(number), "{msg:?}: {} lacks {number}", msg.ar());
        }
    }
}
