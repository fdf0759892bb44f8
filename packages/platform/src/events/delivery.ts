import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger.js';
import type { Db } from '../storage/database.js';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  pruneDeliveryLog,
  recordAttempt,
  releaseClaim,
} from './delivery-store.js';
import { type StoredEvent, signWebhookJwt } from './jwt.js';
import type { WebhookKeys } from './keys.js';
import type { WebhookDeliveryPolicy } from './options.js';
import { eventsRecorded } from './wake.js';

/**
 * After recordEvent rings, look for due deliveries this long later (ms): its transaction has
 * usually committed by the first, else by one of the next; the regular poll covers the rest.
 */
const WAKE_DELAYS_MS = [5, 25, 100];
/** What is kept of a receiver's error (the delivery log's `lastError`). */
const MAX_ERROR_LENGTH = 500;
/** How often a process prunes the delivery log (options.ts `retainForMs`), by the policy's clock. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * The delivery loop of one platform process: every `pollMs` (and soon after `recordEvent`), it
 * claims due deliveries (delivery-store.ts), posts each as a signed JWT and records the outcome.
 * At least once: a delivery is marked DELIVERED only after a 2xx; a process that dies mid-attempt
 * leaves a lease that expires, and another process (or the next start) tries again.
 */
export class DeliveryLoop {
  private timer: NodeJS.Timeout | undefined;
  private readonly wakeTimers = new Set<NodeJS.Timeout>();
  private unsubscribe: (() => void) | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private readonly stopping = new AbortController();
  /** When this process last pruned the delivery log (the first pass prunes), and the prune under way. */
  private prunedAt = Number.NEGATIVE_INFINITY;
  private pruning: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly policy: WebhookDeliveryPolicy,
    private readonly keys: () => Promise<WebhookKeys>,
    /** The site the events are of (site/site-id.ts): the envelope's `instanceId` and `accountInfo.siteId`. */
    private readonly siteId: string,
  ) {}

  start(): void {
    if (this.stopped || this.timer !== undefined) return;
    this.timer = setInterval(() => this.poke(), this.policy.pollMs);
    this.unsubscribe = eventsRecorded.subscribe(() => this.wakeSoon());
    this.poke();
  }

  private wakeSoon(): void {
    for (const timer of this.wakeTimers) clearTimeout(timer);
    this.wakeTimers.clear();
    for (const delay of WAKE_DELAYS_MS) {
      const timer = setTimeout(() => {
        this.wakeTimers.delete(timer);
        this.poke();
      }, delay);
      this.wakeTimers.add(timer);
    }
  }

  /** Runs a pass now (or right after the one under way). */
  poke(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.passes().finally(() => {
      this.running = undefined;
    });
  }

  /** Stops polling, abandons attempts under way (their claims are given back) and waits for the pass. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    for (const timer of this.wakeTimers) clearTimeout(timer);
    this.unsubscribe?.();
    this.stopping.abort();
    await this.running;
    await this.pruning;
  }

  private async passes(): Promise<void> {
    do {
      this.again = false;
      this.pruneIfDue();
      try {
        // A full batch suggests more are due: go on without waiting for the next tick.
        while (!this.stopped && (await this.pass()) === this.policy.batchSize) {}
      } catch (error) {
        if (!this.stopped) this.logger.warn(`webhook delivery pass failed: ${describe(error)}`);
      }
    } while (this.again && !this.stopped);
  }

  /**
   * Starts deleting what the delivery log keeps no longer, at most once per PRUNE_EVERY_MS. It runs
   * beside the deliveries (a large first prune does not hold them up) and ends early on stop.
   */
  private pruneIfDue(): void {
    const { retainForMs } = this.policy;
    const now = this.policy.now().getTime();
    if (this.pruning || !Number.isFinite(retainForMs) || now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    const before = new Date(now - retainForMs);
    this.pruning = pruneDeliveryLog(this.db, before, () => this.stopped)
      .then(
        (pruned) => {
          if (pruned.deliveries > 0 || pruned.events > 0) {
            this.logger.info(
              `webhook delivery log: removed ${pruned.deliveries} finished deliveries and ${pruned.events} events from before ${before.toISOString()}`,
            );
          }
        },
        (error: unknown) => {
          if (!this.stopped) this.logger.warn(`webhook delivery log prune failed: ${describe(error)}`);
        },
      )
      .finally(() => {
        this.pruning = undefined;
      });
  }

  /** One claim and its attempts; returns how many deliveries were claimed. */
  private async pass(): Promise<number> {
    const now = this.policy.now();
    const token = randomUUID();
    const claimed = await claimDueDeliveries(this.db, {
      now,
      leaseUntil: new Date(now.getTime() + this.policy.leaseMs),
      token,
      limit: this.policy.batchSize,
    });
    if (claimed.length === 0) return 0;
    let keys: WebhookKeys;
    try {
      // Loaded on the first claim, not at start: making the RSA key pair takes a while.
      keys = await this.keys();
    } catch (error) {
      await Promise.all(claimed.map((delivery) => releaseClaim(this.db, delivery.id, token)));
      throw error;
    }
    await Promise.all(claimed.map((delivery) => this.attempt(delivery, token, keys)));
    return claimed.length;
  }

  /**
   * Posts one event to `url` now, outside the outbox (the console's test events): signed, timed out
   * and judged like every delivery's attempt, nothing recorded and nothing retried.
   */
  async send(url: string, event: StoredEvent): Promise<PostResult> {
    return post(url, event, await this.keys(), this.siteId, this.policy, this.stopping.signal);
  }

  private async attempt(delivery: ClaimedDelivery, token: string, keys: WebhookKeys): Promise<void> {
    const result = await post(
      delivery.url,
      delivery.event,
      keys,
      this.siteId,
      this.policy,
      this.stopping.signal,
    );
    if (this.stopped && result.kind === 'failed') {
      await releaseClaim(this.db, delivery.id, token);
      return;
    }
    const at = this.policy.now();
    if (result.kind === 'delivered') {
      await recordAttempt(this.db, delivery.id, token, {
        kind: 'delivered',
        at,
        responseStatus: result.status,
      });
      return;
    }
    const giveUpAt = delivery.giveUpAt ?? new Date(at.getTime() + this.policy.retryForMs);
    const { backoffMs } = this.policy;
    const wait = backoffMs[Math.min(delivery.attempts, backoffMs.length - 1)]!;
    const next = new Date(at.getTime() + wait);
    const nextAttemptAt = next.getTime() <= giveUpAt.getTime() ? next : undefined;
    await recordAttempt(this.db, delivery.id, token, {
      kind: 'failed',
      at,
      responseStatus: result.status,
      error: result.error.slice(0, MAX_ERROR_LENGTH),
      nextAttemptAt,
      giveUpAt,
    });
    this.logger.debug(
      `webhook delivery ${delivery.id} to ${delivery.url} failed (attempt ${delivery.attempts + 1}): ${result.error}`,
    );
    if (nextAttemptAt === undefined) {
      this.logger.warn(
        `webhook delivery ${delivery.id} (${delivery.event.eventType}) to ${delivery.url} FAILED after ${delivery.attempts + 1} attempts: ${result.error}`,
      );
    }
  }
}

