import type { DataCollectionField } from '@atrium/contract/types';
import type { InputHTMLAttributes } from 'react';
import { textToValue, valueToText } from './csv.js';

/**
 * Type-aware inputs for an item's field: the edited value is kept as text (what the input shows)
 * and converted to the field's type when saved, so that a half-typed number is never lost.
 */

/** Field types edited as JSON text (lists of objects, objects, rich content, …). */
const JSON_TYPES = new Set([
  'ARRAY',
  'OBJECT',
  'ARRAY_DOCUMENT',
  'RICH_CONTENT',
  'ADDRESS',
  'MEDIA_GALLERY',
  'ANY',
]);

/** What the input shows for a stored value. */
export function toEditable(value: unknown, type: DataCollectionField['type']): string {
  if (value === undefined || value === null) return '';
  if (type === 'DATETIME') {
    const iso = valueToText(value);
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return iso;
    const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
    return local.toISOString().slice(0, 16);
  }
  if (type === 'ARRAY_STRING' && Array.isArray(value)) return value.map(String).join('; ');
  if (JSON_TYPES.has(type) && typeof value !== 'string') return JSON.stringify(value);
  return valueToText(value);
}

/** The stored value for what the input shows; undefined leaves the field out. Throws a sentence. */
export function fromEditable(text: string, field: DataCollectionField): unknown {
  if (field.type === 'DATETIME' && text.trim() !== '') {
    const date = new Date(text);
    if (Number.isNaN(date.getTime())) throw new Error(`${label(field)}: "${text}" is not a date and time`);
    return { $date: date.toISOString() };
  }
  try {
    const type = JSON_TYPES.has(field.type) ? (field.type === 'ANY' ? 'ANY' : 'OBJECT') : field.type;
    return textToValue(text, type);
  } catch (failure) {
    throw new Error(`${label(field)}: ${(failure as Error).message}`);
  }
}

export const label = (field: DataCollectionField): string => field.displayName || field.key;

/** A short text for a table cell. */
export function displayValue(value: unknown, type: DataCollectionField['type']): string {
  if (value === undefined || value === null) return '';
  if (type === 'BOOLEAN') return value === true ? 'Yes' : 'No';
  if (type === 'DATETIME' || (typeof value === 'object' && value !== null && '$date' in value)) {
    const date = new Date(valueToText(value));
    return Number.isNaN(date.getTime()) ? valueToText(value) : date.toLocaleString();
  }
  if (Array.isArray(value) && value.every((entry) => typeof entry === 'string')) return value.join(', ');
  const text = valueToText(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

export function FieldInput({
  field,
  value,
  onChange,
  accessibleLabel,
  id,
}: {
  field: DataCollectionField;
  value: string;
  onChange: (value: string) => void;
  accessibleLabel: string;
  id?: string;
}) {
  const common = { id, 'aria-label': accessibleLabel };
  if (field.type === 'BOOLEAN') {
    return (
      <input
        {...common}
        type="checkbox"
        checked={value === 'true'}
        onChange={(event) => onChange(event.target.checked ? 'true' : 'false')}
      />
    );
  }
  if (JSON_TYPES.has(field.type) || field.type === 'RICH_TEXT') {
    return <textarea {...common} rows={2} value={value} onChange={(event) => onChange(event.target.value)} />;
  }
  return (
    <input
      {...common}
      {...(INPUT_TYPES[field.type] ?? { type: 'text' })}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

const URL_INPUT: InputHTMLAttributes<HTMLInputElement> = { type: 'text', inputMode: 'url' };

/** The input of each field type edited in one line (any other: plain text). */
const INPUT_TYPES: Partial<Record<DataCollectionField['type'], InputHTMLAttributes<HTMLInputElement>>> = {
  NUMBER: { type: 'number', step: 'any' },
  DATE: { type: 'date' },
  DATETIME: { type: 'datetime-local' },
  TIME: { type: 'time' },
  URL: URL_INPUT,
  IMAGE: URL_INPUT,
  VIDEO: URL_INPUT,
  AUDIO: URL_INPUT,
  DOCUMENT: URL_INPUT,
  EMAIL: { type: 'email' },
};

export const FIELD_HINTS: Partial<Record<DataCollectionField['type'], string>> = {
  ARRAY_STRING: 'separate with ;',
  ARRAY: 'JSON',
  OBJECT: 'JSON',
};
