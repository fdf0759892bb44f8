/** Dispatched on `window` when the site settings were saved: the console's header reads them again. */
export const SITE_SETTINGS_CHANGED = 'atrium-site-settings-changed';
