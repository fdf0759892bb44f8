import { DATA_ERROR_CODES } from '@atrium/contract';
import type { AggregateDataItemsRequest, AggregationOperation } from '@atrium/contract/types';
import { sql } from 'kysely';
import { invalidRequest } from '../errors.js';
import type { ItemsTable } from '../items/table.js';
import { parseFieldPath } from './field-path.js';
import { type FieldSource, type FilterScope, fieldRef, type Sql } from './field-ref.js';
import { parseFilter } from './filter.js';
import { parseSort } from './sort.js';
import { compileFilter, orderTerms } from './sql.js';

/**
 * An aggregation as SQL (a builder the items store runs, items/store.ts selectAggregatePage): the
 * groups as result documents `{ _id, <grouping fields>, <results> }` built in a subquery, the final
 * filter and the sort compiled over those documents exactly as filters over items are.
 */
const RESULT_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;
const UNDECLARED = () => undefined;
const DOCUMENTS: FieldSource = { kind: 'document', column: 'doc' };
const RESULTS: FilterScope = { declaredType: UNDECLARED, source: DOCUMENTS };

export interface AggregationStatement {
  /** `SELECT … AS doc`: one result document a group. */
  readonly groups: Sql;
  /** The final filter over `doc`. */
  readonly having: Sql;
  readonly order: Sql[];
}

export function compileAggregation(
  state: AggregateDataItemsRequest,
  scope: FilterScope,
  table: ItemsTable,
  where: Sql,
): AggregationStatement {
  const grouping = (state.aggregation?.groupingFields ?? []).map((name, index) =>
    parseFieldPath(name, `aggregation.groupingFields.${index}`),
  );
  const operations = state.aggregation?.operations ?? [];
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
      SELECT ${columns.length > 0 ? sql.join(columns) : sql`count(*) AS items`} FROM ${table.name}
      WHERE ${where}
      ${groupBy}
    ) AS aggregated`;
  const having = compileFilter(parseFilter(state.finalFilter, UNDECLARED, 'finalFilter'), DOCUMENTS);
  const order = orderTerms(
    parseSort(state.sort, 'sort').length > 0
      ? parseSort(state.sort, 'sort')
      : [{ path: { text: '_id', segments: ['_id'] }, order: 'ASC' }],
    RESULTS,
    sql`(doc -> '_id')::text COLLATE "C"`,
  );
  return { groups, having, order };
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
