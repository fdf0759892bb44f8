import type { ServicePrefix } from '@atrium/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';

/**
 * A contract path as a Fastify path: `{name}` → `:name`, and a field path `{gallery.id}` →
 * `:galleryId` (the reference's path templates name a body field; the route reads it as one
 * parameter).
 */
export const fastifyPath = (protoPath: string): string =>
  protoPath.replace(
    /\{([\w.]+)\}/g,
    (_match, name: string) =>
      `:${name
        .split('.')
        .map((part, index) => (index === 0 ? part : part[0]!.toUpperCase() + part.slice(1)))
        .join('')}`,
  );

/** What a route's config says of its prefixes (read by the API reference, http/openapi.ts). */
export interface RoutePrefixes {
  /** On a route under an alias prefix: the same route under the service's wire prefix. */
  readonly aliasOf?: string;
  /** On a route under the wire prefix: the same route under each alias prefix. */
  readonly aliases?: readonly string[];
}

/** The route config key holding `RoutePrefixes`. */
export const ROUTE_PREFIXES = 'atriumPrefixes';

/** The prefixes a route's config records (`registerService`), if any. */
export const routePrefixesOf = (config: unknown): RoutePrefixes | undefined =>
  (config as Record<string, RoutePrefixes | undefined> | undefined)?.[ROUTE_PREFIXES];

/**
 * A service's routes under its wire prefix and every alias (docs/wire.md §1.2), with Fastify's own
 * prefixing: the plugin declares its routes once, relative to the prefix. Each route's config
 * records its other paths (`RoutePrefixes`), so the API reference documents it once, under the
 * wire prefix, and names the aliases.
 */
export async function registerService(
  app: FastifyInstance,
  prefix: ServicePrefix,
  plugin: FastifyPluginAsyncTypebox,
): Promise<void> {
  for (const path of [prefix.wire, ...prefix.aliases]) {
    const prefixes = (url: string): RoutePrefixes => {
      const rest = url.slice(path.length);
      return path === prefix.wire
        ? { aliases: prefix.aliases.map((alias) => alias + rest) }
        : { aliasOf: prefix.wire + rest };
    };
    await app.register(
      async (scope) => {
        scope.addHook('onRoute', (route) => {
          route.config = { ...route.config, [ROUTE_PREFIXES]: prefixes(route.url) } as typeof route.config;
        });
        await scope.register(plugin);
      },
      { prefix: path },
    );
  }
}
