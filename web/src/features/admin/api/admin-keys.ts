/** Query keys of the admin dashboard; every mutation invalidates what it changed. */
export const adminKeys = {
  all: ['admin'] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
  analytics: () => [...adminKeys.all, 'analytics'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (query: object) => [...adminKeys.users(), query] as const,
  stores: () => [...adminKeys.all, 'stores'] as const,
  storeOwnerOptions: () => [...adminKeys.all, 'store-owner-options'] as const,
  packages: () => [...adminKeys.all, 'packages'] as const,
  storeOwners: () => [...adminKeys.all, 'store-owners'] as const,
  cards: () => [...adminKeys.all, 'cards'] as const,
  cardList: (query: object) => [...adminKeys.cards(), query] as const,
};
