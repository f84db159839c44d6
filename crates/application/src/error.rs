use loyalty_domain::FieldErrors;

use crate::ports::RepoError;

/// Everything a use case can answer besides success. The HTTP edge maps each variant to a
/// status, a stable code and a translated message in one table.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("validation failed")]
    Validation(FieldErrors),
    #[error("invalid email or password")]
    InvalidCredentials,
    #[error("account is deactivated")]
    AccountInactive,
    #[error("not signed in")]
    Unauthenticated,
    #[error("role not allowed")]
    Forbidden,
    #[error("not found")]
    NotFound,
    #[error("conflict: {0:?}")]
    Conflict(Conflict),
    #[error("rate limited for {retry_after_secs} s")]
    RateLimited { retry_after_secs: u64 },
    #[error("service unavailable")]
    Unavailable,
    #[error("internal error: {0}")]
    Internal(String),
}

/// The kinds of 409 the product answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Conflict {
    /// The same `Idempotency-Key` came with a different request.
    IdempotencyKeyReused,
    /// Another request with the same key committed first; the caller replays its answer.
    IdempotencyKeyRace,
    InvoiceNumberTaken,
    /// The balance is short of a reward's price.
    InsufficientPoints,
    /// The balance is short of the points asked for, to use as money: the same cause (and code)
    /// as [`Conflict::InsufficientPoints`], said of the `points` field, in the preview and the
    /// redemption alike.
    InsufficientPointsToUse,
    RewardUnavailable,
    InvoiceAlreadyVoided,
    /// A cashier voids only on the invoice's own local day.
    VoidWindowClosed,
    /// The customer already spent the points the invoice gave.
    PointsAlreadySpent,
    /// A voided invoice takes no returns: its whole sale was taken back already.
    ReturnOfVoidedInvoice,
    /// A cashier takes returns only on the invoice's own local day, as it voids.
    ReturnWindowClosed,
    /// Its returns took back an invoice's whole total: nothing is left to void.
    InvoiceFullyReturned,
    /// The store gives no stamps: its owner set no stamp card.
    NoStampCard,
    /// Fewer stamps count than the card's reward needs.
    StampCardNotFull,
    /// The phone is already registered in the store the customer tries to join.
    AlreadyJoined,
    /// A cash receipt's points were claimed already (a claim link is used once).
    ClaimUsed,
    /// The receipt's sale was voided or goods came back against it: nothing to claim.
    ClaimSaleUndone,
    /// The receipt's claim link is past its days (`public_links::CLAIM_DAYS`): answered 410.
    ClaimExpired,
    /// The owner's plan allows no more stores.
    StoreLimitReached,
    /// The same, said to the admin adding a store for an owner.
    OwnersStoreLimitReached,
    /// The owner has no active plan.
    NoActivePlan,
    CardAlreadyRedeemed,
    CardExpired,
    /// An admin may not deactivate or delete itself.
    CannotChangeSelf,
    /// A package still used by a subscription or a card.
    PackageInUse,
    /// A redeemed card cannot be edited or deleted.
    CardLocked,
    /// A store with customers or sales cannot be deleted.
    StoreHasHistory,
    /// A customer who holds points is not deleted: the points would leave the books unrecorded.
    CustomerHoldsPoints,
    /// Another plan already waits to start after the current one.
    NextPlanWaiting,
    /// A person with stores, a plan or sales is deactivated, not deleted.
    UserHasHistory,
    /// The owner already keeps the most API keys allowed.
    ApiKeyLimitReached,
    /// The owner gave points no value in LYD, so they cannot be used as money.
    PointsHaveNoValue,
    /// The customer has no phone, or consents to messages by neither channel: nothing is sent.
    NoMessageConsent,
}

impl From<FieldErrors> for AppError {
    fn from(errors: FieldErrors) -> Self {
        AppError::Validation(errors)
    }
}

impl From<RepoError> for AppError {
    fn from(error: RepoError) -> Self {
        match error {
            RepoError::Unavailable(_) => AppError::Unavailable,
            other => AppError::Internal(other.to_string()),
        }
    }
}
