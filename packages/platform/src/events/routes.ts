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
import { elevatedRouter } from '../http/elevated-routes.js';
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
  return async (app) => {
    const on = elevatedRouter(app, ctx);
    const webhook = { params: WebhookParams, querystring: NoQuery };
    on.get(
      WEBHOOK_ROUTES.webhooks,
      { querystring: NoQuery },
      (): Promise<WebhooksAnswer> => listWebhooks(ctx),
    );
    on.post(
      WEBHOOK_ROUTES.webhooks,
      { querystring: NoQuery, body: CreateWebhookRequest },
      (request): Promise<WebhookAnswer> => createWebhook(ctx, request.body),
    );
    on.delete(
      WEBHOOK_ROUTES.webhook,
      webhook,
      (request): Promise<WebhookAnswer> => removeWebhook(ctx, request.params.webhookId),
    );
    on.post(
      WEBHOOK_ROUTES.testEvent,
      { ...webhook, body: TestEventRequest },
      (request): Promise<TestEventAnswer> =>
        sendTestEvent(ctx, request.params.webhookId, request.body.eventType),
    );
    on.get(
      WEBHOOK_ROUTES.deliveries,
      { querystring: DeliveriesQuery },
      (request): Promise<DeliveriesAnswer> => listDeliveries(ctx, request.query),
    );
    on.post(
      WEBHOOK_ROUTES.retryDelivery,
      { params: DeliveryParams, querystring: NoQuery, body: NoBody },
      (request): Promise<DeliveryAnswer> => retryDelivery(ctx, request.params.deliveryId),
    );
    on.get(
      WEBHOOK_ROUTES.publicKey,
      { querystring: NoQuery },
      (): Promise<WebhookPublicKeyAnswer> => webhookPublicKey(ctx),
    );
  };
}
