import { bounds } from '@/lib/api/bounds';
import type { Customer, CustomerReplaceRequest } from '@/lib/api/types';
import { normalizeDigits } from '@/lib/format';

export interface CustomerFormValues {
  name: string;
  email: string;
  phone: string;
  /** The birthday's month and day as picked ("3", "15"), '' when not picked. */
  birthdayMonth: string;
  birthdayDay: string;
}

export type CustomerField = 'name' | 'email' | 'phone';

export type CustomerRule = 'nameRequired' | 'emailInvalid';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;

export function valuesOf(customer: Customer | null): CustomerFormValues {
  return {
    name: customer?.name ?? '',
    email: customer?.email ?? '',
    phone: customer?.phone ?? '',
    ...birthdayValuesOf(customer?.birthday),
  };
}

/** "03-15" as the form's month and day ("3", "15"); both '' without a birthday. */
function birthdayValuesOf(birthday: string | null | undefined): {
  birthdayMonth: string;
  birthdayDay: string;
} {
  const [month, day] = (birthday ?? '').split('-');
  return { birthdayMonth: month ? String(Number(month)) : '', birthdayDay: day ? String(Number(day)) : '' };
}

/**
 * The birthday as the API takes it: "MM-DD", null when neither is picked. A month without a day
 * (or the 31st of a short month) goes as picked, for the server to refuse in its words.
 */
export function birthdayOf(values: Pick<CustomerFormValues, 'birthdayMonth' | 'birthdayDay'>): string | null {
  if (values.birthdayMonth === '' && values.birthdayDay === '') return null;
  const two = (part: string) => (part === '' ? '' : part.padStart(2, '0'));
  return `${two(values.birthdayMonth)}-${two(values.birthdayDay)}`;
}

/**
 * Spec section 5, customer form: only the first failing rule is shown, in this order:
 * name required, then email shape. The balance is not on this form: it changes only through
 * adjustments (add or remove points, with a reason), never by editing the customer.
 */
export function firstFailingRule(
  values: CustomerFormValues,
): { field: CustomerField; rule: CustomerRule } | null {
  if (values.name.trim() === '') return { field: 'name', rule: 'nameRequired' };
  const email = values.email.trim();
  if (email !== '' && !EMAIL.test(email)) return { field: 'email', rule: 'emailInvalid' };
  return null;
}

/** The request body: trimmed, empty email or phone as null; never a balance. */
export function requestOf(values: CustomerFormValues): CustomerReplaceRequest {
  return {
    name: values.name.trim(),
    email: values.email.trim() || null,
    phone: normalizeDigits(values.phone).trim() || null,
    birthday: birthdayOf(values),
  };
}

/** Spec section 9: at least 1 point per action, at most the server's bound (the OpenAPI document). */
export const ADD_POINTS_MIN = 1;
export const ADD_POINTS_MAX = bounds.AddPointsRequest.points.maximum;
export const REASON_MAX = bounds.AddPointsRequest.reason.maxLength;

export type AddPointsProblem = 'min' | 'max';

export function addPointsProblem(points: number | string): AddPointsProblem | null {
  if (points === '' || !Number.isInteger(Number(points)) || Number(points) < ADD_POINTS_MIN) return 'min';
  if (Number(points) > ADD_POINTS_MAX) return 'max';
  return null;
}
