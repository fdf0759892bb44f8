import { WEBHOOKS_API, type Webhook, type WebhookTestDelivery } from '@atrium/contract/admin';
import { BLOG_EVENT_TYPES, MEMBER_EVENT_TYPES } from '@atrium/contract/routes';
import { useId, useState } from 'react';
import { adminCall, describeFailure } from '../../kit/index.js';

/**
 * "Send a test event" for one webhook: a sample event of a chosen type, sent now by the platform
 * (WEBHOOKS_API.testEvent), signed like every delivery, and what came of it: delivered or not, the
 * endpoint's HTTP status, the time it took, the error.
 */

/** The event types the platform records (and has a sample of). */
export const EVENT_TYPES: readonly string[] = [
  ...Object.values(BLOG_EVENT_TYPES),
  ...Object.values(MEMBER_EVENT_TYPES),
];

/** The outcome in one sentence. */
export function describeTestDelivery(delivery: WebhookTestDelivery): string {
  const status =
    delivery.responseStatusCode === null ? 'no HTTP status' : `HTTP ${delivery.responseStatusCode}`;
  return delivery.delivered
    ? `Delivered ${delivery.eventType}: ${status} in ${delivery.durationMs} ms.`
    : `Not delivered ${delivery.eventType}: ${status} after ${delivery.durationMs} ms (${delivery.error ?? 'failed'}).`;
}

export function TestEventForm({ webhook }: { webhook: Webhook }) {
  // The webhook's own event types, when it names any the platform records; else every one.
  const subscribed = webhook.eventTypes?.filter((type) => EVENT_TYPES.includes(type)) ?? [];
  const choices = webhook.eventTypes === undefined ? EVENT_TYPES : subscribed;
  const [eventType, setEventType] = useState(choices[0] ?? '');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ delivery?: WebhookTestDelivery; error?: string }>();
  const selectId = useId();
  if (choices.length === 0) {
    return <span className="meta">No test event: this webhook takes no event type the platform sends.</span>;
  }

  const send = async () => {
    setSending(true);
    setResult(undefined);
    try {
      const { delivery } = await adminCall(WEBHOOKS_API.testEvent, {
        params: { webhookId: webhook.id },
        body: { eventType },
      });
      setResult({ delivery });
    } catch (failure) {
      setResult({ error: describeFailure(failure) });
    } finally {
      setSending(false);
    }
  };

  return (
    <div
      className="test-event"
      style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center' }}
    >
      <label htmlFor={selectId} className="visually-hidden">
        Test event type for {webhook.url}
      </label>
      <select id={selectId} value={eventType} onChange={(event) => setEventType(event.target.value)}>
        {choices.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="secondary"
        disabled={sending}
        aria-label={`Send a test event to ${webhook.url}`}
        onClick={() => void send()}
      >
        {sending ? 'Sending…' : 'Send a test event'}
      </button>
      <p
        className="test-event-result"
        style={{ margin: 0, flexBasis: '100%' }}
        role="status"
        aria-label={`Test event result for ${webhook.url}`}
      >
        {result?.delivery ? describeTestDelivery(result.delivery) : result?.error}
      </p>
    </div>
  );
}
