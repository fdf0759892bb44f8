import { DATA_COLLECTIONS_ROUTES, DataCollectionRequest } from '@atrium/contract';
import { Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { callerOf, fastifyPath, requireElevated } from '../../../http/index.js';
import { NoQuery } from '../../../http/schemas.js';
import type { CallerAuthority } from '../../../oauth/caller.js';
import { refuseCaller } from '../errors.js';
import { type DataApp, type DataRoutesContext, dataRoute } from '../route-kit.js';
import {
  checkCollectionId,
  createCollection,
  deleteCollection,
  getCollection,
  listCollections,
  updateCollection,
} from './service.js';

const CollectionParams = Type.Object({ dataCollectionId: Type.String() });

/** Collections and indexes are managed with the site's API key only. */
export async function requireDataAdmin(request: FastifyRequest, authority: CallerAuthority): Promise<void> {
  requireElevated(await callerOf(request, authority), 'Managing collections and indexes', refuseCaller);
}

/** Collection management (docs/wire.md §14), elevated callers only. */
export function collectionRoutes(app: DataApp, ctx: DataRoutesContext): void {
  const db = ctx.db;
  const collections = fastifyPath(DATA_COLLECTIONS_ROUTES.collections);
  const collection = fastifyPath(DATA_COLLECTIONS_ROUTES.collection);

  app.post(collections, dataRoute({ body: DataCollectionRequest }), async (request) => {
    await requireDataAdmin(request, ctx);
    return { collection: await createCollection(db, request.body.collection) };
  });
  app.put(collections, dataRoute({ body: DataCollectionRequest }), async (request) => {
    await requireDataAdmin(request, ctx);
    return { collection: await updateCollection(db, request.body.collection) };
  });
  app.get(collections, { schema: { querystring: NoQuery } }, async (request) => {
    await requireDataAdmin(request, ctx);
    const all = await listCollections(db);
    return {
      collections: all,
      pagingMetadata: { count: all.length, offset: 0, total: all.length, tooManyToCount: false },
    };
  });
  app.get(collection, { schema: { params: CollectionParams, querystring: NoQuery } }, async (request) => {
    await requireDataAdmin(request, ctx);
    return { collection: await getCollection(db, checkCollectionId(request.params.dataCollectionId)) };
  });
  app.delete(collection, { schema: { params: CollectionParams, querystring: NoQuery } }, async (request) => {
    await requireDataAdmin(request, ctx);
    await deleteCollection(db, checkCollectionId(request.params.dataCollectionId));
    return {};
  });
}
