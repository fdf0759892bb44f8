import type { Webhook, WebhookDelivery, WebhookTestDelivery } from '@atrium/contract/admin';
import { httpError, validationError } from '../errors.js';
import type { Db } from '../storage/database.js';
import type { WebhookDeliveryStatus } from '../storage/schema.js';
import { type DeliveryRow, requeueDelivery, selectDeliveries, selectDelivery } from './delivery-store.js';
import {
  deleteEndpoint,
  type EndpointRow,
  insertEndpoint,
  selectEndpoint,
  selectEndpoints,
} from './endpoint-store.js';
import type { Webhooks } from './runtime.js';
import { type TestEventType, testEvent } from './test-events.js';
import { parseWebhookUrl } from './webhook-url.js';

/** The webhook admin API's rules (routes.ts): endpoints, the delivery log, retries, the public key. */

export interface WebhooksContext {
  readonly db: Db;
  readonly webhooks: Webhooks;
}

/** An endpoint and a delivery on the wire: the admin API's answers (`@atrium/contract/admin`). */
type WireWebhook = Webhook;
type WireDelivery = WebhookDelivery;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string) => UUID.test(value);

export async function createWebhook(
  ctx: WebhooksContext,
  request: { url: string; eventTypes?: readonly string[] },
): Promise<{ webhook: WireWebhook }> {
  const parsed = parseWebhookUrl(request.url);
  if ('problem' in parsed) {
    throw validationError([{ field: 'url', description: `must be an http(s) URL: it ${parsed.problem}` }]);
  }
  const eventTypes = request.eventTypes === undefined ? null : [...new Set(request.eventTypes)];
  return { webhook: wireWebhook(await insertEndpoint(ctx.db, { url: parsed.url, eventTypes })) };
}

export async function listWebhooks(ctx: WebhooksContext): Promise<{ webhooks: WireWebhook[] }> {
  return { webhooks: (await selectEndpoints(ctx.db)).map(wireWebhook) };
}

/** Removes an endpoint made with this API, and its deliveries; one given by --webhook-url cannot be. */
export async function removeWebhook(ctx: WebhooksContext, id: string): Promise<{ webhook: WireWebhook }> {
  const endpoint = isUuid(id) ? await selectEndpoint(ctx.db, id) : undefined;
  if (endpoint === undefined) throw httpError(404, `no webhook has the id "${id}"`);
  if (endpoint.source === 'config') {
    throw httpError(
      409,
      `webhook "${id}" was given with --webhook-url; it is removed by starting the platform without that option`,
    );
  }
  await deleteEndpoint(ctx.db, id);
  return { webhook: wireWebhook(endpoint) };
}

export async function listDeliveries(
  ctx: WebhooksContext,
  query: { webhookId?: string; status?: WebhookDeliveryStatus; limit?: number; offset?: number },
): Promise<{ deliveries: WireDelivery[]; total: number }> {
  if (query.webhookId !== undefined && !isUuid(query.webhookId)) return { deliveries: [], total: 0 };
  const { rows, total } = await selectDeliveries(ctx.db, {
    webhookId: query.webhookId,
    status: query.status,
    limit: query.limit ?? 50,
    offset: query.offset ?? 0,
  });
  return { deliveries: rows.map(wireDelivery), total };
}

/**
 * Queues a delivery again now, with a fresh 24-hour retry window: a FAILED one is retried, a
 * DELIVERED one sent again, a PENDING one attempted without waiting for its backoff.
 */
export async function retryDelivery(ctx: WebhooksContext, id: string): Promise<{ delivery: WireDelivery }> {
  const queued = isUuid(id) && (await requeueDelivery(ctx.db, id, ctx.webhooks.now()));
  const delivery = queued ? await selectDelivery(ctx.db, id) : undefined;
  if (delivery === undefined) throw httpError(404, `no webhook delivery has the id "${id}"`);
  ctx.webhooks.wake();
  return { delivery: wireDelivery(delivery) };
}

/** What sending a test event came to (the contract's answer). */
export type WireTestDelivery = WebhookTestDelivery;

/**
 * Sends a sample event of `eventType` to an endpoint now, signed and posted as any delivery's
 * attempt (delivery.ts), and answers how it went. The event is not recorded: it has no delivery in
 * the log and is not retried. The endpoint must take events of that type.
 */
export async function sendTestEvent(
  ctx: WebhooksContext,
  id: string,
  eventType: TestEventType,
): Promise<{ delivery: WireTestDelivery }> {
  const endpoint = isUuid(id) ? await selectEndpoint(ctx.db, id) : undefined;
  if (endpoint === undefined) throw httpError(404, `no webhook has the id "${id}"`);
  if (endpoint.event_types !== null && !endpoint.event_types.includes(eventType)) {
    throw validationError([
      {
        field: 'eventType',
        description: `is not one of this webhook's event types (${endpoint.event_types.join(', ')})`,
      },
    ]);
  }
  const event = testEvent(eventType, ctx.webhooks.now());
  const started = performance.now();
  const result = await ctx.webhooks.send(endpoint.url, event);
  return {
    delivery: {
      eventType,
      eventId: event.id,
      entityId: event.entityId,
      delivered: result.kind === 'delivered',
      responseStatusCode: result.status,
      durationMs: Math.round(performance.now() - started),
      error: result.kind === 'failed' ? result.error : null,
    },
  };
}

export async function webhookPublicKey(ctx: WebhooksContext): Promise<{ publicKey: string }> {
  return { publicKey: (await ctx.webhooks.keys()).publicKeyPem };
}

const wireWebhook = (row: EndpointRow): WireWebhook => ({
  id: row.id,
  url: row.url,
  ...(row.event_types === null ? {} : { eventTypes: row.event_types }),
  source: row.source === 'config' ? 'START_OPTION' : 'API',
  createdDate: row.created_at.toISOString(),
});

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

const wireDelivery = (row: DeliveryRow): WireDelivery => ({
  id: row.id,
  webhookId: row.webhook_id,
  eventId: row.event_id,
  eventType: row.event_type,
  entityFqdn: row.entity_fqdn,
  entityId: row.entity_id,
  status: row.status,
  attempts: row.attempts,
  lastError: row.last_error,
  responseStatusCode: row.response_status,
  nextAttemptDate: row.status === 'PENDING' ? row.next_attempt_at.toISOString() : null,
  lastAttemptDate: iso(row.last_attempt_at),
  deliveredDate: iso(row.delivered_at),
  createdDate: row.created_at.toISOString(),
  payload: row.body,
});
