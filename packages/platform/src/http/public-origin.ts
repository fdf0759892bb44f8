import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * The platform's public origin: the base of every absolute URL it hands out (e-mail links, upload
 * and download URLs, media URLs in answers). It comes from the configuration (`--public-url`,
 * else the listening address), never from the request's `Host` or `X-Forwarded-*` headers, which
 * any client can set. Routes read it as `request.publicOrigin`.
 */
declare module 'fastify' {
  interface FastifyRequest {
    /** `http://host:port` (no trailing slash): see http/public-origin.ts. */
    readonly publicOrigin: string;
  }
}

/** `publicUrl` is read per request: the listening address is known only once the server listens. */
export function installPublicOrigin(app: FastifyInstance, publicUrl?: () => string): void {
  const origin = publicUrl ?? (() => listeningOrigin(app));
  app.decorateRequest('publicOrigin', {
    getter: () => origin(),
  });
}

/** `http://host:port` of the server's own address. */
export function listeningOrigin(app: FastifyInstance): string {
  const address = app.server.address() as AddressInfo | null;
  if (address === null) return 'http://127.0.0.1';
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
