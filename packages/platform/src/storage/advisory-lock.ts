import { sql } from 'kysely';
import type { Tx } from './transaction.js';

/**
 * Transaction-scoped PostgreSQL advisory locks. Several platform processes may share one
 * PostgreSQL; these serialise the start-up steps that must run once (migrations, creating the
 * signing key, seeding). Released automatically at commit or rollback.
 */
const ADVISORY_LOCK_IDS = {
  migrations: 0x4174_0001,
  startup: 0x4174_0002,
  /** Reset and import of the whole state (services/state/): one at a time, whichever process. */
  state: 0x4174_0003,
} as const;

export type AdvisoryLock = keyof typeof ADVISORY_LOCK_IDS;

export async function takeAdvisoryLock(trx: Tx, lock: AdvisoryLock): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${sql.lit(ADVISORY_LOCK_IDS[lock])})`.execute(trx);
}
