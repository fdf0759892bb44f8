import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { DataCollectionField, DataFieldType } from '@atrium/contract/types';
import { shapeOf } from '../query/field-ref.js';
import { isPlainObject, normalizeIsoDate } from '../values.js';

/**
 * Reading an import file as records, streamed: JSON lines (one object per line; blank lines
 * skipped) or CSV (RFC 4180: a header row naming the fields, quoted cells may hold commas, quotes
 * and line breaks). Each record carries the line it starts on, so problems name their line.
 *
 * CSV cells become values by the field's declared type when the collection declares one (TEXT stays
 * text even when it looks like a number; NUMBER must be a number; BOOLEAN true/false/yes/no/1/0;
 * DATETIME an ISO-8601 date or date-time; arrays, objects and multi-references JSON). Undeclared
 * fields are guessed: true/false are booleans, decimal numbers are numbers, ISO-8601 date-times
 * (with a time) are dates, cells starting with [ or { that parse as JSON are JSON, anything else
 * is text. An empty cell leaves the field out. A header `a.b` fills the nested field `b` of `a`.
 */
export interface ImportRecord {
  readonly line: number;
  readonly data?: Record<string, unknown>;
  readonly error?: string;
  /** Bytes of the file consumed so far (for progress). */
  readonly bytes: number;
}

export type ImportFormat = 'jsonl' | 'csv';

export function formatOf(path: string): ImportFormat | undefined {
  const lower = path.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson') || lower.endsWith('.json')) return 'jsonl';
  return undefined;
}

export async function* readRecords(
  path: string,
  format: ImportFormat,
  fields: readonly DataCollectionField[],
): AsyncGenerator<ImportRecord> {
  if (format === 'jsonl') yield* readJsonLines(path);
  else yield* readCsv(path, new Map(fields.map((field) => [field.key, field.type])));
}

async function* readJsonLines(path: string): AsyncGenerator<ImportRecord> {
  const stream = createReadStream(path);
  const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  let line = 0;
  let bytes = 0;
  for await (const text of lines) {
    line += 1;
    bytes += Buffer.byteLength(text) + 1;
    if (text.trim() === '') continue;
    try {
      const value: unknown = JSON.parse(text);
      if (!isPlainObject(value)) yield { line, bytes, error: 'the line is not a JSON object' };
      else yield { line, bytes, data: value };
    } catch (error) {
      yield {
        line,
        bytes,
        error: `the line is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
      };
    }
  }
}

async function* readCsv(path: string, types: Map<string, DataFieldType>): AsyncGenerator<ImportRecord> {
  let header: string[] | undefined;
  for await (const row of csvRows(path)) {
    if (header === undefined) {
      header = row.cells.map((cell) => cell.trim());
      const blank = header.indexOf('');
      if (blank >= 0) {
        yield { line: row.line, bytes: row.bytes, error: `the header's column ${blank + 1} has no name` };
        return;
      }
      continue;
    }
    if (row.cells.length === 1 && row.cells[0] === '') continue;
    if (row.cells.length !== header.length) {
      yield {
        line: row.line,
        bytes: row.bytes,
        error: `${row.cells.length} cells; the header has ${header.length}`,
      };
      continue;
    }
    try {
      const data: Record<string, unknown> = {};
      row.cells.forEach((cell, index) => {
        const name = header![index]!;
        if (cell === '') return;
        const segments = name.split('.');
        const value = cellValue(cell, segments.length === 1 ? types.get(name) : undefined, name);
        let target = data;
        for (const segment of segments.slice(0, -1)) {
          if (!isPlainObject(target[segment])) target[segment] = {};
          target = target[segment] as Record<string, unknown>;
        }
        target[segments[segments.length - 1]!] = value;
      });
      yield { line: row.line, bytes: row.bytes, data };
    } catch (error) {
      yield {
        line: row.line,
        bytes: row.bytes,
        error: error instanceof Error ? error.message : String(error),
      };
    }
  }
}

const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const BOOLEANS: Record<string, boolean> = {
  true: true,
  false: false,
  yes: true,
  no: false,
  '1': true,
  '0': false,
};

function cellValue(cell: string, type: DataFieldType | undefined, name: string): unknown {
  if (type === undefined) return guess(cell);
  switch (shapeOf(type)) {
    case 'number': {
      if (!NUMBER.test(cell.trim())) throw new Error(`${name}: "${cell}" is not a number`);
      return Number(cell);
    }
    case 'boolean': {
      const value = BOOLEANS[cell.trim().toLowerCase()];
      if (value === undefined) throw new Error(`${name}: "${cell}" is not true or false`);
      return value;
    }
    case 'date': {
      const iso = normalizeIsoDate(cell.trim());
      if (iso === undefined) throw new Error(`${name}: "${cell}" is not an ISO-8601 date`);
      return { $date: iso };
    }
    case 'array':
    case 'object':
    case 'any':
      try {
        return JSON.parse(cell);
      } catch {
        if (type === 'ANY') return guess(cell);
        throw new Error(`${name}: "${cell.slice(0, 40)}" is not JSON`);
      }
    default:
      return cell;
  }
}

function guess(cell: string): unknown {
  const trimmed = cell.trim();
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  if (NUMBER.test(trimmed) && Number.isFinite(Number(trimmed))) return Number(trimmed);
  if (DATE_TIME.test(trimmed)) {
    const iso = normalizeIsoDate(trimmed);
    if (iso !== undefined) return { $date: iso };
  }
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    try {
      return JSON.parse(trimmed);
    } catch {
      return cell;
    }
  }
  return cell;
}

/** RFC 4180 rows, streamed chunk by chunk; `line` is the line a row starts on. */
async function* csvRows(path: string): AsyncGenerator<{ cells: string[]; line: number; bytes: number }> {
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let afterQuote = false;
  let line = 1;
  let rowLine = 1;
  let bytes = 0;
  let pendingCr = false;
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 });
  for await (const chunk of stream as AsyncIterable<string>) {
    bytes += Buffer.byteLength(chunk);
    for (let index = 0; index < chunk.length; index += 1) {
      const char = chunk[index]!;
      if (pendingCr) {
        pendingCr = false;
        if (char === '\n') continue;
      }
      if (quoted) {
        if (char === '"') {
          quoted = false;
          afterQuote = true;
        } else {
          if (char === '\n') line += 1;
          cell += char;
        }
        continue;
      }
      if (char === '"' && afterQuote) {
        // A doubled quote inside a quoted cell.
        cell += '"';
        quoted = true;
        afterQuote = false;
      } else if (char === '"' && cell === '') {
        quoted = true;
      } else if (char === ',') {
        cells.push(cell);
        cell = '';
        afterQuote = false;
      } else if (char === '\n' || char === '\r') {
        cells.push(cell);
        yield { cells, line: rowLine, bytes };
        cells = [];
        cell = '';
        afterQuote = false;
        line += 1;
        rowLine = line;
        pendingCr = char === '\r';
      } else {
        cell += char;
        afterQuote = false;
      }
    }
  }
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    yield { cells, line: rowLine, bytes };
  }
}
