import type { Customer, CustomerRequest } from '@/lib/api/types';
import { normalizeDigits } from '@/lib/format';

export interface CustomerFormValues {
  name: string;
  email: string;
  phone: string;
  /** Editing only; a number, or '' while the field is empty. */
  loyaltyPoints: number | string;
  reason: string;
}

export type CustomerField = 'name' | 'email' | 'phone' | 'loyaltyPoints' | 'reason';

export type CustomerRule = 'nameRequired' | 'emailInvalid' | 'pointsInvalid' | 'pointsNegative';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;

export function valuesOf(customer: Customer | null): CustomerFormValues {
  return {
    name: customer?.name ?? '',
    email: customer?.email ?? '',
    phone: customer?.phone ?? '',
    loyaltyPoints: customer?.loyalty_points ?? 0,
    reason: '',
  };
}

/**
 * Spec section 5, customer form: only the first failing rule is shown, in this order:
 * name required, email shape, then (editing only) points not negative.
 */
export function firstFailingRule(
  values: CustomerFormValues,
  editing: boolean,
): { field: CustomerField; rule: CustomerRule } | null {
  if (values.name.trim() === '') return { field: 'name', rule: 'nameRequired' };
  const email = values.email.trim();
  if (email !== '' && !EMAIL.test(email)) return { field: 'email', rule: 'emailInvalid' };
  if (editing) {
    const points = values.loyaltyPoints;
    if (points === '' || !Number.isInteger(Number(points)))
      return { field: 'loyaltyPoints', rule: 'pointsInvalid' };
    if (Number(points) < 0) return { field: 'loyaltyPoints', rule: 'pointsNegative' };
  }
  return null;
}

/** The request body: trimmed, empty email or phone as null, points and reason only when editing. */
export function requestOf(values: CustomerFormValues, original: Customer | null): CustomerRequest {
  const body: CustomerRequest = {
    name: values.name.trim(),
    email: values.email.trim() || null,
    phone: normalizeDigits(values.phone).trim() || null,
  };
  if (original) {
    // The server accepts only the current balance here (balances change through adjustments).
    body.loyalty_points = Number(values.loyaltyPoints);
  }
  return body;
}

/** Spec section 9: 1 to 10,000 points per action. */
export const ADD_POINTS_MIN = 1;
export const ADD_POINTS_MAX = 10_000;

export type AddPointsProblem = 'min' | 'max';

export function addPointsProblem(points: number | string): AddPointsProblem | null {
  if (points === '' || !Number.isInteger(Number(points)) || Number(points) < ADD_POINTS_MIN) return 'min';
  if (Number(points) > ADD_POINTS_MAX) return 'max';
  return null;
}
