import { SearchDataItemsRequest as SearchDataItemsRequestSchema } from '@atrium/contract';
import type { SearchDataItemsRequest, SearchDataItemsResponse } from '@atrium/contract/types';
import { sql } from 'kysely';
import { and } from '../../../query/index.js';
import type { Db } from '../../../storage/database.js';
import type { StoredCollection } from '../collections/store.js';
import type { DataCaller } from '../permissions.js';
import { fieldRef, type Sql } from '../query/field-ref.js';
import { pageMetadata } from '../query/page-metadata.js';
import { resolvePage } from '../query/paging.js';
import { parseSort } from '../query/sort.js';
import { wireItem } from './item-data.js';
import { projection } from './projection.js';
import { itemRead, pagedRead } from './reads.js';
import { includeReferences } from './references.js';
import { countItems, readOrder, readWhere, selectItemsPage } from './store.js';
import { itemsTable } from './table.js';

/**
 * Full-text search (docs/wire.md §9.2) over an item's text: its TEXT and RICH_TEXT fields when the
 * collection declares any, else every top-level string value but the system fields. The expression
 * is split into words (letters and digits); `mode` AND needs every word, OR any (default AND);
 * `fuzzy` also matches words that start with each word (prefix search). PostgreSQL's text search
 * with the `simple` configuration (lower-cased words, no stemming, no stop words); results are ranked
 * by relevance unless a sort is given, and the filter, returned fields and paging work as in
 * queries.
 */
const MAX_WORDS = 32;

export async function searchItems(
  db: Db,
  caller: DataCaller,
  request: SearchDataItemsRequest,
): Promise<SearchDataItemsResponse> {
  const { collection, grant, call } = await pagedRead(db, caller, request.dataCollectionId, 'search');
  const page = resolvePage(
    request.search?.paging,
    request.search?.cursorPaging,
    call,
    SearchDataItemsRequestSchema,
  );
  const state = (page.resumed as SearchDataItemsRequest | undefined) ?? {
    ...request,
    search: { ...request.search, paging: undefined, cursorPaging: undefined },
  };
  const search = state.search ?? {};
  const words =
    (search.search?.expression ?? '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, MAX_WORDS) ?? [];
  const query = words
    .map((word) => (search.search?.fuzzy === true ? `${word}:*` : word))
    .join(search.search?.mode === 'OR' ? ' | ' : ' & ');
  const document = sql`to_tsvector('simple', ${searchableText(collection)})`;
  const tsquery = sql`to_tsquery('simple', ${query})`;
  const read = itemRead(collection, grant, search.filter, 'search.filter');
  const where = and([readWhere(read), ...(words.length > 0 ? [sql`${document} @@ ${tsquery}`] : [])]);
  const sort = parseSort(search.sort, 'search.sort');
  const order =
    sort.length > 0 || words.length === 0
      ? readOrder(read, sort)
      : [sql`ts_rank(${document}, ${tsquery}) DESC`, sql`id ASC`];
  const table = itemsTable(collection.id);
  const [rows, total] = await Promise.all([
    selectItemsPage(db, table, where, order, page.limit, page.offset),
    state.returnTotalCount === true ? countItems(db, table, where) : undefined,
  ]);
  const pageRows = rows.slice(0, page.limit);
  const includes = state.includeReferences ?? [];
  const data = pageRows.map((row) => (includes.length > 0 ? structuredClone(row.data) : row.data));
  if (includes.length > 0) await includeReferences(db, caller, collection, data, includes);
  const project = projection(search.fields, 'search.fields');
  return {
    dataItems: pageRows.map((row, index) =>
      wireItem(collection.id, { id: row.id, data: project(data[index]!) }),
    ),
    pagingMetadata: pageMetadata(page, pageRows.length, rows.length > page.limit, total, state),
  };
}

function searchableText(collection: StoredCollection): Sql {
  const declared = collection.fields.filter((field) => field.type === 'TEXT' || field.type === 'RICH_TEXT');
  if (declared.length > 0) {
    const parts = declared.map(
      (field) => fieldRef({ text: field.key, segments: [field.key] }, field.type).text,
    );
    return sql`concat_ws(' ', ${sql.join(parts)})`;
  }
  return sql`coalesce((SELECT string_agg(value #>> '{}', ' ') FROM jsonb_each(data)
    WHERE jsonb_typeof(value) = 'string' AND left(key, 1) <> '_'), '')`;
}
