import { ADMIN_PREFIX } from '@atrium/contract/routes';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
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
import { TestEventForm } from './test-event.js';

/**
 * Webhooks: the endpoints with their event filters (create, delete) and the delivery log (status,
 * attempts, payload), paged on the server; a delivery can be sent again, and a test event sent to
 * an endpoint now (test-event.tsx). The admin API of events/routes.ts.
 */
const ROUTES = {
  webhooks: '/v1/webhooks',
  webhook: '/v1/webhooks/{webhookId}',
  deliveries: '/v1/webhook-deliveries',
  retry: '/v1/webhook-deliveries/{deliveryId}/retry',
} as const;
const PAGE_SIZE = 20;

interface Webhook {
  id: string;
  url: string;
  eventTypes?: string[];
  source: 'START_OPTION' | 'API';
  createdDate: string;
}

interface Delivery {
  id: string;
  webhookId: string;
  eventType: string;
  entityId: string;
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  attempts: number;
  lastError: string | null;
  responseStatusCode: number | null;
  lastAttemptDate: string | null;
  createdDate: string;
  payload?: Record<string, unknown>;
}

export function WebhooksSection() {
  const call = useCallback(
    <T,>(path: string, options: { method?: string; body?: unknown } = {}) =>
      requestJson<T>(ADMIN_PREFIX + path, options),
    [],
  );
  const actions = useActions();
  const [webhooks, setWebhooks] = useState<Webhook[]>();
  const [deliveries, setDeliveries] = useState<{ deliveries: Delivery[]; total: number }>();
  const [page, setPage] = useState(0);
  const [statusFilter, setStatusFilter] = useState('');
  const [loadError, setLoadError] = useState<string>();
  const [url, setUrl] = useState('');
  const [eventTypes, setEventTypes] = useState('');

  const loadWebhooks = useCallback(async () => {
    try {
      setWebhooks((await call<{ webhooks: Webhook[] }>(ROUTES.webhooks)).webhooks);
    } catch (failure) {
      setLoadError(failure instanceof Error ? failure.message : 'The webhooks could not be loaded.');
    }
  }, [call]);

  const loadDeliveries = useCallback(async () => {
    const params = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(page * PAGE_SIZE) });
    if (statusFilter) params.set('status', statusFilter);
    try {
      setDeliveries(await call(`${ROUTES.deliveries}?${params}`));
    } catch (failure) {
      setLoadError(failure instanceof Error ? failure.message : 'The delivery log could not be loaded.');
    }
  }, [call, page, statusFilter]);

  useEffect(() => {
    void loadWebhooks();
  }, [loadWebhooks]);
  useEffect(() => {
    void loadDeliveries();
  }, [loadDeliveries]);

  const create = (event: FormEvent) => {
    event.preventDefault();
    const types = eventTypes
      .split(/[\s,]+/)
      .map((type) => type.trim())
      .filter(Boolean);
    void actions.run('Adding the webhook…', async () => {
      await call(ROUTES.webhooks, {
        method: 'POST',
        body: { url: url.trim(), ...(types.length > 0 ? { eventTypes: types } : {}) },
      });
      setUrl('');
      setEventTypes('');
      await loadWebhooks();
      return `The webhook to ${url.trim()} is added.`;
    });
  };

  const total = deliveries?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const busy = actions.busy !== undefined;
  const endpointOf = (id: string) => webhooks?.find((webhook) => webhook.id === id)?.url ?? id;

  return (
    <>
      <h1>Webhooks</h1>
      <ErrorMessage message={actions.error ?? loadError} />
      <StatusMessage message={actions.status} />
      <section aria-labelledby="endpoints-heading">
        <h2 id="endpoints-heading">Endpoints</h2>
        {webhooks === undefined ? (
          !loadError && <p aria-busy="true">Loading the endpoints…</p>
        ) : webhooks.length === 0 ? (
          <p>No endpoint receives the site's events.</p>
        ) : (
          <TableScroll label="Endpoints table">
            <table>
              <thead>
                <tr>
                  <th scope="col">Address</th>
                  <th scope="col">Events</th>
                  <th scope="col">Added</th>
                  <th scope="col">Test</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {webhooks.map((webhook) => (
                  <tr key={webhook.id}>
                    <th scope="row">
                      <code>{webhook.url}</code>
                    </th>
                    <td>{webhook.eventTypes?.join(', ') ?? 'Every event'}</td>
                    <td>{formatDate(webhook.createdDate)}</td>
                    <td>
                      <TestEventForm webhook={webhook} />
                    </td>
                    <td className="actions">
                      {webhook.source === 'API' ? (
                        <ConfirmButton
                          label="Delete"
                          accessibleLabel={`Delete the webhook to ${webhook.url}`}
                          question={`Delete the webhook to ${webhook.url}? Its delivery log goes with it.`}
                          confirmLabel="Delete the webhook"
                          disabled={busy}
                          onConfirm={() =>
                            void actions.run('Deleting the webhook…', async () => {
                              await call(fillPath(ROUTES.webhook, { webhookId: webhook.id }), {
                                method: 'DELETE',
                              });
                              await Promise.all([loadWebhooks(), loadDeliveries()]);
                              return `The webhook to ${webhook.url} is deleted.`;
                            })
                          }
                        />
                      ) : (
                        <span className="meta">Given with --webhook-url</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
        <form onSubmit={create}>
          <h3>Add an endpoint</h3>
          <div className="field">
            <label htmlFor="webhook-url">Address (http or https)</label>
            <input
              id="webhook-url"
              type="url"
              required
              value={url}
              onChange={(event) => setUrl(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="webhook-events">Event types</label>
            <p className="hint" id="webhook-events-hint">
              Separated by commas or spaces, e.g. wix.blog.v3.category_created. Empty: every event.
            </p>
            <input
              id="webhook-events"
              aria-describedby="webhook-events-hint"
              value={eventTypes}
              onChange={(event) => setEventTypes(event.target.value)}
            />
          </div>
          <Button busy={busy}>Add the endpoint</Button>
        </form>
      </section>
      <section aria-labelledby="deliveries-heading">
        <h2 id="deliveries-heading">Delivery log</h2>
        <div className="inline-form">
          <div className="field">
            <label htmlFor="delivery-status">Status</label>
            <select
              id="delivery-status"
              value={statusFilter}
              onChange={(event) => {
                setPage(0);
                setStatusFilter(event.target.value);
              }}
            >
              <option value="">All</option>
              <option value="PENDING">Pending</option>
              <option value="DELIVERED">Delivered</option>
              <option value="FAILED">Failed</option>
            </select>
          </div>
          <button
            type="button"
            className="secondary"
            disabled={busy}
            onClick={() =>
              void actions.run('Refreshing the delivery log…', async () => {
                await loadDeliveries();
                return 'The delivery log is up to date.';
              })
            }
          >
            Refresh the log
          </button>
        </div>
        {deliveries === undefined ? (
          !loadError && <p aria-busy="true">Loading the delivery log…</p>
        ) : deliveries.deliveries.length === 0 ? (
          <p>No delivery yet.</p>
        ) : (
          <TableScroll label="Delivery log table">
            <table>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Endpoint</th>
                  <th scope="col">Status</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Created</th>
                  <th scope="col">Payload</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {deliveries.deliveries.map((delivery) => (
                  <tr key={delivery.id} data-delivery={delivery.id}>
                    <th scope="row">
                      {delivery.eventType}
                      <br />
                      <small className="meta">{delivery.entityId}</small>
                    </th>
                    <td>
                      <code>{endpointOf(delivery.webhookId)}</code>
                    </td>
                    <td>
                      <span className={`badge badge-${delivery.status.toLowerCase()}`}>
                        {DELIVERY_LABELS[delivery.status]}
                      </span>
                      {delivery.lastError && <small className="meta"> ({delivery.lastError})</small>}
                    </td>
                    <td>{delivery.attempts}</td>
                    <td>{formatDate(delivery.createdDate)}</td>
                    <td>
                      <details>
                        <summary>
                          Show <span className="visually-hidden">the payload of {delivery.eventType}</span>
                        </summary>
                        <pre className="mail-text">{JSON.stringify(delivery.payload ?? {}, null, 2)}</pre>
                      </details>
                    </td>
                    <td className="actions">
                      <button
                        type="button"
                        className="secondary"
                        disabled={busy}
                        aria-label={`Retry the delivery of ${delivery.eventType} ${delivery.entityId}`}
                        onClick={() =>
                          void actions.run('Queueing the delivery again…', async () => {
                            await call(fillPath(ROUTES.retry, { deliveryId: delivery.id }), {
                              method: 'POST',
                              body: {},
                            });
                            await loadDeliveries();
                            return `The delivery of ${delivery.eventType} is queued again.`;
                          })
                        }
                      >
                        Retry
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
        {deliveries && total > 0 && (
          <nav className="pager" aria-label="Pages of the delivery log">
            <button
              type="button"
              className="secondary"
              disabled={page === 0}
              onClick={() => setPage(page - 1)}
            >
              Previous page
            </button>
            <span>
              Page {page + 1} of {pages} · {total} {total === 1 ? 'delivery' : 'deliveries'}
            </span>
            <button
              type="button"
              className="secondary"
              disabled={page + 1 >= pages}
              onClick={() => setPage(page + 1)}
            >
              Next page
            </button>
          </nav>
        )}
      </section>
    </>
  );
}

const DELIVERY_LABELS: Record<Delivery['status'], string> = {
  PENDING: 'Pending',
  DELIVERED: 'Delivered',
  FAILED: 'Failed',
};
