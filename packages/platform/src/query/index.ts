/**
 * The query language services share (filters, sorts, offset and cursor paging) compiled to Kysely
 * SQL over a declared field map. The members service uses it; the data, forms and blog services
 * still have their own (services/data/query/, services/forms/query/, services/blog/query.ts).
 */
export { type FieldKind, type FieldMap, QueryError, type QueryField } from './fields.js';
export {
  type Comparison,
  FILTER_LIMITS,
  type FilterNode,
  filterFields,
  parseFilter,
  type Scalar,
} from './filter.js';
export { decodeCursor, encodeCursor, type OffsetPage, offsetPage, type PagingPolicy } from './paging.js';
export { parseSort, type SortTerm } from './sort.js';
export { compileFilter, compileSort } from './sql.js';
