import {
  AggregateDataItemsRequest,
  BulkPatchDataItemsRequest,
  BulkRemoveDataItemsRequest,
  BulkWriteDataItemsRequest,
  CountDataItemsRequest,
  DATA_ENCODED_REQUEST_PARAM,
  DATA_ITEMS_ROUTES,
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
  TruncateDataItemsRequest,
  UpdateDataItemRequest,
} from '@atrium/contract';
import type * as Wire from '@atrium/contract/types';
import { type Static, type TSchema, Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { checkShape, fastifyPath, queryPayload } from '../../../http/index.js';
import { badEncodedRequest, invalidShape } from '../errors.js';
import type { DataCaller } from '../permissions.js';
import { type DataApp, type DataRoutesContext, dataRoute } from '../route-kit.js';
import { dataCaller } from '../verified-callers.js';
import { aggregate } from './aggregate.js';
import { countItemsOf, distinctValues, getItem, queryItems } from './reads.js';
import {
  insertReferences,
  isReferenced,
  queryReferenced,
  removeReferences,
  replaceReferences,
} from './references.js';
import { searchItems } from './search.js';
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
} from './service.js';

const ItemParams = Type.Object({ dataItemId: Type.String() });
const EncodedRequest = { [DATA_ENCODED_REQUEST_PARAM]: Type.Optional(Type.String()) };
/** `GET /v2/items/{dataItemId}`: the request as `.r`, or `dataCollectionId` and repeated `fields`. */
const GetItemQuery = Type.Object(
  {
    ...EncodedRequest,
    dataCollectionId: Type.Optional(Type.String()),
    fields: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
    includeReferences: Type.Optional(Type.Boolean()),
    consistentRead: Type.Optional(Type.Boolean()),
    language: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
/** `GET /v2/items/query`: the request as `.r`, as the reference sends it (plain keys for a simple one). */
const QueryItemsQuery = Type.Object(
  {
    ...EncodedRequest,
    dataCollectionId: Type.Optional(Type.String()),
    returnTotalCount: Type.Optional(Type.Boolean()),
    consistentRead: Type.Optional(Type.Boolean()),
    language: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

/** Items, references and bulk writes (docs/wire.md §9): read the request, call the service, answer. */
export function itemRoutes(app: DataApp, ctx: DataRoutesContext): void {
  const db = ctx.db;
  const caller = (request: FastifyRequest) => dataCaller(request, ctx);

  /** A POST route whose body is `body` and whose answer is `handle`'s. */
  const post = <B extends TSchema>(
    protoPath: string,
    body: B,
    handle: (body: Static<B>, caller: DataCaller) => Promise<unknown>,
  ) => {
    app.post(fastifyPath(protoPath), dataRoute({ body }), async (request) =>
      handle(request.body as Static<B>, await caller(request)),
    );
  };

  // ── Items ────────────────────────────────────────────────────────────────────────────────────
  app.get(
    fastifyPath(DATA_ITEMS_ROUTES.get),
    { schema: { params: ItemParams, querystring: GetItemQuery } },
    async (request) => {
      const payload = queryPayload(request.query, { arrays: ['fields'] }, badEncodedRequest);
      const getRequest = checkShape<Wire.GetDataItemRequest>(
        { ...payload, dataItemId: request.params.dataItemId },
        GetDataItemRequest,
        { refuse: invalidShape },
      );
      return getItem(db, await caller(request), getRequest);
    },
  );
  post(DATA_ITEMS_ROUTES.insert, InsertDataItemRequest, (body, who) => insertItem(db, who, body));
  post(DATA_ITEMS_ROUTES.update, UpdateDataItemRequest, (body, who) => updateItem(db, who, body));
  post(DATA_ITEMS_ROUTES.save, SaveDataItemRequest, (body, who) => saveItem(db, who, body));
  post(DATA_ITEMS_ROUTES.patch, PatchDataItemRequest, (body, who) => patchItem(db, who, body));
  post(DATA_ITEMS_ROUTES.remove, RemoveDataItemRequest, (body, who) => removeItem(db, who, body));
  post(DATA_ITEMS_ROUTES.truncate, TruncateDataItemsRequest, async (body, who) => {
    await truncate(db, who, body);
    return {};
  });
  post(DATA_ITEMS_ROUTES.count, CountDataItemsRequest, async (body, who) => ({
    totalCount: await countItemsOf(db, who, body),
  }));
  app.get(
    fastifyPath(DATA_ITEMS_ROUTES.query),
    { schema: { querystring: QueryItemsQuery } },
    async (request) => {
      const payload = queryPayload(request.query, {}, badEncodedRequest);
      const queryRequest = checkShape<Wire.QueryDataItemsRequest>(payload, QueryDataItemsRequest, {
        refuse: invalidShape,
      });
      return queryItems(db, await caller(request), queryRequest);
    },
  );
  post(DATA_ITEMS_ROUTES.query, QueryDataItemsRequest, (body, who) => queryItems(db, who, body));
  post(DATA_ITEMS_ROUTES.queryDistinctValues, QueryDistinctValuesRequest, (body, who) =>
    distinctValues(db, who, body),
  );
  post(DATA_ITEMS_ROUTES.aggregate, AggregateDataItemsRequest, (body, who) => aggregate(db, who, body));
  post(DATA_ITEMS_ROUTES.search, SearchDataItemsRequest, (body, who) => searchItems(db, who, body));

  // ── References ───────────────────────────────────────────────────────────────────────────────
  post(DATA_ITEMS_ROUTES.queryReferenced, QueryReferencedDataItemsRequest, (body, who) =>
    queryReferenced(db, who, body),
  );
  post(DATA_ITEMS_ROUTES.isReferenced, IsReferencedDataItemRequest, async (body, who) => ({
    isReferenced: await isReferenced(db, who, body),
  }));
  post(DATA_ITEMS_ROUTES.insertReferences, DataItemReferencesRequest, async (body, who) => {
    await insertReferences(db, who, body);
    return {};
  });
  post(DATA_ITEMS_ROUTES.removeReferences, DataItemReferencesRequest, async (body, who) => {
    await removeReferences(db, who, body);
    return {};
  });
  post(DATA_ITEMS_ROUTES.replaceReferences, ReplaceDataItemReferencesRequest, async (body, who) => {
    await replaceReferences(db, who, body);
    return {};
  });

  // ── Bulk ─────────────────────────────────────────────────────────────────────────────────────
  post(DATA_ITEMS_ROUTES.bulkInsert, BulkWriteDataItemsRequest, (body, who) =>
    bulkWrite(db, who, 'insert', body),
  );
  post(DATA_ITEMS_ROUTES.bulkUpdate, BulkWriteDataItemsRequest, (body, who) =>
    bulkWrite(db, who, 'update', body),
  );
  post(DATA_ITEMS_ROUTES.bulkSave, BulkWriteDataItemsRequest, (body, who) =>
    bulkWrite(db, who, 'save', body),
  );
  post(DATA_ITEMS_ROUTES.bulkRemove, BulkRemoveDataItemsRequest, (body, who) => bulkRemove(db, who, body));
  post(DATA_ITEMS_ROUTES.bulkPatch, BulkPatchDataItemsRequest, (body, who) => bulkPatch(db, who, body));
}
