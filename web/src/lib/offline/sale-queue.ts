import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { ApiError } from '@/lib/api/errors';
import type { CreateInvoiceRequest, Customer } from '@/lib/api/types';

/**
 * Sales made while the server could not be reached, kept in the browser (IndexedDB) until they
 * are sent. Each keeps the Idempotency-Key made when it was first submitted, so sending it again
 * after an answer was lost changes nothing on the server. Shared code: the till sends them, the
 * sign-out asks about them, and the next user of the browser sees them. See docs/offline.md.
 */
export interface QueuedSale {
  id?: number;
  /** The signed-in user who made the sale: that user's session sends it. */
  userId: number;
  /** That user's name, for the next user of this browser ("2 sales by Salem"). */
  userName?: string;
  /** The store it was made in: only a cashier of that store may send it for its maker. */
  storeId?: number | null;
  idempotencyKey: string;
  /** A customer's sale (walk-in sales are never queued: their claim link comes from the server). */
  body: CreateInvoiceRequest & { customer_id: number };
  /** For the list: who and how much, as shown when it was queued. */
  customerName: string;
  /** The customer as picked, so "key it again" can fill the form. */
  customer?: Customer;
  queuedAt: string;
  /**
   * Whether a request for it went out and got no answer, so it may be on the server already.
   * False for a sale queued while the browser said it was offline and never tried since.
   * (Missing on sales queued before this was kept: taken as true.)
   */
  attempted?: boolean;
  /** Waiting to be sent, or refused by the server (with its message) and left to the cashier. */
  state: 'waiting' | 'attention';
  message?: string;
  /** Why, in codes that do not depend on the language, so the till says it in the cashier's. */
  refusal?: Refusal;
}

/** The server's refusal, as codes: its status and code, and each field's rule. */
export interface Refusal {
  status: number;
  code: string | null;
  fields: { field: string; code: string }[];
  /** Set by the till itself: a sale that may be on the server already under its maker's name. */
  maybeRecorded?: { invoiceId: number; number: string | null; at: string };
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

const oldestFirst = (a: QueuedSale, b: QueuedSale) => (a.id ?? 0) - (b.id ?? 0);

export async function enqueueSale(sale: Omit<QueuedSale, 'id' | 'state' | 'queuedAt'>): Promise<void> {
  const database = await db();
  await database.add('sales', { ...sale, state: 'waiting', queuedAt: new Date().toISOString() });
}

/** A user's queued sales, oldest first (the order they are sent in). */
export async function queuedSales(userId: number): Promise<QueuedSale[]> {
  const database = await db();
  const sales = await database.getAllFromIndex('sales', 'byUser', userId);
  return sales.sort(oldestFirst);
}

/** The sales other users left in this browser, oldest first. */
export async function othersSales(userId: number): Promise<QueuedSale[]> {
  const database = await db();
  const sales = await database.getAll('sales');
  return sales.filter((sale) => sale.userId !== userId).sort(oldestFirst);
}

/** How many of a user's sales are not on the server yet (waiting, or refused and not dealt with). */
export async function unsentCount(userId: number): Promise<number> {
  const database = await db();
  return database.countFromIndex('sales', 'byUser', userId);
}

/**
 * Whether a signed-in user may send another user's queued sale: a user who makes sales, in the
 * store the sale was made in. (A sale from before the store was kept is left to the server,
 * which refuses a customer of another store.)
 */
export function maySendFor(sale: QueuedSale, sender: Sender): boolean {
  if (sale.userId === sender.userId) return true;
  if (!sender.canSell || sender.storeId === null) return false;
  return sale.storeId === undefined || sale.storeId === null || sale.storeId === sender.storeId;
}

export async function removeSale(id: number): Promise<void> {
  const database = await db();
  await database.delete('sales', id);
}

export async function markForAttention(id: number, message: string, refusal?: Refusal): Promise<void> {
  const database = await db();
  const sale = await database.get('sales', id);
  if (sale) await database.put('sales', { ...sale, state: 'attention', message, refusal });
}

async function markAttempted(id: number): Promise<void> {
  const database = await db();
  const sale = await database.get('sales', id);
  if (sale && sale.attempted !== true) await database.put('sales', { ...sale, attempted: true });
}

/** The server's answer as codes, or nothing when the refusal was not an API answer. */
export function refusalOf(error: unknown): Refusal | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return {
    status: error.status,
    code: error.code,
    fields: error.details.map(({ field, code }) => ({ field, code })),
  };
}

