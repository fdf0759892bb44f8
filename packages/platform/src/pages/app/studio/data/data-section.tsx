import type { DataCollection } from '@atrium/contract/types';
import { type FormEvent, useState } from 'react';
import { ConsoleLink, navigate, useConsoleLocation } from '../../console-router.js';
import {
  ActionMessages,
  type Column,
  ErrorMessage,
  Field,
  PagedTable,
  rowsOf,
  useActions,
  useConsoleQuery,
  useInvalidate,
} from '../../kit/index.js';
import { DATA_KEYS, dataApi } from './data-api.js';
import { FieldsPanel, IndexesPanel } from './fields-panel.js';
import { ImportExportPanel } from './import-export.js';
import { ItemsTable } from './items-table.js';

/**
 * The console's data collections: `/collections` the list with item counts, `/collections/<id>` a
 * collection's items (`?tab=fields`, `?tab=indexes`, `?tab=import` its definition, indexes and
 * import/export).
 */
export function DataSection({ path }: { path: string }) {
  const match = /^\/collections\/([^/]+)$/.exec(path);
  if (!match) return <CollectionsList />;
  const id = decodeURIComponent(match[1]!);
  return <CollectionPage key={id} id={id} />;
}

const COLLECTION_COLUMNS: Column<DataCollection>[] = [
  {
    header: 'Collection',
    cell: (collection) => (
      <ConsoleLink to={`/collections/${encodeURIComponent(collection.id)}`}>
        {collection.displayName || collection.id}
      </ConsoleLink>
    ),
  },
  { header: 'ID', cell: (collection) => collection.id },
  { header: 'Items', cell: (collection) => <ItemCount id={collection.id} /> },
  { header: 'Fields', cell: (collection) => collection.fields.filter((field) => !field.systemField).length },
  { header: 'Read permission', cell: (collection) => collection.permissions.read },
];

/** One count per collection (the count API), each filled in as it comes. */
function ItemCount({ id }: { id: string }) {
  const count = useConsoleQuery([DATA_KEYS.items, 'count', id], () => dataApi.count(id));
  return (
    <span data-testid="item-count">{count.failure ? `unknown (${count.failure})` : (count.data ?? '…')}</span>
  );
}

function CollectionsList() {
  const collections = useConsoleQuery([DATA_KEYS.collections], dataApi.listCollections);
  const invalidate = useInvalidate();
  const [newId, setNewId] = useState('');
  const actions = useActions();

  const create = (event: FormEvent) => {
    event.preventDefault();
    const id = newId.trim();
    if (!id) return;
    void actions.run(`Creating the collection ${id}…`, async () => {
      await dataApi.saveCollection({ id, displayName: id, fields: [] }, 'POST');
      await invalidate(DATA_KEYS.collections);
      setNewId('');
      navigate(`/collections/${encodeURIComponent(id)}?tab=fields`);
      return `Created the collection ${id}.`;
    });
  };

  return (
    <>
      <div className="section-head">
        <h1>Data collections</h1>
      </div>
      <ActionMessages actions={actions} />
      <PagedTable
        label="Collections"
        columns={COLLECTION_COLUMNS}
        {...rowsOf(collections, (answer) => answer)}
        empty="No collections yet."
      />
      <form className="panel" onSubmit={create}>
        <h2>New collection</h2>
        <Field
          label="Collection ID"
          hint="Letters, digits, - and _; it cannot change later."
          value={newId}
          onValue={setNewId}
          required
        />
        <button type="submit" disabled={actions.busy !== undefined}>
          Create the collection
        </button>
      </form>
    </>
  );
}

const TABS = [
  ['items', 'Items'],
  ['fields', 'Fields and permissions'],
  ['indexes', 'Indexes'],
  ['import', 'Import and export'],
] as const;

function CollectionPage({ id }: { id: string }) {
  const { search } = useConsoleLocation();
  const tab = TABS.find(([name]) => name === search.get('tab'))?.[0] ?? 'items';
  const { data: collection, failure } = useConsoleQuery([DATA_KEYS.collections, id], () =>
    dataApi.getCollection(id),
  );
  const base = `/collections/${encodeURIComponent(id)}`;
  return (
    <>
      <p className="back">
        <ConsoleLink to="/collections">← All collections</ConsoleLink>
      </p>
      <div className="section-head">
        <h1>{collection?.displayName || id}</h1>
      </div>
      <nav aria-label="Collection" className="subnav">
        <ul>
          {TABS.map(([name, label]) => (
            <li key={name}>
              <ConsoleLink
                to={name === 'items' ? base : `${base}?tab=${name}`}
                aria-current={tab === name ? 'page' : undefined}
              >
                {label}
              </ConsoleLink>
            </li>
          ))}
        </ul>
      </nav>
      <ErrorMessage message={failure} />
      {!collection && !failure && <p aria-busy="true">Loading the collection…</p>}
      {collection && tab === 'items' && <ItemsTable collection={collection} />}
      {collection && tab === 'fields' && <FieldsPanel collection={collection} />}
      {collection && tab === 'indexes' && <IndexesPanel collection={collection} />}
      {collection && tab === 'import' && <ImportExportPanel collection={collection} />}
    </>
  );
}
