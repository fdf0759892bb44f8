import type { AtriumClient, Bound } from '@atrium/sdk';
import { type InfiniteData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { perClient } from '../per-client.js';
import { useClient } from '../provider.js';
import { retryTransient } from '../query-retry.js';

/**
 * A gallery and its items, page by page (`@atrium/sdk/pro-gallery` over TanStack Query): the
 * first page comes with the gallery (`getGallery`), later ones from `listGalleryItems`, so a
 * gallery of a thousand items shows its first screenful after one request and loads the rest as
 * the visitor scrolls. The app provides a QueryClientProvider.
 */

// biome-ignore lint/suspicious/noExplicitAny: any client of the provider, whatever its strategy and modules
type AnyClient = AtriumClient<any, any>;
/** `proGallery` bound to a client: its functions as the app calls them. */
type BoundProGallery = Bound<{
  proGallery: typeof import('@atrium/sdk/pro-gallery').proGallery;
}>['proGallery'];

export type GalleryRecord = Awaited<ReturnType<BoundProGallery['getGallery']>>;
export type GalleryItemRecord = NonNullable<
  Awaited<ReturnType<BoundProGallery['listGalleryItems']>>['items']
>[number];

/**
 * Bundle size: `@atrium/sdk/pro-gallery` is imported on the first gallery read, not with this
 * package. A client that already has `proGallery` among its modules is used as it is.
 */
const bound = perClient(
  (client: AnyClient): Promise<BoundProGallery> =>
    import('@atrium/sdk/pro-gallery').then(
      (gallery) => client.use({ proGallery: gallery.proGallery }).proGallery as BoundProGallery,
    ),
);

function proGalleryOf(client: AnyClient): Promise<BoundProGallery> {
  const own = (client as { proGallery?: BoundProGallery }).proGallery;
  return own ? Promise.resolve(own) : bound(client);
}

export interface UseGalleryOptions {
  /** Items per request, 1–100 (the platform's cap); default 50. */
  itemLimit?: number;
  /** Set false to wait (no request) until a gallery id is known. Default true. */
  enabled?: boolean;
}

export interface GalleryState {
  /** The gallery (name, `totalItems`, …) once its first page arrived; its `items` are the first page only. */
  gallery: GalleryRecord | undefined;
  /** Every item loaded so far, in order. */
  items: GalleryItemRecord[];
  /** All items of the gallery, loaded or not. */
  totalItems: number | undefined;
  isLoading: boolean;
  error: Error | null;
  /** More items exist than are loaded. */
  hasMore: boolean;
  /** Loads the next page (nothing while one is loading, or when all are loaded). */
  loadMore: () => void;
  isLoadingMore: boolean;
}

interface GalleryPage {
  readonly gallery?: GalleryRecord;
  readonly items: GalleryItemRecord[];
}

export const galleryQueryKeys = {
  all: ['atrium', 'gallery'] as const,
  gallery: (galleryId: string, itemLimit: number) => ['atrium', 'gallery', galleryId, { itemLimit }] as const,
  list: (offset: number, limit: number, itemLimit: number) =>
    ['atrium', 'gallery', '#list', { offset, limit, itemLimit }] as const,
};

const MAX_ITEM_LIMIT = 100;
const DEFAULT_ITEM_LIMIT = 50;

/** The gallery `galleryId` (PUBLISHED galleries are readable by anyone), loading items page by page. */
export function useGallery(
  galleryId: string | null | undefined,
  options: UseGalleryOptions = {},
): GalleryState {
  const client = useClient();
  const itemLimit = Math.min(
    MAX_ITEM_LIMIT,
    Math.max(1, Math.floor(options.itemLimit ?? DEFAULT_ITEM_LIMIT)),
  );
  const query = useInfiniteQuery<
    GalleryPage,
    Error,
    InfiniteData<GalleryPage, number>,
    readonly unknown[],
    number
  >({
    queryKey: galleryQueryKeys.gallery(galleryId ?? '', itemLimit),
    enabled: (options.enabled ?? true) && !!galleryId,
    // 4xx answers (no such gallery, a draft) would be the same again.
    retry: retryTransient,
    initialPageParam: 0,
    queryFn: async ({ pageParam: itemOffset }) => {
      const proGallery = await proGalleryOf(client);
      if (itemOffset === 0) {
        const gallery = await proGallery.getGallery(galleryId!, { itemOffset, itemLimit });
        return { gallery, items: gallery.items ?? [] };
      }
      const { items } = await proGallery.listGalleryItems(galleryId!, { itemOffset, itemLimit });
      return { items: items ?? [] };
    },
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      const total = pages[0]?.gallery?.totalItems;
      if (last.items.length === 0) return undefined;
      if (typeof total === 'number') return loaded < total ? loaded : undefined;
      // Without a total, a full page means there may be more.
      return last.items.length >= itemLimit ? loaded : undefined;
    },
  });
  const pages = query.data?.pages;
  const gallery = pages?.[0]?.gallery;
  const items = pages ? pages.flatMap((page) => page.items) : [];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return {
    gallery,
    items,
    totalItems: gallery?.totalItems ?? (pages && !hasNextPage ? items.length : undefined),
    isLoading: query.isLoading,
    error: query.error,
    hasMore: !!hasNextPage,
    loadMore,
    isLoadingMore: isFetchingNextPage,
  };
}

export interface UseGalleryListOptions {
  /** Galleries per page, 1–10 (the platform's cap); default 10. */
  limit?: number;
  offset?: number;
  /** Items of each gallery included, 1–100; default 1 (enough for a cover image). */
  itemLimit?: number;
}

export interface GalleryListState {
  /** The galleries the caller may read (a visitor: the PUBLISHED ones), in `sortOrder`. */
  galleries: GalleryRecord[];
  totalGalleries: number | undefined;
  isLoading: boolean;
  error: Error | null;
}

/** One page of the site's galleries (`listGalleries`), e.g. to find one by name or show covers. */
export function useGalleryList(options: UseGalleryListOptions = {}): GalleryListState {
  const client = useClient();
  const limit = Math.min(10, Math.max(1, Math.floor(options.limit ?? 10)));
  const offset = Math.max(0, Math.floor(options.offset ?? 0));
  const itemLimit = Math.min(MAX_ITEM_LIMIT, Math.max(1, Math.floor(options.itemLimit ?? 1)));
  const query = useQuery({
    queryKey: galleryQueryKeys.list(offset, limit, itemLimit),
    // 4xx answers (no such gallery, a draft) would be the same again.
    retry: retryTransient,
    queryFn: async () => (await proGalleryOf(client)).listGalleries({ offset, limit, itemLimit }),
  });
  return {
    galleries: (query.data?.galleries ?? []) as GalleryRecord[],
    totalGalleries: query.data?.totalGalleries ?? undefined,
    isLoading: query.isLoading,
    error: query.error,
  };
}
