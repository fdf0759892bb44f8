import { lazyLoad } from '../../client/lazy.js';
import { type ClientOf, clientFunction } from '../../client/module-function.js';
import type { DataItems } from './types.js';

/**
 * `items` of `@atrium/sdk/data` (wire.md §9), as a page loads it up front. Bundle size: this file is
 * all that a page carries before its first data call. Every function loads the code that builds the
 * request and reads the answer (./items/operations.ts, a chunk of its own that shares nothing with
 * the page's first chunk) on its first call. The builders (`query`, `aggregate`, `search`, `patch`,
 * `bulkPatch`, `filter`) are returned synchronously, so here they only record their calls; the
 * terminal call (`find`, `count`, `distinct`, `run`) loads that code, which replays the record,
 * validates it (a misuse rejects, as the reference's builders do) and sends the request.
 */

/** A builder's record, read by ./items/builders.ts (a registered symbol: the same in both chunks). */
const BUILDER = Symbol.for('atrium.sdk.data.builder');

export interface BuilderRecord {
  readonly kind: BuilderKind;
  /** The arguments of the call that created the builder (`query('Coll')` → `['Coll']`). */
  readonly head: readonly unknown[];
  readonly steps: readonly (readonly [string, readonly unknown[]])[];
}

const loadOperations = lazyLoad(() => import('./items/operations.js'));

const FILTER =
  'eq ne ge gte gt le lte lt isEmpty isNotEmpty startsWith endsWith contains hasSome hasAll in exists between or and not';
const SORT_AND_PAGING = ' ascending descending limit skip fields include';
const MODIFICATIONS = 'setField incrementField appendToArray removeFromArray removeField';

/** Each builder's chained methods, then its terminal methods. */
const KINDS = {
  filter: [FILTER, ''],
  query: [`${FILTER + SORT_AND_PAGING} includeFieldGroups randomSort`, 'find count distinct'],
  search: [`${FILTER + SORT_AND_PAGING} expression fuzzy andMode orMode`, 'run'],
  aggregate: ['filter group count avg min max sum having ascending descending skip limit', 'run'],
  patch: [MODIFICATIONS, 'run'],
  bulkPatch: [MODIFICATIONS, 'run'],
} as const;

export type BuilderKind = keyof typeof KINDS;

/** An immutable recording builder: every chained call returns a new one with one more step. */
function recorder(record: BuilderRecord, client: ClientOf): object {
  const [chained, terminals] = KINDS[record.kind];
  const builder: Record<string | symbol, unknown> = { [BUILDER]: record };
  for (const name of chained.split(' ')) {
    builder[name] = (...args: unknown[]) =>
      recorder({ ...record, steps: [...record.steps, [name, args]] }, client);
  }
  for (const name of terminals.split(' ')) {
    if (name) {
      builder[name] = async (...args: unknown[]) =>
        (await loadOperations()).runBuilder(client().transport, record, name, args);
    }
  }
  return builder;
}

const named = <F>(name: string, fn: F): F => Object.defineProperty(fn, 'name', { value: name });

/** An operation that sends its request(s) on call. */
const operation = (name: string) =>
  clientFunction((client) =>
    named(name, async (...args: unknown[]) =>
      (await loadOperations()).runOperation(client().transport, name, args),
    ),
  );

/** `query('Coll')` is a builder; `query('Coll', request, options)` sends the request at once. */
const builderOr = (name: BuilderKind, headLength: number) =>
  clientFunction((client) =>
    named(name, (...args: unknown[]) =>
      args.length > headLength
        ? loadOperations().then((operations) => operations.runOperation(client().transport, name, args))
        : recorder({ kind: name, head: args, steps: [] }, client),
    ),
  );

/** Bundle size: names only; each function's code loads on its first call. */
export const items: DataItems = /* @__PURE__ */ (() => {
  const module: Record<string, unknown> = {
    filter: () =>
      recorder({ kind: 'filter', head: [], steps: [] }, () => {
        throw new Error('a filter has no terminal call');
      }),
    query: builderOr('query', 1),
    search: builderOr('search', 1),
    aggregate: builderOr('aggregate', 1),
    patch: builderOr('patch', 2),
    bulkPatch: builderOr('bulkPatch', 2),
  };
  for (const name of 'get insert update save remove truncate count distinct bulkInsert bulkUpdate bulkSave bulkRemove queryReferenced queryReferencedItems insertReference replaceReferences removeReference isReferenced'.split(
    ' ',
  )) {
    module[name] = operation(name);
  }
  return module as unknown as DataItems;
})();
