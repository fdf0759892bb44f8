import type { SiteSettingsResponse, UpdateSiteSettingsRequest } from '../platform-types.js';
import { ADMIN_PREFIX, ADMIN_ROUTES } from '../routes/platform.js';
import { endpoint } from './endpoint.js';

export type { SiteSettings, SiteSettingsResponse, UpdateSiteSettingsRequest } from '../platform-types.js';

/**
 * The site settings (services/settings/): how the site presents itself. GET reads them; PATCH
 * changes only the fields given and answers the settings as saved.
 */
export const SITE_SETTINGS_API = {
  get: endpoint<SiteSettingsResponse>()('GET', `${ADMIN_PREFIX}${ADMIN_ROUTES.siteSettings}`),
  update: endpoint<SiteSettingsResponse, UpdateSiteSettingsRequest>()(
    'PATCH',
    `${ADMIN_PREFIX}${ADMIN_ROUTES.siteSettings}`,
  ),
} as const;
