import type { DataCollection, DataCollectionField, DataFilter, DataItem } from '@atrium/contract/types';
import { type FormEvent, useState } from 'react';
import {
  ActionMessages,
  type Column,
  ConfirmButton,
  Options,
  PagedTable,
  useActions,
  useConsoleQuery,
  useInvalidate,
  usePaging,
} from '../../kit/index.js';
import { textToValue } from './csv.js';
import { DATA_KEYS, dataApi } from './data-api.js';
import { displayValue, FIELD_HINTS, FieldInput, fromEditable, label, toEditable } from './field-input.js';

export const ITEMS_PAGE_SIZE = 20;

/** The filter operators the table offers, in words. */
export const OPERATORS = [
  ['$contains', 'contains'],
  ['$eq', 'is'],
  ['$ne', 'is not'],
  ['$startsWith', 'starts with'],
  ['$gt', 'greater than'],
  ['$gte', 'at least'],
  ['$lt', 'less than'],
  ['$lte', 'at most'],
  ['$exists', 'has a value'],
] as const;
export type Operator = (typeof OPERATORS)[number][0];

const SYSTEM_COLUMNS: DataCollectionField[] = [
  { key: '_id', displayName: 'ID', type: 'TEXT' },
  { key: '_createdDate', displayName: 'Created', type: 'DATETIME' },
  { key: '_updatedDate', displayName: 'Updated', type: 'DATETIME' },
];

/** The filter the server runs for one condition of the table's filter bar. */
export function buildFilter(
  field: DataCollectionField | undefined,
  operator: Operator,
  text: string,
): DataFilter | undefined {
  if (!field) return undefined;
  if (operator === '$exists') return { [field.key]: { $exists: true } };
  if (text.trim() === '') return undefined;
  const textual = operator === '$contains' || operator === '$startsWith';
  const type = field.type === 'ARRAY_STRING' ? 'TEXT' : field.type;
  const value = textual ? text.trim() : textToValue(text, type);
  if (field.type === 'ARRAY_STRING' && operator === '$eq')
    return { [field.key]: { $hasSome: [text.trim()] } };
  return { [field.key]: { [operator]: value } };
}

