// Names for the public endpoints' generated types, derived through `paths` like
// `src/lib/api/types.ts`, so a regenerated schema keeps them right.
import type { paths } from '@/lib/api/schema';

import type { JsonBody, RequestBody as RequestJson } from '@/lib/api/types';

type LookupPoints = paths['/api/v1/public/points']['post'];
type StoreForToken = paths['/api/v1/public/stores/{token}']['get'];
type JoinStore = paths['/api/v1/public/stores/{token}/join']['post'];

export type PointsLookupRequest = RequestJson<LookupPoints>;
export type PointsLookup = JsonBody<LookupPoints['responses'][200]>['data'];
export type StorePoints = PointsLookup['stores'][number];
export type LookupStamps = PointsLookup['stamps'][number];
export type ClaimableReward = StorePoints['rewards'][number];

export type PublicStore = JsonBody<StoreForToken['responses'][200]>['data']['store'];
export type JoinStoreRequest = RequestJson<JoinStore>;
export type JoinedStore = JsonBody<JoinStore['responses'][201]>['data']['store'];

type CustomerPageGet = paths['/api/v1/public/me/{token}']['get'];
type ClaimOfferGet = paths['/api/v1/public/claims/{token}']['get'];
type ClaimPost = paths['/api/v1/public/claims/{token}']['post'];

export type CustomerPage = JsonBody<CustomerPageGet['responses'][200]>['data'];
type PageConsentPost = paths['/api/v1/public/me/{token}/consents']['post'];
export type PageConsentRequest = RequestJson<PageConsentPost>;
export type PageConsents = JsonBody<PageConsentPost['responses'][200]>['data'];
export type ClaimOffer = JsonBody<ClaimOfferGet['responses'][200]>['data'];
export type ClaimRequest = RequestJson<ClaimPost>;
export type ClaimDone = JsonBody<ClaimPost['responses'][201]>['data'];
