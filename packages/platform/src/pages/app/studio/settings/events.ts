/**
 * Dispatched on `window` when the site settings were saved, with the saved name and address as its
 * detail: the console's header shows them at once (the public read may be cached for seconds).
 */
export const SITE_SETTINGS_CHANGED = 'atrium-site-settings-changed';

export interface SiteSettingsChange {
  name: string;
  url: string;
}