export type SendOutcome =
  | { kind: 'sent'; sale: QueuedSale; pointsAdded: number }
  | { kind: 'refused'; sale: QueuedSale; message: string }
  | { kind: 'held'; sale: QueuedSale }
  | { kind: 'unreachable' };

/** Who is sending: the signed-in user, its store, and whether it makes sales at all. */
export interface Sender {
  userId: number;
  storeId: number | null;
  canSell: boolean;
}

export interface SendOptions {
  send: (sale: QueuedSale) => Promise<{ pointsAdded: number }>;
  isUnreachable: (error: unknown) => boolean;
  /** The message kept with a refused sale. */
  refusal: (error: unknown) => string;
  /**
   * For another user's sale that may have reached the server (its Idempotency-Key is kept per
   * user on the server, so the key alone cannot stop a second invoice under another name): the
   * invoice that looks like it, made by its maker, or null. Throws when it cannot be asked.
   */
  findRecorded?: (sale: QueuedSale) => Promise<NonNullable<Refusal['maybeRecorded']> | null>;
  /** The message kept with a sale held back because it may be recorded already. */
  heldMessage?: string;
}

async function sendInOrder(
  sales: QueuedSale[],
  options: SendOptions,
  ownerId: number,
): Promise<SendOutcome[]> {
  const outcomes: SendOutcome[] = [];
  for (const sale of sales) {
    if (sale.state !== 'waiting' || sale.id === undefined) continue;
    try {
      if (sale.userId !== ownerId && sale.attempted !== false) {
        if (!options.findRecorded) continue;
        const recorded = await options.findRecorded(sale);
        if (recorded) {
          const refusal: Refusal = { status: 0, code: null, fields: [], maybeRecorded: recorded };
          await markForAttention(sale.id, options.heldMessage ?? '', refusal);
          outcomes.push({ kind: 'held', sale });
          continue;
        }
      }
      const { pointsAdded } = await options.send(sale);
      await removeSale(sale.id);
      outcomes.push({ kind: 'sent', sale, pointsAdded });
    } catch (error) {
      if (options.isUnreachable(error)) {
        await markAttempted(sale.id);
        outcomes.push({ kind: 'unreachable' });
        break;
      }
      const message = options.refusal(error);
      await markForAttention(sale.id, message, refusalOf(error));
      outcomes.push({ kind: 'refused', sale, message });
    }
  }
  return outcomes;
}

/**
 * Sends a user's waiting sales in order, one at a time, each exactly once: a sale leaves the
 * queue only when the server answered it (201, or a refusal that moves it to the attention
 * list). Stops at the first sale that gets no answer; the rest wait for the next attempt.
 */
export async function sendWaitingSales(
  userId: number,
  send: SendOptions['send'],
  isUnreachable: SendOptions['isUnreachable'],
  refusal: SendOptions['refusal'],
): Promise<SendOutcome[]> {
  return sendInOrder(await queuedSales(userId), { send, isUnreachable, refusal }, userId);
}

/**
 * Sends the waiting sales other users left in this browser that the sender may send (same
 * store, a user who sells), under the sender's session: the server records them as the
 * sender's. A sale that never left the browser goes as it is; one whose earlier request got no
 * answer is first looked for on the server (`findRecorded`) and, if something like it is there,
 * held for the cashier to decide instead of being made twice.
 */
export async function sendOthersSales(sender: Sender, options: SendOptions): Promise<SendOutcome[]> {
  const sales = (await othersSales(sender.userId)).filter((sale) => maySendFor(sale, sender));
  return sendInOrder(sales, options, sender.userId);
}
