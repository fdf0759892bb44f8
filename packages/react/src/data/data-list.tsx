import type { WixDataItem } from '@atrium/sdk/data';
import type { ReactNode } from 'react';
import { DataViewFrame } from './controls.js';
import { type CollectionViewOptions, useCollectionView } from './use-collection-view.js';

export interface DataListProps<Item> extends CollectionViewOptions {
  /** Renders one item, inside its list entry. */
  children: (item: Item) => ReactNode;
  /** Names the list (and its search form, "Filter …"). */
  label: string;
  /** Shown instead of the list when nothing matches. Default "No items match." */
  emptyMessage?: ReactNode;
  className?: string;
}

/**
 * A page of a collection as a list whose entries the caller renders, with the same filters, status
 * and pager as DataTable. Needs a QueryClientProvider.
 */
export function DataList<Item extends WixDataItem = WixDataItem>({
  children,
  label,
  emptyMessage = 'No items match.',
  className,
  ...options
}: DataListProps<Item>) {
  const view = useCollectionView<Item>(options);
  const { items, isLoading, isFetching, error } = view.result;
  return (
    <DataViewFrame view={view} options={options} label={label} className={className ?? 'atrium-data-list'}>
      {items.length === 0 && !isLoading && !error ? (
        <p className="atrium-empty">{emptyMessage}</p>
      ) : (
        <ul aria-label={label} aria-busy={isFetching}>
          {items.map((item) => (
            <li key={item._id}>{children(item)}</li>
          ))}
        </ul>
      )}
    </DataViewFrame>
  );
}
