import type { Customer } from '@/lib/api/types';

/**
 * What the invoice form holds, kept in the browser per user: a reload, a closed dialog or a
 * sign-in after an ended session brings the sale back with the same Idempotency-Key, so keying
 * it again cannot make it twice.
 */
export interface InvoiceDraft {
  customer: Customer | null;
  invoiceId: string;
  total: string;
  /** The key of the submission in flight, kept until the sale is answered or queued. */
  idempotencyKey: string | null;
  /** The body the key was made for: a changed sale gets a new key. */
  keyedBody: string | null;
}

const draftKey = (userId: number) => `loyalty.invoiceDraft.${userId}`;
const recentKey = (userId: number) => `loyalty.recentCustomers.${userId}`;
/** Customers a till can still pick with the network gone. */
const RECENT_MAX = 50;

function read<T>(key: string): T | null {
  try {
    const text = window.localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full storage: the form still works, it just forgets on reload.
  }
}

export function loadDraft(userId: number): InvoiceDraft | null {
  return read<InvoiceDraft>(draftKey(userId));
}

export function saveDraft(userId: number, draft: InvoiceDraft | null): void {
  const empty = draft && !draft.customer && !draft.invoiceId && !draft.total && !draft.idempotencyKey;
  write(draftKey(userId), empty ? null : draft);
}

export function recentCustomers(userId: number): Customer[] {
  return read<Customer[]>(recentKey(userId)) ?? [];
}

export function rememberCustomer(userId: number, customer: Customer): void {
  const others = recentCustomers(userId).filter((c) => c.id !== customer.id);
  write(recentKey(userId), [customer, ...others].slice(0, RECENT_MAX));
}