export function ItemsTable({ collection }: { collection: DataCollection }) {
  const fields = collection.fields.filter((field) => !field.systemField && !field.key.startsWith('_'));
  const filterable = [...fields, ...SYSTEM_COLUMNS];
  const [sort, setSort] = useState<{ field: string; order: 'ASC' | 'DESC' }>();
  const [filter, setFilter] = useState<DataFilter>();
  const [filterField, setFilterField] = useState(fields[0]?.key ?? '_id');
  const [operator, setOperator] = useState<Operator>('$contains');
  const [filterText, setFilterText] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<{ id: string; values: Record<string, string> }>();
  const [draft, setDraft] = useState<Record<string, string>>({});
  const actions = useActions();
  const { run } = actions;
  const paging = usePaging(ITEMS_PAGE_SIZE, [filter, sort]);
  const query = {
    filter,
    sort: sort ? [{ fieldName: sort.field, order: sort.order }] : undefined,
    offset: paging.offset,
    limit: paging.limit,
  };
  const page = useConsoleQuery([DATA_KEYS.items, collection.id, query], () =>
    dataApi.query(collection.id, query),
  );
  const invalidate = useInvalidate();
  const refresh = () => invalidate(DATA_KEYS.items);

  const items = page.data?.items ?? [];
  // Only what this page shows counts as selected (another page, another filter: nothing is).
  const selected = new Set(items.filter((item) => chosen.has(item.id)).map((item) => item.id));
  const allSelected = items.length > 0 && selected.size === items.length;
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (!next.delete(id)) next.add(id);
    setChosen(next);
  };

  const applyFilter = (event: FormEvent) => {
    event.preventDefault();
    try {
      setFilter(
        buildFilter(
          filterable.find((field) => field.key === filterField),
          operator,
          filterText,
        ),
      );
    } catch (failure) {
      actions.setError(`The filter cannot be applied: ${(failure as Error).message}`);
    }
  };

  const toggleSort = (key: string) =>
    setSort((current) =>
      current?.field !== key
        ? { field: key, order: 'ASC' }
        : current.order === 'ASC'
          ? { field: key, order: 'DESC' }
          : undefined,
    );

  const valuesOf = (values: Record<string, string>, base: Record<string, unknown> = {}) => {
    const data: Record<string, unknown> = { ...base };
    for (const field of fields) {
      const value = fromEditable(values[field.key] ?? '', field);
      if (value === undefined) delete data[field.key];
      else data[field.key] = value;
    }
    return data;
  };

  const save = (item: DataItem) => {
    if (!editing) return;
    void run('Saving the item…', async () => {
      await dataApi.update(collection.id, { ...item, data: valuesOf(editing.values, item.data) });
      setEditing(undefined);
      await refresh();
      return `Saved the item ${item.id}.`;
    });
  };

  const insert = (event: FormEvent) => {
    event.preventDefault();
    void run('Adding the item…', async () => {
      const { dataItem } = await dataApi.insert(collection.id, valuesOf(draft));
      setDraft({});
      await refresh();
      return `Added the item ${dataItem.id}.`;
    });
  };

  const remove = (item: DataItem) =>
    void run('Deleting the item…', async () => {
      await dataApi.remove(collection.id, item.id);
      await refresh();
      return `Deleted the item ${item.id}.`;
    });

  const bulkRemove = () =>
    void run(`Deleting ${selected.size} items…`, async () => {
      const answer = await dataApi.bulkRemove(collection.id, [...selected]);
      await refresh();
      const failed = answer.bulkActionMetadata.totalFailures;
      return `Deleted ${answer.bulkActionMetadata.totalSuccesses} items${failed ? `; ${failed} could not be deleted` : ''}.`;
    });

  const nameOf = (item: DataItem) => String(item.data[fields[0]?.key ?? '_id'] ?? item.id);
  const sortColumn = (field: DataCollectionField, cell: Column<DataItem>['cell']): Column<DataItem> => ({
    header: label(field),
    sort: sort?.field === field.key ? (sort.order === 'ASC' ? 'ascending' : 'descending') : undefined,
    heading: (
      <button
        type="button"
        className="link-button"
        title={`Sort by ${label(field)}`}
        onClick={() => toggleSort(field.key)}
      >
        {label(field)}
        {sort?.field === field.key && <span aria-hidden="true">{sort.order === 'ASC' ? ' ▲' : ' ▼'}</span>}
      </button>
    ),
    cell,
  });
  const columns: Column<DataItem>[] = [
    {
      header: 'Select',
      heading: (
        <input
          type="checkbox"
          aria-label="Select every item on this page"
          checked={allSelected}
          onChange={() => setChosen(allSelected ? new Set() : new Set(items.map((item) => item.id)))}
        />
      ),
      cell: (item) => (
        <input
          type="checkbox"
          aria-label={`Select ${nameOf(item)}`}
          checked={selected.has(item.id)}
          onChange={() => toggle(item.id)}
        />
      ),
    },
    ...fields.map((field) =>
      sortColumn(field, (item) =>
        editing?.id === item.id ? (
          <FieldInput
            field={field}
            accessibleLabel={label(field)}
            value={editing.values[field.key] ?? ''}
            onChange={(value) =>
              setEditing({ id: item.id, values: { ...editing.values, [field.key]: value } })
            }
          />
        ) : (
          displayValue(item.data[field.key], field.type)
        ),
      ),
    ),
    ...SYSTEM_COLUMNS.slice(1).map((field) =>
      sortColumn(field, (item) => displayValue(item.data[field.key], 'DATETIME')),
    ),
    {
      header: 'Actions',
      className: 'actions',
      cell: (item) =>
        editing?.id === item.id ? (
          <>
            <button type="button" onClick={() => save(item)} disabled={actions.busy !== undefined}>
              Save
            </button>
            <button type="button" className="secondary" onClick={() => setEditing(undefined)}>
              Cancel
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className="secondary"
              aria-label={`Edit ${nameOf(item)}`}
              onClick={() =>
                setEditing({
                  id: item.id,
                  values: Object.fromEntries(
                    fields.map((field) => [field.key, toEditable(item.data[field.key], field.type)]),
                  ),
                })
              }
            >
              Edit
            </button>
            <ConfirmButton
              label="Delete"
              accessibleLabel={`Delete ${nameOf(item)}`}
              question={`Delete "${nameOf(item)}"? This cannot be undone.`}
              confirmLabel="Delete the item"
              onConfirm={() => remove(item)}
            />
          </>
        ),
    },
  ];

  return (
    <>
      <form className="search" onSubmit={applyFilter} aria-label="Filter items">
        <label>
          Filter field{' '}
          <select value={filterField} onChange={(event) => setFilterField(event.target.value)}>
            <Options choices={filterable.map((field) => [field.key, label(field)] as const)} />
          </select>
        </label>
        <label>
          Condition{' '}
          <select value={operator} onChange={(event) => setOperator(event.target.value as Operator)}>
            <Options choices={OPERATORS} />
          </select>
        </label>
        <label>
          Filter value{' '}
          <input type="text" value={filterText} onChange={(event) => setFilterText(event.target.value)} />
        </label>
        <button type="submit">Apply the filter</button>
        {filter && (
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setFilter(undefined);
              setFilterText('');
            }}
          >
            Clear the filter
          </button>
        )}
      </form>
      <ActionMessages actions={actions} failure={page.failure} />
      <div className="studio-toolbar">
        <ConfirmButton
          label={`Delete ${selected.size} selected`}
          question={`Delete ${selected.size} items from ${collection.id}? This cannot be undone.`}
          confirmLabel={`Delete ${selected.size} items`}
          disabled={selected.size === 0 || actions.busy !== undefined}
          onConfirm={bulkRemove}
        />
      </div>
      <PagedTable
        label="Items"
        columns={columns}
        rows={page.data?.items}
        rowKey={(item) => item.id}
        empty={`No items${filter ? ' match the filter' : ''}.`}
        loading="Loading items…"
        paging={{ ...paging, total: page.data?.total, onOffset: paging.setOffset }}
      />
      <form className="panel" onSubmit={insert} aria-labelledby="new-item-heading">
        <h2 id="new-item-heading">New item</h2>
        <div className="studio-grid">
          {fields.map((field) => (
            <div className="field" key={field.key}>
              <label htmlFor={`new-item-${field.key}`}>
                {label(field)}
                {FIELD_HINTS[field.type] ? ` (${FIELD_HINTS[field.type]})` : ''}
              </label>
              <FieldInput
                id={`new-item-${field.key}`}
                field={field}
                accessibleLabel={label(field)}
                value={draft[field.key] ?? ''}
                onChange={(value) => setDraft({ ...draft, [field.key]: value })}
              />
            </div>
          ))}
        </div>
        <button type="submit" disabled={actions.busy !== undefined || fields.length === 0}>
          Add the item
        </button>
      </form>
    </>
  );
}
