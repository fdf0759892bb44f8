import { COLLECTION_ROLES, DATA_FIELD_TYPES } from '@atrium/contract/routes';
import type {
  CollectionPermissions,
  DataCollection,
  DataCollectionField,
  DataFieldType,
  DataIndex,
} from '@atrium/contract/types';
import { type FormEvent, type ReactNode, useState } from 'react';
import {
  ActionMessages,
  type ActionState,
  actionsColumn,
  type Column,
  ConfirmButton,
  ErrorMessage,
  Field,
  Options,
  PagedTable,
  useActions,
  useConsoleQuery,
  useFieldId,
  useInvalidate,
} from '../../kit/index.js';
import { DATA_KEYS, dataApi } from './data-api.js';

const OPERATIONS = ['read', 'insert', 'update', 'remove'] as const;

/** A labelled choice among `options` (value, words). */
function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
}) {
  const id = useFieldId('select');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as T)}>
        <Options choices={options} />
      </select>
    </div>
  );
}

const same = <T extends string>(values: readonly T[]) => values.map((value) => [value, value] as const);

/** A panel's outcome line and error, then its content under a heading. */
export function Panel({
  actions,
  heading,
  id,
  children,
}: {
  actions: ActionState;
  heading: string;
  id: string;
  children: ReactNode;
}) {
  return (
    <>
      <ActionMessages actions={actions} />
      <section className="panel" aria-labelledby={id}>
        <h2 id={id}>{heading}</h2>
        {children}
      </section>
    </>
  );
}

const labelsOf = (fields: DataCollectionField[]) =>
  Object.fromEntries(
    fields.filter((field) => !field.systemField).map((field) => [field.key, field.displayName ?? '']),
  );

/** A collection's definition: fields (add, rename the label) and the permission of each operation. */
export function FieldsPanel({ collection }: { collection: DataCollection }) {
  const fields = collection.fields.filter((field) => !field.systemField);
  const [labels, setLabels] = useState<Record<string, string>>(() => labelsOf(fields));
  const [permissions, setPermissions] = useState<Required<CollectionPermissions>>(collection.permissions);
  const [newField, setNewField] = useState<{ key: string; displayName: string; type: DataFieldType }>({
    key: '',
    displayName: '',
    type: 'TEXT',
  });
  const actions = useActions();
  const invalidate = useInvalidate();

  const put = (
    change: string,
    next: { fields?: DataCollectionField[]; permissions?: CollectionPermissions },
  ) =>
    actions.run(`Saving ${change}…`, async () => {
      const updated = await dataApi.saveCollection(
        {
          id: collection.id,
          displayName: collection.displayName,
          fields: next.fields ?? fields,
          permissions: next.permissions ?? collection.permissions,
          revision: collection.revision,
        },
        'PUT',
      );
      setLabels(labelsOf(updated.fields));
      setPermissions(updated.permissions);
      // The page's collection (and the list) load again: the next change sends the new revision.
      await invalidate(DATA_KEYS.collections);
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

  const columns: Column<DataCollectionField>[] = [
    { header: 'Key', cell: (field) => <code>{field.key}</code> },
    { header: 'Type', cell: (field) => field.type },
    {
      header: 'Label',
      cell: (field) => (
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
            disabled={actions.busy !== undefined || (labels[field.key] ?? '') === (field.displayName ?? '')}
          >
            Save
          </button>
        </form>
      ),
    },
    { header: 'Required', cell: (field) => (field.required ? 'Yes' : 'No') },
  ];

  return (
    <>
      <Panel actions={actions} heading="Fields" id="fields-heading">
        <PagedTable
          label="Fields"
          columns={columns}
          rows={fields}
          rowKey={(field) => field.key}
          empty="No fields yet."
        />
      </Panel>
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
        <SelectField
          label="Field type"
          value={newField.type}
          options={same(DATA_FIELD_TYPES)}
          onChange={(type) => setNewField({ ...newField, type })}
        />
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
          <SelectField
            key={operation}
            label={`Who may ${operation}`}
            value={permissions[operation]}
            options={same(COLLECTION_ROLES)}
            onChange={(role) => setPermissions({ ...permissions, [operation]: role })}
          />
        ))}
        <button type="submit" disabled={actions.busy !== undefined}>
          Save the permissions
        </button>
      </form>
    </>
  );
}

/** A collection's indexes: list, create (one or more fields), drop. */
export function IndexesPanel({ collection }: { collection: DataCollection }) {
  const indexes = useConsoleQuery([DATA_KEYS.indexes, collection.id], () =>
    dataApi.listIndexes(collection.id),
  );
  const invalidate = useInvalidate();
  const [name, setName] = useState('');
  const [path, setPath] = useState(collection.fields.find((field) => !field.systemField)?.key ?? '_id');
  const [order, setOrder] = useState<'ASC' | 'DESC'>('ASC');
  const [unique, setUnique] = useState(false);
  const actions = useActions();
  const { run } = actions;

  const create = (event: FormEvent) => {
    event.preventDefault();
    void run(`Creating the index ${name}…`, async () => {
      await dataApi.createIndex(collection.id, { name: name.trim(), fields: [{ path, order }], unique });
      setName('');
      await invalidate(DATA_KEYS.indexes);
      return `Created the index ${name.trim()}.`;
    });
  };

  const drop = (index: DataIndex) =>
    void run(`Dropping the index ${index.name}…`, async () => {
      await dataApi.dropIndex(collection.id, index.name);
      await invalidate(DATA_KEYS.indexes);
      return `Dropped the index ${index.name}.`;
    });

  const columns: Column<DataIndex>[] = [
    { header: 'Index', rowHeader: true, cell: (index) => index.name },
    {
      header: 'Fields',
      cell: (index) => index.fields.map((field) => `${field.path} ${field.order}`).join(', '),
    },
    { header: 'Unique', cell: (index) => (index.unique ? 'Yes' : 'No') },
    actionsColumn((index) => (
      <ConfirmButton
        label="Drop"
        accessibleLabel={`Drop the index ${index.name}`}
        question={`Drop the index ${index.name}? Queries it speeds up get slower.`}
        confirmLabel="Drop the index"
        onConfirm={() => drop(index)}
      />
    )),
  ];

  return (
    <>
      <Panel actions={actions} heading="Indexes" id="indexes-heading">
        <ErrorMessage message={indexes.failure} />
        <PagedTable
          label="Indexes"
          columns={columns}
          rows={indexes.data}
          rowKey={(index) => index.id}
          empty="No indexes: queries scan the collection."
          loading="Loading the indexes…"
        />
      </Panel>
      <form className="panel" onSubmit={create} aria-labelledby="new-index-heading">
        <h2 id="new-index-heading">New index</h2>
        <Field label="Index name" value={name} onValue={setName} required />
        <SelectField
          label="Indexed field"
          value={path}
          options={collection.fields.map((field) => [field.key, field.displayName || field.key] as const)}
          onChange={setPath}
        />
        <SelectField
          label="Order"
          value={order}
          options={[
            ['ASC', 'Ascending'],
            ['DESC', 'Descending'],
          ]}
          onChange={setOrder}
        />
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
