import { ADMIN_PREFIX, ADMIN_ROUTES, HOSTED_ROUTES } from '@atrium/contract/routes';
import type { ListOAuthClientsResponse, OAuthClientInfo } from '@atrium/contract/types';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { type ConsoleStaff, ROLE_LABELS } from '../../console-session.js';
import {
  Button,
  ConfirmButton,
  ErrorMessage,
  fillPath,
  formatDate,
  requestJson,
  StatusMessage,
  TableScroll,
  useActions,
} from '../../kit/index.js';
import { RoleSelect } from '../staff/role-select.js';
import { StatePanel } from './state-panel.js';

/**
 * Developer: the OAuth clients and their registered origins, the site's API keys (create: the key
 * shown once, copyable; revoke), the development mailbox and the API reference.
 */
const KEY_ROUTES = { apiKeys: '/v1/api-keys', apiKey: '/v1/api-keys/{keyId}' } as const;

interface ApiKeyInfo {
  id: string;
  label: string | null;
  hint: string | null;
  createdDate: string;
  lastUsedDate: string | null;
  role: ConsoleStaff['role'];
}

export function DeveloperSection() {
  const call = useCallback(
    <T,>(path: string, options: { method?: string; body?: unknown } = {}) =>
      requestJson<T>(ADMIN_PREFIX + path, options),
    [],
  );
  const actions = useActions();
  const [clients, setClients] = useState<OAuthClientInfo[]>();
  const [keys, setKeys] = useState<ApiKeyInfo[]>();
  const [loadError, setLoadError] = useState<string>();
  const [label, setLabel] = useState('');
  const [role, setRole] = useState<ConsoleStaff['role']>('OWNER');
  const [created, setCreated] = useState<{ label: string; key: string }>();
  const [copied, setCopied] = useState<string>();

  const loadKeys = useCallback(async () => {
    try {
      setKeys((await call<{ apiKeys: ApiKeyInfo[] }>(KEY_ROUTES.apiKeys)).apiKeys);
    } catch (failure) {
      setLoadError(failure instanceof Error ? failure.message : 'The API keys could not be loaded.');
    }
  }, [call]);

  useEffect(() => {
    void loadKeys();
    call<ListOAuthClientsResponse>(ADMIN_ROUTES.oauthClients)
      .then((answer) => setClients(answer.clients))
      .catch((failure: unknown) =>
        setLoadError(failure instanceof Error ? failure.message : 'The OAuth clients could not be loaded.'),
      );
  }, [call, loadKeys]);

  const create = (event: FormEvent) => {
    event.preventDefault();
    const name = label.trim();
    void actions.run('Creating the API key…', async () => {
      const answer = await call<{ apiKey: ApiKeyInfo; key: string }>(KEY_ROUTES.apiKeys, {
        method: 'POST',
        body: name ? { label: name, role } : { role },
      });
      setCreated({ label: answer.apiKey.label ?? name, key: answer.key });
      setCopied(undefined);
      setLabel('');
      await loadKeys();
      return 'The API key is created. Copy it now: it is shown only once.';
    });
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
  const origin = window.location.origin;

  return (
    <>
      <h1>Developer</h1>
      <ErrorMessage message={actions.error ?? loadError} />
      <StatusMessage message={actions.status} />

      <section aria-labelledby="reference-heading">
        <h2 id="reference-heading">API reference and tools</h2>
        <ul className="links">
          <li>
            <a href="/_api/reference/">API reference</a> (Swagger UI of every route of this platform)
          </li>
          <li>
            <a href="/_api/openapi.json">OpenAPI document</a> <small>{origin}/_api/openapi.json</small>
          </li>
          <li>
            <a href={HOSTED_ROUTES.mailbox}>Mailbox</a>: the e-mails the platform sent (codes, links); nothing
            leaves this machine
          </li>
        </ul>
      </section>

      <section aria-labelledby="clients-heading">
        <h2 id="clients-heading">OAuth clients</h2>
        {clients === undefined ? (
          !loadError && <p aria-busy="true">Loading the clients…</p>
        ) : clients.length === 0 ? (
          <p>No OAuth client is registered (start the platform with --client-id).</p>
        ) : (
          <TableScroll label="OAuth clients table">
            <table>
              <thead>
                <tr>
                  <th scope="col">Client id</th>
                  <th scope="col">Registered origins</th>
                </tr>
              </thead>
              <tbody>
                {clients.map((client) => (
                  <tr key={client.id}>
                    <th scope="row">
                      <code>{client.id}</code>
                    </th>
                    <td>
                      {client.redirectOrigins.length === 0 ? (
                        'None'
                      ) : (
                        <ul className="plain-list">
                          {client.redirectOrigins.map((entry) => (
                            <li key={entry}>
                              <code>{entry}</code>
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>

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
        {keys === undefined ? (
          !loadError && <p aria-busy="true">Loading the keys…</p>
        ) : (
          <TableScroll label="API keys table">
            <table>
              <thead>
                <tr>
                  <th scope="col">Label</th>
                  <th scope="col">Role</th>
                  <th scope="col">Starts with</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.map((key) => {
                  const name = key.label ?? 'API key';
                  return (
                    <tr key={key.id}>
                      <th scope="row">{name}</th>
                      <td>{ROLE_LABELS[key.role]}</td>
                      <td>
                        <code>{key.hint ? `${key.hint}…` : '—'}</code>
                      </td>
                      <td>{formatDate(key.createdDate)}</td>
                      <td>{key.lastUsedDate ? formatDate(key.lastUsedDate) : 'Never'}</td>
                      <td className="actions">
                        <ConfirmButton
                          label="Revoke"
                          accessibleLabel={`Revoke ${name}`}
                          question={`Revoke “${name}”? Programs using it are refused at once.`}
                          confirmLabel={`Revoke ${name}`}
                          disabled={busy}
                          onConfirm={() =>
                            void actions.run(`Revoking ${name}…`, async () => {
                              await call(fillPath(KEY_ROUTES.apiKey, { keyId: key.id }), {
                                method: 'DELETE',
                              });
                              await loadKeys();
                              return `${name} is revoked.`;
                            })
                          }
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
        )}
        <form className="inline-form" onSubmit={create}>
          <div className="field">
            <label htmlFor="key-label">Label of a new key</label>
            <input
              id="key-label"
              maxLength={100}
              value={label}
              onChange={(event) => setLabel(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="key-role">Role</label>
            <RoleSelect id="key-role" value={role} onRole={setRole} />
          </div>
          <Button busy={busy}>Create an API key</Button>
        </form>
      </section>

      <StatePanel />
    </>
  );
}
