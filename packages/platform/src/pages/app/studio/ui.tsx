import { ApiFailure, requestJson } from '../api.js';

/** Pieces the studio's sections (data, galleries, media) share, beside app/ui.tsx and blog/ui-kit.tsx. */

export type Call = <T>(path: string, options?: { method?: string; body?: unknown }) => Promise<T>;

/** JSON calls as the console session. */
export const sessionCall: Call = (path, options = {}) => requestJson(path, options);

/** Previous / next for a server-paged list: "Items 21–40 of 95". */
export function Pager({
  label,
  offset,
  count,
  total,
  pageSize,
  onOffset,
}: {
  label: string;
  offset: number;
  count: number;
  total: number | undefined;
  pageSize: number;
  onOffset: (offset: number) => void;
}) {
  const hasNext = total === undefined ? count === pageSize : offset + count < total;
  return (
    <nav className="pager" aria-label={`${label} pages`}>
      <button type="button" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - pageSize))}>
        Previous page
      </button>
      <span>
        {count === 0
          ? `No ${label.toLowerCase()}`
          : `${label} ${offset + 1}–${offset + count}${total === undefined ? '' : ` of ${total}`}`}
      </span>
      <button type="button" disabled={!hasNext} onClick={() => onOffset(offset + pageSize)}>
        Next page
      </button>
    </nav>
  );
}

/** A file's size in words. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A failure's HTTP status, when it has one. */
export const statusOf = (failure: unknown): number | undefined =>
  failure instanceof ApiFailure ? failure.status : undefined;
