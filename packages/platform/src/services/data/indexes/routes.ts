import { CreateDataIndexRequest, DATA_INDEXES_ROUTES } from '@atrium/contract';
import { Type } from '@fastify/type-provider-typebox';
import { fastifyPath } from '../../../http/index.js';
import { requireDataAdmin } from '../collections/routes.js';
import { requireCollection } from '../collections/service.js';
import { type DataApp, type DataRoutesContext, dataRoute } from '../route-kit.js';
import { createIndex, dropIndex, listIndexes } from './service.js';

const IndexesQuery = Type.Object({
  dataCollectionId: Type.String(),
  indexName: Type.Optional(Type.String()),
});

/** Index management (docs/wire.md §14), elevated callers only. */
export function indexRoutes(app: DataApp, ctx: DataRoutesContext): void {
  const db = ctx.db;
  const indexes = fastifyPath(DATA_INDEXES_ROUTES.indexes);

  app.post(indexes, dataRoute({ body: CreateDataIndexRequest }), async (request) => {
    await requireDataAdmin(request, ctx);
    const collection = await requireCollection(db, request.body.dataCollectionId);
    return { index: await createIndex(db, collection, request.body.index) };
  });
  app.get(indexes, { schema: { querystring: IndexesQuery } }, async (request) => {
    await requireDataAdmin(request, ctx);
    const collection = await requireCollection(db, request.query.dataCollectionId);
    const all = await listIndexes(db, collection.id);
    return { indexes: all, pagingMetadata: { count: all.length, offset: 0, total: all.length } };
  });
  app.delete(indexes, { schema: { querystring: IndexesQuery } }, async (request) => {
    await requireDataAdmin(request, ctx);
    const collection = await requireCollection(db, request.query.dataCollectionId);
    await dropIndex(db, collection.id, request.query.indexName ?? '');
    return {};
  });
}
