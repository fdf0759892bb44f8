import type { RawBuilder } from 'kysely';

/**
 * A service's queryable fields, declared once: the wire name (`profile.nickname`) to the SQL
 * expression that computes the value as the wire shows it, and what kind of value it holds. Filters,
 * sorts and cursors name fields of this map only; anything else is refused by name.
 */
export type FieldKind = 'text' | 'boolean' | 'timestamp';

export interface QueryField {
  /** The value as the wire shows it (e.g. a `CASE` mapping stored statuses to wire statuses). */
  readonly sql: RawBuilder<unknown>;
  readonly kind: FieldKind;
  /** Allowed values (an enumeration); others are refused. */
  readonly values?: readonly string[];
  /** Whether the field may be sorted by (default: no). */
  readonly sortable?: boolean;
}

export type FieldMap = Readonly<Record<string, QueryField>>;

/** A request the query language cannot run: `path` names the offending part (`query.filter.a.$eq`). */
export class QueryError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path} ${reason}`);
    this.name = 'QueryError';
  }
}
