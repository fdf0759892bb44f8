import {
  BulkDeleteGalleryItemsRequest,
  CreateGalleryItemRequest,
  CreateGalleryRequest,
  GALLERY_LIMITS,
  PRO_GALLERY_PREFIX,
  PRO_GALLERY_ROUTES,
  servicePaths,
  UpdateGalleryItemRequest,
  UpdateGalleryRequest,
} from '@atrium/contract';
import { type FastifyPluginAsyncTypebox, type TSchema, Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { validationError } from '../../errors.js';
import { type CallerAuthority, requireCaller } from '../../oauth/caller.js';
import {
  bulkDeleteGalleryItems,
  createGallery,
  createGalleryItem,
  deleteGallery,
  deleteGalleryItem,
  deleteGalleryItems,
  type GalleryContext,
  getGallery,
  getGalleryItem,
  listGalleries,
  listGalleryItems,
  type Reader,
  updateGallery,
  updateGalleryItem,
} from './service.js';

export interface GalleryRoutesContext extends CallerAuthority, GalleryContext {}

const GalleryParams = Type.Object({ galleryId: Type.String() });
const ItemParams = Type.Object({ galleryId: Type.String(), itemId: Type.String() });
const AnyQuery = Type.Record(Type.String(), Type.Unknown());

/** Every caller reads (published galleries); only the site's API key writes. */
const READERS = ['anonymous', 'visitor', 'member', 'elevated'] as const;
const WRITERS = ['elevated'] as const;

/** Fastify paths of a proto path: `{gallery.id}` and `{item.id}` are the path's galleryId and itemId. */
const paths = (protoPath: string): string[] =>
  servicePaths(
    PRO_GALLERY_PREFIX,
    protoPath
      .replace('{gallery.id}', ':galleryId')
      .replace('{item.id}', ':itemId')
      .replace(/\{(\w+)\}/g, ':$1'),
  );

const origin = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;

/**
 * The pro gallery routes (wire.md §7) under `/progallery` and its aliases. GET and DELETE read their
 * options from the query string; path parameters repeated there (wire.md §1.3) are ignored in favour
 * of the path. Writes check the caller before the body is even read.
 */
export function galleryRoutes(ctx: GalleryRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const reader = async (request: FastifyRequest): Promise<Reader> => ({
      caller: await requireCaller(request, ctx, READERS),
      origin: origin(request),
    });
    /** Options of a write route: the caller is checked first, then the schemas. */
    const write = <S extends { params?: TSchema; body?: TSchema; querystring?: TSchema }>(schema: S) => ({
      onRequest: async (request: FastifyRequest) => void (await requireCaller(request, ctx, WRITERS)),
      schema,
      bodyLimit: GALLERY_LIMITS.maxBodyBytes,
    });

    for (const path of paths(PRO_GALLERY_ROUTES.galleries)) {
      app.get(path, { schema: { querystring: AnyQuery } }, async (request) =>
        listGalleries(ctx, await reader(request), {
          itemLimit: integer(
            request.query,
            'itemLimit',
            1,
            GALLERY_LIMITS.maxItemLimit,
            GALLERY_LIMITS.defaultListItemLimit,
          ),
          offset: integer(request.query, 'offset', 0, Number.MAX_SAFE_INTEGER, 0),
          limit: integer(
            request.query,
            'limit',
            1,
            GALLERY_LIMITS.maxGalleriesLimit,
            GALLERY_LIMITS.defaultGalleriesLimit,
          ),
        }),
      );
      app.post(path, write({ body: CreateGalleryRequest }), async (request) =>
        createGallery(ctx, origin(request), request.body),
      );
    }

    for (const path of paths(PRO_GALLERY_ROUTES.gallery)) {
      app.get(path, { schema: { params: GalleryParams, querystring: AnyQuery } }, async (request) =>
        getGallery(ctx, await reader(request), request.params.galleryId, itemPage(request.query)),
      );
      app.delete(path, write({ params: GalleryParams }), async (request) =>
        deleteGallery(ctx, request.params.galleryId),
      );
    }
    for (const path of paths(PRO_GALLERY_ROUTES.updateGallery)) {
      app.patch(path, write({ params: GalleryParams, body: UpdateGalleryRequest }), async (request) =>
        updateGallery(ctx, origin(request), request.params.galleryId, request.body.gallery),
      );
    }

    for (const path of paths(PRO_GALLERY_ROUTES.items)) {
      app.get(path, { schema: { params: GalleryParams, querystring: AnyQuery } }, async (request) =>
        listGalleryItems(ctx, await reader(request), request.params.galleryId, itemPage(request.query)),
      );
      app.post(path, write({ params: GalleryParams, body: CreateGalleryItemRequest }), async (request) =>
        createGalleryItem(ctx, origin(request), request.params.galleryId, request.body.item),
      );
      app.delete(path, write({ params: GalleryParams, querystring: AnyQuery }), async (request) =>
        deleteGalleryItems(ctx, origin(request), request.params.galleryId, ids(request.query, 'itemsIds')),
      );
    }
    for (const path of paths(PRO_GALLERY_ROUTES.bulkDeleteItems)) {
      app.post(path, write({ params: GalleryParams, body: BulkDeleteGalleryItemsRequest }), async (request) =>
        bulkDeleteGalleryItems(ctx, request.params.galleryId, request.body.itemIds),
      );
    }

    for (const path of paths(PRO_GALLERY_ROUTES.item)) {
      app.get(path, { schema: { params: ItemParams, querystring: AnyQuery } }, async (request) =>
        getGalleryItem(ctx, await reader(request), request.params.galleryId, request.params.itemId),
      );
      app.delete(path, write({ params: ItemParams }), async (request) =>
        deleteGalleryItem(ctx, request.params.galleryId, request.params.itemId),
      );
    }
    for (const path of paths(PRO_GALLERY_ROUTES.updateItem)) {
      app.patch(path, write({ params: ItemParams, body: UpdateGalleryItemRequest }), async (request) =>
        updateGalleryItem(
          ctx,
          origin(request),
          request.params.galleryId,
          request.params.itemId,
          request.body.item,
        ),
      );
    }
  };
}

