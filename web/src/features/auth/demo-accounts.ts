/** Seeded by the server's demo mode; the login page lists them only when /meta says so. */
export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.ly', labelKey: 'login.demo.admin', role: 'admin' },
  { email: 'owner@demo.ly', labelKey: 'login.demo.storeOwner', role: 'store_owner' },
  { email: 'cashier@demo.ly', labelKey: 'login.demo.posUser', role: 'pos_user' },
] as const;

export type DemoAccount = (typeof DEMO_ACCOUNTS)[number];
