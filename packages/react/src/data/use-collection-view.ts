import type { WixDataItem } from '@atrium/sdk/data';
import { useEffect, useRef, useState } from 'react';
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
  /**
   * The view's state held by the caller (in the URL, say): with `onStateChange`, the view is
   * controlled. The controls then report every change through `onStateChange` and show `state`
   * (missing fields take their defaults); the text box keeps what is typed and reports it once typing
   * pauses (`debounceMs`).
   */
  state?: Partial<CollectionViewState>;
  onStateChange?: (next: CollectionViewState, cause: CollectionViewChange) => void;
}

/** What changed the state: a control, or the view itself moving back from a page past the end. */
export type CollectionViewChange = 'text' | 'textOp' | 'select' | 'sort' | 'page' | 'correction';

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
  const { textFilter, onStateChange } = options;
  const defaults = (): CollectionViewState => ({
    text: '',
    textOp: textFilter?.ops?.[0] ?? 'contains',
    selected: {},
    sort: options.initialSort,
    page: 0,
  });
  const [own, setOwn] = useState<CollectionViewState>(defaults);
  const controlled = onStateChange !== undefined;
  const current: CollectionViewState = controlled ? { ...defaults(), ...options.state } : own;

  // Controlled: what is typed stays here until it settles; the caller's text follows (and leads
  // again when it changes from outside, e.g. back/forward).
  const committedText = current.text;
  const [draft, setDraft] = useState(committedText);
  useEffect(() => setDraft(committedText), [committedText]);
  const typed = controlled ? draft : own.text;
  const settled = useDebounced(typed, textFilter?.debounceMs ?? DEFAULT_DEBOUNCE_MS);
  const latest = useRef({ current, onStateChange });
  latest.current = { current, onStateChange };
  useEffect(() => {
    const { current: now, onStateChange: report } = latest.current;
    if (report && settled === draft && settled !== now.text)
      report({ ...now, text: settled, page: 0 }, 'text');
  }, [settled, draft]);

  const apply = (
    change: (current: CollectionViewState) => CollectionViewState,
    cause: CollectionViewChange,
  ) => {
    if (onStateChange) onStateChange(change(current), cause);
    else setOwn(change);
  };

  const result = useItems<Item>(options.collectionId, {
    // A new array on every render is fine: query keys compare by value.
    filter: conditionsOf(options, controlled ? committedText : settled, current.textOp, current.selected),
    sort: current.sort,
    page: current.page,
    pageSize: options.pageSize,
    enabled: options.enabled,
  });

  // A page past the end (the last item of the last page was removed, or the filter matches fewer
  // items) moves back to the last page.
  const { pageCount, isPlaceholderData } = result;
  const page = current.page;
  useEffect(() => {
    if (pageCount !== undefined && !isPlaceholderData && page >= pageCount) {
      const fixed = Math.max(0, pageCount - 1);
      if (fixed === page) return;
      const { current: now, onStateChange: report } = latest.current;
      if (report) report({ ...now, page: fixed }, 'correction');
      else setOwn((state) => ({ ...state, page: fixed }));
    }
  }, [pageCount, isPlaceholderData, page]);

  // Every change but paging starts again from the first page.
  const update = (
    change: (current: CollectionViewState) => Partial<CollectionViewState>,
    cause: CollectionViewChange,
  ) => apply((state) => ({ ...state, page: 0, ...change(state) }), cause);
  return {
    state: { ...current, text: typed },
    result,
    setText: (value) => {
      if (controlled) setDraft(value);
      else update(() => ({ text: value }), 'text');
    },
    setTextOp: (op) => update(() => ({ textOp: op }), 'textOp'),
    select: (field, value) =>
      update((state) => ({ selected: { ...state.selected, [field]: value } }), 'select'),
    toggleSort: (field) =>
      update(({ sort }) => {
        const ascending = sort?.field === field && (sort.direction ?? 'asc') === 'asc';
        return { sort: { field, direction: ascending ? 'desc' : 'asc' } };
      }, 'sort'),
    setPage: (value) => apply((state) => ({ ...state, page: Math.max(0, value) }), 'page'),
  };
}
