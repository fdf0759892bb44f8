import { ACCESS_TOKEN_LIFETIME_SECONDS } from '@atrium/contract';
import type { Db } from '../storage/database.js';
import type { SigningKeys } from './keys.js';
import { findRecentlyEndedMemberSessionIds } from './store.js';

/** How often a process reads the ended sessions from the database, at most. */
export const REVOCATION_REFRESH_MS = 60_000;

export interface SessionRevocationOptions {
  /** Default REVOCATION_REFRESH_MS. */
  readonly refreshIntervalMs?: number;
  /** Milliseconds since the epoch. Default Date.now. */
  readonly now?: () => number;
}

/**
 * The member sessions that have ended (logout, block, password change, code reuse) while access
 * tokens issued for them may still be unexpired. Access tokens stay verifiable without a database
 * read: a process keeps this list in memory, reads it from the database at most once per refresh
 * interval (an ended session is refused everywhere within that interval), and adds the sessions it
 * ends itself at once. Visitor tokens never consult it.
 */
export class SessionRevocations {
  readonly #db: Db;
  readonly #refreshIntervalMs: number;
  readonly #now: () => number;
  #ended = new Set<string>();
  /** Sessions this process ended, with when: kept until a load that started after them. */
  readonly #endedHere = new Map<string, number>();
  /** When the query of the last successful load started; undefined before the first. */
  #loadedAt: number | undefined;
  #loading: Promise<void> | undefined;

  constructor(db: Db, options: SessionRevocationOptions = {}) {
    this.#db = db;
    this.#refreshIntervalMs = options.refreshIntervalMs ?? REVOCATION_REFRESH_MS;
    this.#now = options.now ?? Date.now;
  }

  /** Whether the list must be read again before it can be trusted. */
  get stale(): boolean {
    return this.#loadedAt === undefined || this.#now() - this.#loadedAt >= this.#refreshIntervalMs;
  }

  /**
   * Synchronous: whether the session has ended, as last read plus this process's own ends. A stale
   * list is read again in the background (the answer after that read is up to date).
   */
  isEnded(sessionId: string): boolean {
    if (this.stale) this.refresh().catch(() => {});
    return this.#ended.has(sessionId) || this.#endedHere.has(sessionId);
  }

  /** Whether the session has ended, reading the list first when it is stale. */
  async hasEnded(sessionId: string): Promise<boolean> {
    if (this.stale) await this.refresh();
    return this.#ended.has(sessionId) || this.#endedHere.has(sessionId);
  }

  /** Sessions this process has just ended (after the commit): refused here at once. */
  markEnded(sessionIds: Iterable<string>): void {
    const now = this.#now();
    for (const id of sessionIds) this.#endedHere.set(id, now);
  }

  /** Reads the list from the database (one read at a time; concurrent callers share it). */
  refresh(): Promise<void> {
    this.#loading ??= this.#load().finally(() => {
      this.#loading = undefined;
    });
    return this.#loading;
  }

  async #load(): Promise<void> {
    const startedAt = this.#now();
    const ids = await findRecentlyEndedMemberSessionIds(this.#db, ACCESS_TOKEN_LIFETIME_SECONDS);
    this.#ended = new Set(ids);
    this.#loadedAt = startedAt;
    // An end marked before this read started was committed before it: the read has it.
    for (const [id, endedAt] of this.#endedHere) {
      if (endedAt < startedAt) this.#endedHere.delete(id);
    }
  }
}

/** One list per platform instance, keyed by its signing keys (as the verified-token cache is). */
const lists = new WeakMap<SigningKeys, SessionRevocations>();

export interface RevocationAuthority {
  readonly db: Db;
  readonly keys: SigningKeys;
}

/** The revocation list of the platform instance that `authority` belongs to. */
export function sessionRevocationsOf(authority: RevocationAuthority): SessionRevocations {
  let list = lists.get(authority.keys);
  if (list === undefined) {
    list = new SessionRevocations(authority.db);
    lists.set(authority.keys, list);
  }
  return list;
}

/** Installs a list with other options (a test's clock or refresh interval) for an instance. */
export function installSessionRevocations(keys: SigningKeys, list: SessionRevocations): void {
  lists.set(keys, list);
}

/**
 * Cheap and synchronous (a set lookup): whether a member session has ended. For caches of
 * verified callers (services/data): a cached member caller whose session this answers true for
 * must be refused with 401, as identifyCaller refuses it.
 */
export const isSessionRevoked = (authority: RevocationAuthority, sessionId: string): boolean =>
  sessionRevocationsOf(authority).isEnded(sessionId);

/** Records sessions ended by this process (call after the transaction that ended them commits). */
export function sessionsEnded(authority: RevocationAuthority, sessionIds: Iterable<string>): void {
  sessionRevocationsOf(authority).markEnded(sessionIds);
}
