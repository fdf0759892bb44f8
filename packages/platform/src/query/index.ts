/**
 * The platform's one query language: the parser of the wire filter into a typed tree (./tree.ts,
 * each service describing its fields, operators and refusals once), the tree compiled to Kysely SQL
 * (./sql.ts; a service compiles its own leaves), sorting, and offset and cursor paging (./paging.ts;
 * the answer's metadata and cursors: ./page-metadata.ts). The field-map language (./filter.ts) is
 * the members service's; the data, forms and blog services describe theirs in
 * services/<name>/query (a table of fields or a small adapter).
 */
export { type FieldKind, type FieldMap, QueryError, type QueryField } from './fields.js';
export {
  type Comparison,
  FILTER_LIMITS,
  type FieldCondition,
  type FieldFilter,
  filterFields,
  parseFilter,
  type Scalar,
} from './filter.js';
export { encodeCursor, pageCursors, pageMetadata } from './page-metadata.js';
export {
  type OffsetPage,
  offsetPage,
  type Page,
  type PagingInput,
  type PagingPolicy,
  type PagingRules,
  resolvePage,
} from './paging.js';
export { parseSort, type SortTerm } from './sort.js';
export { and, compileFilter, compileSort, compileTree, not, or, pageSql, type Sql } from './sql.js';
export {
  type FilterLanguage,
  type FilterNode,
  type FilterRefusals,
  isPlainObject,
  languagePerKey,
  leavesOf,
  parseFilterTree,
} from './tree.js';
