import type { DataCollectionField } from '@atrium/contract/types';

/**
 * CSV (RFC 4180) and JSON lines, both ways, and field-type-aware conversion of text to item values:
 * what the console's import and export use. Pure functions, no DOM.
 */

/** Rows of cells: quoted cells may hold commas, quotes (doubled) and line breaks; CRLF or LF. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let cellStarted = false;
  for (; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += char;
      continue;
    }
    if (char === '"' && cell === '' && !cellStarted) {
      quoted = true;
      cellStarted = true;
    } else if (char === ',') {
      row.push(cell);
      cell = '';
      cellStarted = false;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      cellStarted = false;
    } else {
      cell += char;
      cellStarted = true;
    }
  }
  if (quoted) throw new Error('The CSV ends inside a quoted cell (a closing " is missing).');
  if (cell !== '' || cellStarted || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  // Blank lines carry no row.
  return rows.filter((cells) => !(cells.length === 1 && cells[0] === ''));
}

/** One CSV cell: quoted when it holds a comma, a quote, a line break or edge spaces. */
export function csvCell(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function toCsvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** An item value as CSV text: dates as ISO strings, lists and objects as JSON. */
export function valueToText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && value !== null && '$date' in value) {
    return String((value as { $date: unknown }).$date);
  }
  return JSON.stringify(value);
}

export interface ParsedRow {
  /** 1-based line or row number in the file, for error reports. */
  row: number;
  data?: Record<string, unknown>;
  error?: string;
}

/** A text cell as the value the field's type stores; throws a sentence when it cannot be one. */
export function textToValue(text: string, type: DataCollectionField['type'] | undefined): unknown {
  const trimmed = text.trim();
  switch (type) {
    case 'NUMBER': {
      if (trimmed === '') return undefined;
      const number = Number(trimmed);
      if (!Number.isFinite(number)) throw new Error(`"${text}" is not a number`);
      return number;
    }
    case 'BOOLEAN': {
      if (trimmed === '') return undefined;
      const lower = trimmed.toLowerCase();
      if (['true', 'yes', '1'].includes(lower)) return true;
      if (['false', 'no', '0'].includes(lower)) return false;
      throw new Error(`"${text}" is not true or false`);
    }
    case 'DATE':
    case 'DATETIME': {
      if (trimmed === '') return undefined;
      const date = new Date(trimmed);
      if (Number.isNaN(date.getTime())) throw new Error(`"${text}" is not a date`);
      return type === 'DATE' ? trimmed : { $date: date.toISOString() };
    }
    case 'ARRAY_STRING': {
      if (trimmed === '') return undefined;
      if (trimmed.startsWith('[')) {
        const list: unknown = JSON.parse(trimmed);
        if (!Array.isArray(list) || !list.every((entry) => typeof entry === 'string'))
          throw new Error(`"${text}" is not a list of texts`);
        return list;
      }
      return trimmed
        .split(/[;|]/)
        .map((part) => part.trim())
        .filter(Boolean);
    }
    case 'ARRAY':
    case 'OBJECT':
    case 'ARRAY_DOCUMENT':
    case 'ANY': {
      if (trimmed === '') return undefined;
      try {
        return JSON.parse(trimmed);
      } catch {
        if (type === 'ANY') return text;
        throw new Error(`"${text}" is not JSON`);
      }
    }
    default:
      return text === '' ? undefined : text;
  }
}

/** CSV text (a header row naming field keys or labels) as items, each row checked on its own. */
export function csvToRows(text: string, fields: readonly DataCollectionField[]): ParsedRow[] {
  const rows = parseCsv(text);
  const header = rows[0];
  if (!header) return [];
  const keys = header.map((name) => {
    const clean = name.trim();
    return (
      fields.find((field) => field.key === clean)?.key ??
      fields.find((field) => field.displayName?.toLowerCase() === clean.toLowerCase())?.key ??
      clean
    );
  });
  return rows.slice(1).map((cells, index) => {
    const row = index + 2;
    const data: Record<string, unknown> = {};
    try {
      if (cells.length > keys.length)
        throw new Error(`it has ${cells.length} cells and the header ${keys.length}`);
      cells.forEach((cell, column) => {
        const key = keys[column]!;
        if (key === '' || key === '_createdDate' || key === '_updatedDate' || key === '_owner') return;
        const type = fields.find((field) => field.key === key)?.type;
        try {
          const value = textToValue(cell, type);
          if (value !== undefined) data[key] = value;
        } catch (failure) {
          throw new Error(`${key}: ${(failure as Error).message}`);
        }
      });
      return { row, data };
    } catch (failure) {
      return { row, error: (failure as Error).message };
    }
  });
}

/** JSON lines: one object per non-blank line. */
export function jsonLinesToRows(text: string): ParsedRow[] {
  const rows: ParsedRow[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') return;
    const row = index + 1;
    try {
      const value: unknown = JSON.parse(line);
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        rows.push({ row, error: 'the line is not a JSON object' });
      else {
        const data = { ...(value as Record<string, unknown>) };
        delete data._createdDate;
        delete data._updatedDate;
        delete data._owner;
        rows.push({ row, data });
      }
    } catch {
      rows.push({ row, error: 'the line is not valid JSON' });
    }
  });
  return rows;
}

/** The columns of an export: `_id`, the declared fields, then the system dates. */
export function exportColumns(fields: readonly DataCollectionField[]): string[] {
  const declared = fields.filter((field) => !field.key.startsWith('_')).map((field) => field.key);
  return ['_id', ...declared, '_createdDate', '_updatedDate'];
}
