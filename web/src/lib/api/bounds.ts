// Generated from openapi/openapi.json by scripts/gen-bounds.mjs (`just openapi`): do not edit.
// Each request field's bounds as the server checks them (crates/http/src/bounds.rs).

export const bounds = {
  AddPointsRequest: {
    points: {
      maximum: 10000,
      minimum: -10000,
    },
    reason: {
      maxLength: 255,
    },
  },
  ApiKeyRequest: {
    name: {
      maxLength: 120,
    },
  },
  AssignPackageRequest: {
    notes: {
      maxLength: 500,
    },
  },
  CardBatchRequest: {
    count: {
      maximum: 500,
      minimum: 1,
    },
    notes: {
      maxLength: 500,
    },
  },
  CardRequest: {
    code: {
      pattern: '^\\s*([A-Za-z0-9]{4,50})?\\s*$',
    },
    notes: {
      maxLength: 500,
    },
  },
  ChannelReportDto: {
    statuses: {
      minimum: 0,
    },
    withdrawals: {
      minimum: 0,
    },
  },
  CreateInvoiceRequest: {
    invoice_id: {
      maxLength: 50,
    },
    total_cost: {
      maximum: 999999999.999,
      minimum: 0,
      pattern: '^[0-9٠-٩۰-۹]{1,9}([.٫][0-9٠-٩۰-۹]{1,3})?$',
    },
  },
  CreateRedemptionRequest: {
    points: {
      minimum: 1,
    },
  },
  CustomerDto: {
    birthday: {
      pattern: '^[0-9]{2}-[0-9]{2}$',
    },
  },
  CustomerRequest: {
    loyalty_points: {
      maximum: 1000000000,
      minimum: 0,
    },
    name: {
      maxLength: 120,
    },
  },
  DataRetentionRequest: {
    activity_log_months: {
      maximum: 36,
      minimum: 3,
    },
    webhook_delivery_days: {
      maximum: 90,
      minimum: 7,
    },
  },
  Health: {
    uptime_seconds: {
      minimum: 0,
    },
  },
  ImportFormatDto: {
    max_bytes: {
      minimum: 0,
    },
    max_rows: {
      minimum: 0,
    },
  },
  ImportLineDto: {
    line: {
      minimum: 0,
    },
  },
  ImportReportDto: {
    existing: {
      minimum: 0,
    },
    imported: {
      minimum: 0,
    },
    invalid: {
      minimum: 0,
    },
    new: {
      minimum: 0,
    },
    rows: {
      minimum: 0,
    },
  },
  JoinStoreRequest: {
    consents: {
      maxItems: 2,
    },
    name: {
      maxLength: 120,
    },
  },
  KeyRateLimits: {
    reads_per_minute: {
      minimum: 0,
    },
    writes_per_minute: {
      minimum: 0,
    },
  },
  LoyaltyConfigRequest: {
    birthday_points: {
      maximum: 100000,
      minimum: 0,
    },
    cashier_daily_points: {
      maximum: 1000000,
      minimum: 0,
    },
    confirm_above: {
      maximum: 999999999.999,
      minimum: 0,
      pattern: '^[0-9٠-٩۰-۹]{1,9}([.٫][0-9٠-٩۰-۹]{1,3})?$',
    },
    cost_per_point: {
      maximum: 999999999.999,
      minimum: 0,
      pattern: '^[0-9٠-٩۰-۹]{1,9}([.٫][0-9٠-٩۰-۹]{1,3})?$',
    },
    max_invoice_total: {
      maximum: 999999999.999,
      minimum: 0,
      pattern: '^[0-9٠-٩۰-۹]{1,9}([.٫][0-9٠-٩۰-۹]{1,3})?$',
    },
    messages_monthly_limit: {
      maximum: 1000000,
      minimum: 0,
    },
    min_purchase: {
      maximum: 999999999.999,
      minimum: 0,
      pattern: '^[0-9٠-٩۰-۹]{1,9}([.٫][0-9٠-٩۰-۹]{1,3})?$',
    },
    min_redeem_points: {
      maximum: 1000000,
      minimum: 1,
    },
    point_value: {
      maximum: 999999999.999,
      minimum: 0,
      pattern: '^[0-9٠-٩۰-۹]{1,9}([.٫][0-9٠-٩۰-۹]{1,3})?$',
    },
    points_expiry_months: {
      maximum: 120,
      minimum: 1,
    },
    signal_manual_points: {
      maximum: 1000000,
      minimum: 1,
    },
    signal_sales_per_customer: {
      maximum: 1000,
      minimum: 1,
    },
    signal_void_percent: {
      maximum: 100,
      minimum: 0,
    },
  },
  LoyaltyTiersRequest: {
    tiers: {
      maxItems: 4,
    },
  },
  MessageTemplateRequest: {
    text_ar: {
      maxLength: 320,
    },
    text_en: {
      maxLength: 320,
    },
  },
  PackageRequest: {
    description: {
      maxLength: 1000,
    },
    duration_months: {
      maximum: 120,
      minimum: 1,
    },
    name: {
      maxLength: 120,
    },
    price: {
      maximum: 999999999.999,
      minimum: 0,
      pattern: '^[0-9٠-٩۰-۹]{1,9}([.٫][0-9٠-٩۰-۹]{1,3})?$',
    },
    store_limit: {
      maximum: 10000,
      minimum: 1,
    },
  },
  QrCodeDto: {
    size: {
      minimum: 0,
    },
  },
  QrRequest: {
    size: {
      minimum: 0,
    },
  },
  RedeemCodeRequest: {
    code: {
      maxLength: 50,
    },
  },
  RegisterRequest: {
    name: {
      maxLength: 120,
    },
    store_owner_name: {
      maxLength: 120,
    },
  },
  ReplicaReadiness: {
    lag_ms: {
      minimum: 0,
    },
    max_lag_ms: {
      minimum: 0,
    },
  },
  ReturnInvoiceRequest: {
    amount: {
      maximum: 999999999.999,
      minimum: 0,
      pattern: '^[0-9٠-٩۰-۹]{1,9}([.٫][0-9٠-٩۰-۹]{1,3})?$',
    },
    reason: {
      maxLength: 255,
    },
  },
  RewardPatchRequest: {
    amount: {
      maximum: 999999999.999,
      maxLength: 0,
      minimum: 0,
      pattern: '^[0-9٠-٩۰-۹]{1,9}([.٫][0-9٠-٩۰-۹]{1,3})?$',
      'x-discount-maximum': 100,
    },
    description: {
      maxLength: 500,
    },
    name: {
      maxLength: 120,
    },
    points_required: {
      minimum: 1,
    },
  },
  RewardReplaceRequest: {
    amount: {
      maximum: 999999999.999,
      maxLength: 0,
      minimum: 0,
      pattern: '^[0-9٠-٩۰-۹]{1,9}([.٫][0-9٠-٩۰-۹]{1,3})?$',
      'x-discount-maximum': 100,
    },
    description: {
      maxLength: 500,
    },
    name: {
      maxLength: 120,
    },
    points_required: {
      minimum: 1,
    },
  },
  RewardRequest: {
    amount: {
      maximum: 999999999.999,
      maxLength: 0,
      minimum: 0,
      pattern: '^[0-9٠-٩۰-۹]{1,9}([.٫][0-9٠-٩۰-۹]{1,3})?$',
      'x-discount-maximum': 100,
    },
    description: {
      maxLength: 500,
    },
    name: {
      maxLength: 120,
    },
    points_required: {
      minimum: 1,
    },
  },
  StaffPatchRequest: {
    name: {
      maxLength: 120,
    },
  },
  StaffRequest: {
    name: {
      maxLength: 120,
    },
  },
  StampCardRequest: {
    expires_after_days: {
      maximum: 3650,
      minimum: 1,
    },
    min_total: {
      maximum: 999999999.999,
      minimum: 0,
      pattern: '^[0-9٠-٩۰-۹]{1,9}([.٫][0-9٠-٩۰-۹]{1,3})?$',
    },
    reward_name: {
      maxLength: 100,
    },
    stamps_required: {
      maximum: 50,
      minimum: 1,
    },
  },
  StorePatchRequest: {
    address: {
      maxLength: 255,
    },
    name: {
      maxLength: 120,
    },
  },
  StoreReplaceRequest: {
    address: {
      maxLength: 255,
    },
    name: {
      maxLength: 120,
    },
  },
  StoreRequest: {
    address: {
      maxLength: 255,
    },
    name: {
      maxLength: 120,
    },
  },
  TierRequest: {
    min_spend: {
      maximum: 999999999.999,
      minimum: 0,
      pattern: '^[0-9٠-٩۰-۹]{1,9}([.٫][0-9٠-٩۰-۹]{1,3})?$',
      'x-downgrade-grace-days': 30,
      'x-spend-window-months': 12,
    },
    multiplier: {
      maximum: 999999999.999,
      minimum: 0,
      pattern: '^[0-9٠-٩۰-۹]{1,9}([.٫][0-9٠-٩۰-۹]{1,3})?$',
    },
    name_ar: {
      maxLength: 40,
    },
    name_en: {
      maxLength: 40,
    },
  },
  UserRequest: {
    name: {
      maxLength: 120,
    },
    store_owner_name: {
      maxLength: 120,
    },
  },
  VoidInvoiceRequest: {
    reason: {
      maxLength: 255,
    },
  },
  WebhookEndpointPatch: {
    url: {
      maxLength: 2000,
    },
  },
  WebhookEndpointRequest: {
    url: {
      maxLength: 2000,
    },
  },
} as const;
