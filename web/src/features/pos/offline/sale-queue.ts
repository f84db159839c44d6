import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CreateInvoiceRequest } from '@/lib/api/types';

/**
 * Sales made while the server could not be reached, kept in the browser (IndexedDB) until they
 * are sent. Each keeps the Idempotency-Key made when it was first submitted, so sending it again
 * after an answer was lost changes nothing on the server. See docs/offline.md.
 */
export interface QueuedSale {
  id?: number;
  /** The signed-in user who made the sale: only that user's session sends it. */
  userId: number;
  idempotencyKey: string;
  body: CreateInvoiceRequest;
  /** For the list: who and how much, as shown when it was queued. */
  customerName: string;
  queuedAt: string;
  /** Waiting to be sent, or refused by the server (with its message) and left to the cashier. */
  state: 'waiting' | 'attention';
  message?: string;
}

interface SaleQueueDb extends DBSchema {
  sales: { key: number; value: QueuedSale; indexes: { byUser: number } };
}

const DB_NAME = 'loyalty-offline';

let opened: Promise<IDBPDatabase<SaleQueueDb>> | null = null;

function db(): Promise<IDBPDatabase<SaleQueueDb>> {
  opened ??= openDB<SaleQueueDb>(DB_NAME, 1, {
    upgrade(database) {
      const store = database.createObjectStore('sales', { keyPath: 'id', autoIncrement: true });
      store.createIndex('byUser', 'userId');
    },
  });
  return opened;
}

/** Forgets the open connection (tests start each case from a fresh database). */
export function resetSaleQueueConnection(): void {
  opened = null;
}

export async function enqueueSale(sale: Omit<QueuedSale, 'id' | 'state' | 'queuedAt'>): Promise<void> {
  const database = await db();
  await database.add('sales', { ...sale, state: 'waiting', queuedAt: new Date().toISOString() });
}

/** A user's queued sales, oldest first (the order they are sent in). */
export async function queuedSales(userId: number): Promise<QueuedSale[]> {
  const database = await db();
  const sales = await database.getAllFromIndex('sales', 'byUser', userId);
  return sales.sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
}

export async function removeSale(id: number): Promise<void> {
  const database = await db();
  await database.delete('sales', id);
}

export async function markForAttention(id: number, message: string): Promise<void> {
  const database = await db();
  const sale = await database.get('sales', id);
  if (sale) await database.put('sales', { ...sale, state: 'attention', message });
}

export type SendOutcome =
  | { kind: 'sent'; sale: QueuedSale; pointsAdded: number }
  | { kind: 'refused'; sale: QueuedSale; message: string }
  | { kind: 'unreachable' };

/**
 * Sends a user's waiting sales in order, one at a time, each exactly once: a sale leaves the
 * queue only when the server answered it (201, or a refusal that moves it to the attention
 * list). Stops at the first sale that gets no answer; the rest wait for the next attempt.
 */
export async function sendWaitingSales(
  userId: number,
  send: (sale: QueuedSale) => Promise<{ pointsAdded: number }>,
  isUnreachable: (error: unknown) => boolean,
  refusal: (error: unknown) => string,
): Promise<SendOutcome[]> {
  const outcomes: SendOutcome[] = [];
  for (const sale of await queuedSales(userId)) {
    if (sale.state !== 'waiting' || sale.id === undefined) continue;
    try {
      const { pointsAdded } = await send(sale);
      await removeSale(sale.id);
      outcomes.push({ kind: 'sent', sale, pointsAdded });
    } catch (error) {
      if (isUnreachable(error)) {
        outcomes.push({ kind: 'unreachable' });
        break;
      }
      const message = refusal(error);
      await markForAttention(sale.id, message);
      outcomes.push({ kind: 'refused', sale, message });
    }
  }
  return outcomes;
}
