import { type ReactNode, useId } from 'react';
import { StatusMessage } from '../components/fields.js';
import type {
  CollectionView,
  SelectFilterConfig,
  TextFilterConfig,
  TextFilterOp,
} from './use-collection-view.js';
import type { ItemsState } from './use-items.js';

/**
 * The controls DataTable and DataList share: filters, the result status (loading, count, error)
 * and the pager. Unstyled, with stable `atrium-…` class names, like the auth components.
 */

const MATCH_LABELS: Record<TextFilterOp, string> = {
  contains: 'contains',
  startsWith: 'starts with',
  endsWith: 'ends with',
  eq: 'is exactly',
};

function SelectField({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="atrium-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}

function SelectFilter({ config, view }: { config: SelectFilterConfig; view: CollectionView<unknown> }) {
  return (
    <SelectField
      label={config.label}
      value={view.state.selected[config.field] ?? ''}
      onChange={(value) => view.select(config.field, value)}
    >
      <option value="">{config.allLabel ?? 'All'}</option>
      {config.options.map((option) => (
        <option key={String(option.value)} value={String(option.value)}>
          {option.label ?? String(option.value)}
        </option>
      ))}
    </SelectField>
  );
}

export interface DataFiltersProps {
  view: CollectionView<unknown>;
  textFilter?: TextFilterConfig;
  selectFilters?: readonly SelectFilterConfig[];
  /** Names the search region, e.g. "Filter books". */
  label: string;
}

/** A search landmark: the text filter (with its match select) and the select filters; filters as you type. */
export function DataFilters({ view, textFilter, selectFilters = [], label }: DataFiltersProps) {
  const textId = useId();
  if (!textFilter && selectFilters.length === 0) return null;
  const ops = textFilter?.ops ?? [];
  return (
    <search className="atrium-data-filters" aria-label={label}>
      {textFilter && (
        <div className="atrium-field">
          <label htmlFor={textId}>{textFilter.label}</label>
          <input
            id={textId}
            type="search"
            autoComplete="off"
            placeholder={textFilter.placeholder}
            value={view.state.text}
            onChange={(event) => view.setText(event.target.value)}
          />
        </div>
      )}
      {textFilter && ops.length > 1 && (
        <SelectField
          label="Match"
          value={view.state.textOp}
          onChange={(value) => view.setTextOp(value as TextFilterOp)}
        >
          {ops.map((op) => (
            <option key={op} value={op}>
              {MATCH_LABELS[op]}
            </option>
          ))}
        </SelectField>
      )}
      {selectFilters.map((config) => (
        <SelectFilter key={config.field} config={config} view={view} />
      ))}
    </search>
  );
}

/** `N results` (or Loading…) as a polite live region, and a load error as an alert. */
export function DataStatus({ result }: { result: ItemsState<unknown> }) {
  const { totalCount, isLoading, error } = result;
  let status: string | null = null;
  if (isLoading) status = 'Loading…';
  else if (totalCount !== undefined) status = `${totalCount} ${totalCount === 1 ? 'result' : 'results'}`;
  return (
    <>
      <StatusMessage>{status}</StatusMessage>
      {error && (
        <p className="atrium-form-error" role="alert">
          Could not load the items: {error.message}
        </p>
      )}
    </>
  );
}

/** Previous / "Page X of Y" / Next. */
export function DataPager({ view }: { view: CollectionView<unknown> }) {
  const { page, pageCount, hasPrev, hasNext } = view.result;
  return (
    <nav className="atrium-pager" aria-label="Pages">
      <button type="button" onClick={() => view.setPage(page - 1)} disabled={!hasPrev}>
        Previous
      </button>
      <span className="atrium-page">
        Page {page + 1}
        {pageCount !== undefined && ` of ${pageCount}`}
      </span>
      <button type="button" onClick={() => view.setPage(page + 1)} disabled={!hasNext}>
        Next
      </button>
    </nav>
  );
}

/**
 * What DataTable and DataList share around their page of items: the filters (named "Filter <label>"),
 * the status line, then `children` (the items as the component shows them), then the pager.
 */
export function DataViewFrame({
  view,
  options,
  label,
  className,
  children,
}: {
  view: CollectionView<unknown>;
  options: Pick<DataFiltersProps, 'textFilter' | 'selectFilters'>;
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <DataFilters
        view={view}
        textFilter={options.textFilter}
        selectFilters={options.selectFilters}
        label={`Filter ${label}`}
      />
      <DataStatus result={view.result} />
      {children}
      <DataPager view={view} />
    </div>
  );
}
