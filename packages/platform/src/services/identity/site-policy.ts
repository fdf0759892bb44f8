import type { SitePolicy } from '@atrium/contract/types';
import type { Db } from '../../storage/database.js';
import type { Tx } from '../../storage/transaction.js';
import { selectSetting, upsertSetting } from './settings-store.js';

/**
 * The site member policy (what a registration leads to, whether captcha is required). It lives in
 * the database so that every platform process sharing it agrees, and an owner's change at run
 * time takes effect at once. It persists across restarts: a start option overrides a setting only
 * when it is given (overrideSitePolicy).
 */
const SITE_POLICY_KEY = 'site_policy';

export const DEFAULT_SITE_POLICY: SitePolicy = { registration: 'verify-email', captcha: false };

export async function readSitePolicy(db: Db | Tx): Promise<SitePolicy> {
  return { ...DEFAULT_SITE_POLICY, ...(await selectSetting<Partial<SitePolicy>>(db, SITE_POLICY_KEY)) };
}

export async function writeSitePolicy(db: Db | Tx, policy: SitePolicy): Promise<SitePolicy> {
  const value = { registration: policy.registration, captcha: policy.captcha };
  await upsertSetting(db, SITE_POLICY_KEY, value);
  return value;
}

export interface SitePolicyChange<Setting extends keyof SitePolicy = keyof SitePolicy> {
  readonly setting: Setting;
  readonly from: SitePolicy[Setting];
  readonly to: SitePolicy[Setting];
}

/**
 * Applies the settings given (an undefined one leaves the stored value alone) and returns those
 * that changed, for the log. Nothing is written when nothing changes: a site without a stored
 * policy keeps following DEFAULT_SITE_POLICY.
 */
export async function overrideSitePolicy(
  db: Db | Tx,
  override: Partial<SitePolicy>,
): Promise<SitePolicyChange[]> {
  const stored = await readSitePolicy(db);
  const changes: SitePolicyChange[] = [];
  if (override.registration !== undefined && override.registration !== stored.registration) {
    changes.push({ setting: 'registration', from: stored.registration, to: override.registration });
  }
  if (override.captcha !== undefined && override.captcha !== stored.captcha) {
    changes.push({ setting: 'captcha', from: stored.captcha, to: override.captcha });
  }
  if (changes.length > 0) {
    await writeSitePolicy(db, {
      registration: override.registration ?? stored.registration,
      captcha: override.captcha ?? stored.captcha,
    });
  }
  return changes;
}
