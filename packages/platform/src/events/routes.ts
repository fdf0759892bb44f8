import {
  type DeliveriesAnswer,
  type DeliveryAnswer,
  relativePath,
  type TestEventAnswer,
  WEBHOOKS_API,
  type WebhookAnswer,
  type WebhookPublicKeyAnswer,
  type WebhooksAnswer,
} from '@atrium/contract/admin';
import { ADMIN_PREFIX } from '@atrium/contract/routes';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { elevatedOnly } from '../http/callers.js';
import { fastifyPath as path } from '../http/routing.js';
import { NoBody, NoQuery } from '../http/schemas.js';
import type { CallerAuthority } from '../oauth/caller.js';
import {
  createWebhook,
  listDeliveries,
  listWebhooks,
  removeWebhook,
  retryDelivery,
  sendTestEvent,
  type WebhooksContext,
  webhookPublicKey,
} from './service.js';
import { TEST_EVENT_TYPES } from './test-events.js';

/**
 * The webhook admin API (the local platform's own routes, under ADMIN_PREFIX): elevated callers
 * only. Paths, answers and bodies are declared once in the contract (WEBHOOKS_API).
 */
export const WEBHOOK_ROUTES = {
  webhooks: relativePath(WEBHOOKS_API.list.path, ADMIN_PREFIX),
  webhook: relativePath(WEBHOOKS_API.remove.path, ADMIN_PREFIX),
  /** A sample event of that type sent now, signed like any delivery (not logged, not retried). */
  testEvent: relativePath(WEBHOOKS_API.testEvent.path, ADMIN_PREFIX),
  /** Newest first. */
  deliveries: relativePath(WEBHOOKS_API.deliveries.path, ADMIN_PREFIX),
  /** Queued again, due now. */
  retryDelivery: relativePath(WEBHOOKS_API.retryDelivery.path, ADMIN_PREFIX),
  publicKey: relativePath(WEBHOOKS_API.publicKey.path, ADMIN_PREFIX),
} as const;

const EventType = Type.String({ minLength: 1, maxLength: 255, pattern: '^[A-Za-z0-9_.-]+$' });
const CreateWebhookRequest = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 2048 }),
  /** Absent: every event type. */
  eventTypes: Type.Optional(Type.Array(EventType, { minItems: 1, maxItems: 100 })),
});
const WebhookParams = Type.Object({ webhookId: Type.String() });
const TestEventRequest = Type.Object({
  eventType: Type.Union(TEST_EVENT_TYPES.map((type) => Type.Literal(type))),
});
const DeliveryParams = Type.Object({ deliveryId: Type.String() });
const DeliveriesQuery = Type.Object({
  webhookId: Type.Optional(Type.String({ maxLength: 64 })),
  status: Type.Optional(
    Type.Union([Type.Literal('PENDING'), Type.Literal('DELIVERED'), Type.Literal('FAILED')]),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
});

export function webhookRoutes(ctx: CallerAuthority & WebhooksContext): FastifyPluginAsyncTypebox {
  const elevated = elevatedOnly(ctx);
  return async (app) => {
    app.get(
      path(WEBHOOK_ROUTES.webhooks),
      { schema: { querystring: NoQuery }, preHandler: elevated },
      (): Promise<WebhooksAnswer> => listWebhooks(ctx),
    );
    app.post(
      path(WEBHOOK_ROUTES.webhooks),
      { schema: { querystring: NoQuery, body: CreateWebhookRequest }, preHandler: elevated },
      (request): Promise<WebhookAnswer> => createWebhook(ctx, request.body),
    );
    app.delete(
      path(WEBHOOK_ROUTES.webhook),
      { schema: { params: WebhookParams, querystring: NoQuery }, preHandler: elevated },
      (request): Promise<WebhookAnswer> => removeWebhook(ctx, request.params.webhookId),
    );
    app.post(
      path(WEBHOOK_ROUTES.testEvent),
      {
        schema: { params: WebhookParams, querystring: NoQuery, body: TestEventRequest },
        preHandler: elevated,
      },
      (request): Promise<TestEventAnswer> =>
        sendTestEvent(ctx, request.params.webhookId, request.body.eventType),
    );
    app.get(
      path(WEBHOOK_ROUTES.deliveries),
      { schema: { querystring: DeliveriesQuery }, preHandler: elevated },
      (request): Promise<DeliveriesAnswer> => listDeliveries(ctx, request.query),
    );
    app.post(
      path(WEBHOOK_ROUTES.retryDelivery),
      { schema: { params: DeliveryParams, querystring: NoQuery, body: NoBody }, preHandler: elevated },
      (request): Promise<DeliveryAnswer> => retryDelivery(ctx, request.params.deliveryId),
    );
    app.get(
      path(WEBHOOK_ROUTES.publicKey),
      { schema: { querystring: NoQuery }, preHandler: elevated },
      (): Promise<WebhookPublicKeyAnswer> => webhookPublicKey(ctx),
    );
  };
}
