import { API_KEYS_API, type ApiKeyInfo, type ApiKeyRole } from '@atrium/contract/admin';
import { type FormEvent, useState } from 'react';
import { ROLE_LABELS } from '../../console-session.js';
import {
  actionsColumn,
  adminCall,
  Button,
  type ChangeActions,
  type Column,
  ConfirmButton,
  Field,
  formatDate,
  PagedTable,
  rowsOf,
  useAdminQuery,
} from '../../kit/index.js';
import { RoleSelect } from '../staff/role-select.js';

/** The site's API keys: a new one shown once (copyable), the list, revoking one. */
export function ApiKeysPanel({ actions }: { actions: ChangeActions }) {
  const keys = useAdminQuery(API_KEYS_API.list, {});
  const [label, setLabel] = useState('');
  const [role, setRole] = useState<ApiKeyRole>('OWNER');
  const [created, setCreated] = useState<{ label: string; key: string }>();
  const [copied, setCopied] = useState<string>();

  const create = (event: FormEvent) => {
    event.preventDefault();
    const name = label.trim();
    void actions.change(
      'Creating the API key…',
      async () => {
        const answer = await adminCall(API_KEYS_API.create, {
          body: name ? { label: name, role } : { role },
        });
        setCreated({ label: answer.apiKey.label ?? name, key: answer.key });
        setCopied(undefined);
        setLabel('');
      },
      [API_KEYS_API.list],
      'The API key is created. Copy it now: it is shown only once.',
    );
  };

  const copy = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      setCopied('The key is copied to the clipboard.');
    } catch {
      setCopied('The browser did not allow copying: select the key and copy it yourself.');
    }
  };

  const busy = actions.busy !== undefined;

  const keyColumns: Column<ApiKeyInfo>[] = [
    { header: 'Label', rowHeader: true, cell: (key) => key.label ?? 'API key' },
    { header: 'Role', cell: (key) => ROLE_LABELS[key.role] },
    { header: 'Starts with', cell: (key) => <code>{key.hint ? `${key.hint}…` : '—'}</code> },
    { header: 'Created', cell: (key) => formatDate(key.createdDate) },
    { header: 'Last used', cell: (key) => (key.lastUsedDate ? formatDate(key.lastUsedDate) : 'Never') },
    actionsColumn((key) => {
      const name = key.label ?? 'API key';
      return (
        <ConfirmButton
          label="Revoke"
          accessibleLabel={`Revoke ${name}`}
          question={`Revoke “${name}”? Programs using it are refused at once.`}
          confirmLabel={`Revoke ${name}`}
          disabled={busy}
          onConfirm={() =>
            void actions.change(
              `Revoking ${name}…`,
              () => adminCall(API_KEYS_API.revoke, { params: { keyId: key.id } }),
              [API_KEYS_API.list],
              `${name} is revoked.`,
            )
          }
        />
      );
    }),
  ];

  return (
    <section aria-labelledby="keys-heading">
      <h2 id="keys-heading">API keys</h2>
      <p>
        An API key acts for a program with a staff role (an Owner key can do everything): send it in the{' '}
        <code>Authorization</code> header.
      </p>
      {created && (
        <section className="alert alert-info" aria-labelledby="new-key-heading">
          <h3 id="new-key-heading">New key “{created.label}”</h3>
          <p>Copy it now: it is shown only once.</p>
          <label htmlFor="new-key">The key</label>
          <input
            id="new-key"
            readOnly
            value={created.key}
            onFocus={(event) => event.target.select()}
            className="code"
          />
          <p className="actions">
            <button type="button" onClick={() => void copy(created.key)}>
              Copy the key
            </button>
            <button type="button" className="secondary" onClick={() => setCreated(undefined)}>
              Done
            </button>
          </p>
          <p aria-live="polite">{copied}</p>
        </section>
      )}
      <PagedTable
        label="API keys"
        columns={keyColumns}
        {...rowsOf(keys, (answer) => answer.apiKeys)}
        empty="No API key yet."
      />
      <form className="inline-form" onSubmit={create}>
        <Field label="Label of a new key" maxLength={100} value={label} onValue={setLabel} />
        <div className="field">
          <label htmlFor="key-role">Role</label>
          <RoleSelect id="key-role" value={role} onRole={setRole} />
        </div>
        <Button busy={busy}>Create an API key</Button>
      </form>
    </section>
  );
}
