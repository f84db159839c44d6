// Names for the admin screens' generated types, all derived from `paths`.
import type { paths } from '@/lib/api/schema';

import type { JsonBody, RequestBody } from '@/lib/api/types';

export type AdminOverview = JsonBody<paths['/api/v1/admin/overview']['get']['responses'][200]>['data'];
export type Health = AdminOverview['health'];
export type AdminActivity = AdminOverview['recent_activity'][number];
export type AdminAnalytics = JsonBody<paths['/api/v1/admin/analytics']['get']['responses'][200]>['data'];
export type DayFigures = AdminAnalytics['days'][number];

export type UserPage = JsonBody<paths['/api/v1/users']['get']['responses'][200]>;
export type AdminUser = UserPage['data'][number];
export type UserRole = AdminUser['role'];
export type UserRequest = RequestBody<paths['/api/v1/users']['post']>;
export type UserQuery = NonNullable<paths['/api/v1/users']['get']['parameters']['query']>;

export type AdminStore = JsonBody<paths['/api/v1/stores']['get']['responses'][200]>['data'][number];
/** A whole store, as the PUT replaces it (the POST takes it too). */
export type StoreRequest = RequestBody<paths['/api/v1/stores/{id}']['put']>;
export type StoreOwnerOption = JsonBody<
  paths['/api/v1/store-owners']['get']['responses'][200]
>['data'][number];

export type Package = JsonBody<paths['/api/v1/admin/packages']['get']['responses'][200]>['data'][number];
export type PackageRequest = RequestBody<paths['/api/v1/packages']['post']>;

export type StoreOwnerRecord = JsonBody<
  paths['/api/v1/admin/store-owners']['get']['responses'][200]
>['data'][number];
export type AssignPackageRequest = RequestBody<paths['/api/v1/admin/subscriptions/assign']['post']>;

export type CardPage = JsonBody<paths['/api/v1/admin/redemption-cards']['get']['responses'][200]>;
export type RedemptionCard = CardPage['data'][number];
export type CardStatus = RedemptionCard['status'];
export type CardQuery = NonNullable<paths['/api/v1/admin/redemption-cards']['get']['parameters']['query']>;
export type CardRequest = RequestBody<paths['/api/v1/admin/redemption-cards']['post']>;
export type CardBatchRequest = RequestBody<paths['/api/v1/admin/redemption-cards/batch']['post']>;
