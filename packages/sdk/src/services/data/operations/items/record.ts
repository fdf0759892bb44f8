import type { Recorded } from '../../../../query/record.js';

/**
 * A data builder's record (../../index.ts records it; ./filter.ts, ./query.ts, … replay it): a
 * leaf, types only.
 */

export type BuilderKind = 'filter' | 'query' | 'search' | 'aggregate' | 'patch' | 'bulkPatch';

export interface BuilderRecord extends Recorded {
  readonly kind: BuilderKind;
  /** The arguments of the call that created the builder (`query('Coll')` → `['Coll']`). */
  readonly head: readonly unknown[];
}
