import type { WixDataItem } from '@atrium/sdk/data';
import { useEffect, useState } from 'react';
import type { DataFilterCondition, DataSort } from './query.js';
import { type ItemsState, useItems } from './use-items.js';

/**
 * The state behind DataTable and DataList: text and select filters, sort and page, turned into a
 * useItems query. Changing a filter or the sort goes back to the first page. Exported for custom
 * collection views.
 */

export type TextFilterOp = 'contains' | 'startsWith' | 'endsWith' | 'eq';

export interface TextFilterConfig {
  field: string;
  /** The text box's label, e.g. "Title". */
  label: string;
  /** Offered matches, the first being the default; with more than one a "Match" select is shown. */
  ops?: readonly TextFilterOp[];
  placeholder?: string;
  /** Typing pauses this long (ms) before a query is sent. Default 300. */
  debounceMs?: number;
}

export interface SelectFilterOption {
  value: string | number | boolean;
  /** Default: the value as text. */
  label?: string;
}

export interface SelectFilterConfig {
  field: string;
  label: string;
  /** `eq` (default) for a plain field, `hasSome` for an array field such as tags. */
  op?: 'eq' | 'ne' | 'hasSome';
  options: readonly SelectFilterOption[];
  /** The option that sets no condition. Default "All". */
  allLabel?: string;
}

export interface CollectionViewOptions {
  collectionId: string;
  pageSize?: number;
  initialSort?: DataSort;
  textFilter?: TextFilterConfig;
  selectFilters?: readonly SelectFilterConfig[];
  /** Conditions that always apply, besides the ones the controls set. */
  filter?: readonly DataFilterCondition[];
  /** False holds the query back. Default true. */
  enabled?: boolean;
}

export interface CollectionViewState {
  text: string;
  textOp: TextFilterOp;
  /** The chosen option per select filter field, as the option value's text ('' for all). */
  selected: Readonly<Record<string, string>>;
  sort: DataSort | undefined;
  page: number;
}

export interface CollectionView<Item> {
  state: CollectionViewState;
  result: ItemsState<Item>;
  setText(text: string): void;
  setTextOp(op: TextFilterOp): void;
  /** Chooses an option of a select filter by its value's text ('' for all). */
  select(field: string, value: string): void;
  /** Sorts by `field` ascending, or flips the direction if it is the sort field already. */
  toggleSort(field: string): void;
  setPage(page: number): void;
}

export const DEFAULT_DEBOUNCE_MS = 300;

/** `value`, once it has stopped changing for `delay` ms. */
function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, settled, delay]);
  return settled;
}

/** The conditions the controls describe, after the fixed ones. */
function conditionsOf(
  options: CollectionViewOptions,
  text: string,
  textOp: TextFilterOp,
  selected: Readonly<Record<string, string>>,
): DataFilterCondition[] {
  const conditions: DataFilterCondition[] = [...(options.filter ?? [])];
  const trimmed = text.trim();
  if (options.textFilter && trimmed !== '') {
    conditions.push({ field: options.textFilter.field, op: textOp, value: trimmed });
  }
  for (const select of options.selectFilters ?? []) {
    const chosen = select.options.find((option) => String(option.value) === selected[select.field]);
    if (!chosen) continue;
    const op = select.op ?? 'eq';
    conditions.push(
      op === 'hasSome'
        ? { field: select.field, op, value: [chosen.value as string | number] }
        : { field: select.field, op, value: chosen.value },
    );
  }
  return conditions;
}

export function useCollectionView<Item extends WixDataItem = WixDataItem>(
  options: CollectionViewOptions,
): CollectionView<Item> {
  const { textFilter } = options;
  const [state, setState] = useState<CollectionViewState>(() => ({
    text: '',
    textOp: textFilter?.ops?.[0] ?? 'contains',
    selected: {},
    sort: options.initialSort,
    page: 0,
  }));
  const text = useDebounced(state.text, textFilter?.debounceMs ?? DEFAULT_DEBOUNCE_MS);
  const result = useItems<Item>(options.collectionId, {
    // A new array on every render is fine: query keys compare by value.
    filter: conditionsOf(options, text, state.textOp, state.selected),
    sort: state.sort,
    page: state.page,
    pageSize: options.pageSize,
    enabled: options.enabled,
  });

  // A page past the end (the last item of the last page was removed, or the filter matches fewer
  // items) moves back to the last page.
  const { pageCount, isPlaceholderData } = result;
  useEffect(() => {
    if (pageCount !== undefined && !isPlaceholderData && state.page >= pageCount) {
      setState((current) => ({ ...current, page: pageCount - 1 }));
    }
  }, [pageCount, isPlaceholderData, state.page]);

  // Every change but paging starts again from the first page.
  const update = (change: (current: CollectionViewState) => Partial<CollectionViewState>) =>
    setState((current) => ({ ...current, page: 0, ...change(current) }));
  return {
    state,
    result,
    setText: (value) => update(() => ({ text: value })),
    setTextOp: (op) => update(() => ({ textOp: op })),
    select: (field, value) => update((current) => ({ selected: { ...current.selected, [field]: value } })),
    toggleSort: (field) =>
      update(({ sort }) => {
        const ascending = sort?.field === field && (sort.direction ?? 'asc') === 'asc';
        return { sort: { field, direction: ascending ? 'desc' : 'asc' } };
      }),
    setPage: (page) => setState((current) => ({ ...current, page: Math.max(0, page) })),
  };
}
