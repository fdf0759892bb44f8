import { sql } from 'kysely';
import type { Tx } from '../storage/transaction.js';

/** The outbox's SQL (events/record.ts): one event row, its sequence number, one delivery per endpoint. */

export interface EventRow {
  readonly eventType: string;
  readonly entityFqdn: string;
  readonly entityId: string;
  readonly slug: string;
  /** `{ createdEvent }`, `{ updatedEvent }`, `{ deletedEvent }` or `{ actionEvent }`. */
  readonly body: Record<string, unknown>;
  readonly identity: Record<string, unknown>;
  readonly eventTime: Date;
}

/** The entity's next event sequence number; the row lock makes concurrent writers take turns. */
export async function nextEntitySequence(trx: Tx, entityFqdn: string, entityId: string): Promise<string> {
  const row = await trx
    .insertInto('entity_event_sequences')
    .values({ entity_fqdn: entityFqdn, entity_id: entityId, last: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['entity_fqdn', 'entity_id'])
        .doUpdateSet({ last: sql`entity_event_sequences.last + 1` }),
    )
    .returning('last')
    .executeTakeFirstOrThrow();
  return String(row.last);
}

/** Inserts the event and a PENDING delivery to every endpoint whose filter takes its type. */
export async function insertEvent(trx: Tx, event: EventRow, sequence: string): Promise<{ id: string }> {
  const row = await trx
    .insertInto('domain_events')
    .values({
      event_type: event.eventType,
      entity_fqdn: event.entityFqdn,
      entity_id: event.entityId,
      slug: event.slug,
      entity_event_sequence: sequence,
      body: JSON.stringify(event.body),
      identity: JSON.stringify(event.identity),
      event_time: event.eventTime,
    })
    .returning(['id', 'position'])
    .executeTakeFirstOrThrow();
  await sql`
    INSERT INTO webhook_deliveries (event_id, webhook_id, position, entity_fqdn, entity_id, next_attempt_at)
    SELECT ${row.id}, endpoint.id, ${row.position}, ${event.entityFqdn}, ${event.entityId}, ${event.eventTime}
    FROM webhook_endpoints endpoint
    WHERE endpoint.event_types IS NULL OR ${event.eventType} = ANY (endpoint.event_types)`.execute(trx);
  return { id: row.id };
}

export interface WebhookKeyRow {
  readonly kid: string;
  readonly privatePem: string;
  readonly publicPem: string;
}

/** The webhook signing key pair, the first made if several were (there is one). */
export async function selectWebhookKey(trx: Tx): Promise<WebhookKeyRow | undefined> {
  const row = await trx
    .selectFrom('webhook_signing_keys')
    .select(['kid', 'private_pem', 'public_pem'])
    .orderBy('created_at')
    .orderBy('kid')
    .limit(1)
    .executeTakeFirst();
  return row && { kid: row.kid, privatePem: row.private_pem, publicPem: row.public_pem };
}

export async function insertWebhookKey(trx: Tx, key: WebhookKeyRow): Promise<void> {
  await trx
    .insertInto('webhook_signing_keys')
    .values({ kid: key.kid, private_pem: key.privatePem, public_pem: key.publicPem })
    .execute();
}
