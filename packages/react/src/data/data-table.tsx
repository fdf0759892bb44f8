import type { WixDataItem } from '@atrium/sdk/data';
import type { ReactNode } from 'react';
import { DataViewFrame } from './controls.js';
import { type CollectionView, type CollectionViewOptions, useCollectionView } from './use-collection-view.js';

export interface DataTableColumn<Item> {
  /** The item field shown, and sorted by. */
  field: string;
  header: string;
  /** A header button sorts by the column (ascending, then descending). */
  sortable?: boolean;
  /** The cell's content; default: the field's value as text (see formatValue). */
  render?: (item: Item) => ReactNode;
  className?: string;
}

export interface DataTableProps<Item> extends CollectionViewOptions {
  columns: readonly DataTableColumn<Item>[];
  /** The table's caption, which also names its search form ("Filter …"). */
  caption: string;
  /** Shown in the table when nothing matches. Default "No items match." */
  emptyMessage?: ReactNode;
  className?: string;
}

/** A cell's text: dates as local dates, arrays joined with commas, booleans as Yes/No. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toLocaleDateString();
  if (Array.isArray(value)) return value.map(formatValue).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function SortableHeader<Item>({
  column,
  view,
}: {
  column: DataTableColumn<Item>;
  view: CollectionView<Item>;
}) {
  const { sort } = view.state;
  const direction = sort?.field === column.field ? (sort.direction ?? 'asc') : undefined;
  // Only the sorted column carries aria-sort (WAI-ARIA: one header at a time).
  const ariaSort = direction === undefined ? undefined : direction === 'asc' ? 'ascending' : 'descending';
  return (
    <th scope="col" className={column.className} aria-sort={ariaSort}>
      {column.sortable ? (
        <button type="button" className="atrium-sort" onClick={() => view.toggleSort(column.field)}>
          {column.header}
          <span className="atrium-sort-indicator" aria-hidden="true">
            {direction === 'asc' ? ' ▲' : direction === 'desc' ? ' ▼' : ''}
          </span>
        </button>
      ) : (
        column.header
      )}
    </th>
  );
}

/**
 * A page of a collection as a table: a search form (text and select filters), sortable column
 * headers (`aria-sort`), the result count or error, and the pager. Needs a QueryClientProvider.
 */
export function DataTable<Item extends WixDataItem = WixDataItem>({
  columns,
  caption,
  emptyMessage = 'No items match.',
  className,
  ...options
}: DataTableProps<Item>) {
  const view = useCollectionView<Item>(options);
  const { items, isLoading, isFetching, error } = view.result;
  return (
    <DataViewFrame view={view} options={options} label={caption} className={className ?? 'atrium-data-table'}>
      {/* Wide tables scroll inside their own box (focusable, so the keyboard scrolls it too). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1) */}
      <section className="atrium-data-table-scroll" aria-label={caption} tabIndex={0}>
        <table aria-busy={isFetching}>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <SortableHeader key={column.field} column={column} view={view} />
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item._id}>
                {columns.map((column) => (
                  // data-label: the column's name by the cell, for layouts that show rows as cards.
                  <td key={column.field} className={column.className} data-label={column.header}>
                    {column.render ? column.render(item) : formatValue(item[column.field])}
                  </td>
                ))}
              </tr>
            ))}
            {items.length === 0 && !isLoading && !error && (
              <tr className="atrium-empty">
                <td colSpan={columns.length}>{emptyMessage}</td>
              </tr>
            )}
          </tbody>
        </table>
      </section>
    </DataViewFrame>
  );
}
