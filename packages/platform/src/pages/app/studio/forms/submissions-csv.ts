import type { FormSubmission } from '@atrium/contract/types';
import { toCsvLine } from '../data/csv.js';

/**
 * The submissions of a form as CSV (RFC 4180: CRLF line ends, cells with a comma, a quote or a line
 * break quoted, quotes doubled), built from the submissions the console loads. Pure, no DOM.
 */

export interface FileValue {
  fileId?: string;
  url?: string;
  displayName?: string;
}

export const isFile = (value: unknown): value is FileValue =>
  typeof value === 'object' && value !== null && 'url' in value;

/** A submitted value as one line of text: files by name, lists joined with "; ", objects as JSON. */
export function plainValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return value
      .map((entry) => (isFile(entry) ? (entry.displayName ?? entry.url ?? '') : plainValue(entry)))
      .join('; ');
  if (isFile(value)) return value.displayName ?? value.url ?? '';
  return JSON.stringify(value);
}

/**
 * A cell a spreadsheet will not run: text starting with `=`, `+`, `-` or `@` (or a tab or carriage
 * return, OWASP's list of formula starters) gets a leading `'`, which spreadsheets show as text.
 */
export const guardFormula = (cell: string): string => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

/** The header row (fixed columns, then one per field key) and one row per submission. */
export function submissionsCsv(fieldKeys: readonly string[], submissions: readonly FormSubmission[]): string {
  const rows: string[][] = [
    ['id', 'createdDate', 'status', 'seen', 'tags', ...fieldKeys],
    ...submissions.map((submission) => [
      submission.id,
      submission.createdDate,
      submission.status,
      String(submission.seen),
      submission.tags.tags.tagIds.join(' '),
      ...fieldKeys.map((key) => plainValue(submission.submissions[key])),
    ]),
  ];
  return rows.map((row) => toCsvLine(row.map(guardFormula))).join('');
}
