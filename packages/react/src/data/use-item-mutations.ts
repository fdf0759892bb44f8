import type { DataItems, WixDataItem } from '@atrium/sdk/data';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { useItemsModule } from './client.js';
import { dataQueryKeys } from './keys.js';

/**
 * Writes to a collection with TanStack Query mutations. On success every cached query of the
 * collection (all pages, filters, sorts and distinct values) is invalidated, and the mutation
 * settles only once the queries on screen have refetched: after `await mutateAsync(…)` the lists
 * show the change. Errors are the SDK's WixDataErrors (`message`, `code`, `status`).
 */

/** Runs `write` with the client's `items`, then refetches the collection's queries. */
function useItemMutation<Variables, Result>(
  collectionId: string,
  write: (items: DataItems, variables: Variables) => Promise<Result>,
): UseMutationResult<Result, Error, Variables> {
  const loadItems = useItemsModule();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: Variables) => write(await loadItems(), variables),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataQueryKeys.collection(collectionId) }),
  });
}

/** Inserts an item (`mutate({ title: 'New' })`); resolves to the stored item, with its `_id`. */
export function useInsertItem<Item extends WixDataItem = WixDataItem>(collectionId: string) {
  return useItemMutation(
    collectionId,
    (items, item: Omit<Item, '_id'> & { _id?: string }) => items.insert(collectionId, item) as Promise<Item>,
  );
}

/** Replaces an item (`mutate({ ...item, title: 'Changed' })`): fields left out are removed. */
export function useUpdateItem<Item extends WixDataItem = WixDataItem>(collectionId: string) {
  return useItemMutation(
    collectionId,
    (items, item: Item) => items.update(collectionId, item) as Promise<Item>,
  );
}

/** Removes an item by id (`mutate(item._id)`); resolves to the removed item, or null if there was none. */
export function useRemoveItem<Item extends WixDataItem = WixDataItem>(collectionId: string) {
  return useItemMutation(
    collectionId,
    (items, itemId: string) => items.remove<Item>(collectionId, itemId) as Promise<Item | null>,
  );
}
