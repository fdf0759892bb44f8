import type { WixDataItem } from '@atrium/sdk/data';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { isClientError, retryUnless } from '../query-retry.js';
import { useDataIdentity, useItemsModule } from './client.js';
import { dataQueryKeys, sameItemsView } from './keys.js';
import {
  applyFilter,
  applyQuery,
  type DataFilterCondition,
  type ItemsQueryInput,
  normalizeQuery,
} from './query.js';

/**
 * Reading data collections with TanStack Query (the app provides a QueryClientProvider): results
 * are cached per collection, caller, filter, sort and page, and refetched when a mutation hook
 * changes the collection.
 */

export interface UseItemsOptions extends ItemsQueryInput {
  /** False holds the query back (e.g. until the visitor signs in). Default true. */
  enabled?: boolean;
}

/** One page of a collection's items. */
export interface ItemsState<Item> {
  /** This page's items; while another page loads, the page shown before (see isPlaceholderData). */
  items: Item[];
  /** Items matching the filter, once counted. */
  totalCount: number | undefined;
  /** The page asked for, zero-based. */
  page: number;
  pageSize: number;
  /** At least 1 once totalCount is known. */
  pageCount: number | undefined;
  hasNext: boolean;
  hasPrev: boolean;
  /** No items to show yet: the first load of this view. */
  isLoading: boolean;
  /** A request is in flight (first load, another page, or a refetch). */
  isFetching: boolean;
  /** `items` are the previous page's, kept while this page loads. */
  isPlaceholderData: boolean;
  error: Error | null;
  refetch(): Promise<unknown>;
}

interface FetchedPage<Item> {
  items: Item[];
  totalCount: number | undefined;
  hasNext: boolean;
}

/**
 * An answer the same request would get again (permissions, bad filters, missing collections):
 * WixDataErrors with a 4xx status or raised by the client before sending. Network failures and 5xx
 * answers are retried.
 */
function isFinalError(error: unknown): boolean {
  const { name, status } = (error ?? {}) as { name?: unknown; status?: unknown };
  return typeof status === 'number' ? isClientError(error) : name === 'WixDataError';
}

const retry = retryUnless(isFinalError);

/**
 * One page of `collectionId`: `useItems('Books', { filter: [{ field: 'title', op: 'contains', value:
 * 'garden' }], sort: { field: 'year', direction: 'desc' }, page: 0, pageSize: 20 })`. Paging keeps
 * the previous page on screen until the next one arrives.
 */
export function useItems<Item extends WixDataItem = WixDataItem>(
  collectionId: string,
  options: UseItemsOptions = {},
): ItemsState<Item> {
  const loadItems = useItemsModule();
  const identity = useDataIdentity();
  const query = normalizeQuery(options);
  const result = useQuery({
    queryKey: dataQueryKeys.items(collectionId, identity, query),
    queryFn: async (): Promise<FetchedPage<Item>> => {
      const items = await loadItems();
      const found = await applyQuery(items.query(collectionId), query).find({ returnTotalCount: true });
      return { items: found.items as Item[], totalCount: found.totalCount, hasNext: found.hasNext() };
    },
    // The previous page stays on screen while the next loads, but never another collection's or
    // another caller's items.
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameItemsView(previousQuery.queryKey, collectionId, identity) ? previous : undefined,
    enabled: options.enabled ?? true,
    retry,
  });

  const { data, isPlaceholderData } = result;
  const { page, pageSize } = query;
  const totalCount = data?.totalCount;
  const pageCount = totalCount === undefined ? undefined : Math.max(1, Math.ceil(totalCount / pageSize));
  let hasNext = false;
  if (totalCount !== undefined) hasNext = (page + 1) * pageSize < totalCount;
  else if (data && !isPlaceholderData) hasNext = data.hasNext;
  return {
    items: data?.items ?? [],
    totalCount,
    page,
    pageSize,
    pageCount,
    hasNext,
    hasPrev: page > 0,
    isLoading: result.isLoading,
    isFetching: result.isFetching,
    isPlaceholderData,
    error: result.error,
    refetch: result.refetch,
  };
}

export interface UseDistinctValuesOptions {
  /** Only the values of items matching these conditions. */
  filter?: readonly DataFilterCondition[];
  enabled?: boolean;
}

export interface DistinctValuesState<Value> {
  /** Ascending; missing and null values left out. */
  values: Value[];
  isLoading: boolean;
  error: Error | null;
}

/** Most values a select filter lists. */
const DISTINCT_LIMIT = 1000;

/** The distinct values of a field (up to 1000, in the platform's ascending order), e.g. the options of a select filter. */
export function useDistinctValues<Value = unknown>(
  collectionId: string,
  field: string,
  options: UseDistinctValuesOptions = {},
): DistinctValuesState<Value> {
  const loadItems = useItemsModule();
  const identity = useDataIdentity();
  const filter = options.filter ?? [];
  const result = useQuery({
    queryKey: dataQueryKeys.distinct(collectionId, identity, field, filter),
    queryFn: async () => {
      const items = await loadItems();
      const query = applyFilter(items.query(collectionId), filter).limit(DISTINCT_LIMIT);
      return (await query.distinct(field)).items as Value[];
    },
    enabled: options.enabled ?? true,
    retry,
  });
  const values = result.data;
  return useMemo(
    () => ({ values: values ?? [], isLoading: result.isLoading, error: result.error }),
    [values, result.isLoading, result.error],
  );
}
