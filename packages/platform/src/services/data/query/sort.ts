import { DATA_ERROR_CODES } from '@atrium/contract';
import type { SortOrder } from '@atrium/contract/types';
import { invalidRequest } from '../errors.js';
import { isPlainObject } from '../values.js';
import { type FieldPath, parseFieldPath } from './field-path.js';
import { describe } from './filter.js';

/**
 * Sorting on any field, nested ones and system fields included (dev.wix.com "wix-data-query"
 * ascending/descending: numbers numerically, dates chronologically, strings byte-wise so "abc"
 * comes after "XYZ", items without a value lowest). A field whose declared type is a scalar sorts
 * by that one typed value, exactly the expression its index holds. Any other field may hold values
 * of several types; they sort by type first (missing or null < boolean < number < string < date <
 * object or array, objects and arrays unordered among themselves), then by value. `_id` breaks
 * ties, in the direction of the last sort field, so that an index on the sort fields serves both
 * directions. This file parses a sort; the stores compile it (./sql.ts orderTerms).
 */
export interface SortSpec {
  readonly path: FieldPath;
  readonly order: SortOrder;
}

const MAX_SORT_FIELDS = 10;
export const DEFAULT_SORT: readonly SortSpec[] = [
  { path: { text: '_createdDate', segments: ['_createdDate'] }, order: 'DESC' },
];

export function parseSort(sort: unknown, where: string): SortSpec[] {
  if (sort === undefined || sort === null) return [];
  if (!Array.isArray(sort)) {
    throw invalidRequest(DATA_ERROR_CODES.invalidSort, `${where} should be an Array. Got ${describe(sort)}.`);
  }
  if (sort.length > MAX_SORT_FIELDS) {
    throw invalidRequest(
      DATA_ERROR_CODES.invalidSort,
      `${where} has ${sort.length} fields; at most ${MAX_SORT_FIELDS} are allowed.`,
    );
  }
  return sort.map((entry, index) => {
    const at = `${where}.${index}`;
    if (!isPlainObject(entry)) {
      throw invalidRequest(
        DATA_ERROR_CODES.invalidSort,
        `${at} should be { fieldName, order }. Got ${describe(entry)}.`,
      );
    }
    const order = entry.order ?? 'ASC';
    if (order !== 'ASC' && order !== 'DESC') {
      throw invalidRequest(
        DATA_ERROR_CODES.invalidSort,
        `${at}.order should be ASC or DESC. Got ${describe(order)}.`,
      );
    }
    return { path: parseFieldPath(entry.fieldName, `${at}.fieldName`), order };
  });
}
