import { DATA_ITEMS_ROUTES } from '@atrium/contract/routes/data';
import type { Transport } from '../../../../client/transport.js';
import type { WixDataResult, WixDataSearchRequest } from '../../types/items.js';
import { clientError } from './errors.js';
import { filterBuilderFor } from './filter.js';
import { offsetPaging, PagedResult } from './paged-result.js';
import { compact, directPaging, SortAndPaging } from './query.js';
import type { BuilderRecord } from './record.js';
import { COLLECTION_NAME, optionsProblem } from './validate.js';
import { type Answer, post, send } from './wire.js';

/**
 * Full-text search (docs/wire.md §9.2): `search(c).expression(text).fuzzy().andMode()…run()`, with the
 * query builder's filters, sort and paging, or the direct `search(c, request, options)`.
 */

type Options = Record<string, unknown> | undefined;

async function searchItems(transport: Transport, body: Record<string, unknown>) {
  const answer = await send(transport, 'SearchDataItems', post(DATA_ITEMS_ROUTES.search, body));
  return {
    items: ((answer.dataItems ?? []) as Answer[]).map((dataItem) => dataItem.data),
    pagingMetadata: answer.pagingMetadata ?? {},
  };
}

const searchOptions = (options: Options) => ({
  consistentRead: options?.consistentRead,
  language: options?.language,
});

export function runSearch(
  transport: Transport,
  record: BuilderRecord,
  options: Options,
): Promise<WixDataResult> {
  const collectionId = record.head[0];
  const filter = filterBuilderFor('search');
  const invalid: string[] = [];
  const view = new SortAndPaging(invalid);
  const search: { expression?: unknown; fuzzy?: boolean; mode?: 'AND' | 'OR' } = {};
  for (const [name, args] of record.steps) {
    if (filter.apply(name, args) || view.apply(name, args)) continue;
    if (name === 'expression') search.expression = args[0];
    else if (name === 'fuzzy') search.fuzzy = true;
    else if (name === 'andMode') search.mode = 'AND';
    else if (name === 'orMode') search.mode = 'OR';
  }
  const problems = [
    typeof collectionId === 'string' ? undefined : COLLECTION_NAME,
    ...filter.invalid,
    ...invalid,
    optionsProblem(options),
  ].filter((problem): problem is string => problem !== undefined);
  if (problems.length > 0) {
    throw clientError(`Failed to perform query on [${String(collectionId)}].\n${problems.join('\n')}`);
  }
  return PagedResult.first(
    {
      collectionId: collectionId as string,
      limit: view.limit,
      read: async (page) => {
        const answer = await searchItems(
          transport,
          compact({
            dataCollectionId: collectionId,
            search: compact({
              filter: filter.filter,
              sort: view.sort,
              fields: view.fields,
              search,
              ...('cursor' in page
                ? { cursorPaging: compact({ limit: page.limit, cursor: page.cursor }) }
                : { paging: offsetPaging(page.limit, page.offset) }),
            }),
            includeReferences: view.includes,
            ...searchOptions(options),
          }),
        );
        return { items: answer.items, metadata: answer.pagingMetadata };
      },
    },
    view.skip ?? 0,
  );
}

/** The direct form: `search(collectionId, request, options)` → `{ items, pagingMetadata }`. */
export function searchDirect(
  transport: Transport,
  collectionId: string,
  request: WixDataSearchRequest,
  options: Options,
) {
  return searchItems(
    transport,
    compact({
      dataCollectionId: collectionId,
      search: compact({
        filter: request.filter,
        sort: request.sort,
        fields: request.fields,
        search: request.search,
        paging: directPaging(request.paging),
        cursorPaging: request.cursorPaging,
      }),
      includeReferences: options?.includeReferences,
      ...searchOptions(options),
    }),
  );
}
