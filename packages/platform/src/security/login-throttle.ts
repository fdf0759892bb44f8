import { resolveWholeNumbers } from './whole-number-policy.js';

/**
 * Repeated failed logins, counted per account (never per IP, so a shared address does not lock out
 * its neighbours and an attacker's many addresses do not help). After `slowAfter` consecutive
 * failures each further failure is answered late; at `lockAfter` the account refuses every login,
 * the right password included, for `lockSeconds`. A successful login resets the count.
 */
export interface LoginThrottlePolicy {
  /** Consecutive failures answered without delay. Default 5. */
  readonly slowAfter: number;
  /** Consecutive failures that lock the account. Default 10. */
  readonly lockAfter: number;
  /** How long a lock lasts. Default 900 (15 minutes). */
  readonly lockSeconds: number;
  /** Delay added per failure beyond `slowAfter`. Default 250. */
  readonly delayStepMs: number;
  /** The longest delay. Default 2000. */
  readonly maxDelayMs: number;
}

export type LoginThrottleOptions = Partial<LoginThrottlePolicy>;

export const DEFAULT_LOGIN_THROTTLE: LoginThrottlePolicy = {
  slowAfter: 5,
  lockAfter: 10,
  lockSeconds: 900,
  delayStepMs: 250,
  maxDelayMs: 2000,
};

/** How long to hold back the answer to the `failures`-th consecutive failure. */
export function failureDelayMs(policy: LoginThrottlePolicy, failures: number): number {
  const extra = failures - policy.slowAfter;
  return extra > 0 ? Math.min(extra * policy.delayStepMs, policy.maxDelayMs) : 0;
}

/** Whole seconds until `lockedUntil`, at least 1 (the value of a Retry-After header). */
export const retryAfterSeconds = (lockedUntil: Date, now: number = Date.now()): number =>
  Math.max(1, Math.ceil((lockedUntil.getTime() - now) / 1000));

/** The complete policy, or a description of the first invalid setting. */
export function resolveLoginThrottle(options: LoginThrottleOptions = {}): LoginThrottlePolicy | string {
  const policy = resolveWholeNumbers('loginThrottle', DEFAULT_LOGIN_THROTTLE, options, 0);
  if (typeof policy === 'string') return policy;
  if (policy.lockAfter < 1) return `loginThrottle.lockAfter must be at least 1, got ${policy.lockAfter}`;
  if (policy.lockSeconds < 1)
    return `loginThrottle.lockSeconds must be at least 1, got ${policy.lockSeconds}`;
  return policy;
}

export const sleep = (ms: number): Promise<void> =>
  ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
