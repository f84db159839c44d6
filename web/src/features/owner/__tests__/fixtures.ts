import type { PlanChangePreview } from '@/lib/api/types';
import { makeUser, userEnvelope } from '@/testing/fixtures';
import { json, type Routes } from '@/testing/mock-api';
import type { OwnerSummary, Store, SubscriptionStatus } from '../types';

export const summary: OwnerSummary = {
  total_stores: 2,
  total_customers: 8,
  total_points_across_all_stores: 586,
  duplicate_phone_numbers: 1,
  revenue: '762.650',
  points_issued: 756,
};

export const store: Store = {
  id: 1,
  name: 'Ben Ali - Tripoli',
  address: 'Omar Al-Mukhtar St.',
  store_owner_id: 1,
  owner: { id: 1, name: 'Khaled' },
  customers: 5,
  points: 410,
  sales_today: '0.000',
  created_at: '2026-09-25T10:00:00Z',
};

export function subscriptionWith(remainingDays: number, autoRenew = false): SubscriptionStatus {
  const end = new Date(Date.UTC(2026, 11, 17));
  return {
    has_active_subscription: remainingDays > 0,
    current_store_count: 2,
    remaining_days: remainingDays,
    active_subscription:
      remainingDays > 0
        ? {
            package: { id: 1, name: 'Business', store_limit: 10, duration_months: 12, price: '100.000' },
            starts_at: '2025-12-17T00:00:00Z',
            end_date: end.toISOString(),
            auto_renew: autoRenew,
          }
        : null,
    next_subscription: null,
    remaining_store_slots: remainingDays > 0 ? 8 : 0,
    may_add_staff_and_rewards: remainingDays > 0,
    stores_over_limit: 0,
    stores_over_next_limit: 0,
  };
}

/** The server's preview of a card: the same plan extends; another offers queue and switch now. */
export function previewOf(kind: 'extend' | 'another', storeLimit = 10): PlanChangePreview {
  const status = subscriptionWith(25);
  const basic = { id: 2, name: 'Basic', store_limit: storeLimit, duration_months: 1, price: '30.000' };
  return {
    package: kind === 'extend' ? status.active_subscription!.package : basic,
    active_subscription: status.active_subscription,
    next_subscription: null,
    current_store_count: 2,
    stores_over_limit: Math.max(0, 2 - storeLimit),
    choices:
      kind === 'extend'
        ? [
            {
              mode: 'queue',
              outcome: 'extend',
              starts_at: '2025-12-17T00:00:00Z',
              ends_at: '2027-12-17T00:00:00Z',
              days_given_up: 0,
            },
          ]
        : [
            {
              mode: 'queue',
              outcome: 'queue',
              starts_at: '2026-12-17T00:00:00Z',
              ends_at: '2027-01-17T00:00:00Z',
              days_given_up: 0,
            },
            {
              mode: 'switch_now',
              outcome: 'switch_now',
              starts_at: '2026-11-22T00:00:00Z',
              ends_at: '2026-12-22T00:00:00Z',
              days_given_up: 25,
            },
          ],
  };
}

/** An empty page of fraud signals. */
export const noSignals = { data: [], meta: { page: 1, per_page: 5, total: 0 } };

/** What the owner's dashboard asks for when it opens. */
export function ownerRoutes(extra: Routes = {}, status: SubscriptionStatus = subscriptionWith(25)): Routes {
  return {
    'GET /api/v1/auth/user': () =>
      json(userEnvelope(makeUser({ role: 'store_owner', name: 'Khaled Ben Ali' }))),
    'GET /api/v1/store-owner/summary': () => json({ data: summary }),
    'GET /api/v1/subscriptions/status': () => json({ data: status }),
    'GET /api/v1/store-owner/stores': () => json({ data: [store] }),
    // No fraud signal open: the dashboard shows no panel.
    'GET /api/v1/store-owner/signals': () => json(noSignals),
    // Nothing expiring: the dashboard shows no line about it.
    'GET /api/v1/store-owner/liability': () =>
      json({
        data: {
          point_value: null,
          outstanding_points: 0,
          outstanding_value: null,
          stores: [],
          months: [],
          expiring: [],
          expiring_customers: [],
          expiring_customers_total: 0,
        },
      }),
    'GET /api/v1/imports/customers/format': () => json({ data: { columns: [], max_rows: 1, max_bytes: 1 } }),
    // No tiers: the settings tab shows the section with nothing set.
    'GET /api/v1/loyalty-tiers': () => json({ data: { tiers: [] } }),
    // The server's defaults until the owner chooses how long data is kept.
    'GET /api/v1/store-owner/data-retention': () =>
      json({ data: { activity_log_months: 24, webhook_delivery_days: 30 } }),
    ...extra,
  };
}
