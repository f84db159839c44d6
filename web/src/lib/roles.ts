import type { Role } from '@/lib/api/types';

export const ROLES = ['admin', 'store_owner', 'pos_user'] as const satisfies readonly Role[];

export function isKnownRole(role: unknown): role is Role {
  return typeof role === 'string' && (ROLES as readonly string[]).includes(role);
}

/** i18n key of a role's label: the role with underscores removed (spec section 2). */
export function roleLabelKey(role: string): `roles.${string}` {
  return `roles.${role.replace(/_/g, '')}`;
}

export const isAdmin = (role: string) => role === 'admin';
export const isStoreOwner = (role: string) => role === 'store_owner';
export const isPosUser = (role: string) => role === 'pos_user';
