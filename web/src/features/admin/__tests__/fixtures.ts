import { makeUser, userEnvelope } from '@/testing/fixtures';
import { json, type Routes } from '@/testing/mock-api';
import type { AdminOverview, AdminStore, Package, RedemptionCard } from '../types';

export const ADMIN = makeUser({
  id: 1,
  role: 'admin',
  name: 'Admin Demo',
  email: 'admin@demo.ly',
  store_owner_name: null,
});

export function makeOverview(overrides: Partial<AdminOverview> = {}): AdminOverview {
  return {
    total_users: 12,
    total_stores: 4,
    total_transactions: 57,
    revenue: '1234.500',
    recent_activity: [],
    health: {
      status: 'ok',
      version: '0.1.0',
      uptime_seconds: 93_780,
      database: { reachable: true, latency_ms: 1.4 },
    },
    ...overrides,
  };
}

export function makePackage(overrides: Partial<Package> = {}): Package {
  return {
    id: 1,
    name: 'Gold',
    description: 'For growing shops',
    price: '250.000',
    formatted_price: '250.000 LYD',
    store_limit: 3,
    duration_months: 12,
    features: ['Three stores'],
    is_active: true,
    created_at: '2025-01-01T10:00:00Z',
    ...overrides,
  };
}

export function makeStore(overrides: Partial<AdminStore> = {}): AdminStore {
  return {
    id: 7,
    name: 'Ben Ali - Tripoli',
    address: 'Omar Al-Mukhtar St',
    store_owner_id: 2,
    owner: { id: 2, name: 'Sara Ali' },
    customers: 10,
    points: 450,
    sales_today: '75.000',
    created_at: '2025-01-01T10:00:00Z',
    ...overrides,
  };
}

export function makeCard(overrides: Partial<RedemptionCard> = {}): RedemptionCard {
  return {
    id: 1,
    code: 'K7M2Q9XHT4WD',
    package: { id: 1, name: 'Gold', store_limit: 3, duration_months: 12, price: '250.000' },
    status: 'available',
    redeemed_by: null,
    redeemed_at: null,
    expires_at: null,
    notes: null,
    created_at: '2025-01-01T10:00:00Z',
    ...overrides,
  };
}

/** The signed-in admin and the overview every admin dashboard loads. */
export function adminRoutes(extra: Routes = {}, overview: AdminOverview = makeOverview()): Routes {
  return {
    'GET /api/v1/auth/user': () => json(userEnvelope(ADMIN)),
    'GET /api/v1/admin/overview': () => json({ data: overview }),
    ...extra,
  };
}
