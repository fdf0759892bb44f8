import type { DataFilterCondition, ItemsQuery } from './query.js';

/**
 * TanStack Query keys of the data hooks, from the widest to the narrowest: every query of a
 * collection starts with `collection(id)`, so invalidating that prefix refetches all of them
 * (what the mutation hooks do), whichever caller, page, filter or sort they are for.
 */
export const dataQueryKeys = {
  all: ['atrium', 'data'] as const,
  collection: (collectionId: string) => [...dataQueryKeys.all, collectionId] as const,
  /** One page of items, as `identity` (see useDataIdentity) reads it. */
  items: (collectionId: string, identity: string, query: ItemsQuery) =>
    [...dataQueryKeys.collection(collectionId), identity, 'items', query] as const,
  distinct: (collectionId: string, identity: string, field: string, filter: readonly DataFilterCondition[]) =>
    [...dataQueryKeys.collection(collectionId), identity, 'distinct', { field, filter }] as const,
};

/** Whether `key` is a key of the collection's items as the same caller reads them. */
export const sameItemsView = (key: readonly unknown[], collectionId: string, identity: string): boolean =>
  key[2] === collectionId && key[3] === identity && key[4] === 'items';
