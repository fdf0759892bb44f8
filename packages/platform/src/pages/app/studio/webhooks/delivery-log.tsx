import { WEBHOOKS_API, type WebhookDelivery, type WebhookDeliveryStatus } from '@atrium/contract/admin';
import { useState } from 'react';
import {
  actionsColumn,
  adminCall,
  type ChangeActions,
  type Column,
  formatDate,
  Options,
  PagedTable,
  rowsOf,
  useAdminQuery,
  usePaging,
} from '../../kit/index.js';

/**
 * The delivery log: every event's delivery to each endpoint (status, attempts, payload), newest
 * first, paged on the server and filtered by status; a delivery can be queued again.
 */
const PAGE_SIZE = 20;

const DELIVERY_LABELS: Record<WebhookDeliveryStatus, string> = {
  PENDING: 'Pending',
  DELIVERED: 'Delivered',
  FAILED: 'Failed',
};

export function DeliveryLog({
  actions,
  endpointOf,
}: {
  /** The section's actions: their progress and outcome are shown at its top. */
  actions: ChangeActions;
  /** An endpoint's address, by its id. */
  endpointOf: (webhookId: string) => string;
}) {
  const [status, setStatus] = useState<WebhookDeliveryStatus | ''>('');
  const paging = usePaging(PAGE_SIZE, [status]);
  const deliveries = useAdminQuery(WEBHOOKS_API.deliveries, {
    query: { status: status || undefined, limit: paging.limit, offset: paging.offset },
  });
  const busy = actions.busy !== undefined;

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
    actionsColumn((delivery) => (
      <button
        type="button"
        className="secondary"
        disabled={busy}
        aria-label={`Retry the delivery of ${delivery.eventType} ${delivery.entityId}`}
        onClick={() =>
          void actions.change(
            'Queueing the delivery again…',
            () => adminCall(WEBHOOKS_API.retryDelivery, { params: { deliveryId: delivery.id } }),
            [WEBHOOKS_API.deliveries],
            `The delivery of ${delivery.eventType} is queued again.`,
          )
        }
      >
        Retry
      </button>
    )),
  ];

  return (
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
            <Options choices={Object.entries(DELIVERY_LABELS)} />
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
      <PagedTable
        label="Delivery log"
        columns={deliveryColumns}
        {...rowsOf(deliveries, (answer) => answer.deliveries)}
        empty="No delivery yet."
        paging={{ ...paging, total: deliveries.data?.total, onOffset: paging.setOffset, noun: 'Deliveries' }}
      />
    </section>
  );
}
