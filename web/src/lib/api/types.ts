// Names for generated types. Everything is derived from `schema.d.ts` through `paths`, so
// the file can be regenerated (`npm run gen:api`) whatever the schemas end up being called.
import type { paths } from './schema';

/** The JSON body of a generated response. */
export type JsonBody<Response> = Response extends { content: { 'application/json': infer Body } }
  ? Body
  : never;
/** The JSON body of a generated operation's request. */
export type RequestBody<Operation> = Operation extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;
/** The body of a generated `PATCH`: a JSON Merge Patch (`application/merge-patch+json`). */
export type MergePatchBody<Operation> = Operation extends {
  requestBody?: { content: { 'application/merge-patch+json': infer Body } };
}
  ? Body
  : never;

export type User = JsonBody<paths['/api/v1/auth/user']['get']['responses'][200]>['data'];
export type Role = User['role'];
export type AuthSession = JsonBody<paths['/api/v1/auth/login']['post']['responses'][200]>['data'];
export type LoginRequest = NonNullable<
  paths['/api/v1/auth/login']['post']['requestBody']
>['content']['application/json'];
export type Meta = JsonBody<paths['/api/v1/meta']['get']['responses'][200]>['data'];
export type ErrorBody = JsonBody<paths['/api/v1/auth/login']['post']['responses'][401]>;
export type ErrorCode = ErrorBody['code'];

// Customers
export type Customer = JsonBody<paths['/api/v1/customers/{id}/points']['put']['responses'][200]>['data'];
type CustomerDetailBody = JsonBody<paths['/api/v1/customers/{id}']['get']['responses'][200]>;
/** A customer as the pages use it: the customer (the same object create and update answer) and its figures. */
export interface CustomerDetail {
  customer: CustomerDetailBody['data'];
  statistics: CustomerDetailBody['statistics'];
  /** The customer's next points to expire within 30 days, or null. */
  nextExpiry: NextExpiry | null;
  /** The customer's stamps, when its store has a stamp card (at most one entry). */
  stamps: StampCount[];
  /** The customer's tier on its owner's ladder, or null when the owner has no tiers. */
  tier: CustomerTier | null;
}
/** A customer's tier: its level, multiplier, 12 months' spend, the next level and any grace. */
export type CustomerTier = NonNullable<CustomerDetailBody['tier']>;
/** A customer's stamps in a store with a stamp card: `count` of `required`. */
export type StampCount = CustomerDetailBody['stamps'][number];
export type StampCard = NonNullable<
  JsonBody<paths['/api/v1/stores/{id}/stamp-card']['get']['responses'][200]>['data']
>;
export type StampCardRequest = RequestBody<paths['/api/v1/stores/{id}/stamp-card']['put']>;
export type StampEventPage = JsonBody<paths['/api/v1/customers/{id}/stamps']['get']['responses'][200]>;
export type StampEvent = StampEventPage['data'][number];
/** Points that expire and the Tripoli calendar day (`YYYY-MM-DD`) from which they are gone. */
export type NextExpiry = NonNullable<CustomerDetailBody['next_expiry']>;
export type CustomerStatistics = CustomerDetail['statistics'];
export type CustomerPage = JsonBody<paths['/api/v1/customers']['get']['responses'][200]>;
export type ListMeta = CustomerPage['meta'];
export type CustomerRequest = NonNullable<
  paths['/api/v1/customers']['post']['requestBody']
>['content']['application/json'];
/** A customer replaced whole (PUT): phone and email named, null for none. */
export type CustomerReplaceRequest = NonNullable<
  paths['/api/v1/customers/{id}']['put']['requestBody']
>['content']['application/json'];
export type AddPointsRequest = NonNullable<
  paths['/api/v1/customers/{id}/points']['put']['requestBody']
>['content']['application/json'];
export type LedgerPage = JsonBody<paths['/api/v1/customers/{id}/history']['get']['responses'][200]>;
export type LedgerEntry = LedgerPage['data'][number];
export type LedgerKind = LedgerEntry['kind'];

// Invoices, rewards, redemptions
export type Invoice = JsonBody<
  paths['/api/v1/customers/{id}/invoices']['get']['responses'][200]
>['data'][number];
export type InvoiceCreated = JsonBody<paths['/api/v1/invoices']['post']['responses'][201]>['data'];
export type CreateInvoiceRequest = NonNullable<
  paths['/api/v1/invoices']['post']['requestBody']
>['content']['application/json'];
export type Reward = JsonBody<paths['/api/v1/rewards']['get']['responses'][200]>['data'][number];
export type Redemption = JsonBody<
  paths['/api/v1/customers/{id}/redemptions']['get']['responses'][200]
>['data'][number];
export type RedemptionDone = JsonBody<paths['/api/v1/redemptions']['post']['responses'][201]>['data'];
/** What points are worth as money at the counter (the owner's terms, and a number of points). */
export type RedemptionPreview = JsonBody<
  paths['/api/v1/redemptions/preview']['get']['responses'][200]
>['data'];

// Point of sale
export type ActivityItem = JsonBody<paths['/api/v1/pos/activity']['get']['responses'][200]>['data'][number];
export type TodayCounts = JsonBody<paths['/api/v1/pos/today']['get']['responses'][200]>['data'];
export type SalePreview = JsonBody<paths['/api/v1/invoices/preview']['get']['responses'][200]>['data'];
export type Permission = User['permissions'][number];
export type PlanChangePreview = JsonBody<
  paths['/api/v1/redemption-cards/preview']['post']['responses'][200]
>['data'];
export type PlanMode = NonNullable<PlanChangePreview['choices'][number]['mode']>;

// Stores (the admin's and the owner's store form send the same request: a whole store, as the
// PUT replaces it and the POST takes it)
export type StoreRequest = RequestBody<paths['/api/v1/stores/{id}']['put']>;
