import { WEBHOOKS_API, type Webhook } from '@atrium/contract/admin';
import { type FormEvent, useState } from 'react';
import {
  ActionMessages,
  actionsColumn,
  adminCall,
  Button,
  type Column,
  ConfirmButton,
  Field,
  formatDate,
  PagedTable,
  rowsOf,
  useAdminQuery,
  useChanges,
} from '../../kit/index.js';
import { DeliveryLog } from './delivery-log.js';
import { TestEventForm } from './test-event.js';

/**
 * Webhooks: the endpoints with their event filters (create, delete) and the delivery log (status,
 * attempts, payload), paged on the server; a delivery can be sent again, and a test event sent to
 * an endpoint now (test-event.tsx), the log in delivery-log.tsx. The admin API of WEBHOOKS_API.
 */

export function WebhooksSection() {
  const actions = useChanges();
  const webhooks = useAdminQuery(WEBHOOKS_API.list, {});
  const busy = actions.busy !== undefined;
  const endpointOf = (id: string) => webhooks.data?.webhooks.find((webhook) => webhook.id === id)?.url ?? id;

  const endpointColumns: Column<Webhook>[] = [
    { header: 'Address', rowHeader: true, cell: (webhook) => <code>{webhook.url}</code> },
    { header: 'Events', cell: (webhook) => webhook.eventTypes?.join(', ') ?? 'Every event' },
    { header: 'Added', cell: (webhook) => formatDate(webhook.createdDate) },
    { header: 'Test', cell: (webhook) => <TestEventForm webhook={webhook} /> },
    actionsColumn((webhook) =>
      webhook.source === 'API' ? (
        <ConfirmButton
          label="Delete"
          accessibleLabel={`Delete the webhook to ${webhook.url}`}
          question={`Delete the webhook to ${webhook.url}? Its delivery log goes with it.`}
          confirmLabel="Delete the webhook"
          disabled={busy}
          onConfirm={() =>
            void actions.change(
              'Deleting the webhook…',
              () => adminCall(WEBHOOKS_API.remove, { params: { webhookId: webhook.id } }),
              [WEBHOOKS_API.list, WEBHOOKS_API.deliveries],
              `The webhook to ${webhook.url} is deleted.`,
            )
          }
        />
      ) : (
        <span className="meta">Given with --webhook-url</span>
      ),
    ),
  ];

  return (
    <>
      <h1>Webhooks</h1>
      <ActionMessages actions={actions} />
      <section aria-labelledby="endpoints-heading">
        <h2 id="endpoints-heading">Endpoints</h2>
        <PagedTable
          label="Endpoints"
          columns={endpointColumns}
          {...rowsOf(webhooks, (answer) => answer.webhooks)}
          empty="No endpoint receives the site's events."
        />
        <AddEndpointForm
          busy={busy}
          onAdd={(body) =>
            actions.change(
              'Adding the webhook…',
              () => adminCall(WEBHOOKS_API.create, { body }),
              [WEBHOOKS_API.list],
              `The webhook to ${body.url} is added.`,
            )
          }
        />
      </section>
      <DeliveryLog actions={actions} endpointOf={endpointOf} />
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
      <Field label="Address (http or https)" type="url" required value={url} onValue={setUrl} />
      <Field
        label="Event types"
        hint="Separated by commas or spaces, e.g. wix.blog.v3.category_created. Empty: every event."
        value={eventTypes}
        onValue={setEventTypes}
      />
      <Button busy={busy}>Add the endpoint</Button>
    </form>
  );
}
