/**
 * The books table's cells. Items come from a data collection the owner edits in the console, so
 * any field may be missing or of another type: a cell shows what is there, never throws.
 */
export function ratingCell(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(1) : '—';
}

export function tagsCell(value: unknown): string {
  return Array.isArray(value) ? value.filter((tag) => typeof tag === 'string').join(', ') : '';
}
