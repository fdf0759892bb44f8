import type { Logger } from '../logger.js';
import type { Db } from '../storage/database.js';
import { DeliveryLoop, type PostResult } from './delivery.js';
import type { StoredEvent } from './jwt.js';
import { loadWebhookKeys, type WebhookKeys } from './keys.js';
import type { WebhookDeliveryPolicy } from './options.js';

/** A platform process's webhooks: the signing keys (loaded on first use), the clock, the delivery loop. */
export interface Webhooks {
  keys(): Promise<WebhookKeys>;
  /** The delivery schedule's clock. */
  now(): Date;
  /** Looks for due deliveries now (after a retry was queued). */
  wake(): void;
  /** Posts one event to `url` now, as a delivery's attempt would, recording nothing (test events). */
  send(url: string, event: StoredEvent): Promise<PostResult>;
  /** Starts the delivery loop (unless paused). */
  start(): void;
  /** Stops the delivery loop; attempts under way are abandoned and their claims given back. */
  stop(): Promise<void>;
}

export function createWebhooks(
  db: Db,
  logger: Logger,
  policy: WebhookDeliveryPolicy,
  siteId: string,
): Webhooks {
  let keys: Promise<WebhookKeys> | undefined;
  const loadKeys = () => {
    keys ??= loadWebhookKeys(db).catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };
  const loop = new DeliveryLoop(db, logger, policy, loadKeys, siteId);
  let started = false;
  return {
    keys: loadKeys,
    now: policy.now,
    wake: () => {
      if (started) loop.poke();
    },
    send: (url, event) => loop.send(url, event),
    start: () => {
      if (policy.paused) return;
      started = true;
      loop.start();
    },
    stop: () => loop.stop(),
  };
}
