import { ADMIN_PREFIX } from '../routes/platform.js';
import { endpoint } from './endpoint.js';

/**
 * The webhook admin API (platform/src/events/routes.ts): the endpoints the site's events are sent
 * to, the delivery log with its retries, test events and the key receivers verify signatures with.
 */

/** An endpoint. `eventTypes` absent: every event type. */
export interface Webhook {
  id: string;
  url: string;
  eventTypes?: string[];
  /** `START_OPTION` (given with --webhook-url, removed only by restarting without it) or `API`. */
  source: 'START_OPTION' | 'API';
  createdDate: string;
}

/** PENDING (waiting or being attempted), DELIVERED (a 2xx answer) or FAILED (retries given up). */
export type WebhookDeliveryStatus = 'PENDING' | 'DELIVERED' | 'FAILED';
export const WEBHOOK_DELIVERY_STATUSES: readonly WebhookDeliveryStatus[] = ['PENDING', 'DELIVERED', 'FAILED'];

/** One event's delivery to one endpoint, as the log keeps it. */
export interface WebhookDelivery {
  id: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  entityFqdn: string;
  entityId: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The last failed attempt's reason; null once delivered. */
  lastError: string | null;
  /** The last attempt's HTTP status; null if it had none (no connection, timeout). */
  responseStatusCode: number | null;
  /** When a PENDING delivery is next attempted. */
  nextAttemptDate: string | null;
  lastAttemptDate: string | null;
  deliveredDate: string | null;
  createdDate: string;
  /** The event's body (the entity and what changed), as the JWT carries it. */
  payload: Record<string, unknown>;
}

/** What sending a test event came to: one attempt, not logged and not retried. */
export interface WebhookTestDelivery {
  eventType: string;
  /** The test event's id (the domain event's `id`) and its entity's. */
  eventId: string;
  entityId: string;
  /** Whether the endpoint answered 2xx within the delivery timeout. */
  delivered: boolean;
  /** The endpoint's HTTP status; null without one (no connection, timeout). */
  responseStatusCode: number | null;
  /** From the start of the attempt (signing included) to its end, in ms. */
  durationMs: number;
  /** Why it failed; null when delivered. */
  error: string | null;
}

export interface WebhooksAnswer {
  webhooks: Webhook[];
}
/** The endpoint made, or removed (with its deliveries). */
export interface WebhookAnswer {
  webhook: Webhook;
}
export interface CreateWebhookBody {
  url: string;
  /** Absent: every event type. */
  eventTypes?: string[];
}
export interface TestEventBody {
  /** One of the event types the platform has a sample of (BLOG_EVENT_TYPES, MEMBER_EVENT_TYPES). */
  eventType: string;
}
export interface TestEventAnswer {
  delivery: WebhookTestDelivery;
}
export interface DeliveriesQuery {
  webhookId?: string;
  status?: WebhookDeliveryStatus;
  /** 1–100; 50 when absent. */
  limit?: number;
  offset?: number;
}
/** A page of the log, newest first; `total` counts every delivery that matches. */
export interface DeliveriesAnswer {
  deliveries: WebhookDelivery[];
  total: number;
}
/** The delivery, queued again (due now). */
export interface DeliveryAnswer {
  delivery: WebhookDelivery;
}
/** SPKI PEM: what receivers verify the JWTs with. */
export interface WebhookPublicKeyAnswer {
  publicKey: string;
}

export const WEBHOOKS_API = {
  list: endpoint<WebhooksAnswer>()('GET', `${ADMIN_PREFIX}/v1/webhooks`),
  create: endpoint<WebhookAnswer, CreateWebhookBody>()('POST', `${ADMIN_PREFIX}/v1/webhooks`),
  remove: endpoint<WebhookAnswer>()('DELETE', `${ADMIN_PREFIX}/v1/webhooks/{webhookId}`),
  /** A sample event of that type sent now, signed like any delivery. */
  testEvent: endpoint<TestEventAnswer, TestEventBody>()(
    'POST',
    `${ADMIN_PREFIX}/v1/webhooks/{webhookId}/test`,
  ),
  deliveries: endpoint<DeliveriesAnswer, undefined, DeliveriesQuery>()(
    'GET',
    `${ADMIN_PREFIX}/v1/webhook-deliveries`,
  ),
  retryDelivery: endpoint<DeliveryAnswer>()(
    'POST',
    `${ADMIN_PREFIX}/v1/webhook-deliveries/{deliveryId}/retry`,
  ),
  publicKey: endpoint<WebhookPublicKeyAnswer>()('GET', `${ADMIN_PREFIX}/v1/webhook-public-key`),
} as const;
