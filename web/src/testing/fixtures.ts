import type { User } from '@/lib/api/types';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    name: 'Sara Ali',
    email: 'owner@demo.ly',
    role: 'store_owner',
    is_active: true,
    store_owner_name: 'Sara Trading',
    store_id: null,
    store: null,
    created_at: '2025-01-01T10:00:00Z',
    permissions: [],
    ...overrides,
  };
}

export const userEnvelope = (user: User) => ({ data: user });

export const meta = (demoMode: boolean) => ({ data: { demo_mode: demoMode, version: '0.1.0' } });
