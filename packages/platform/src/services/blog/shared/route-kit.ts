import { BLOG_LIMITS } from '@atrium/contract';
import { Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../../http/callers.js';
import { fastifyPath } from '../../../http/routing.js';
import type { CallerAuthority } from '../../../oauth/caller.js';
import type { BlogContext, Reader } from './context.js';

/**
 * What the blog's routes share (docs/wire.md §10, docs/blog-wire.md §A, §B): their context, path parameter
 * schemas, the write body limit and the reader of a request. Path parameters repeated in the query
 * or body (docs/wire.md §1.3) are ignored in favour of the path. Who may do what is the services'.
 */
export interface BlogRoutesContext extends CallerAuthority, BlogContext {}

export const Id = Type.String({ minLength: 1, maxLength: 255 });
export const Text = Type.String({ minLength: 1, maxLength: 1024 });
export const PostParams = Type.Object({ postId: Id });
export const SlugParams = Type.Object({ slug: Text });

export const path = (route: string): string => fastifyPath(route);
export const WRITE = { bodyLimit: BLOG_LIMITS.maxBodyBytes } as const;

/** Who asks (the verified caller) and the origin they see the platform at. */
export const readerOf =
  (ctx: BlogRoutesContext) =>
  async (request: FastifyRequest): Promise<Reader> => ({
    caller: await callerOf(request, ctx),
    origin: request.publicOrigin,
  });
