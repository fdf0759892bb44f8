/** How webhook deliveries are scheduled (PlatformOptions.webhookDelivery); every setting has a default. */
export interface WebhookDeliveryOptions {
  /** How often each process looks for due deliveries, in ms. Default 500. */
  readonly pollMs?: number;
  /**
   * Waits before the 2nd, 3rd … attempt after a failure, in ms; the last repeats. Default 10 s,
   * 30 s, 1 min, 5 min, 15 min, 30 min, then hourly.
   */
  readonly backoffMs?: readonly number[];
  /** How long after its first failure a delivery is retried before it is FAILED, in ms. Default 24 h. */
  readonly retryForMs?: number;
  /** An attempt that has no response status within this many ms fails. Default 10 s. */
  readonly timeoutMs?: number;
  /** Deliveries posted at once by one process. Default 16. */
  readonly batchSize?: number;
  /**
   * How long the delivery log keeps a delivery once it is DELIVERED or FAILED (from its last
   * attempt), in ms; an event goes with its last delivery (or, with none, this long after it was
   * recorded). Pending deliveries are always kept; Infinity keeps everything. Default 30 days.
   */
  readonly retainForMs?: number;
  /** The clock of the schedule (tests). Default the system clock. */
  readonly now?: () => Date;
  /** Start with the delivery loop stopped: events are recorded, not sent (tests). Default false. */
  readonly paused?: boolean;
}

export interface WebhookDeliveryPolicy {
  readonly pollMs: number;
  readonly backoffMs: readonly number[];
  readonly retryForMs: number;
  readonly timeoutMs: number;
  /** A claimed delivery is another process's to take again after this long (longer than an attempt). */
  readonly leaseMs: number;
  readonly batchSize: number;
  readonly retainForMs: number;
  readonly now: () => Date;
  readonly paused: boolean;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const WEBHOOK_DELIVERY_DEFAULTS = {
  pollMs: 500,
  backoffMs: [10 * SECOND, 30 * SECOND, MINUTE, 5 * MINUTE, 15 * MINUTE, 30 * MINUTE, 60 * MINUTE],
  retryForMs: 24 * 60 * MINUTE,
  timeoutMs: 10 * SECOND,
  batchSize: 16,
  retainForMs: 30 * 24 * 60 * MINUTE,
} as const;

/** The policy, or a one-line reason the options are wrong. */
export function resolveWebhookDelivery(options: WebhookDeliveryOptions = {}): WebhookDeliveryPolicy | string {
  const pollMs = options.pollMs ?? WEBHOOK_DELIVERY_DEFAULTS.pollMs;
  const backoffMs = options.backoffMs ?? WEBHOOK_DELIVERY_DEFAULTS.backoffMs;
  const retryForMs = options.retryForMs ?? WEBHOOK_DELIVERY_DEFAULTS.retryForMs;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_DELIVERY_DEFAULTS.timeoutMs;
  const batchSize = options.batchSize ?? WEBHOOK_DELIVERY_DEFAULTS.batchSize;
  const retainForMs = options.retainForMs ?? WEBHOOK_DELIVERY_DEFAULTS.retainForMs;
  const positive = (value: number) => Number.isFinite(value) && value > 0;
  if (!positive(pollMs)) return `webhookDelivery.pollMs must be a positive number, got ${pollMs}`;
  if (backoffMs.length === 0 || !backoffMs.every((ms) => Number.isFinite(ms) && ms >= 0)) {
    return 'webhookDelivery.backoffMs must list at least one wait of 0 ms or more';
  }
  if (!(Number.isFinite(retryForMs) && retryForMs >= 0)) {
    return `webhookDelivery.retryForMs must be 0 or more, got ${retryForMs}`;
  }
  if (!positive(timeoutMs)) return `webhookDelivery.timeoutMs must be a positive number, got ${timeoutMs}`;
  if (!(Number.isInteger(batchSize) && batchSize > 0)) {
    return `webhookDelivery.batchSize must be a positive integer, got ${batchSize}`;
  }
  if (!(retainForMs > 0)) {
    return `webhookDelivery.retainForMs must be a positive number (Infinity keeps everything), got ${retainForMs}`;
  }
  return {
    pollMs,
    backoffMs: [...backoffMs],
    retryForMs,
    timeoutMs,
    leaseMs: timeoutMs + 30 * SECOND,
    batchSize,
    retainForMs,
    now: options.now ?? (() => new Date()),
    paused: options.paused ?? false,
  };
}
