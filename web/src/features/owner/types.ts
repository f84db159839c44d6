// Names for the owner screens' generated types, all derived from `paths`.
import type { paths } from '@/lib/api/schema';

import type { JsonBody, MergePatchBody, RequestBody } from '@/lib/api/types';

export type Liability = JsonBody<paths['/api/v1/store-owner/liability']['get']['responses'][200]>['data'];
export type OwnerSummary = JsonBody<paths['/api/v1/store-owner/summary']['get']['responses'][200]>['data'];
export type Store = JsonBody<paths['/api/v1/store-owner/stores']['get']['responses'][200]>['data'][number];
/** A whole store, as the PUT replaces it (the POST takes it too). */
export type StoreRequest = RequestBody<paths['/api/v1/stores/{id}']['put']>;
export type StaffUser = JsonBody<
  paths['/api/v1/store-owner/pos-users']['get']['responses'][200]
>['data'][number];
export type StaffRequest = RequestBody<paths['/api/v1/store-owner/pos-users']['post']>;
export type OwnerReward = JsonBody<paths['/api/v1/rewards']['get']['responses'][200]>['data'][number];
export type RewardType = OwnerReward['type'];
/** A whole reward, as the PUT replaces it (the POST takes it too). */
export type RewardRequest = RequestBody<paths['/api/v1/rewards/{id}']['put']>;
export type LoyaltyConfig = JsonBody<paths['/api/v1/loyalty-config']['get']['responses'][200]>['data'];
/** The settings that change, as a merge patch: what it leaves out keeps its value. */
export type LoyaltyConfigRequest = MergePatchBody<paths['/api/v1/loyalty-config']['patch']>;
/** How long the activity log and finished webhook deliveries are kept (the defaults until chosen). */
export type DataRetention = JsonBody<
  paths['/api/v1/store-owner/data-retention']['get']['responses'][200]
>['data'];
/** Both times, each within its bounds (`bounds.DataRetentionRequest`). */
export type DataRetentionRequest = RequestBody<paths['/api/v1/store-owner/data-retention']['put']>;
export type QrCode = JsonBody<paths['/api/v1/qr-code/generate']['post']['responses'][200]>['data'];
export type CustomersOverview = JsonBody<
  paths['/api/v1/customers/store-owner-overview']['get']['responses'][200]
>['data'];
export type StoreOverview = CustomersOverview['stores_overview'][number];
export type SubscriptionStatus = JsonBody<
  paths['/api/v1/subscriptions/status']['get']['responses'][200]
>['data'];
export type ActivityFeed = JsonBody<paths['/api/v1/store-owner/pos-activities']['get']['responses'][200]>;
export type ActivityEntry = ActivityFeed['data'][number];
export type ActivityQuery = NonNullable<
  paths['/api/v1/store-owner/pos-activities']['get']['parameters']['query']
>;
export type ApiKey = JsonBody<paths['/api/v1/store-owner/api-keys']['get']['responses'][200]>['data'][number];
export type ApiKeyCreated = JsonBody<paths['/api/v1/store-owner/api-keys']['post']['responses'][201]>['data'];
export type ApiKeyRequest = RequestBody<paths['/api/v1/store-owner/api-keys']['post']>;
export type ApiScope = ApiKey['scopes'][number];
export type WebhookEndpoint = JsonBody<
  paths['/api/v1/store-owner/webhooks']['get']['responses'][200]
>['data'][number];
export type WebhookEndpointCreated = JsonBody<
  paths['/api/v1/store-owner/webhooks']['post']['responses'][201]
>['data'];
export type WebhookEndpointRequest = RequestBody<paths['/api/v1/store-owner/webhooks']['post']>;
export type WebhookEventType = WebhookEndpoint['events'][number];
export type WebhookDelivery = JsonBody<
  paths['/api/v1/store-owner/webhooks/{id}/deliveries']['get']['responses'][200]
>['data'][number];
export type SignalList = JsonBody<paths['/api/v1/store-owner/signals']['get']['responses'][200]>;
export type Signal = SignalList['data'][number];
export type SignalKind = Signal['kind'];
/** `open`: not reviewed yet (the dashboard's panel); `all`: reviewed ones too. */
export type SignalStatus = NonNullable<
  NonNullable<paths['/api/v1/store-owner/signals']['get']['parameters']['query']>['status']
>;
/** A link's state asking the Activity tab to bring its feed into view (a signal's link does). */
export interface ActivityLinkState {
  focusActivity?: boolean;
}
/** The owner's ladder of tiers, lowest spend first (empty: no tiers). */
export type LoyaltyTier = JsonBody<
  paths['/api/v1/loyalty-tiers']['get']['responses'][200]
>['data']['tiers'][number];
/** The whole ladder as the PUT replaces it (an empty list removes the tiers). */
export type LoyaltyTiersRequest = RequestBody<paths['/api/v1/loyalty-tiers']['put']>;
/** The owner's messages at a glance: this month against the limit, consents, months, prices. */
export type MessagesSummary = JsonBody<paths['/api/v1/messages/summary']['get']['responses'][200]>['data'];
export type ChannelMonth = MessagesSummary['months'][number];
export type MessageTemplate = JsonBody<
  paths['/api/v1/message-templates']['get']['responses'][200]
>['data'][number];
export type MessageKind = MessageTemplate['kind'];
export type MessageTemplateRequest = RequestBody<paths['/api/v1/message-templates/{kind}']['put']>;
