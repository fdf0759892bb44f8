import { DATA_ITEMS_ROUTES } from '@atrium/contract/routes/data';
import type { Transport } from '../../../../client/transport.js';
import type { IncludeReference, WixDataQueryRequest, WixDataResult, WixDataSort } from '../../types/items.js';
import { clientError } from './errors.js';
import { type FilterBuilder, filterBuilderFor } from './filter.js';
import { collectionPages, offsetPaging, type Page, PagedResult, type PageRequest } from './paged-result.js';
import type { BuilderRecord } from './record.js';
import { COLLECTION_NAME, FIELD_NAME, optionsProblem, typeName } from './validate.js';
import { type Answer, encodedGet, post, send } from './wire.js';

/**
 * The query builder (docs/wire.md §9.3, §9.4): `items.query(c)…find()`, `…count()`, `…distinct(f)`, and
 * the direct `items.query(c, request, options)`. Queries travel as GET `?.r=` and fall back to POST
 * when the URL would be too long.
 */

type Options = Record<string, unknown> | undefined;

/** Read options as every read call sends them, in the reference's order. */
export function readOptions(options: Options): Record<string, unknown> {
  if (!options) return {};
  return {
    suppressHooks: options.suppressHooks,
    appOptions: options.appOptions,
    publishPluginOptions:
      options.showDrafts === undefined ? undefined : { includeDraftItems: options.showDrafts },
    consistentRead: options.consistentRead,
    language: options.language,
  };
}

/** `undefined` values dropped, so that requests and their `.r` encoding hold only what was set. */
export function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

/** The sort, paging, fields and includes that query and search builders share. */
export class SortAndPaging {
  readonly sort: WixDataSort[] = [];
  readonly fields: string[] = [];
  readonly includes: IncludeReference[] = [];
  limit?: number;
  skip?: number;

  constructor(readonly invalid: string[]) {}

  apply(name: string, args: readonly unknown[]): boolean {
    switch (name) {
      case 'ascending':
      case 'descending':
        this.order(name, args);
        return true;
      case 'limit':
        this.limit = this.count(name, args[0], 'a positive number', 1) ?? this.limit;
        return true;
      case 'skip':
        this.skip = this.count(name, args[0], 'a non-negative number', 0) ?? this.skip;
        return true;
      case 'fields':
        this.fields.push(...(args as string[]));
        return true;
      case 'include': {
        const last = args[args.length - 1];
        const limit = typeof last === 'number' ? last : undefined;
        for (const field of limit === undefined ? args : args.slice(0, -1)) {
          if (typeof field === 'string')
            this.includes.push(limit === undefined ? { field } : { field, limit });
        }
        return true;
      }
      default:
        return false;
    }
  }

  /** Offset paging as the builders send it: none without limit and skip (the platform's default). */
  get paging() {
    return offsetPaging(this.limit, this.skip ?? 0);
  }

  private order(name: 'ascending' | 'descending', args: readonly unknown[]): void {
    if (args.length === 0) {
      this.invalid.push(`WDE0043: Invalid .${name} usage. .${name} requires at least one parameter.`);
      return;
    }
    const fields = args.length === 1 && Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
    if (!fields.every((field) => typeof field === 'string')) {
      this.invalid.push(
        `WDE0051: Invalid .${name} parameters [${fields.map(typeName).join(',')}]. Valid .${name} values are String, Array of String or varargs String.`,
      );
      return;
    }
    const order = name === 'ascending' ? 'ASC' : 'DESC';
    for (const fieldName of fields as string[]) this.sort.push({ fieldName, order });
  }

  private count(name: string, value: unknown, rule: string, least: number): number | undefined {
    const problem =
      typeof value !== 'number'
        ? `WDE0032: Invalid .${name} parameter [${typeName(value)}]. .${name} parameter must be ${rule}.`
        : value < least
          ? `WDE00${name === 'limit' ? 33 : 34}: Invalid .${name} parameter [${value}]. .${name} parameter must be ${rule}.`
          : Number.isInteger(value)
            ? undefined
            : `WDE0035: Invalid .${name} parameter [${value}]. .${name} parameter must be an integer.`;
    if (problem) this.invalid.push(problem);
    return problem ? undefined : (value as number);
  }
}

/** A query builder's record, replayed. */
export class QueryState {
  readonly collectionId: unknown;
  readonly filter: FilterBuilder = filterBuilderFor('query');
  readonly invalid: string[] = [];
  readonly view = new SortAndPaging(this.invalid);
  includeFieldGroups?: string[];
  randomSort?: { seed?: number };

  constructor(record: BuilderRecord) {
    this.collectionId = record.head[0];
    for (const [name, args] of record.steps) {
      if (this.filter.apply(name, args) || this.view.apply(name, args)) continue;
      if (name === 'includeFieldGroups')
        this.includeFieldGroups = [...(this.includeFieldGroups ?? []), ...(args as string[])];
      if (name === 'randomSort' && typeof args[0] === 'object' && args[0] !== null) this.randomSort = args[0];
    }
  }

