import type { DataCollection } from '@atrium/contract/types';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { ConsoleLink, navigate, useConsoleLocation } from '../../console-router.js';
import {
  describeFailure,
  ErrorMessage,
  Field,
  StatusMessage,
  TableScroll,
  useActions,
} from '../../kit/index.js';
import { type DataApi, dataApi } from './data-api.js';
import { FieldsPanel, IndexesPanel } from './fields-panel.js';
import { ImportExportPanel } from './import-export.js';
import { ItemsTable } from './items-table.js';

/**
 * The console's data collections: `/collections` the list with item counts, `/collections/<id>` a
 * collection's items (`?tab=fields`, `?tab=indexes`, `?tab=import` its definition, indexes and
 * import/export).
 */
export function DataSection({ path }: { path: string }) {
  const api = useMemo(() => dataApi(), []);
  const match = /^\/collections\/([^/]+)$/.exec(path);
  if (match) {
    const id = decodeURIComponent(match[1]!);
    return <CollectionPage key={id} api={api} id={id} />;
  }
  return <CollectionsList api={api} />;
}

function CollectionsList({ api }: { api: DataApi }) {
  const [collections, setCollections] = useState<DataCollection[]>();
  const [counts, setCounts] = useState<Record<string, number | string>>({});
  const [newId, setNewId] = useState('');
  const actions = useActions();
  const { run } = actions;

  const load = useCallback(
    () =>
      run('Loading the collections…', async () => {
        const list = await api.listCollections();
        setCollections(list);
        // One count per collection (the count API), filled in as they come.
        for (const collection of list) {
          api
            .count(collection.id)
            .then((total) => setCounts((previous) => ({ ...previous, [collection.id]: total })))
            .catch((failure) =>
              setCounts((previous) => ({
                ...previous,
                [collection.id]: `unknown (${describeFailure(failure)})`,
              })),
            );
        }
        return `${list.length} collection${list.length === 1 ? '' : 's'}.`;
      }),
    [api, run],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const create = (event: FormEvent) => {
    event.preventDefault();
    const id = newId.trim();
    if (!id) return;
    void run(`Creating the collection ${id}…`, async () => {
      await api.createCollection({ id, displayName: id, fields: [] });
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
      <StatusMessage message={actions.status} />
      <ErrorMessage message={actions.error} />
      {collections && collections.length === 0 && <p className="empty">No collections yet.</p>}
      {collections && collections.length > 0 && (
        <TableScroll label="Collections table">
          <table className="posts">
            <caption className="visually-hidden">Collections</caption>
            <thead>
              <tr>
                <th scope="col">Collection</th>
                <th scope="col">ID</th>
                <th scope="col">Items</th>
                <th scope="col">Fields</th>
                <th scope="col">Read permission</th>
              </tr>
            </thead>
            <tbody>
              {collections.map((collection) => (
                <tr key={collection.id}>
                  <td>
                    <ConsoleLink to={`/collections/${encodeURIComponent(collection.id)}`}>
                      {collection.displayName || collection.id}
                    </ConsoleLink>
                  </td>
                  <td>{collection.id}</td>
                  <td data-testid="item-count">{counts[collection.id] ?? '…'}</td>
                  <td>{collection.fields.filter((field) => !field.systemField).length}</td>
                  <td>{collection.permissions.read}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <form className="panel" onSubmit={create}>
        <h2>New collection</h2>
        <Field
          label="Collection ID"
          hint="Letters, digits, - and _; it cannot change later."
          value={newId}
          onChange={(event) => setNewId(event.target.value)}
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
type Tab = (typeof TABS)[number][0];

function CollectionPage({ api, id }: { api: DataApi; id: string }) {
  const { search } = useConsoleLocation();
  const tab = (TABS.find(([name]) => name === search.get('tab'))?.[0] ?? 'items') as Tab;
  const [collection, setCollection] = useState<DataCollection>();
  const actions = useActions();
  const { run } = actions;
  const load = useCallback(
    () =>
      run('Loading the collection…', async () => {
        setCollection(await api.getCollection(id));
        return undefined;
      }),
    [api, id, run],
  );
  useEffect(() => {
    void load();
  }, [load]);

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
      <StatusMessage message={actions.status} />
      <ErrorMessage message={actions.error} />
      {collection && tab === 'items' && <ItemsTable api={api} collection={collection} />}
      {collection && tab === 'fields' && (
        <FieldsPanel api={api} collection={collection} onChange={setCollection} />
      )}
      {collection && tab === 'indexes' && <IndexesPanel api={api} collection={collection} />}
      {collection && tab === 'import' && <ImportExportPanel api={api} collection={collection} />}
    </>
  );
}
