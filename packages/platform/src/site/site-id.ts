import { randomUUID } from 'node:crypto';
import { selectSetting, upsertSetting } from '../services/identity/settings-store.js';
import type { Tx } from '../storage/transaction.js';

/**
 * The site's id: what the hosted platform calls the site (`siteId`, its meta site id, a UUID) and
 * reports in token info, in the access tokens' claims and in every webhook (`instanceId`,
 * `accountInfo.siteId`). The local platform is one site with one app instance, so the instance id
 * is the site id too. It is made once per database (a random UUID, kept in `site_settings`), so it
 * is the same across restarts and for every process sharing a PostgreSQL database; `--site-id`
 * (`siteId`) sets it, as the hosted site's id is known to an app developer who imitates one.
 */
const SITE_KEY = 'site';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A site id as given (`--site-id`): a UUID, as the hosted platform's site ids are; lower-cased. */
export function siteIdProblem(value: string): string | undefined {
  return UUID.test(value)
    ? undefined
    : `"${value}" is not a site id: the hosted platform's site ids are UUIDs, e.g. 5a3e8f0c-2b1d-4c6e-9f7a-1b2c3d4e5f60`;
}

export const normalizeSiteId = (value: string): string => value.toLowerCase();

export interface SiteIdResult {
  readonly siteId: string;
  /** The stored id the configured one replaced; undefined when nothing changed. */
  readonly replaced?: string;
  /** Whether the id was made now (a new database without `--site-id`). */
  readonly created: boolean;
}

/**
 * The stored site id, made (or replaced by the configured one) under the caller's start-up lock:
 * concurrent starts on one database agree. Given, the configured id replaces the stored one, as
 * `--registration` replaces the stored policy.
 */
export async function ensureSiteId(trx: Tx, configured: string | undefined): Promise<SiteIdResult> {
  const stored = (await selectSetting<{ siteId?: unknown }>(trx, SITE_KEY))?.siteId;
  const current = typeof stored === 'string' && UUID.test(stored) ? stored : undefined;
  if (configured !== undefined && configured !== current) {
    await upsertSetting(trx, SITE_KEY, { siteId: configured });
    return { siteId: configured, ...(current === undefined ? {} : { replaced: current }), created: false };
  }
  if (current !== undefined) return { siteId: current, created: false };
  const siteId = randomUUID();
  await upsertSetting(trx, SITE_KEY, { siteId });
  return { siteId, created: true };
}