  /** Rejects with every invalid argument, as the reference does when the query runs. */
  check(extra: (string | undefined)[] = []): void {
    const collection = typeof this.collectionId === 'string' ? undefined : COLLECTION_NAME;
    const problems = [collection, ...this.filter.invalid, ...this.invalid, ...extra];
    const messages = problems.filter((problem): problem is string => problem !== undefined);
    if (messages.length > 0) {
      throw clientError(`Failed to perform query on [${String(this.collectionId)}].\n${messages.join('\n')}`);
    }
  }
}

/** Reads pages of Query Data Items. `request(paging)` is the request of the page asked for. */
function itemPages(
  transport: Transport,
  collectionId: string,
  limit: number | undefined,
  request: (page: PageRequest, first: boolean) => Record<string, unknown>,
) {
  return {
    collectionId,
    limit,
    read: async (page: PageRequest, first: boolean): Promise<Page<Answer>> => {
      const answer = await queryItems(transport, request(page, first));
      return { items: answer.items, metadata: answer.pagingMetadata };
    },
  };
}

/** One Query Data Items request: GET `?.r=`, POST above the URL cap (docs/wire.md §9.3). */
export async function queryItems(transport: Transport, request: Record<string, unknown>) {
  const answer = await send(transport, 'QueryDataItems', encodedGet(DATA_ITEMS_ROUTES.query, request, true));
  return {
    items: ((answer.dataItems ?? []) as Answer[]).map((dataItem) => dataItem.data),
    pagingMetadata: answer.pagingMetadata ?? {},
  };
}

/** `find(options)`: the first page, then `next()`/`prev()` with the same query. */
export function find(transport: Transport, state: QueryState, options: Options): Promise<WixDataResult> {
  state.check([optionsProblem(options)]);
  const collectionId = state.collectionId as string;
  const { view } = state;
  const rest = () =>
    compact({
      includeReferences: view.includes,
      includeFieldGroups: state.includeFieldGroups,
      sortMode: state.randomSort ? 'RANDOM' : undefined,
      randomOptions: state.randomSort,
    });
  const source = itemPages(transport, collectionId, view.limit, (page, first) => {
    const query =
      'cursor' in page
        ? { fields: view.fields, cursorPaging: compact({ limit: page.limit, cursor: page.cursor }) }
        : compact({
            fields: view.fields,
            paging: offsetPaging(page.limit, page.offset),
            filter: state.filter.filter,
            sort: view.sort,
          });
    return compact({
      dataCollectionId: collectionId,
      query,
      ...rest(),
      ...readOptions(options),
      // The count is asked for once: later pages keep the first page's total.
      returnTotalCount: first ? options?.returnTotalCount : undefined,
    });
  });
  return PagedResult.first(source, view.skip ?? 0);
}

/** `count(options)`: POST count with the builder's filter (always sent, possibly `{}`). */
export async function count(transport: Transport, state: QueryState, options: Options): Promise<number> {
  state.check([optionsProblem(options)]);
  return countItems(
    transport,
    { dataCollectionId: state.collectionId, filter: state.filter.filter },
    options,
  );
}

export async function countItems(
  transport: Transport,
  request: Record<string, unknown>,
  options: Options,
): Promise<number> {
  const body = compact({ ...request, ...readOptions(options) });
  const answer = await send(transport, 'CountDataItems', post(DATA_ITEMS_ROUTES.count, body));
  return answer.totalCount;
}

/** `distinct(field, options)`: the builder's filter and paging, pages of distinct values. */
export function distinct(
  transport: Transport,
  state: QueryState,
  field: unknown,
  options: Options,
): Promise<WixDataResult<unknown>> {
  state.check([typeof field === 'string' ? undefined : FIELD_NAME, optionsProblem(options)]);
  return collectionPages(
    state,
    (page, first) =>
      compact({
        ...readOptions(options),
        paging: offsetPaging(page.limit, page.offset),
        fieldName: field,
        filter: state.filter.filter,
        returnTotalCount: first ? options?.returnTotalCount : undefined,
      }),
    async (request) => {
      const answer = await queryDistinct(transport, request);
      return { items: answer.values, metadata: answer.pagingMetadata };
    },
  );
}

export async function queryDistinct(transport: Transport, request: Record<string, unknown>) {
  const answer = await send(
    transport,
    'QueryDistinctValues',
    post(DATA_ITEMS_ROUTES.queryDistinctValues, request),
  );
  return { values: (answer.distinctValues ?? []) as unknown[], pagingMetadata: answer.pagingMetadata ?? {} };
}

/** Paging of a direct request: an offset of 0 is added to a limit, as the reference does. */
export function directPaging(paging: { limit?: number; offset?: number } | undefined) {
  return paging ? { ...paging, offset: paging.offset ?? 0 } : undefined;
}

/** The direct form: `query(collectionId, request, options)` → `{ items, pagingMetadata }`. */
export function queryDirect(
  transport: Transport,
  collectionId: string,
  request: WixDataQueryRequest,
  options: Options,
) {
  return queryItems(
    transport,
    compact({
      dataCollectionId: collectionId,
      query: compact({
        paging: directPaging(request.paging),
        cursorPaging: request.cursorPaging,
        filter: request.filter,
        sort: request.sort,
        fields: request.fields,
      }),
      includeReferences: options?.includeReferences,
      includeFieldGroups: options?.includeFieldGroups,
      ...readOptions(options),
      returnTotalCount: options?.returnTotalCount,
    }),
  );
}
