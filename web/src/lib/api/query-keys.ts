/**
 * Cache keys shared by features: a sale in the POS changes a customer's balance, so the POS
 * invalidates customer queries, and the customer pages invalidate what the POS shows.
 */
export const customerKeys = {
  all: ['customers'] as const,
  lists: () => [...customerKeys.all, 'list'] as const,
  list: (params: { search: string; page: number; perPage: number }) =>
    [...customerKeys.lists(), params] as const,
  searches: () => [...customerKeys.all, 'search'] as const,
  search: (query: string) => [...customerKeys.searches(), query] as const,
  detail: (id: number) => [...customerKeys.all, 'detail', id] as const,
  history: (id: number, page: number) => [...customerKeys.all, 'history', id, page] as const,
  invoices: (id: number) => [...customerKeys.all, 'invoices', id] as const,
  /** The messages sent (or not) to a customer, newest first. */
  messages: (id: number) => [...customerKeys.all, 'messages', id] as const,
  redemptions: (id: number) => [...customerKeys.all, 'redemptions', id] as const,
  /**
   * What a customer's points are worth as money at the counter (`points` null: the owner's terms
   * and the whole balance). Under `all` since every answer depends on the balance: whatever
   * changes a customer's points makes it stale.
   */
  redemptionPreview: (id: number, points: number | null) =>
    [...customerKeys.all, 'redemption-preview', id, points] as const,
};

export const posKeys = {
  all: ['pos'] as const,
  today: () => [...posKeys.all, 'today'] as const,
  activity: () => [...posKeys.all, 'activity'] as const,
  rewards: () => [...posKeys.all, 'rewards'] as const,
};
