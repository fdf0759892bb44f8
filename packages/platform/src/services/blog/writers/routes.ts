import { BLOG_ADMIN_API, type BlogWriterAnswer, relativePath } from '@atrium/contract/admin';
import { ADMIN_PREFIX } from '@atrium/contract/routes';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { requireCaller } from '../../../http/callers.js';
import { NoBody, NoQuery } from '../../../http/schemas.js';
import { type BlogRoutesContext, path } from '../shared/route-kit.js';
import { setBlogWriter } from './service.js';

/** The admin API's blog writer role (under ADMIN_PREFIX): POST grants, DELETE revokes. */
export const BLOG_WRITER_ADMIN_ROUTE = relativePath(BLOG_ADMIN_API.grantWriter.path, ADMIN_PREFIX);

export function blogWriterAdminRoutes(ctx: BlogRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const params = Type.Object({ identityId: Type.String({ minLength: 1, maxLength: 255 }) });
    app.post(
      path(BLOG_WRITER_ADMIN_ROUTE),
      { schema: { params, body: NoBody } },
      async (request): Promise<BlogWriterAnswer> => {
        await requireCaller(request, ctx, ['elevated']);
        return setBlogWriter(ctx.db, request.params.identityId, true);
      },
    );
    app.delete(
      path(BLOG_WRITER_ADMIN_ROUTE),
      { schema: { params, querystring: NoQuery } },
      async (request): Promise<BlogWriterAnswer> => {
        await requireCaller(request, ctx, ['elevated']);
        return setBlogWriter(ctx.db, request.params.identityId, false);
      },
    );
  };
}
