/**
 * Data collections in React (`@atrium/sdk/data` over TanStack Query): `useItems` and
 * `useDistinctValues` read, `useInsertItem`/`useUpdateItem`/`useRemoveItem` write and refetch, and
 * `DataTable`/`DataList` show a collection with filters, sort and paging. The app provides a
 * TanStack QueryClientProvider; `@atrium/sdk/data` loads on the first data call.
 */
export { DataFilters, type DataFiltersProps, DataPager, DataStatus } from './controls.js';
export { DataList, type DataListProps } from './data-list.js';
export { DataTable, type DataTableColumn, type DataTableProps, formatValue } from './data-table.js';
export { dataQueryKeys } from './keys.js';
export {
  type DataFilterCondition,
  type DataFilterOp,
  type DataScalar,
  type DataSort,
  DEFAULT_PAGE_SIZE,
  type ItemsQueryInput,
  type SortDirection,
} from './query.js';
export {
  type CollectionView,
  type CollectionViewChange,
  type CollectionViewOptions,
  type CollectionViewState,
  type SelectFilterConfig,
  type SelectFilterOption,
  type TextFilterConfig,
  type TextFilterOp,
  useCollectionView,
} from './use-collection-view.js';
export { useInsertItem, useRemoveItem, useUpdateItem } from './use-item-mutations.js';
export {
  type DistinctValuesState,
  type ItemsState,
  type UseDistinctValuesOptions,
  type UseItemsOptions,
  useDistinctValues,
  useItems,
} from './use-items.js';
