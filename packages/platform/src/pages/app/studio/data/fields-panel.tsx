import { COLLECTION_ROLES, DATA_FIELD_TYPES } from '@atrium/contract/routes';
import type {
  CollectionPermissions,
  DataCollection,
  DataCollectionField,
  DataFieldType,
  DataIndex,
} from '@atrium/contract/types';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import {
  ConfirmButton,
  ErrorMessage,
  Field,
  StatusMessage,
  TableScroll,
  useActions,
} from '../../kit/index.js';
import type { DataApi } from './data-api.js';

const OPERATIONS = ['read', 'insert', 'update', 'remove'] as const;

/** A collection's definition: fields (add, rename the label) and the permission of each operation. */
export function FieldsPanel({
  api,
  collection,
  onChange,
}: {
  api: DataApi;
  collection: DataCollection;
  onChange: (collection: DataCollection) => void;
}) {
  const fields = collection.fields.filter((field) => !field.systemField);
  const [labels, setLabels] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((field) => [field.key, field.displayName ?? ''])),
  );
  const [permissions, setPermissions] = useState<Required<CollectionPermissions>>(collection.permissions);
  const [newField, setNewField] = useState<{ key: string; displayName: string; type: DataFieldType }>({
    key: '',
    displayName: '',
    type: 'TEXT',
  });
  const actions = useActions();
  const { run } = actions;

  const put = (
    change: string,
    next: { fields?: DataCollectionField[]; permissions?: CollectionPermissions },
  ) =>
    run(`Saving ${change}…`, async () => {
      const updated = await api.updateCollection({
        id: collection.id,
        displayName: collection.displayName,
        fields: next.fields ?? fields,
        permissions: next.permissions ?? collection.permissions,
        revision: collection.revision,
      });
      onChange(updated);
      setLabels(
        Object.fromEntries(
          updated.fields
            .filter((field) => !field.systemField)
            .map((field) => [field.key, field.displayName ?? '']),
        ),
      );
      setPermissions(updated.permissions);
      return `Saved ${change}.`;
    });

  const addField = (event: FormEvent) => {
    event.preventDefault();
    const key = newField.key.trim();
    if (!key) return;
    if (fields.some((field) => field.key === key)) {
      actions.setError(`The collection already has a field ${key}.`);
      return;
    }
    void put(`the new field ${key}`, {
      fields: [...fields, { key, displayName: newField.displayName.trim() || key, type: newField.type }],
    }).then((done) => {
      if (done) setNewField({ key: '', displayName: '', type: 'TEXT' });
    });
  };

  const rename = (field: DataCollectionField) => {
    const displayName = (labels[field.key] ?? '').trim();
    void put(`the label of ${field.key}`, {
      fields: fields.map((entry) =>
        entry.key === field.key ? { ...entry, displayName: displayName || field.key } : entry,
      ),
    });
  };

  return (
    <>
      <StatusMessage message={actions.status} />
      <ErrorMessage message={actions.error} />
      <section className="panel" aria-labelledby="fields-heading">
        <h2 id="fields-heading">Fields</h2>
        <TableScroll label="Fields table">
          <table className="posts">
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Type</th>
                <th scope="col">Label</th>
                <th scope="col">Required</th>
              </tr>
            </thead>
            <tbody>
              {fields.map((field) => (
                <tr key={field.key}>
                  <td>
                    <code>{field.key}</code>
                  </td>
                  <td>{field.type}</td>
                  <td>
                    <form
                      className="inline-form"
                      onSubmit={(event) => {
                        event.preventDefault();
                        rename(field);
                      }}
                    >
                      <input
                        type="text"
                        aria-label={`Label of ${field.key}`}
                        value={labels[field.key] ?? ''}
                        onChange={(event) => setLabels({ ...labels, [field.key]: event.target.value })}
                      />
                      <button
                        type="submit"
                        className="secondary"
                        aria-label={`Save the label of ${field.key}`}
                        disabled={
                          actions.busy !== undefined ||
                          (labels[field.key] ?? '') === (field.displayName ?? '')
                        }
                      >
                        Save
                      </button>
                    </form>
                  </td>
                  <td>{field.required ? 'Yes' : 'No'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        {fields.length === 0 && <p className="empty">No fields yet.</p>}
      </section>
      <form className="panel" onSubmit={addField} aria-labelledby="add-field-heading">
        <h2 id="add-field-heading">Add a field</h2>
        <Field
          label="Field key"
          hint="How items store it (letters, digits and _); it cannot change later."
          value={newField.key}
          onChange={(event) => setNewField({ ...newField, key: event.target.value })}
          required
        />
        <Field
          label="Field label"
          value={newField.displayName}
          onChange={(event) => setNewField({ ...newField, displayName: event.target.value })}
        />
        <div className="field">
          <label htmlFor="new-field-type">Field type</label>
          <select
            id="new-field-type"
            value={newField.type}
            onChange={(event) => setNewField({ ...newField, type: event.target.value as DataFieldType })}
          >
            {DATA_FIELD_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={actions.busy !== undefined}>
          Add the field
        </button>
      </form>
      <form
        className="panel"
        aria-labelledby="permissions-heading"
        onSubmit={(event) => {
          event.preventDefault();
          void put('the permissions', { permissions });
        }}
      >
        <h2 id="permissions-heading">Permissions</h2>
        <p className="hint">
          Who may do each operation, from anyone (visitors too) to the API key alone (ADMIN).
        </p>
        {OPERATIONS.map((operation) => (
          <div className="field" key={operation}>
            <label htmlFor={`permission-${operation}`}>Who may {operation}</label>
            <select
              id={`permission-${operation}`}
              value={permissions[operation]}
              onChange={(event) =>
                setPermissions({
                  ...permissions,
                  [operation]: event.target.value as (typeof COLLECTION_ROLES)[number],
                })
              }
            >
              {COLLECTION_ROLES.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </select>
          </div>
        ))}
        <button type="submit" disabled={actions.busy !== undefined}>
          Save the permissions
        </button>
      </form>
    </>
  );
}

/** A collection's indexes: list, create (one or more fields), drop. */
export function IndexesPanel({ api, collection }: { api: DataApi; collection: DataCollection }) {
  const [indexes, setIndexes] = useState<DataIndex[]>();
  const [name, setName] = useState('');
  const [path, setPath] = useState(collection.fields.find((field) => !field.systemField)?.key ?? '_id');
  const [order, setOrder] = useState<'ASC' | 'DESC'>('ASC');
  const [unique, setUnique] = useState(false);
  const actions = useActions();
  const { run } = actions;
  const load = useCallback(
    async () => setIndexes(await api.listIndexes(collection.id)),
    [api, collection.id],
  );
  useEffect(() => {
    void run('Loading the indexes…', async () => {
      await load();
      return undefined;
    });
  }, [load, run]);

  const create = (event: FormEvent) => {
    event.preventDefault();
    void run(`Creating the index ${name}…`, async () => {
      await api.createIndex(collection.id, { name: name.trim(), fields: [{ path, order }], unique });
      setName('');
      await load();
      return `Created the index ${name.trim()}.`;
    });
  };

  return (
    <>
      <StatusMessage message={actions.status} />
      <ErrorMessage message={actions.error} />
      <section className="panel" aria-labelledby="indexes-heading">
        <h2 id="indexes-heading">Indexes</h2>
        {indexes && indexes.length === 0 && <p className="empty">No indexes: queries scan the collection.</p>}
        {indexes && indexes.length > 0 && (
          <ul className="term-list">
            {indexes.map((index) => (
              <li className="term" key={index.id}>
                <span className="term-label">
                  {index.name}: {index.fields.map((field) => `${field.path} ${field.order}`).join(', ')}
                  {index.unique ? ' (unique)' : ''}
                </span>
                <span className="actions">
                  <ConfirmButton
                    label="Drop"
                    accessibleLabel={`Drop the index ${index.name}`}
                    question={`Drop the index ${index.name}? Queries it speeds up get slower.`}
                    confirmLabel="Drop the index"
                    onConfirm={() =>
                      void run(`Dropping the index ${index.name}…`, async () => {
                        await api.dropIndex(collection.id, index.name);
                        await load();
                        return `Dropped the index ${index.name}.`;
                      })
                    }
                  />
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <form className="panel" onSubmit={create} aria-labelledby="new-index-heading">
        <h2 id="new-index-heading">New index</h2>
        <Field label="Index name" value={name} onChange={(event) => setName(event.target.value)} required />
        <div className="field">
          <label htmlFor="index-field">Indexed field</label>
          <select id="index-field" value={path} onChange={(event) => setPath(event.target.value)}>
            {collection.fields.map((field) => (
              <option key={field.key} value={field.key}>
                {field.displayName || field.key}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="index-order">Order</label>
          <select
            id="index-order"
            value={order}
            onChange={(event) => setOrder(event.target.value as 'ASC' | 'DESC')}
          >
            <option value="ASC">Ascending</option>
            <option value="DESC">Descending</option>
          </select>
        </div>
        <label>
          <input type="checkbox" checked={unique} onChange={(event) => setUnique(event.target.checked)} />{' '}
          Unique values only
        </label>
        <button type="submit" disabled={actions.busy !== undefined}>
          Create the index
        </button>
      </form>
    </>
  );
}
