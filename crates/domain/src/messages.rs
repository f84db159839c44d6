/// Every user-facing validation message the rules can produce. The English text is the
/// spec's wording, word for word; translations live at the HTTP edge, keyed by this enum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Msg {
    NameRequired,
    EmailRequired,
    EmailInvalid,
    EmailTaken,
    PasswordRequired,
    PasswordTooShort,
    PasswordTooLong,
    RoleRequired,
    StoreOwnerNameRequired,
    StoreRequired,
    TooLong,
    MoneyInvalid,
    PhoneRequired,
    PhoneInvalid,
}

impl Msg {
    /// All messages, so tests can check each has a translation.
    pub const ALL: &'static [Msg] = &[
        Msg::NameRequired,
        Msg::EmailRequired,
        Msg::EmailInvalid,
        Msg::EmailTaken,
        Msg::PasswordRequired,
        Msg::PasswordTooShort,
        Msg::PasswordTooLong,
        Msg::RoleRequired,
        Msg::StoreOwnerNameRequired,
        Msg::StoreRequired,
        Msg::TooLong,
        Msg::MoneyInvalid,
        Msg::PhoneRequired,
        Msg::PhoneInvalid,
    ];

    /// The English text (the spec's words where the spec gives them).
    pub fn en(self) -> &'static str {
        match self {
            Msg::NameRequired => "Name is required",
            Msg::EmailRequired => "Email is required",
            Msg::EmailInvalid => "Please enter a valid email address",
            Msg::EmailTaken => "This email is already registered",
            Msg::PasswordRequired => "Password is required",
            Msg::PasswordTooShort => "Password must be at least 8 characters",
            Msg::PasswordTooLong => "Password must be at most 128 characters",
            Msg::RoleRequired => "Please select a role",
            Msg::StoreOwnerNameRequired => "Store owner name is required",
            Msg::StoreRequired => "Please select a store",
            Msg::TooLong => "This value is too long",
            Msg::MoneyInvalid => "Enter an amount in LYD with at most 3 decimals",
            Msg::PhoneRequired => "Phone number is required",
            Msg::PhoneInvalid => "Please enter a valid phone number",
        }
    }

    /// The Arabic text.
    pub fn ar(self) -> &'static str {
        match self {
            Msg::NameRequired => "الاسم مطلوب",
            Msg::EmailRequired => "البريد الإلكتروني مطلوب",
            Msg::EmailInvalid => "يرجى إدخال بريد إلكتروني صحيح",
            Msg::EmailTaken => "هذا البريد الإلكتروني مسجل مسبقاً",
            Msg::PasswordRequired => "كلمة المرور مطلوبة",
            Msg::PasswordTooShort => "يجب أن تتكون كلمة المرور من 8 أحرف على الأقل",
            Msg::PasswordTooLong => "يجب ألا تتجاوز كلمة المرور 128 حرفاً",
            Msg::RoleRequired => "يرجى اختيار الدور",
            Msg::StoreOwnerNameRequired => "اسم صاحب المتجر مطلوب",
            Msg::StoreRequired => "يرجى اختيار متجر",
            Msg::TooLong => "هذه القيمة طويلة جداً",
            Msg::MoneyInvalid => "أدخل مبلغاً بالدينار الليبي بثلاث خانات عشرية على الأكثر",
            Msg::PhoneRequired => "رقم الهاتف مطلوب",
            Msg::PhoneInvalid => "يرجى إدخال رقم هاتف صحيح",
        }
    }
}
