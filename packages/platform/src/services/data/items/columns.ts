import { createHash } from 'node:crypto';
import type { DataCollectionField } from '@atrium/contract/types';
import { type FieldShape, isScalarShape, pathLiteral, shapeOf } from '../query/field-ref.js';

/**
 * The typed columns of a collection's own items table (docs/typed-storage.md, "Build plan"): one
 * nullable column per declared top-level scalar field, and the two system dates, each filled from
 * the item's document by exactly the typed view the query compiler reads (query/field-ref.ts,
 * `valueRef`), so that a value that does not fit the field's type leaves the column NULL, as the
 * view answers NULL for it: a filter or sort on the column selects the same rows as on the view.
 */
export type ScalarShape = Extract<FieldShape, 'text' | 'number' | 'boolean' | 'date'>;

export interface TypedColumn {
  /** The top-level field the column holds. */
  readonly field: string;
  readonly shape: ScalarShape;
  /** The column's name: `f_` and 16 hex digits of the field and its shape (see columnName). */
  readonly name: string;
  /** Its SQL type. */
  readonly type: string;
}

const TYPES: Record<ScalarShape, string> = {
  text: 'text COLLATE "C"',
  number: 'numeric',
  boolean: 'boolean',
  date: 'text COLLATE "C"',
};

/** The system fields with a typed column in every collection (`_id` and `_owner` are columns already). */
const SYSTEM_DATES: readonly TypedColumn[] = ['_createdDate', '_updatedDate'].map((field) =>
  typedColumn(field, 'date'),
);

/**
 * A column's name, stable whatever else the collection declares: field keys may be 100 characters
 * and hold `-`, SQL names 63 bytes; the shape is part of it, so a retyped field gets a new column
 * (added and filled while the old one still answers) rather than a column changing its type.
 */
export function columnName(field: string, shape: ScalarShape): string {
  return `f_${createHash('sha256').update(`${shape}:${field}`).digest('hex').slice(0, 16)}`;
}

function typedColumn(field: string, shape: ScalarShape): TypedColumn {
  return { field, shape, name: columnName(field, shape), type: TYPES[shape] };
}

/** The typed columns of a collection declaring `fields`: system dates first, then fields in order. */
export function typedColumns(fields: readonly Pick<DataCollectionField, 'key' | 'type'>[]): TypedColumn[] {
  const columns = [...SYSTEM_DATES];
  for (const field of fields) {
    const shape = shapeOf(field.type);
    if (isScalarShape(shape) && !columns.some((column) => column.field === field.key)) {
      columns.push(typedColumn(field.key, shape));
    }
  }
  return columns;
}

/**
 * The SQL (text: DDL and index expressions take no parameters) that computes a column's value from
 * the JSONB document `document` (a column name or qualified name): the compiler's typed view of the
 * field.
 */
export function fillExpression(column: TypedColumn, document: string): string {
  const raw = `(${document} #> ${pathLiteral([column.field])})`;
  switch (column.shape) {
    case 'text':
      return `(atrium_data_text(${raw}) COLLATE "C")`;
    case 'number':
      return `atrium_data_num(${raw})`;
    case 'boolean':
      return `atrium_data_bool(${raw})`;
    case 'date':
      return `(atrium_data_date(${raw}) COLLATE "C")`;
  }
}

/** The columns as a CREATE TABLE's or ADD COLUMN's definitions (`"f_…" numeric`). */
export const columnDefinitions = (columns: readonly TypedColumn[]): string[] =>
  columns.map((column) => `${quoted(column.name)} ${column.type}`);

const quoted = (name: string): string => `"${name}"`;
