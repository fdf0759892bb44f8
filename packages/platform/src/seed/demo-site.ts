import { insertSiteProfileIfMissing } from '../services/settings/store.js';
import type { Seeder } from './seeder.js';

/** The demo site's name (apps/site/site-config.mjs DEFAULT_SITE_CONFIG.siteName) and description. */
export const DEMO_SITE_NAME = 'Atrium demo';

/** The demo site's settings (services/settings/), kept when the owner already saved some. */
export const demoSite: Seeder = {
  name: 'demo/site-settings',
  run: (trx) =>
    insertSiteProfileIfMissing(trx, {
      name: DEMO_SITE_NAME,
      description:
        "A demo site on the Atrium local platform: a blog, a gallery, a public book catalogue, members' private notes and a contact form, all through the Atrium SDK.",
      language: 'en',
    }),
};
