import { DATA_ITEMS_ROUTES } from '@atrium/contract/routes/data';
import type { AggregationOperation } from '@atrium/contract/types';
import type { Transport } from '../../../../client/transport.js';
import { recordOf } from '../../../../query/operators.js';
import type { WixDataResult } from '../../types/items.js';
import { clientError } from './errors.js';
import { type Filter, replayFilter } from './filter.js';
import { collectionPages, offsetPaging } from './paged-result.js';
import { compact, SortAndPaging } from './query.js';
import type { BuilderRecord } from './record.js';
import { COLLECTION_NAME, optionsProblem, typeName } from './validate.js';
import { type Answer, post, send } from './wire.js';

/**
 * The aggregation builder (docs/wire.md §9.2): `aggregate(c).filter(f).group(…).count().avg(…)…run()`.
 * Results are pages; a group of one field has its key unwrapped (`_id: { title: "x" }` → `_id: "x"`).
 */

type Options = Record<string, unknown> | undefined;

const OPERATIONS: Record<string, [wire: 'average' | 'min' | 'max' | 'sum', suffix: string]> = {
  avg: ['average', 'Avg'],
  min: ['min', 'Min'],
  max: ['max', 'Max'],
  sum: ['sum', 'Sum'],
};

class AggregateState {
  readonly collectionId: unknown;
  readonly invalid: string[] = [];
  readonly view = new SortAndPaging(this.invalid);
  readonly groupingFields: unknown[] = [];
  readonly operations: AggregationOperation[] = [];
  initialFilter: Filter = {};
  finalFilter?: Filter;

  constructor(record: BuilderRecord) {
    this.collectionId = record.head[0];
    for (const [name, args] of record.steps) this.apply(name, args);
  }

  private apply(name: string, args: readonly unknown[]): void {
    if (name === 'filter' || name === 'having') {
      const record = recordOf<BuilderRecord>(args[0]);
      if (record?.kind !== 'filter') {
        this.invalid.push(`WDE0011: Invalid .${name} usage. .${name} requires WixDataFilter.`);
        return;
      }
      const filter = replayFilter(record);
      this.invalid.push(...filter.invalid);
      if (name === 'filter') this.initialFilter = filter.filter;
      else this.finalFilter = filter.filter;
    } else if (name === 'group') {
      this.groupingFields.push(...args);
    } else if (name === 'count') {
      if (args.length > 0) this.invalid.push('WDE0038: Invalid count usage. count does not take parameters.');
      else this.operations.push({ resultFieldName: 'count', itemCount: {} });
    } else if (OPERATIONS[name]) {
      const [wire, suffix] = OPERATIONS[name];
      const [field, projected] = args;
      if (args.length === 0) {
        this.invalid.push(`WDE0043: Invalid ${name} usage. ${name} requires at least one parameter.`);
      } else if (typeof field !== 'string') {
        this.invalid.push(
          `WDE0044: Invalid ${name} parameter value [${typeName(field)}]. ${name} parameter must be a String.`,
        );
      } else {
        const resultFieldName = typeof projected === 'string' ? projected : `${field}${suffix}`;
        this.operations.push({ resultFieldName, [wire]: { itemFieldName: field } });
      }
    } else {
      this.view.apply(name, args);
    }
  }

  check(options: Options): void {
    const problems = [
      typeof this.collectionId === 'string' ? undefined : COLLECTION_NAME,
      ...this.invalid,
      optionsProblem(options),
    ].filter((problem): problem is string => problem !== undefined);
    if (problems.length > 0) {
      throw clientError(
        `Failed to perform aggregation on [${String(this.collectionId)}].\n${problems.join('\n')}`,
      );
    }
  }
}

/** A single-field group's key, unwrapped. */
function unwrapKey(result: Answer, groupingFields: readonly unknown[]): Answer {
  const key = result?._id;
  if (groupingFields.length !== 1 || typeof key !== 'object' || key === null || key instanceof Date)
    return result;
  return { ...result, _id: key[groupingFields[0] as string] };
}

export function runAggregate(
  transport: Transport,
  record: BuilderRecord,
  options: Options,
): Promise<WixDataResult<Record<string, Answer>>> {
  const state = new AggregateState(record);
  state.check(options);
  const { view } = state;
  return collectionPages(
    state,
    (page, first) =>
      compact({
        paging: offsetPaging(page.limit, page.offset),
        publishPluginOptions:
          options?.showDrafts === undefined ? undefined : { includeDraftItems: options.showDrafts },
        consistentRead: options?.consistentRead,
        language: options?.language,
        initialFilter: state.initialFilter,
        aggregation: { groupingFields: state.groupingFields, operations: state.operations },
        finalFilter: state.finalFilter,
        sort: view.sort,
        returnTotalCount: first ? options?.returnTotalCount : undefined,
      }),
    async (body) => {
      const answer = await send(transport, 'AggregateDataItems', post(DATA_ITEMS_ROUTES.aggregate, body));
      return {
        items: ((answer.results ?? []) as Answer[]).map((result) => unwrapKey(result, state.groupingFields)),
        metadata: answer.pagingMetadata ?? {},
      };
    },
  );
}
