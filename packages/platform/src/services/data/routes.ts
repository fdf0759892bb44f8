import {
  AggregateDataItemsRequest,
  BulkPatchDataItemsRequest,
  BulkRemoveDataItemsRequest,
  BulkWriteDataItemsRequest,
  CountDataItemsRequest,
  CreateDataIndexRequest,
  DATA_COLLECTIONS_ROUTES,
  DATA_INDEXES_ROUTES,
  DATA_ITEMS_PREFIX,
  DATA_ITEMS_ROUTES,
  DATA_LIMITS,
  DataCollectionRequest,
  DataItemReferencesRequest,
  GetDataItemRequest,
  InsertDataItemRequest,
  IsReferencedDataItemRequest,
  PatchDataItemRequest,
  QueryDataItemsRequest,
  QueryDistinctValuesRequest,
  QueryReferencedDataItemsRequest,
  RemoveDataItemRequest,
  ReplaceDataItemReferencesRequest,
  SaveDataItemRequest,
  SearchDataItemsRequest,
  servicePaths,
  TruncateDataItemsRequest,
  UpdateDataItemRequest,
} from '@atrium/contract';
import type * as Wire from '@atrium/contract/types';
import {
  type FastifyPluginAsyncTypebox,
  type Static,
  type TSchema,
  Type,
} from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Logger } from '../../logger.js';
import type { CallerAuthority } from '../../oauth/caller.js';
import { routePath } from '../identity/routes.js';
import {
  checkCollectionId,
  createCollection,
  deleteCollection,
  getCollection,
  listCollections,
  requireCollection,
  updateCollection,
} from './collections/service.js';
import { createIndex, dropIndex, listIndexes } from './indexes/service.js';
import { aggregate } from './items/aggregate.js';
import { countItemsOf, distinctValues, getItem, queryItems } from './items/reads.js';
import {
  insertReferences,
  isReferenced,
  queryReferenced,
  removeReferences,
  replaceReferences,
} from './items/references.js';
import { searchItems } from './items/search.js';
import {
  bulkPatch,
  bulkRemove,
  bulkWrite,
  insertItem,
  patchItem,
  removeItem,
  saveItem,
  truncate,
  updateItem,
} from './items/service.js';
import { stringifyAnswer } from './json-text.js';
import { dataCaller, getPayload, registerDataErrors, requireElevated } from './request.js';

export interface DataRoutesContext extends CallerAuthority {
  readonly logger: Logger;
}

const ItemParams = Type.Object({ dataItemId: Type.String() });
const CollectionParams = Type.Object({ dataCollectionId: Type.String() });
const AnyQuery = Type.Record(Type.String(), Type.Unknown());
const IndexesQuery = Type.Object({
  dataCollectionId: Type.String(),
  indexName: Type.Optional(Type.String()),
});

/**
 * The data services (wire.md §9, §14) under `/wix-data` and its alias `/_api/cloud-data`. Routes
 * read the request and the caller; the rules live in the service modules. Bodies up to
 * DATA_LIMITS.maxBodyBytes; every 4xx carries a WDE code (request.ts).
 */
