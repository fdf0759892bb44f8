import { ADMIN_PREFIX, SITE_ROUTES } from '@atrium/contract';
import { relativePath, SITE_SETTINGS_API } from '@atrium/contract/admin';
import type { SiteSettingsResponse } from '@atrium/contract/types';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { elevatedOnly, requireCaller } from '../../http/callers.js';
import { fastifyPath as path } from '../../http/routing.js';
import { NoQuery } from '../../http/schemas.js';
import type { CallerAuthority } from '../../oauth/caller.js';
import {
  DESCRIPTION_MAX_LENGTH,
  NAME_MAX_LENGTH,
  readPublicSite,
  readSiteSettings,
  type SettingsContext,
  updateSiteSettings,
} from './service.js';

/** How long the public read may be cached: a change shows on the site within seconds. */
export const PUBLIC_SITE_MAX_AGE_SECONDS = 5;

const Reference = Type.Union([Type.String({ maxLength: 2048 }), Type.Null()]);
const UpdateRequest = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: NAME_MAX_LENGTH * 4 })),
    description: Type.Optional(Type.String({ maxLength: DESCRIPTION_MAX_LENGTH * 4 })),
    language: Type.Optional(Type.String({ maxLength: 64 })),
    url: Type.Optional(Type.Union([Type.String({ maxLength: 2048 }), Type.Null()])),
    logo: Type.Optional(Reference),
    favicon: Type.Optional(Reference),
  },
  { additionalProperties: false, minProperties: 1 },
);

export interface SettingsRoutesContext extends SettingsContext, CallerAuthority {}

/**
 * The console's site settings (under ADMIN_PREFIX): the owner's and admins' section `settings`.
 * Paths and answers are the contract's (SITE_SETTINGS_API), so the console's client and these agree.
 */
export function siteSettingsAdminRoutes(ctx: SettingsRoutesContext): FastifyPluginAsyncTypebox {
  const elevated = elevatedOnly(ctx);
  return async (app) => {
    const get = SITE_SETTINGS_API.get.path;
    app.get(
      path(relativePath(get, ADMIN_PREFIX)),
      { schema: { querystring: NoQuery } },
      async (request, reply): Promise<SiteSettingsResponse> => {
        await requireCaller(request, ctx, ['elevated']);
        reply.header('cache-control', 'no-store');
        return { settings: await readSiteSettings(ctx) };
      },
    );

    const update = SITE_SETTINGS_API.update.path;
    app.patch(
      path(relativePath(update, ADMIN_PREFIX)),
      { schema: { body: UpdateRequest }, preHandler: elevated },
      async (request): Promise<SiteSettingsResponse> => ({
        settings: await updateSiteSettings(ctx, request.body),
      }),
    );
  };
}

/** The site as anyone reads it (SITE_ROUTES.site): no caller needed. */
export function publicSiteRoutes(ctx: SettingsContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(SITE_ROUTES.site, { schema: { querystring: NoQuery } }, async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${PUBLIC_SITE_MAX_AGE_SECONDS}`);
      return readPublicSite(ctx);
    });
  };
}
