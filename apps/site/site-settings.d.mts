import type { PublicSiteValues } from './site-config.mjs';
export const SITE_PATH: string;
export interface SiteSettingsSource {
  get(): Promise<PublicSiteValues | undefined>;
}
export function createSiteSettings(options: {
  platformUrl: string;
  ttlMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}): SiteSettingsSource;
