import {
  WEBHOOKS_API,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
} from '@atrium/contract/admin';
import { type FormEvent, useState } from 'react';
import {
  adminCall,
  Button,
  type Column,
  ConfirmButton,
  ErrorMessage,
  Field,
  formatDate,
  PagedTable,
  StatusMessage,
  useActions,
  useAdminQuery,
  useInvalidate,
  usePaging,
} from '../../kit/index.js';
import { TestEventForm } from './test-event.js';

/**
 * Webhooks: the endpoints with their event filters (create, delete) and the delivery log (status,
 * attempts, payload), paged on the server; a delivery can be sent again, and a test event sent to
 * an endpoint now (test-event.tsx). The admin API of WEBHOOKS_API.
 */
const PAGE_SIZE = 20;

const DELIVERY_LABELS: Record<WebhookDeliveryStatus, string> = {
  PENDING: 'Pending',
  DELIVERED: 'Delivered',
  FAILED: 'Failed',
};

export function WebhooksSection() {
  const actions = useActions();
  const invalidate = useInvalidate();
  const [status, setStatus] = useState<WebhookDeliveryStatus | ''>('');
  const paging = usePaging(PAGE_SIZE, [status]);
  const webhooks = useAdminQuery(WEBHOOKS_API.list, {});
  const deliveries = useAdminQuery(WEBHOOKS_API.deliveries, {
    query: { status: status || undefined, limit: paging.limit, offset: paging.offset },
  });
  const busy = actions.busy !== undefined;
  const endpointOf = (id: string) => webhooks.data?.webhooks.find((webhook) => webhook.id === id)?.url ?? id;

  const endpointColumns: Column<Webhook>[] = [
    { header: 'Address', rowHeader: true, cell: (webhook) => <code>{webhook.url}</code> },
    { header: 'Events', cell: (webhook) => webhook.eventTypes?.join(', ') ?? 'Every event' },
    { header: 'Added', cell: (webhook) => formatDate(webhook.createdDate) },
    { header: 'Test', cell: (webhook) => <TestEventForm webhook={webhook} /> },
    {
      header: 'Actions',
      hideHeader: true,
      className: 'actions',
      cell: (webhook) =>
        webhook.source === 'API' ? (
          <ConfirmButton
            label="Delete"
            accessibleLabel={`Delete the webhook to ${webhook.url}`}
            question={`Delete the webhook to ${webhook.url}? Its delivery log goes with it.`}
            confirmLabel="Delete the webhook"
            disabled={busy}
            onConfirm={() =>
              void actions.run('Deleting the webhook…', async () => {
                await adminCall(WEBHOOKS_API.remove, { params: { webhookId: webhook.id } });
                await invalidate(WEBHOOKS_API.list, WEBHOOKS_API.deliveries);
                return `The webhook to ${webhook.url} is deleted.`;
              })
            }
          />
        ) : (
          <span className="meta">Given with --webhook-url</span>
        ),
    },
  ];

  const deliveryColumns: Column<WebhookDelivery>[] = [
    {
      header: 'Event',
      rowHeader: true,
      cell: (delivery) => (
        <>
          {delivery.eventType}
          <br />
          <small className="meta">{delivery.entityId}</small>
        </>
      ),
    },
    { header: 'Endpoint', cell: (delivery) => <code>{endpointOf(delivery.webhookId)}</code> },
    {
      header: 'Status',
      cell: (delivery) => (
        <>
          <span className={`badge badge-${delivery.status.toLowerCase()}`}>
            {DELIVERY_LABELS[delivery.status]}
          </span>
          {delivery.lastError && <small className="meta"> ({delivery.lastError})</small>}
        </>
      ),
    },
    { header: 'Attempts', cell: (delivery) => delivery.attempts },
    { header: 'Created', cell: (delivery) => formatDate(delivery.createdDate) },
    {
      header: 'Payload',
      cell: (delivery) => (
        <details>
          <summary>
            Show <span className="visually-hidden">the payload of {delivery.eventType}</span>
          </summary>
          <pre className="mail-text">{JSON.stringify(delivery.payload, null, 2)}</pre>
        </details>
      ),
    },
    {
      header: 'Actions',
      hideHeader: true,
      className: 'actions',
      cell: (delivery) => (
        <button
          type="button"
          className="secondary"
          disabled={busy}
          aria-label={`Retry the delivery of ${delivery.eventType} ${delivery.entityId}`}
          onClick={() =>
            void actions.run('Queueing the delivery again…', async () => {
              await adminCall(WEBHOOKS_API.retryDelivery, { params: { deliveryId: delivery.id } });
              await invalidate(WEBHOOKS_API.deliveries);
              return `The delivery of ${delivery.eventType} is queued again.`;
            })
          }
        >
          Retry
        </button>
      ),
    },
  ];

  return (
    <>
      <h1>Webhooks</h1>
      <ErrorMessage message={actions.error ?? webhooks.failure ?? deliveries.failure} />
      <StatusMessage message={actions.status} />
      <section aria-labelledby="endpoints-heading">
        <h2 id="endpoints-heading">Endpoints</h2>
        {!webhooks.failure && (
          <PagedTable
            label="Endpoints"
            columns={endpointColumns}
            rows={webhooks.data?.webhooks}
            rowKey={(webhook) => webhook.id}
            empty="No endpoint receives the site's events."
            loading="Loading the endpoints…"
          />
        )}
        <AddEndpointForm
          busy={busy}
          onAdd={(body) =>
            actions.run('Adding the webhook…', async () => {
              await adminCall(WEBHOOKS_API.create, { body });
              await invalidate(WEBHOOKS_API.list);
              return `The webhook to ${body.url} is added.`;
            })
          }
        />
      </section>
      <section aria-labelledby="deliveries-heading">
        <h2 id="deliveries-heading">Delivery log</h2>
        <div className="inline-form">
          <div className="field">
            <label htmlFor="delivery-status">Status</label>
            <select
              id="delivery-status"
              value={status}
              onChange={(event) => setStatus(event.target.value as WebhookDeliveryStatus | '')}
            >
              <option value="">All</option>
              {Object.entries(DELIVERY_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="secondary"
            disabled={busy}
            onClick={() =>
              void actions.run('Refreshing the delivery log…', async () => {
                await deliveries.refetch({ throwOnError: true });
                return 'The delivery log is up to date.';
              })
            }
          >
            Refresh the log
          </button>
        </div>
        {!deliveries.failure && (
          <PagedTable
            label="Delivery log"
            columns={deliveryColumns}
            rows={deliveries.data?.deliveries}
            rowKey={(delivery) => delivery.id}
            empty="No delivery yet."
            loading="Loading the delivery log…"
            paging={{
              offset: paging.offset,
              pageSize: PAGE_SIZE,
              total: deliveries.data?.total,
              onOffset: paging.setOffset,
              noun: 'Deliveries',
            }}
          />
        )}
      </section>
    </>
  );
}

/** "Add an endpoint": its address and, optionally, the event types it takes. */
function AddEndpointForm({
  busy,
  onAdd,
}: {
  busy: boolean;
  onAdd: (body: { url: string; eventTypes?: string[] }) => Promise<boolean>;
}) {
  const [url, setUrl] = useState('');
  const [eventTypes, setEventTypes] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const types = eventTypes.split(/[\s,]+/).filter(Boolean);
    if (await onAdd({ url: url.trim(), ...(types.length > 0 ? { eventTypes: types } : {}) })) {
      setUrl('');
      setEventTypes('');
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)}>
      <h3>Add an endpoint</h3>
      <Field
        label="Address (http or https)"
        type="url"
        required
        value={url}
        onChange={(event) => setUrl(event.target.value)}
      />
      <Field
        label="Event types"
        hint="Separated by commas or spaces, e.g. wix.blog.v3.category_created. Empty: every event."
        value={eventTypes}
        onChange={(event) => setEventTypes(event.target.value)}
      />
      <Button busy={busy}>Add the endpoint</Button>
    </form>
  );
}
