import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { collectionRoutes } from './collections/routes.js';
import { installDataErrors } from './errors.js';
import { indexRoutes } from './indexes/routes.js';
import { itemRoutes } from './items/routes.js';
import { stringifyAnswer } from './json-text.js';
import type { DataRoutesContext } from './route-kit.js';

/**
 * The data services (docs/wire.md §9, §14), registered under SERVICE_PREFIXES.dataItems (`/wix-data`
 * and its alias `/_api/cloud-data`) with `registerService`. Every 4xx of these routes carries a
 * WDE code (errors.ts); answers are serialized with the items' stored JSON text (json-text.ts).
 */
export function dataRoutes(ctx: DataRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    installDataErrors(app, ctx.logger);
    app.setReplySerializer((payload) => stringifyAnswer(payload));
    itemRoutes(app, ctx);
    collectionRoutes(app, ctx);
    indexRoutes(app, ctx);
  };
}
