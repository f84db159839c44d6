/** Query keys of the owner dashboard; every mutation invalidates what it changed. */
export const ownerKeys = {
  all: ['owner'] as const,
  summary: () => [...ownerKeys.all, 'summary'] as const,
  liability: () => [...ownerKeys.all, 'liability'] as const,
  stores: () => [...ownerKeys.all, 'stores'] as const,
  staff: () => [...ownerKeys.all, 'staff'] as const,
  rewards: () => [...ownerKeys.all, 'rewards'] as const,
  loyaltyConfig: () => [...ownerKeys.all, 'loyalty-config'] as const,
  messagesSummary: () => [...ownerKeys.all, 'messages-summary'] as const,
  messageTemplates: () => [...ownerKeys.all, 'message-templates'] as const,
  tiers: () => [...ownerKeys.all, 'loyalty-tiers'] as const,
  dataRetention: () => [...ownerKeys.all, 'data-retention'] as const,
  stampCard: (storeId: number) => [...ownerKeys.all, 'stamp-card', storeId] as const,
  subscription: () => [...ownerKeys.all, 'subscription'] as const,
  customersOverviews: () => [...ownerKeys.all, 'customers-overview'] as const,
  customersOverview: (page: number, perPage: number) =>
    [...ownerKeys.customersOverviews(), page, perPage] as const,
  storeCustomers: (storeId: number, page: number, perPage: number) =>
    [...ownerKeys.customersOverviews(), 'store', storeId, page, perPage] as const,
  importFormat: () => [...ownerKeys.all, 'import-format'] as const,
  activities: () => [...ownerKeys.all, 'activities'] as const,
  apiKeys: () => [...ownerKeys.all, 'api-keys'] as const,
  webhooks: () => [...ownerKeys.all, 'webhooks'] as const,
  deliveries: (endpointId: number) => [...ownerKeys.all, 'webhooks', endpointId, 'deliveries'] as const,
  activity: (query: object) => [...ownerKeys.activities(), query] as const,
  /** Every list of fraud signals: reviewing one changes the open list and the full one. */
  signals: () => [...ownerKeys.all, 'signals'] as const,
  signalList: (status: string, page: number, perPage: number) =>
    [...ownerKeys.signals(), status, page, perPage] as const,
};
