import { type HTMLAttributes, type ReactNode, useEffect, useRef, useState } from 'react';
import { ErrorMessage } from './forms.js';

/** Tables of the console: the scrolling box, the pager. */

/**
 * A wide table's box: the table scrolls sideways inside it, never the page (a phone's 390 px). The
 * box is a labelled, focusable region (arrow keys scroll it), its edges shade where more is hidden
 * (console-lists.css), and while it overflows a line says so.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return (
    <div className="table-frame">
      <section
        ref={box}
        className="table-scroll"
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        data-overflows={overflows || undefined}
      >
        {children}
      </section>
      {overflows && (
        <p className="scroll-hint" aria-hidden="true">
          Scroll sideways for more →
        </p>
      )}
    </div>
  );
}

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

/** A server-paged list's position: the offset, reset to the first page whenever `resetOn` changes. */
export function usePaging(pageSize: number, resetOn: readonly unknown[] = []) {
  const [offset, setOffset] = useState(0);
  const key = JSON.stringify(resetOn);
  const [shownKey, setShownKey] = useState(key);
  if (key !== shownKey) {
    // A new filter starts on the first page (set during render: no stale page is ever requested).
    setShownKey(key);
    setOffset(0);
  }
  return { offset, setOffset, pageSize, limit: pageSize };
}

export interface Column<Row> {
  /** The column's heading (visually hidden when `hideHeader`: an actions column). */
  header: string;
  hideHeader?: boolean;
  /** What the heading cell shows instead of `header` (a sort button, a select-all box). */
  heading?: ReactNode;
  /** The heading's `aria-sort`, when the rows are sorted by this column. */
  sort?: 'ascending' | 'descending';
  cell: (row: Row) => ReactNode;
  /** This column names the row (a `th scope="row"`). */
  rowHeader?: boolean;
  className?: string;
}

/** The column of a row's buttons: its heading only for screen readers. */
export const actionsColumn = <Row,>(cell: (row: Row) => ReactNode): Column<Row> => ({
  header: 'Actions',
  hideHeader: true,
  className: 'actions',
  cell,
});

type RowProps = HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | undefined };

/**
 * The console's one table: a caption-less labelled table in its scrolling box, a line while it
 * loads or when it is empty, and the pager below when the list is server-paged.
 */
const idOf = (row: unknown): string => String((row as { id?: unknown }).id);
/** "Delivery log" → "delivery log"; "OAuth clients" and "API keys" stay. */
const lowerFirst = (text: string): string =>
  /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;

/**
 * A query's rows and failure for a PagedTable: `<PagedTable {...rowsOf(query, (answer) => answer.webhooks)} …/>`.
 */
export function rowsOf<Answer, Row>(
  query: { data: Answer | undefined; failure: string | undefined },
  select: (answer: Answer) => readonly Row[],
): { rows: readonly Row[] | undefined; failure: string | undefined } {
  return { rows: query.data === undefined ? undefined : select(query.data), failure: query.failure };
}

export function PagedTable<Row>({
  label,
  columns,
  rows,
  rowKey = idOf,
  empty,
  loading = `Loading the ${lowerFirst(label)}…`,
  failure,
  paging,
  rowProps,
}: {
  /** Names the table's region and its pager ("Deliveries"). */
  label: string;
  columns: readonly Column<Row>[];
  /** Undefined while loading. */
  rows: readonly Row[] | undefined;
  /** A row's key; by default its `id`. */
  rowKey?: (row: Row) => string;
  empty: ReactNode;
  loading?: string;
  /** Why the rows could not be loaded: shown where the table would be (above it when rows are kept). */
  failure?: string | undefined;
  /** For a server-paged list: where it is and how many there are in all (when known). */
  paging?: {
    offset: number;
    pageSize: number;
    total: number | undefined;
    onOffset: (offset: number) => void;
    /** The pager's words for the rows ("Deliveries 1–20 of 45"); `label` when absent. */
    noun?: string;
  };
  /** A row's own attributes: a class, `aria-current`, a test id, drag and drop handlers. */
  rowProps?: (row: Row) => RowProps;
}) {
  if (rows === undefined)
    return failure ? <ErrorMessage message={failure} /> : <p aria-busy="true">{loading}</p>;
  const table =
    rows.length === 0 ? (
      <p>{empty}</p>
    ) : (
      <TableScroll label={`${label} table`}>
        <table>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={column.className} aria-sort={column.sort}>
                  {column.heading ??
                    (column.hideHeader ? (
                      <span className="visually-hidden">{column.header}</span>
                    ) : (
                      column.header
                    ))}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} {...rowProps?.(row)}>
                {columns.map((column) =>
                  column.rowHeader ? (
                    <th key={column.header} scope="row" className={column.className}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.header} className={column.className}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    );
  return (
    <>
      {failure && <ErrorMessage message={failure} />}
      {table}
      {paging && (rows.length > 0 || paging.offset > 0) && (
        <Pager
          label={paging.noun ?? label}
          offset={paging.offset}
          count={rows.length}
          total={paging.total}
          pageSize={paging.pageSize}
          onOffset={paging.onOffset}
        />
      )}
    </>
  );
}
