import { OAUTH_CLIENTS_API } from '@atrium/contract/admin';
import { HOSTED_ROUTES } from '@atrium/contract/routes';
import type { OAuthClientInfo } from '@atrium/contract/types';
import {
  ActionMessages,
  type Column,
  PagedTable,
  rowsOf,
  useAdminQuery,
  useChanges,
} from '../../kit/index.js';
import { ApiKeysPanel } from './api-keys-panel.js';
import { StatePanel } from './state-panel.js';

/**
 * Developer: the OAuth clients and their registered origins, the site's API keys
 * (api-keys-panel.tsx), the development mailbox and the API reference, the saved state
 * (state-panel.tsx).
 */

const CLIENT_COLUMNS: Column<OAuthClientInfo>[] = [
  { header: 'Client id', rowHeader: true, cell: (client) => <code>{client.id}</code> },
  {
    header: 'Registered origins',
    cell: (client) =>
      client.redirectOrigins.length === 0 ? (
        'None'
      ) : (
        <ul className="plain-list">
          {client.redirectOrigins.map((entry) => (
            <li key={entry}>
              <code>{entry}</code>
            </li>
          ))}
        </ul>
      ),
  },
];

export function DeveloperSection() {
  const actions = useChanges();
  const clients = useAdminQuery(OAUTH_CLIENTS_API.list, {});
  const origin = window.location.origin;
  return (
    <>
      <h1>Developer</h1>
      <ActionMessages actions={actions} />

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
        <PagedTable
          label="OAuth clients"
          columns={CLIENT_COLUMNS}
          {...rowsOf(clients, (answer) => answer.clients)}
          empty="No OAuth client is registered (start the platform with --client-id)."
        />
      </section>

      <ApiKeysPanel actions={actions} />

      <StatePanel />
    </>
  );
}
