import { type Selectable, sql } from 'kysely';
import type { Db } from '../storage/database.js';
import type { WebhookDeliveriesTable, WebhookDeliveryStatus } from '../storage/schema.js';
import type { StoredEvent } from './jwt.js';

/** Webhook deliveries' SQL: claims with a lease, outcomes, the delivery log. */

export interface ClaimedDelivery {
  readonly id: string;
  readonly url: string;
  readonly attempts: number;
  readonly giveUpAt: Date | null;
  readonly event: StoredEvent;
}

interface ClaimedRow {
  id: string;
  url: string;
  attempts: number;
  give_up_at: Date | null;
  event_id: string;
  event_type: string;
  entity_fqdn: string;
  entity_id: string;
  slug: string;
  entity_event_sequence: string | number;
  body: Record<string, unknown>;
  identity: Record<string, unknown>;
  event_time: Date;
}

/**
 * Claims up to `limit` due deliveries for this process: PENDING, due, not leased by another
 * process, and the first PENDING one of their entity for their endpoint (an entity's events go out
 * in order). Rows another transaction is claiming are skipped (SKIP LOCKED); the lease and the
 * token make the claim visible to every process once this one statement commits.
 */
export async function claimDueDeliveries(
  db: Db,
  claim: { now: Date; leaseUntil: Date; token: string; limit: number },
): Promise<ClaimedDelivery[]> {
  const { rows } = await sql<ClaimedRow>`
    WITH due AS (
      SELECT d.id FROM webhook_deliveries d
      WHERE d.status = 'PENDING'
        AND d.next_attempt_at <= ${claim.now}
        AND (d.lease_until IS NULL OR d.lease_until <= ${claim.now})
        AND NOT EXISTS (
          SELECT 1 FROM webhook_deliveries earlier
          WHERE earlier.webhook_id = d.webhook_id
            AND earlier.entity_fqdn = d.entity_fqdn
            AND earlier.entity_id = d.entity_id
            AND earlier.status = 'PENDING'
            AND earlier.position < d.position)
      ORDER BY d.position, d.id
      LIMIT ${claim.limit}
      FOR UPDATE OF d SKIP LOCKED
    ), claimed AS (
      UPDATE webhook_deliveries SET lease_until = ${claim.leaseUntil}, claim_token = ${claim.token}
      FROM due WHERE webhook_deliveries.id = due.id
      RETURNING webhook_deliveries.id, webhook_deliveries.event_id, webhook_deliveries.webhook_id,
        webhook_deliveries.attempts, webhook_deliveries.give_up_at, webhook_deliveries.position
    )
    SELECT claimed.id, endpoint.url, claimed.attempts, claimed.give_up_at, event.id AS event_id,
      event.event_type, event.entity_fqdn, event.entity_id, event.slug, event.entity_event_sequence,
      event.body, event.identity, event.event_time
    FROM claimed
    JOIN domain_events event ON event.id = claimed.event_id
    JOIN webhook_endpoints endpoint ON endpoint.id = claimed.webhook_id
    ORDER BY claimed.position`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    attempts: row.attempts,
    giveUpAt: row.give_up_at === null ? null : new Date(row.give_up_at),
    event: {
      id: row.event_id,
      eventType: row.event_type,
      entityFqdn: row.entity_fqdn,
      entityId: row.entity_id,
      slug: row.slug,
      entityEventSequence: String(row.entity_event_sequence),
      body: row.body,
      identity: row.identity,
      eventTime: new Date(row.event_time),
    },
  }));
}

/** The outcome of one attempt; ignored (false) if the claim was lost meanwhile. */
export type AttemptOutcome =
  | { readonly kind: 'delivered'; readonly at: Date; readonly responseStatus: number }
  | {
      readonly kind: 'failed';
      readonly at: Date;
      readonly responseStatus: number | null;
      readonly error: string;
      /** Undefined: given up (FAILED). */
      readonly nextAttemptAt: Date | undefined;
      readonly giveUpAt: Date;
    };

