import type { IncomingMessage } from 'node:http';
import { BLOG_LIMITS } from '@atrium/contract';
import {
  type FastifyPluginAsyncTypebox,
  Type,
  type TypeBoxTypeProvider,
} from '@fastify/type-provider-typebox';
import type { FastifyRequest, FastifySchema, RawServerDefault, RouteGenericInterface } from 'fastify';
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

/** A request to a route with `schema`, its params, query and body typed from the schema. */
export type BlogRequest<S extends FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  IncomingMessage,
  S,
  TypeBoxTypeProvider
>;

/** Declares a route at `route` (relative to the prefix) that answers `handle(reader, request)`. */
type Declare = <S extends FastifySchema>(
  route: string,
  schema: S,
  handle: (reader: Reader, request: BlogRequest<S>) => unknown,
) => void;

/** One declaration per method; `write`'s take bodies up to BLOG_LIMITS.maxBodyBytes. */
export interface BlogRouter {
  readonly get: Declare;
  readonly post: Declare;
  readonly patch: Declare;
  readonly delete: Declare;
  readonly write: { readonly post: Declare; readonly patch: Declare };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A plugin of routes declared by `declare`, each told who asks (readerOf) before it answers. */
export const blogRoutes =
  (ctx: BlogRoutesContext, declare: (on: BlogRouter) => void): FastifyPluginAsyncTypebox =>
  async (app) => {
    const reader = readerOf(ctx);
    const on =
      (method: Method, limits: { readonly bodyLimit?: number } = {}): Declare =>
      <S extends FastifySchema>(
        route: string,
        schema: S,
        handle: (reader: Reader, request: BlogRequest<S>) => unknown,
      ) => {
        const checked: FastifySchema = schema;
        app.route({
          method,
          url: path(route),
          schema: checked,
          ...limits,
          // Fastify has checked the request against `schema`, so its parts are the schema's.
          handler: async (request) => handle(await reader(request), request as BlogRequest<S>),
        });
      };
    declare({
      get: on('GET'),
      post: on('POST'),
      patch: on('PATCH'),
      delete: on('DELETE'),
      write: { post: on('POST', WRITE), patch: on('PATCH', WRITE) },
    });
  };
