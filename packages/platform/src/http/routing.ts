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

/**
 * A service's routes under its wire prefix and every alias (wire.md §1.2), with Fastify's own
 * prefixing: the plugin declares its routes once, relative to the prefix.
 */
export async function registerService(
  app: FastifyInstance,
  prefix: ServicePrefix,
  plugin: FastifyPluginAsyncTypebox,
): Promise<void> {
  for (const path of [prefix.wire, ...prefix.aliases]) {
    await app.register(plugin, { prefix: path });
  }
}
