import type {
  ActivityItem,
  Customer,
  CustomerDetail,
  InvoiceCreated,
  NextExpiry,
  LedgerEntry,
  RedemptionDone,
  RedemptionPreview,
  Reward,
  TodayCounts,
} from '@/lib/api/types';
import { makeUser, userEnvelope } from './fixtures';
import { json } from './mock-api';
import type { Routes } from './mock-api';

export function makeCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: 1,
    store_id: 1,
    store: { id: 1, name: 'Ben Ali - Tripoli' },
    name: 'Fatima Alsharif',
    phone: '+218912345678',
    email: 'fatima@example.ly',
    loyalty_points: 120,
    points_owed: 0,
    consents: { whatsapp: false, sms: false, language: 'ar' },
    created_at: '2025-01-01T10:00:00Z',
    updated_at: '2025-01-01T10:00:00Z',
    unconfirmed_join: false,
    ...overrides,
  };
}

export function makeCustomerDetail(
  customer: Customer = makeCustomer(),
  statistics: Partial<CustomerDetail['statistics']> = {},
  nextExpiry: NextExpiry | null = null,
): CustomerDetail {
  return {
    customer,
    nextExpiry,
    stamps: [],
    tier: null,
    statistics: {
      total_invoices: 4,
      total_spent: '209.000',
      rewards_redeemed: 1,
      average_per_invoice: '52.250',
      points_earned: 208,
      points_redeemed: 50,
      ...statistics,
    },
  };
}

/** The body of `GET /customers/{id}`: the customer as `data`, its figures and next expiry beside. */
export function customerBody(
  customer: Customer = makeCustomer(),
  statistics: Partial<CustomerDetail['statistics']> = {},
  nextExpiry: NextExpiry | null = null,
) {
  const detail = makeCustomerDetail(customer, statistics, nextExpiry);
  return {
    data: detail.customer,
    statistics: detail.statistics,
    next_expiry: detail.nextExpiry,
    stamps: detail.stamps,
  };
}

export function makeReward(overrides: Partial<Reward> = {}): Reward {
  return {
    id: 1,
    name: 'Free coffee',
    description: 'A cup of Arabic coffee',
    type: 'prize',
    points_required: 50,
    amount: '0.000',
    is_active: true,
    redemptions_count: 0,
    ...overrides,
  };
}

export function makeInvoiceCreated(pointsAdded: number, total: number): InvoiceCreated {
  return {
    points_added: pointsAdded,
    customer_total_points: total,
    invoice: {
      id: 99,
      store_id: 1,
      customer: { id: 1, name: 'Fatima Alsharif' },
      invoice_id: null,
      total_cost: '25.000',
      points_earned: pointsAdded,
      pos_user: { id: 3, name: 'Salem' },
      created_at: '2025-01-02T10:00:00Z',
      updated_at: '2025-01-02T10:00:00Z',
      voided_at: null,
      can_void: true,
      returned_total: '0.000',
      returned_points: 0,
      returnable: '25.000',
      returns: [],
      can_return: true,
    },
  };
}

export function makeRedemptionDone(deducted: number, total: number, reward = makeReward()): RedemptionDone {
  return {
    points_deducted: deducted,
    customer_total_points: total,
    redemption: {
      id: 7,
      store_id: 1,
      customer: { id: 1, name: 'Fatima Alsharif' },
      reward: {
        id: reward.id,
        name: reward.name,
        description: reward.description,
        points_required: reward.points_required,
      },
      points_spent: deducted,
      pos_user: { id: 3, name: 'Salem' },
      created_at: '2025-01-02T10:00:00Z',
      value: null,
    },
  };
}

/** The answer of a redemption of points as money, worth `value` LYD. */
export function makePointsRedemptionDone(deducted: number, total: number, value: string): RedemptionDone {
  const done = makeRedemptionDone(deducted, total);
  return { ...done, redemption: { ...done.redemption, reward: null, value } };
}

export function makeLedgerEntry(overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    id: 1,
    kind: 'invoice',
    delta: 25,
    balance_after: 145,
    reason: null,
    actor: { id: 3, name: 'Salem' },
    invoice: { id: 99, invoice_id: null },
    redemption_id: null,
    created_at: '2025-01-02T10:00:00Z',
    ...overrides,
  };
}

export const TODAY: TodayCounts = { invoices: 2, points_issued: 40, redemptions: 1 };

export function invoiceActivity(createdAt: string, points = 25, staff = 'Salem'): ActivityItem {
  const created = makeInvoiceCreated(points, 0).invoice;
  return {
    type: 'invoice',
    created_at: createdAt,
    invoice: { ...created, created_at: createdAt, pos_user: { id: 3, name: staff } },
    redemption: null,
  };
}

export function redemptionActivity(createdAt: string, points = 50, reward = 'Free coffee'): ActivityItem {
  const done = makeRedemptionDone(points, 0, makeReward({ name: reward, points_required: points }));
  return {
    type: 'redemption',
    created_at: createdAt,
    invoice: null,
    redemption: { ...done.redemption, created_at: createdAt },
  };
}

/** The server's settings with its defaults (10,000 maximum, confirm above 1,000). */
export const SETTINGS = {
  cost_per_point: '1.000',
  min_purchase: '5.000',
  max_invoice_total: '10000.000',
  confirm_above: '1000.000',
  cashier_daily_points: 10_000,
};

/** A stand-in for GET /invoices/preview: the server's answer for a few totals the tests use. */
export function previewOf(total: string, points: number, needsConfirmation = false) {
  return { data: { total, points, needs_confirmation: needsConfirmation, settings: SETTINGS } };
}

/** The answer of GET /redemptions/preview where points have no value in LYD. */
function noPointValue(request: Request): RedemptionPreview {
  const customerId = Number(new URL(request.url).searchParams.get('customer_id'));
  return {
    customer_id: customerId,
    balance: 120,
    point_value: null,
    min_points: 100,
    balance_value: null,
    points: null,
    value: null,
    balance_after: null,
  };
}

/** The signed-in cashier and the requests every POS screen makes on its own. */
export function cashierRoutes(extra: Routes = {}): Routes {
  return {
    'GET /api/v1/auth/user': () =>
      json(
        userEnvelope(
          makeUser({
            role: 'pos_user',
            name: 'Salem Alzawi',
            store: { id: 1, name: 'Ben Ali - Tripoli' },
            store_id: 1,
            permissions: [
              'create_invoice',
              'void_invoice_today',
              'redeem_reward',
              'redeem_stamps',
              'manage_customers',
              'add_points',
            ],
          }),
        ),
      ),
    'GET /api/v1/pos/today': () => json({ data: TODAY }),
    // Totals below 1,000 in these tests: the answer the server gives for them.
    'GET /api/v1/invoices/preview': (request) => {
      const total = new URL(request.url).searchParams.get('total') ?? '0';
      return json(previewOf(total, Math.floor(Number(total))));
    },
    // Points buy rewards only unless a test says otherwise.
    'GET /api/v1/redemptions/preview': (request) => json({ data: noPointValue(request) }),
    // The chosen customer's own answer (the POS forms read its next expiry): none expire soon.
    'GET /api/v1/customers/1': () => json(customerBody()),
    ...extra,
  };
}

/** An element's text without the bidi isolation marks put around names in sentences. */
export function plain(element: Element | null | undefined): string {
  return (element?.textContent ?? '').replace(/[\u2066-\u2069]/g, '').replace(/\s+/g, ' ');
}
