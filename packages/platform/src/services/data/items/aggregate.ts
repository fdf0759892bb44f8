import {
  AggregateDataItemsRequest as AggregateDataItemsRequestSchema,
  DATA_ERROR_CODES,
} from '@atrium/contract';
import type { AggregateDataItemsRequest, AggregateDataItemsResponse } from '@atrium/contract/types';
import type { Db } from '../../../storage/database.js';
import { invalidRequest } from '../errors.js';
import type { DataCaller } from '../permissions.js';
import { compileAggregation } from '../query/aggregation.js';
import { parseFieldPath } from '../query/field-path.js';
import { pageMetadata } from '../query/page-metadata.js';
import { resolveRequestPage } from '../query/paging.js';
import { itemRead, pagedRead } from './reads.js';
import { readWhere, selectAggregatePage } from './store.js';
import { itemsTable } from './table.js';

/**
 * Aggregation (docs/wire.md §9.2): the items matching `initialFilter` grouped by `groupingFields`, each
 * group one result `{ _id: { <field>: <value>, … }, <field>: <value>, …, <resultFieldName>: … }`
 * (`_id: null` without grouping fields; items missing a grouping field group under null) with
 * itemCount, sum, average, min and max of number fields; then `finalFilter`, sort and paging
 * over the results. One SQL statement: GROUP BY in a subquery, the final filter and sort compiled
 * over the result documents exactly as filters over items are.
 */
const MAX_GROUPING_FIELDS = 10;
const MAX_OPERATIONS = 50;

export async function aggregate(
  db: Db,
  caller: DataCaller,
  request: AggregateDataItemsRequest,
): Promise<AggregateDataItemsResponse> {
  const { collection, grant, call } = await pagedRead(db, caller, request.dataCollectionId, 'aggregate');
  const { page, state } = resolveRequestPage(request, call, AggregateDataItemsRequestSchema);
  const grouping = (state.aggregation?.groupingFields ?? []).map((name, index) =>
    parseFieldPath(name, `aggregation.groupingFields.${index}`),
  );
  if (grouping.length > MAX_GROUPING_FIELDS) throw invalid(`at most ${MAX_GROUPING_FIELDS} grouping fields.`);
  const operations = state.aggregation?.operations ?? [];
  if (operations.length > MAX_OPERATIONS) throw invalid(`at most ${MAX_OPERATIONS} operations.`);

  const read = itemRead(collection, grant, state.initialFilter, 'initialFilter');
  const statement = compileAggregation(
    state,
    { declaredType: read.declared },
    itemsTable(collection.id),
    readWhere(read),
  );
  const { rows, total } = await selectAggregatePage(
    db,
    statement,
    page.limit,
    page.offset,
    state.returnTotalCount === true,
  );
  const results = rows.slice(0, page.limit).map((row) => row.doc);
  return {
    results,
    pagingMetadata: pageMetadata(page, results.length, rows.length > page.limit, total, state),
  };
}

const invalid = (text: string) => invalidRequest(DATA_ERROR_CODES.invalidAggregation, text);