export async function recordAttempt(
  db: Db,
  id: string,
  token: string,
  outcome: AttemptOutcome,
): Promise<boolean> {
  const common = {
    attempts: sql<number>`attempts + 1`,
    last_attempt_at: outcome.at,
    response_status: outcome.responseStatus,
    lease_until: null,
    claim_token: null,
  };
  const values =
    outcome.kind === 'delivered'
      ? { ...common, status: 'DELIVERED' as const, delivered_at: outcome.at, last_error: null }
      : {
          ...common,
          status: outcome.nextAttemptAt === undefined ? ('FAILED' as const) : ('PENDING' as const),
          last_error: outcome.error,
          give_up_at: outcome.giveUpAt,
          ...(outcome.nextAttemptAt === undefined ? {} : { next_attempt_at: outcome.nextAttemptAt }),
        };
  const result = await db
    .updateTable('webhook_deliveries')
    .set(values)
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Gives a claim back untried (the process is stopping): any process may take it at once. */
export async function releaseClaim(db: Db, id: string, token: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ lease_until: null, claim_token: null })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .execute();
}

export type DeliveryRow = Selectable<WebhookDeliveriesTable> & {
  event_type: string;
  body: Record<string, unknown>;
};

export interface DeliveryFilter {
  readonly webhookId?: string;
  readonly status?: WebhookDeliveryStatus;
  readonly limit: number;
  readonly offset: number;
}

/** The delivery log, newest first. */
export async function selectDeliveries(
  db: Db,
  filter: DeliveryFilter,
): Promise<{ rows: DeliveryRow[]; total: number }> {
  let query = db.selectFrom('webhook_deliveries as d').innerJoin('domain_events as e', 'e.id', 'd.event_id');
  if (filter.webhookId !== undefined) query = query.where('d.webhook_id', '=', filter.webhookId);
  if (filter.status !== undefined) query = query.where('d.status', '=', filter.status);
  const rows = await query
    .selectAll('d')
    .select(['e.event_type', 'e.body'])
    .orderBy('d.position', 'desc')
    .orderBy('d.id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  const { count } = await query
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count) };
}

export function selectDelivery(db: Db, id: string): Promise<DeliveryRow | undefined> {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('domain_events as e', 'e.id', 'd.event_id')
    .selectAll('d')
    .select(['e.event_type', 'e.body'])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/**
 * Queues a delivery again, due at `now`, with a fresh retry window; one being attempted right now
 * (leased) keeps its claim and is only made due. Returns false if there is no such delivery.
 */
export async function requeueDelivery(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ status: 'PENDING', next_attempt_at: now, give_up_at: null })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Rows deleted per statement when the log is pruned (short statements, short locks). */
const PRUNE_BATCH = 1000;

/**
 * Deletes what the delivery log no longer keeps (options.ts `retainForMs`): DELIVERED and FAILED
 * deliveries whose last attempt is older than `before`, then events recorded before it that have
 * no delivery left. PENDING deliveries and their events stay. The entities' event sequences stay
 * too, so that an entity's next event still follows its last. Batch by batch, until none is left
 * or `halt()` says so. Returns how many rows went.
 */
export async function pruneDeliveryLog(
  db: Db,
  before: Date,
  halt: () => boolean = () => false,
): Promise<{ deliveries: number; events: number }> {
  const deliveries = await deleteInBatches(
    db,
    halt,
    sql<{ id: string }>`
      DELETE FROM webhook_deliveries WHERE id IN (
        SELECT id FROM webhook_deliveries
        WHERE status <> 'PENDING' AND coalesce(last_attempt_at, delivered_at, created_at) < ${before}
        LIMIT ${PRUNE_BATCH})
      RETURNING id`,
  );
  const events = await deleteInBatches(
    db,
    halt,
    sql<{ id: string }>`
      DELETE FROM domain_events WHERE id IN (
        SELECT event.id FROM domain_events event
        WHERE event.created_at < ${before}
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = event.id)
        LIMIT ${PRUNE_BATCH})
      RETURNING id`,
  );
  return { deliveries, events };
}

async function deleteInBatches(
  db: Db,
  halt: () => boolean,
  statement: ReturnType<typeof sql<{ id: string }>>,
): Promise<number> {
  let total = 0;
  while (!halt()) {
    const { rows } = await statement.execute(db);
    total += rows.length;
    if (rows.length < PRUNE_BATCH) break;
  }
  return total;
}