const itemPage = (query: Record<string, unknown>) => ({
  itemOffset: integer(query, 'itemOffset', 0, Number.MAX_SAFE_INTEGER, 0),
  itemLimit: integer(query, 'itemLimit', 1, GALLERY_LIMITS.maxItemLimit, GALLERY_LIMITS.defaultItemLimit),
});

/** A decimal integer query parameter within [min, max], or `fallback` when absent. */
function integer(
  query: Record<string, unknown>,
  name: string,
  min: number,
  max: number,
  fallback: number,
): number {
  const value = query[name];
  if (value === undefined || value === '') return fallback;
  const parsed = typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
  if (!(parsed >= min && parsed <= max)) {
    throw validationError([
      {
        field: name,
        description: `must be an integer from ${min} to ${max === Number.MAX_SAFE_INTEGER ? 'up' : max}, got ${JSON.stringify(value)}`,
        violatedRule: 'RANGE',
      },
    ]);
  }
  return parsed;
}

/** A repeated query parameter (`itemsIds=a&itemsIds=b`) as a list of ids. */
function ids(query: Record<string, unknown>, name: string): string[] {
  const value = query[name];
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  if (
    list.length > GALLERY_LIMITS.maxItemsPerRequest ||
    !list.every((id) => typeof id === 'string' && id.length <= 255)
  ) {
    throw validationError([
      {
        field: name,
        description: `must be at most ${GALLERY_LIMITS.maxItemsPerRequest} item ids`,
        violatedRule: 'MAX_ITEMS',
      },
    ]);
  }
  return list as string[];
}
