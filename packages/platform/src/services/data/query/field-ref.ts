import type { DataFieldType } from '@atrium/contract/types';
import { type RawBuilder, sql } from 'kysely';
import type { FieldPath } from './field-path.js';

export type Sql = RawBuilder<unknown>;

/**
 * The SQL that reads a field path (validated by field-path.ts). The path is written as a
 * double-quoted text[] literal of its segments, so that expression indexes, which cannot take bound
 * parameters, match the queries' expressions exactly.
 */
/** What a declared field type holds, as the compiler and indexes see it. */
export type FieldShape = 'text' | 'number' | 'boolean' | 'date' | 'array' | 'object' | 'any';

const SHAPES: Record<DataFieldType, FieldShape> = {
  TEXT: 'text',
  DATE: 'text',
  IMAGE: 'text',
  DOCUMENT: 'text',
  URL: 'text',
  RICH_TEXT: 'text',
  VIDEO: 'text',
  AUDIO: 'text',
  TIME: 'text',
  LANGUAGE: 'text',
  REFERENCE: 'text',
  SLUG: 'text',
  EMAIL: 'text',
  NUMBER: 'number',
  BOOLEAN: 'boolean',
  DATETIME: 'date',
  ARRAY: 'array',
  ARRAY_STRING: 'array',
  ARRAY_DOCUMENT: 'array',
  MULTI_REFERENCE: 'array',
  MEDIA_GALLERY: 'array',
  OBJECT: 'object',
  ADDRESS: 'object',
  RICH_CONTENT: 'object',
  PAGE_LINK: 'object',
  ANY: 'any',
};
export const shapeOf = (type: DataFieldType): FieldShape => SHAPES[type];

/** Scalar shapes have one typed view that sorts and indexes them. */
export const isScalarShape = (
  shape: FieldShape | undefined,
): shape is 'text' | 'number' | 'boolean' | 'date' =>
  shape === 'text' || shape === 'number' || shape === 'boolean' || shape === 'date';

/** The SQL of one field: its JSONB value and typed views (NULL where the value has another type). */
export interface FieldRef {
  readonly path: FieldPath;
  /** The shape its declared type (or system field) guarantees; undefined: anything. */
  readonly shape: FieldShape | undefined;
  /** jsonb, SQL NULL when the field is missing. */
  readonly raw: Sql;
  /** text compared byte-wise (COLLATE "C"), so orders never depend on the server's locale. */
  readonly text: Sql;
  readonly num: Sql;
  readonly date: Sql;
  readonly bool: Sql;
  /** Whether the value may be an array (then equality also matches its elements). */
  readonly mayBeArray: boolean;
}

/** A typed column of the items' table (items/columns.ts): the field's typed view, stored. */
export interface TypedColumnRef {
  readonly name: string;
  readonly shape: 'text' | 'number' | 'boolean' | 'date';
}

/**
 * Where fields are read from: an item row (system fields have columns; `columns`, the typed columns
 * that are ready, by top-level field) or a JSONB document.
 */
export type FieldSource =
  | { readonly kind: 'item'; readonly columns?: ReadonlyMap<string, TypedColumnRef> }
  | { readonly kind: 'document'; readonly column: string };

export const ITEM_SOURCE: FieldSource = { kind: 'item' };

/** What a filter or sort reads: the declared types of top-level fields, and where values live. */
export interface FilterScope {
  /** The declared type of a top-level field, if the collection declares one. */
  declaredType(name: string): DataFieldType | undefined;
  /** Item rows (system fields are columns) or a JSONB document column (aggregation results). */
  readonly source?: FieldSource;
}

/** The SQL literal of a validated path, e.g. `'{"address","city"}'`. */
export const pathLiteral = (segments: readonly string[]): string =>
  `'{${segments.map((segment) => `"${segment}"`).join(',')}}'`;

export function fieldRef(
  path: FieldPath,
  declared: DataFieldType | undefined,
  source: FieldSource = ITEM_SOURCE,
): FieldRef {
  const [first] = path.segments;
  if (source.kind === 'item' && path.segments.length === 1) {
    if (first === '_id') return columnRef(path, 'id');
    if (first === '_owner') return columnRef(path, 'owner');
  }
  const column = source.kind === 'item' ? 'data' : source.column;
  const raw = sql.raw(`(${column} #> ${pathLiteral(path.segments)})`);
  const system = source.kind === 'item' && (first === '_createdDate' || first === '_updatedDate');
  const shape: FieldShape | undefined = system
    ? path.segments.length === 1
      ? 'date'
      : undefined
    : path.segments.length === 1 && declared !== undefined
      ? shapeOf(declared)
      : undefined;
  const ref = valueRef(raw, path, shape);
  const typed =
    source.kind === 'item' && path.segments.length === 1 ? source.columns?.get(first!) : undefined;
  return typed !== undefined && typed.shape === shape ? withColumn(ref, typed) : ref;
}

/**
 * The field's view of its own shape read from its typed column, which holds exactly that view
 * (items/columns.ts); the other views and `raw` stay the document's (a value that does not fit
 * the declared type is NULL in the column and in the view alike, and only the document has it).
 */
function withColumn(ref: FieldRef, column: TypedColumnRef): FieldRef {
  const value = sql.raw(`"${column.name}"`);
  const view = ({ text: 'text', number: 'num', boolean: 'bool', date: 'date' } as const)[column.shape];
  return { ...ref, [view]: value };
}

/** `_id` and `_owner` are columns (text, byte-wise): never numbers, dates or booleans. */
function columnRef(path: FieldPath, column: 'id' | 'owner'): FieldRef {
  const text = sql.raw(column);
  return {
    path,
    shape: 'text',
    raw: sql`to_jsonb(${text})`,
    text,
    num: sql.raw('NULL::numeric'),
    date: sql.raw('NULL::text'),
    bool: sql.raw('NULL::boolean'),
    mayBeArray: false,
  };
}

/** Views of an arbitrary JSONB expression (a distinct value, an aggregation result). */
export function valueRef(raw: Sql, path: FieldPath, shape: FieldShape | undefined): FieldRef {
  return {
    path,
    shape,
    raw,
    text: sql`(atrium_data_text(${raw}) COLLATE "C")`,
    num: sql`atrium_data_num(${raw})`,
    date: sql`(atrium_data_date(${raw}) COLLATE "C")`,
    bool: sql`atrium_data_bool(${raw})`,
    mayBeArray: shape === undefined || shape === 'array' || shape === 'any',
  };
}
