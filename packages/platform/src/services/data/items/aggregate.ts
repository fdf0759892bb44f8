import {
  AggregateDataItemsRequest as AggregateDataItemsRequestSchema,
  DATA_ERROR_CODES,
} from '@atrium/contract';
import type {
  AggregateDataItemsRequest,
  AggregateDataItemsResponse,
  AggregationOperation,
} from '@atrium/contract/types';
import { sql } from 'kysely';
import type { Db } from '../../../storage/database.js';
import { requireCollection } from '../collections/service.js';
import { invalidRequest } from '../errors.js';
import { authorize, type DataCaller } from '../permissions.js';
import { fieldRef, parseFieldPath, type Sql } from '../query/field-ref.js';
import { compileFilter, type FilterScope } from '../query/filter.js';
import { encodeCursor, pageMetadata, resolvePage } from '../query/paging.js';
import { orderTerms, parseSort } from '../query/sort.js';
import { readCondition, scopeOf } from './reads.js';

/**
 * Aggregation (wire.md §9.2): the items matching `initialFilter` grouped by `groupingFields`, each
 * group one result `{ _id: { <field>: <value>, … }, <field>: <value>, …, <resultFieldName>: … }`
 * (`_id: null` without grouping fields; items missing a grouping field group under null) with
 * itemCount, sum, average, min and max of number fields; then `finalFilter`, sort and paging
 * over the results. One SQL statement: GROUP BY in a subquery, the final filter and sort compiled
 * over the result documents exactly as filters over items are.
 */
const RESULT_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;
const MAX_GROUPING_FIELDS = 10;
const MAX_OPERATIONS = 50;
const RESULTS: FilterScope = { declaredType: () => undefined, source: { kind: 'document', column: 'doc' } };

export async function aggregate(
  db: Db,
  caller: DataCaller,
  request: AggregateDataItemsRequest,
): Promise<AggregateDataItemsResponse> {
  const collection = await requireCollection(db, request.dataCollectionId);
  const grant = await authorize(caller, collection, 'read');
  const call = { kind: 'aggregate', collectionId: collection.id };
  const page = resolvePage(request.paging, request.cursorPaging, call, AggregateDataItemsRequestSchema);
  const state = (page.resumed as AggregateDataItemsRequest | undefined) ?? {
    ...request,
    paging: undefined,
    cursorPaging: undefined,
  };
  const scope = scopeOf(collection);
  const grouping = (state.aggregation?.groupingFields ?? []).map((name, index) =>
    parseFieldPath(name, `aggregation.groupingFields.${index}`),
  );
  if (grouping.length > MAX_GROUPING_FIELDS) throw invalid(`at most ${MAX_GROUPING_FIELDS} grouping fields.`);
  const operations = state.aggregation?.operations ?? [];
  if (operations.length > MAX_OPERATIONS) throw invalid(`at most ${MAX_OPERATIONS} operations.`);

  // Grouping and aggregating over narrow columns (g0…, a0…); the result documents are built from
  // the groups only, so that neither the sort nor the hash of the grouping carries whole items.
  const groupValues = grouping.map(
    (path) => sql`COALESCE(${fieldRef(path, scope.declaredType(path.segments[0]!)).raw}, 'null'::jsonb)`,
  );
  const groupColumns = groupValues.map((value, index) => sql`${value} AS ${sql.raw(`g${index}`)}`);
  const operationColumns = operations.map(
    (operation, index) => sql`${operationValue(operation, index, scope)} AS ${sql.raw(`a${index}`)}`,
  );
  const keyPairs = grouping.flatMap((path, index) => [sql`${path.text}::text`, sql.raw(`g${index}`)]);
  const idValue = grouping.length === 0 ? sql`'null'::jsonb` : sql`jsonb_build_object(${sql.join(keyPairs)})`;
  const resultNames = new Set(grouping.map((path) => path.text));
  const resultPairs = operations.flatMap((operation, index) => {
    const name = checkResultName(operation.resultFieldName, index, resultNames);
    return [sql`${name}::text`, sql`to_jsonb(${sql.raw(`a${index}`)})`];
  });
  const document = sql`jsonb_build_object('_id', ${idValue}${keyPairs.length > 0 ? sql`, ${sql.join(keyPairs)}` : sql``}${
    resultPairs.length > 0 ? sql`, ${sql.join(resultPairs)}` : sql``
  })`;
  const columns = [...groupColumns, ...operationColumns];
  const groupBy =
    grouping.length === 0
      ? sql``
      : sql`GROUP BY ${sql.join(grouping.map((_, index) => sql.raw(String(index + 1))))}`;
  const groups = sql`
    SELECT ${document} AS doc FROM (
      SELECT ${columns.length > 0 ? sql.join(columns) : sql`count(*) AS items`} FROM data_items
      WHERE ${readCondition(collection, grant, state.initialFilter, 'initialFilter')}
      ${groupBy}
    ) AS aggregated`;
  const having = compileFilter(state.finalFilter, RESULTS, 'finalFilter');
  const order = orderTerms(
    parseSort(state.sort, 'sort').length > 0
      ? parseSort(state.sort, 'sort')
      : [{ path: { text: '_id', segments: ['_id'] }, order: 'ASC' }],
    RESULTS,
    sql`(doc -> '_id')::text COLLATE "C"`,
  );
  const [{ rows }, total] = await Promise.all([
    sql<{ doc: Record<string, unknown> }>`
      SELECT doc FROM (${groups}) AS g WHERE ${having}
      ORDER BY ${sql.join(order)}
      LIMIT ${page.limit + 1} OFFSET ${page.offset}`.execute(db),
    state.returnTotalCount === true
      ? sql<{ total: string | number }>`SELECT count(*) AS total FROM (${groups}) AS g WHERE ${having}`
          .execute(db)
          .then((result) => Number(result.rows[0]?.total ?? 0))
      : undefined,
  ]);
  const results = rows.slice(0, page.limit).map((row) => row.doc);
  return {
    results,
    pagingMetadata: pageMetadata(page, results.length, rows.length > page.limit, total, (offset) =>
      encodeCursor(call, offset, page.limit, state),
    ),
  };
}

function operationValue(operation: AggregationOperation, index: number, scope: FilterScope): Sql {
  const at = `aggregation.operations.${index}`;
  const kinds = (['itemCount', 'sum', 'average', 'min', 'max'] as const).filter(
    (kind) => operation[kind] !== undefined,
  );
  if (kinds.length !== 1) {
    throw invalid(`${at} must have exactly one of itemCount, sum, average, min, max.`);
  }
  const kind = kinds[0]!;
  if (kind === 'itemCount') return sql`count(*)`;
  const name = operation[kind]!.itemFieldName;
  const path = parseFieldPath(name, `${at}.${kind}.itemFieldName`);
  const value = fieldRef(path, scope.declaredType(path.segments[0]!)).num;
  switch (kind) {
    case 'sum':
      return sql`COALESCE(sum(${value}), 0)`;
    case 'average':
      return sql`avg(${value})::float8`;
    case 'min':
      return sql`min(${value})`;
    case 'max':
      return sql`max(${value})`;
  }
}

function checkResultName(name: string, index: number, taken: Set<string>): string {
  if (!RESULT_NAME.test(name) || taken.has(name)) {
    throw invalid(
      `aggregation.operations.${index}.resultFieldName must be a unique name of letters, digits, "_" and "-" (not a grouping field); got ${JSON.stringify(name)}.`,
    );
  }
  taken.add(name);
  return name;
}

const invalid = (text: string) => invalidRequest(DATA_ERROR_CODES.invalidAggregation, text);
