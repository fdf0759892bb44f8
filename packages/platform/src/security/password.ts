import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { type Options as Argon2Options, hash, verify } from '@node-rs/argon2';
import { ApiError, applicationError } from '../errors.js';

/**
 * Member passwords: argon2id (RFC 9106) with OWASP's recommended minimum cost (19 MiB, 2 passes,
 * one lane) and a 16-byte random salt, kept in the encoded PHC form `$argon2id$v=19$m=…,t=…,p=…$salt$hash`
 * so that the parameters travel with the hash (hashes written earlier by hash-wasm, with the same
 * parameters, verify unchanged). Neither a password nor a hash is ever logged or returned.
 *
 * The work runs in native code (@node-rs/argon2) on libuv's thread pool, never on the event loop,
 * and a `PasswordHasher` bounds how much of it is in flight: each hash holds 19 MiB and a core for
 * tens of milliseconds, so a burst of sign-ins (or a credential-stuffing script) queues, then is
 * refused with 429, instead of taking the memory and the cores every other request needs.
 */
export const PASSWORD_HASH_PARAMETERS = {
  memorySize: 19 * 1024,
  iterations: 2,
  parallelism: 1,
  hashLength: 32,
  saltLength: 16,
} as const;

const ARGON2_OPTIONS: Argon2Options = {
  memoryCost: PASSWORD_HASH_PARAMETERS.memorySize,
  timeCost: PASSWORD_HASH_PARAMETERS.iterations,
  parallelism: PASSWORD_HASH_PARAMETERS.parallelism,
  outputLen: PASSWORD_HASH_PARAMETERS.hashLength,
  // Algorithm.Argon2id: the package's enum is a `const enum`, which isolated modules cannot read.
  algorithm: 2,
};

/** Hashes `password` with a new salt, in native code off the event loop; not bounded (see PasswordHasher). */
export const hashUnbounded = (password: string): Promise<string> =>
  hash(password, { ...ARGON2_OPTIONS, salt: randomBytes(PASSWORD_HASH_PARAMETERS.saltLength) });

/** Whether `password` matches the encoded hash; false for a malformed one (never throws on it). */
async function verifyUnbounded(password: string, encoded: string): Promise<boolean> {
  try {
    return await verify(encoded, password);
  } catch {
    return false;
  }
}

/** How many hashes may run at once, and how many may wait for a turn. */
export interface PasswordHashingPolicy {
  /**
   * Hashes (and verifications) computed at once. Default: the cores less one (at least 1), and at
   * most libuv's thread pool less one (UV_THREADPOOL_SIZE, default 4), so that the event loop keeps
   * a core and file and DNS work keeps a pool thread.
   */
  readonly concurrency: number;
  /** Requests waiting for a turn beyond those; any more are refused with 429. Default 32. */
  readonly queue: number;
}

export type PasswordHashingOptions = Partial<PasswordHashingPolicy>;

export function defaultHashingConcurrency(
  cores: number = availableParallelism(),
  threadPool: number = Number(process.env.UV_THREADPOOL_SIZE) || 4,
): number {
  return Math.max(1, Math.min(cores - 1, threadPool - 1));
}

export const DEFAULT_PASSWORD_HASHING: PasswordHashingPolicy = {
  concurrency: defaultHashingConcurrency(),
  queue: 32,
};

/** The complete policy, or a description of the first invalid setting. */
export function resolvePasswordHashing(options: PasswordHashingOptions = {}): PasswordHashingPolicy | string {
  const policy = { ...DEFAULT_PASSWORD_HASHING, ...options };
  if (!Number.isInteger(policy.concurrency) || policy.concurrency < 1) {
    return `passwordHashing.concurrency must be a whole number of 1 or more, got ${policy.concurrency}`;
  }
  if (!Number.isInteger(policy.queue) || policy.queue < 0) {
    return `passwordHashing.queue must be a whole number of 0 or more, got ${policy.queue}`;
  }
  return policy;
}

/** Seconds a refused client is told to wait: a turn comes within tens of milliseconds. */
const BUSY_RETRY_AFTER_SECONDS = 1;

/** 429 when every hashing turn is taken and the queue is full; the route adds `Retry-After`. */
export class PasswordHashingBusyError extends ApiError {
  readonly retryAfterSeconds = BUSY_RETRY_AFTER_SECONDS;

  constructor() {
    const busy = applicationError(
      429,
      'TOO_MANY_REQUESTS',
      `too many passwords are being checked at the moment: try again in ${BUSY_RETRY_AFTER_SECONDS} second`,
      { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS },
    );
    super(busy.status, busy.body);
  }
}

/**
 * The platform's password hashing, bounded: at most `concurrency` hashes at once, at most `queue`
 * callers waiting (first come, first served), and a PasswordHashingBusyError for any more. Memory
 * stays at `concurrency` × 19 MiB however many sign-ins arrive.
 */
export class PasswordHasher {
  readonly policy: PasswordHashingPolicy;
  #running = 0;
  readonly #waiting: Array<() => void> = [];
  #decoyHash: Promise<string> | undefined;

  constructor(policy: PasswordHashingPolicy = DEFAULT_PASSWORD_HASHING) {
    this.policy = policy;
  }

  /** Work in progress, and callers waiting for a turn. */
  get running(): number {
    return this.#running;
  }

  get queued(): number {
    return this.#waiting.length;
  }

  hash(password: string): Promise<string> {
    return this.run(() => hashUnbounded(password));
  }

  /**
   * False for a wrong password and for a malformed hash. A missing hash (no such member, or one
   * without a password) costs the time of a real verification (see verifyAgainstDecoy).
   */
  verify(password: string, encoded: string | null): Promise<boolean> {
    if (encoded === null) return this.verifyAgainstDecoy(password).then(() => false);
    return this.run(() => verifyUnbounded(password, encoded));
  }

  /**
   * Spends the time of one real verification, for a login whose e-mail matches nobody (or whose
   * member has no password), so that response time does not tell which e-mails have accounts.
   * It takes a turn like any verification, so the 429 says nothing about accounts either.
   */
  verifyAgainstDecoy(password: string): Promise<void> {
    return this.run(async () => {
      // Made once, on first use; a failure is not kept (the next caller tries again).
      this.#decoyHash ??= hashUnbounded(randomBytes(16).toString('hex')).catch((error: unknown) => {
        this.#decoyHash = undefined;
        throw error;
      });
      await verifyUnbounded(password, await this.#decoyHash);
    });
  }

  /** Runs `work` in a turn: at once, after the callers ahead of it, or not at all (429). */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.policy.concurrency) {
      if (this.#waiting.length >= this.policy.queue) throw new PasswordHashingBusyError();
      // The turn is handed over by the caller that finishes (#running is not decremented then).
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running += 1;
    }
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}
