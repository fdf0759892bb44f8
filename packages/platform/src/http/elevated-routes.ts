import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifySchema, RawServerDefault, RouteGenericInterface, RouteHandlerMethod } from 'fastify';
import type { CallerAuthority } from '../oauth/caller.js';
import { elevatedOnly } from './callers.js';
import { fastifyPath } from './routing.js';

type TypeboxApp = Parameters<FastifyPluginAsyncTypebox>[0];

/** A handler of a route with `schema`: its request's params, query and body typed from the schema. */
export type SchemaHandler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  RouteGenericInterface,
  unknown,
  S,
  TypeBoxTypeProvider
>;

/** Declares a route at the contract path `route` (relative to the plugin's prefix) answered by `handle`. */
type Declare = <S extends FastifySchema>(route: string, schema: S, handle: SchemaHandler<S>) => void;

/** One declaration per method. */
export interface ElevatedRouter {
  readonly get: Declare;
  readonly post: Declare;
  readonly put: Declare;
  readonly patch: Declare;
  readonly delete: Declare;
}

/** Routes on `app` for elevated callers only (elevatedOnly: the API key, or a staff session allowed the section). */
export function elevatedRouter(app: TypeboxApp, authority: CallerAuthority): ElevatedRouter {
  const preHandler = elevatedOnly(authority);
  const on =
    (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'): Declare =>
    (route, schema, handler) => {
      app.route({ method, url: fastifyPath(route), schema, preHandler, handler });
    };
  return { get: on('GET'), post: on('POST'), put: on('PUT'), patch: on('PATCH'), delete: on('DELETE') };
}
