import { BLOG_ADMIN_API, type BlogWriterAnswer, relativePath } from '@atrium/contract/admin';
import { ADMIN_PREFIX } from '@atrium/contract/routes';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { requireCaller } from '../../../http/callers.js';
import { NoBody, NoQuery } from '../../../http/schemas.js';
import { type BlogRoutesContext, path } from '../shared/route-kit.js';
import { setBlogWriter } from './service.js';

/** The admin API's blog writer role (under ADMIN_PREFIX): POST grants, DELETE revokes. */
export const BLOG_WRITER_ADMIN_ROUTE = relativePath(BLOG_ADMIN_API.grantWriter.path, ADMIN_PREFIX);

const WriterParams = Type.Object({ identityId: Type.String({ minLength: 1, maxLength: 255 }) });

export function blogWriterAdminRoutes(ctx: BlogRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const grant =
      (writer: boolean) =>
      async (request: FastifyRequest<{ Params: { identityId: string } }>): Promise<BlogWriterAnswer> => {
        await requireCaller(request, ctx, ['elevated']);
        return setBlogWriter(ctx.db, request.params.identityId, writer);
      };
    app.post(path(BLOG_WRITER_ADMIN_ROUTE), { schema: { params: WriterParams, body: NoBody } }, grant(true));
    app.delete(
      path(BLOG_WRITER_ADMIN_ROUTE),
      { schema: { params: WriterParams, querystring: NoQuery } },
      grant(false),
    );
  };
}