/** One attempt's outcome. */
export type PostResult =
  | { readonly kind: 'delivered'; readonly status: number }
  | { readonly kind: 'failed'; readonly status: number | null; readonly error: string };

/** One HTTP attempt: a 2xx within the timeout delivers; anything else (redirects too) fails. */
async function post(
  url: string,
  event: StoredEvent,
  keys: WebhookKeys,
  siteId: string,
  policy: WebhookDeliveryPolicy,
  stopping: AbortSignal,
): Promise<PostResult> {
  const timeout = AbortSignal.timeout(policy.timeoutMs);
  try {
    const jwt = await signWebhookJwt(event, { keys, siteId }, policy.now());
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: jwt,
      redirect: 'manual',
      signal: AbortSignal.any([timeout, stopping]),
    });
    await response.body?.cancel().catch(() => {});
    if (response.status >= 200 && response.status < 300)
      return { kind: 'delivered', status: response.status };
    return { kind: 'failed', status: response.status, error: `HTTP ${response.status}` };
  } catch (error) {
    if (timeout.aborted)
      return { kind: 'failed', status: null, error: `no response within ${policy.timeoutMs} ms` };
    if (stopping.aborted) return { kind: 'failed', status: null, error: 'the platform stopped' };
    return { kind: 'failed', status: null, error: describe(error) };
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
