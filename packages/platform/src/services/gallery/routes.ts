import {
  BulkDeleteGalleryItemsRequest,
  CreateGalleryItemRequest,
  CreateGalleryRequest,
  GALLERY_LIMITS,
  PRO_GALLERY_ROUTES,
  UpdateGalleryItemRequest,
  UpdateGalleryRequest,
} from '@atrium/contract';
import { type FastifyPluginAsyncTypebox, type TSchema, Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { requireCaller } from '../../http/callers.js';
import { fastifyPath } from '../../http/routing.js';
import { NoQuery } from '../../http/schemas.js';
import type { CallerAuthority } from '../../oauth/caller.js';
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

const Id = Type.String({ minLength: 1, maxLength: 255 });
const GalleryParams = Type.Object({ galleryId: Id });
const ItemParams = Type.Object({ galleryId: Id, itemId: Id });
/** Query integers (the validator converts the text); out of range is a 400 naming the parameter. */
const Count = (minimum: number, maximum: number) => Type.Optional(Type.Integer({ minimum, maximum }));
/** Path parameters repeated in the query string (docs/wire.md §1.3) are allowed and ignored. */
const ListQuery = Type.Object({
  itemLimit: Count(1, GALLERY_LIMITS.maxItemLimit),
  offset: Count(0, Number.MAX_SAFE_INTEGER),
  limit: Count(1, GALLERY_LIMITS.maxGalleriesLimit),
});
const ItemPageQuery = Type.Object({
  itemOffset: Count(0, Number.MAX_SAFE_INTEGER),
  itemLimit: Count(1, GALLERY_LIMITS.maxItemLimit),
});
const DeleteItemsQuery = Type.Object({
  itemsIds: Type.Optional(Type.Array(Id, { maxItems: GALLERY_LIMITS.maxItemsPerRequest })),
});

/** Every caller reads (published galleries); only the site's API key writes. */
const READERS = ['anonymous', 'visitor', 'member', 'elevated'] as const;
const WRITERS = ['elevated'] as const;

const path = (route: keyof typeof PRO_GALLERY_ROUTES): string => fastifyPath(PRO_GALLERY_ROUTES[route]);

/**
 * The pro gallery routes (docs/wire.md §7), registered under `/progallery` and its aliases
 * (http/routing.ts). GET and DELETE read their options from the query string; path parameters
 * repeated there (docs/wire.md §1.3) are ignored in favour of the path. Writes check the caller before
 * the body is even read. Media URLs in answers are on the platform's public origin.
 */
export function galleryRoutes(ctx: GalleryRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const reader = async (request: FastifyRequest): Promise<Reader> => ({
      caller: await requireCaller(request, ctx, READERS),
      origin: request.publicOrigin,
    });
    /** Options of a write route: the caller is checked first, then the schemas. */
    const write = <S extends { params?: TSchema; body?: TSchema; querystring?: TSchema }>(schema: S) => ({
      onRequest: async (request: FastifyRequest) => void (await requireCaller(request, ctx, WRITERS)),
      schema,
      bodyLimit: GALLERY_LIMITS.maxBodyBytes,
    });

    app.get(path('galleries'), { schema: { querystring: ListQuery } }, async (request) =>
      listGalleries(ctx, await reader(request), {
        itemLimit: request.query.itemLimit ?? GALLERY_LIMITS.defaultListItemLimit,
        offset: request.query.offset ?? 0,
        limit: request.query.limit ?? GALLERY_LIMITS.defaultGalleriesLimit,
      }),
    );
    app.post(path('galleries'), write({ body: CreateGalleryRequest }), async (request) =>
      createGallery(ctx, request.publicOrigin, request.body),
    );

    app.get(
      path('gallery'),
      { schema: { params: GalleryParams, querystring: ItemPageQuery } },
      async (request) =>
        getGallery(ctx, await reader(request), request.params.galleryId, itemPage(request.query)),
    );
    app.delete(path('gallery'), write({ params: GalleryParams, querystring: NoQuery }), async (request) =>
      deleteGallery(ctx, request.params.galleryId),
    );
    app.patch(
      path('updateGallery'),
      write({ params: GalleryParams, body: UpdateGalleryRequest }),
      async (request) =>
        updateGallery(ctx, request.publicOrigin, request.params.galleryId, request.body.gallery),
    );

    app.get(
      path('items'),
      { schema: { params: GalleryParams, querystring: ItemPageQuery } },
      async (request) =>
        listGalleryItems(ctx, await reader(request), request.params.galleryId, itemPage(request.query)),
    );
    app.post(
      path('items'),
      write({ params: GalleryParams, body: CreateGalleryItemRequest }),
      async (request) =>
        createGalleryItem(ctx, request.publicOrigin, request.params.galleryId, request.body.item),
    );
    app.delete(
      path('items'),
      write({ params: GalleryParams, querystring: DeleteItemsQuery }),
      async (request) =>
        deleteGalleryItems(ctx, request.publicOrigin, request.params.galleryId, request.query.itemsIds ?? []),
    );
    app.post(
      path('bulkDeleteItems'),
      write({ params: GalleryParams, body: BulkDeleteGalleryItemsRequest }),
      async (request) => bulkDeleteGalleryItems(ctx, request.params.galleryId, request.body.itemIds),
    );

    app.get(path('item'), { schema: { params: ItemParams, querystring: NoQuery } }, async (request) =>
      getGalleryItem(ctx, await reader(request), request.params.galleryId, request.params.itemId),
    );
    app.delete(path('item'), write({ params: ItemParams, querystring: NoQuery }), async (request) =>
      deleteGalleryItem(ctx, request.params.galleryId, request.params.itemId),
    );
    app.patch(
      path('updateItem'),
      write({ params: ItemParams, body: UpdateGalleryItemRequest }),
      async (request) =>
        updateGalleryItem(
          ctx,
          request.publicOrigin,
          request.params.galleryId,
          request.params.itemId,
          request.body.item,
        ),
    );
  };
}

const itemPage = (query: { itemOffset?: number; itemLimit?: number }) => ({
  itemOffset: query.itemOffset ?? 0,
  itemLimit: query.itemLimit ?? GALLERY_LIMITS.defaultItemLimit,
});
