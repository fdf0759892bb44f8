import type { Selectable } from 'kysely';
import type { Db } from '../storage/database.js';
import type { WebhookEndpointsTable } from '../storage/schema.js';
import type { Tx } from '../storage/transaction.js';

/** Webhook endpoints' SQL. */

export type EndpointRow = Selectable<WebhookEndpointsTable>;

export function selectEndpoints(db: Db | Tx): Promise<EndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().orderBy('created_at').orderBy('id').execute();
}

export function selectEndpoint(db: Db | Tx, id: string): Promise<EndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertEndpoint(
  db: Db | Tx,
  endpoint: { url: string; eventTypes: readonly string[] | null },
): Promise<EndpointRow> {
  return db
    .insertInto('webhook_endpoints')
    .values({
      url: endpoint.url,
      event_types: endpoint.eventTypes && [...endpoint.eventTypes],
      source: 'api',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes the endpoint and, with it, its deliveries (pending ones are not sent). */
export async function deleteEndpoint(db: Db | Tx, id: string): Promise<void> {
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

/**
 * Makes the start option's endpoints (source `config`) exactly `urls`, for every event type: adds
 * the missing ones, removes those no longer given (and their deliveries).
 */
export async function replaceConfiguredEndpoints(trx: Tx, urls: readonly string[]): Promise<void> {
  const removed = trx.deleteFrom('webhook_endpoints').where('source', '=', 'config');
  await (urls.length > 0 ? removed.where('url', 'not in', [...urls]) : removed).execute();
  for (const url of new Set(urls)) {
    await trx
      .insertInto('webhook_endpoints')
      .values({ url, event_types: null, source: 'config' })
      .onConflict((conflict) => conflict.column('url').where('source', '=', 'config').doNothing())
      .execute();
  }
}
