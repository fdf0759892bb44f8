import type { SitePolicy } from '@atrium/contract/types';
import { sql } from 'kysely';
import type { Db } from '../../storage/database.js';
import type { Tx } from '../../storage/transaction.js';

/**
 * The site member policy (what a registration leads to, whether captcha is required). It lives in
 * the database so that every platform process sharing it agrees, and an owner's change at run
 * time takes effect at once; each start writes the configured values.
 */
const SITE_POLICY_KEY = 'site_policy';

export const DEFAULT_SITE_POLICY: SitePolicy = { registration: 'verify-email', captcha: false };

export async function readSitePolicy(db: Db | Tx): Promise<SitePolicy> {
  const row = await db
    .selectFrom('site_settings')
    .select('value')
    .where('key', '=', SITE_POLICY_KEY)
    .executeTakeFirst();
  return { ...DEFAULT_SITE_POLICY, ...(row?.value as Partial<SitePolicy> | undefined) };
}

export async function writeSitePolicy(db: Db | Tx, policy: SitePolicy): Promise<SitePolicy> {
  const value = { registration: policy.registration, captcha: policy.captcha };
  await db
    .insertInto('site_settings')
    .values({ key: SITE_POLICY_KEY, value })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updated_at: sql<Date>`now()` }))
    .execute();
  return value;
}