export function dataRoutes(ctx: DataRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    registerDataErrors(app, ctx.logger);
    app.setReplySerializer((payload) => stringifyAnswer(payload));
    const db = ctx.db;
    const paths = (protoPath: string) => servicePaths(DATA_ITEMS_PREFIX, routePath(protoPath));
    const options = <S>(schema: S) => ({ schema, bodyLimit: DATA_LIMITS.maxBodyBytes });
    const caller = (request: FastifyRequest) => dataCaller(request, ctx);

    /** A POST route whose body is `body` and whose answer is `handle`'s. */
    const post = <B extends TSchema>(
      protoPath: string,
      body: B,
      handle: (body: Static<B>, request: FastifyRequest) => Promise<unknown>,
    ) => {
      for (const path of paths(protoPath)) {
        app.post(path, options({ body }), async (request) => handle(request.body as Static<B>, request));
      }
    };

    // ── Items ──────────────────────────────────────────────────────────────────────────────────
    for (const path of paths(DATA_ITEMS_ROUTES.get)) {
      app.get(path, { schema: { params: ItemParams, querystring: AnyQuery } }, async (request) => {
        const payload = getPayload<Wire.GetDataItemRequest>(
          request.query,
          GetDataItemRequest,
          { dataItemId: request.params.dataItemId },
          ['fields'],
        );
        return getItem(db, await caller(request), payload);
      });
    }
    post(DATA_ITEMS_ROUTES.insert, InsertDataItemRequest, async (body, request) =>
      insertItem(db, await caller(request), body),
    );
    post(DATA_ITEMS_ROUTES.update, UpdateDataItemRequest, async (body, request) =>
      updateItem(db, await caller(request), body),
    );
    post(DATA_ITEMS_ROUTES.save, SaveDataItemRequest, async (body, request) =>
      saveItem(db, await caller(request), body),
    );
    post(DATA_ITEMS_ROUTES.patch, PatchDataItemRequest, async (body, request) =>
      patchItem(db, await caller(request), body),
    );
    post(DATA_ITEMS_ROUTES.remove, RemoveDataItemRequest, async (body, request) =>
      removeItem(db, await caller(request), body),
    );
    post(DATA_ITEMS_ROUTES.truncate, TruncateDataItemsRequest, async (body, request) => {
      await truncate(db, await caller(request), body);
      return {};
    });
    post(DATA_ITEMS_ROUTES.count, CountDataItemsRequest, async (body, request) => ({
      totalCount: await countItemsOf(db, await caller(request), body),
    }));
    for (const path of paths(DATA_ITEMS_ROUTES.query)) {
      // The query string is read (and checked) by getPayload: `.r` alone, as the reference sends it.
      app.get(path, async (request) =>
        queryItems(
          db,
          await caller(request),
          getPayload<Wire.QueryDataItemsRequest>(
            request.query as Record<string, unknown>,
            QueryDataItemsRequest,
          ),
        ),
      );
    }
    post(DATA_ITEMS_ROUTES.query, QueryDataItemsRequest, async (body, request) =>
      queryItems(db, await caller(request), body),
    );
    post(DATA_ITEMS_ROUTES.queryDistinctValues, QueryDistinctValuesRequest, async (body, request) =>
      distinctValues(db, await caller(request), body),
    );
    post(DATA_ITEMS_ROUTES.aggregate, AggregateDataItemsRequest, async (body, request) =>
      aggregate(db, await caller(request), body),
    );
    post(DATA_ITEMS_ROUTES.search, SearchDataItemsRequest, async (body, request) =>
      searchItems(db, await caller(request), body),
    );

    // ── References ─────────────────────────────────────────────────────────────────────────────
    post(DATA_ITEMS_ROUTES.queryReferenced, QueryReferencedDataItemsRequest, async (body, request) =>
      queryReferenced(db, await caller(request), body),
    );
    post(DATA_ITEMS_ROUTES.isReferenced, IsReferencedDataItemRequest, async (body, request) => ({
      isReferenced: await isReferenced(db, await caller(request), body),
    }));
    post(DATA_ITEMS_ROUTES.insertReferences, DataItemReferencesRequest, async (body, request) => {
      await insertReferences(db, await caller(request), body);
      return {};
    });
    post(DATA_ITEMS_ROUTES.removeReferences, DataItemReferencesRequest, async (body, request) => {
      await removeReferences(db, await caller(request), body);
      return {};
    });
    post(DATA_ITEMS_ROUTES.replaceReferences, ReplaceDataItemReferencesRequest, async (body, request) => {
      await replaceReferences(db, await caller(request), body);
      return {};
    });

    // ── Bulk ───────────────────────────────────────────────────────────────────────────────────
    post(DATA_ITEMS_ROUTES.bulkInsert, BulkWriteDataItemsRequest, async (body, request) =>
      bulkWrite(db, await caller(request), 'insert', body),
    );
    post(DATA_ITEMS_ROUTES.bulkUpdate, BulkWriteDataItemsRequest, async (body, request) =>
      bulkWrite(db, await caller(request), 'update', body),
    );
    post(DATA_ITEMS_ROUTES.bulkSave, BulkWriteDataItemsRequest, async (body, request) =>
      bulkWrite(db, await caller(request), 'save', body),
    );
    post(DATA_ITEMS_ROUTES.bulkRemove, BulkRemoveDataItemsRequest, async (body, request) =>
      bulkRemove(db, await caller(request), body),
    );
    post(DATA_ITEMS_ROUTES.bulkPatch, BulkPatchDataItemsRequest, async (body, request) =>
      bulkPatch(db, await caller(request), body),
    );

    // ── Collections and indexes (elevated) ─────────────────────────────────────────────────────
    for (const path of paths(DATA_COLLECTIONS_ROUTES.collections)) {
      app.post(path, options({ body: DataCollectionRequest }), async (request) => {
        await requireElevated(request, ctx);
        return { collection: await createCollection(db, request.body.collection) };
      });
      app.put(path, options({ body: DataCollectionRequest }), async (request) => {
        await requireElevated(request, ctx);
        return { collection: await updateCollection(db, request.body.collection) };
      });
      app.get(path, async (request) => {
        await requireElevated(request, ctx);
        const collections = await listCollections(db);
        return {
          collections,
          pagingMetadata: {
            count: collections.length,
            offset: 0,
            total: collections.length,
            tooManyToCount: false,
          },
        };
      });
    }
    for (const path of paths(DATA_COLLECTIONS_ROUTES.collection)) {
      app.get(path, { schema: { params: CollectionParams } }, async (request) => {
        await requireElevated(request, ctx);
        return { collection: await getCollection(db, checkCollectionId(request.params.dataCollectionId)) };
      });
      app.delete(path, { schema: { params: CollectionParams } }, async (request) => {
        await requireElevated(request, ctx);
        await deleteCollection(db, checkCollectionId(request.params.dataCollectionId));
        return {};
      });
    }
    for (const path of paths(DATA_INDEXES_ROUTES.indexes)) {
      app.post(path, options({ body: CreateDataIndexRequest }), async (request) => {
        await requireElevated(request, ctx);
        const collection = await requireCollection(db, request.body.dataCollectionId);
        return { index: await createIndex(db, collection, request.body.index) };
      });
      app.get(path, { schema: { querystring: IndexesQuery } }, async (request) => {
        await requireElevated(request, ctx);
        const collection = await requireCollection(db, request.query.dataCollectionId);
        const indexes = await listIndexes(db, collection.id);
        return { indexes, pagingMetadata: { count: indexes.length, offset: 0, total: indexes.length } };
      });
      app.delete(path, { schema: { querystring: IndexesQuery } }, async (request) => {
        await requireElevated(request, ctx);
        const collection = await requireCollection(db, request.query.dataCollectionId);
        await dropIndex(db, collection.id, request.query.indexName ?? '');
        return {};
      });
    }
  };
}
