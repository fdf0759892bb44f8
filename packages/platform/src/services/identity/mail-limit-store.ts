import { sql } from 'kysely';
import type { Tx } from '../../storage/transaction.js';

/**
 * Counts of e-mails sent per key (`address:…`, `ip:…`) in fixed windows (security/email-rate-limit.ts
 * has the policy). One row per key, in the database so that every process shares the counts.
 */

/**
 * Counts one more e-mail for `key` if its window has room: returns undefined when counted, else the
 * whole seconds until the window ends (nothing is counted). One statement, so concurrent requests
 * all count; a window that has run out starts afresh.
 */
export async function countEmailSend(
  trx: Tx,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<number | undefined> {
  const window = sql<Date>`make_interval(secs => ${windowSeconds})`;
  const { rows } = await sql<{ sent: number }>`
    INSERT INTO email_send_counts AS c (key, window_started_at, sent) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      sent = CASE WHEN c.window_started_at <= now() - ${window} THEN 1 ELSE c.sent + 1 END,
      window_started_at = CASE WHEN c.window_started_at <= now() - ${window} THEN now() ELSE c.window_started_at END
    WHERE c.window_started_at <= now() - ${window} OR c.sent < ${limit}
    RETURNING sent`.execute(trx);
  if (rows.length > 0) return undefined;
  const { rows: full } = await sql<{ seconds: number }>`
    SELECT GREATEST(1, CEIL(EXTRACT(EPOCH FROM (window_started_at + ${window} - now()))))::integer AS seconds
    FROM email_send_counts WHERE key = ${key}`.execute(trx);
  return full[0]?.seconds ?? 1;
}

/** Forgets the windows that have run out (they would start afresh anyway). */
export async function pruneEmailSendCounts(trx: Tx, windowSeconds: number): Promise<void> {
  await sql`DELETE FROM email_send_counts
    WHERE window_started_at <= now() - make_interval(secs => ${windowSeconds})`.execute(trx);
}
