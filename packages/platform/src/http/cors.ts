import type { FastifyInstance } from 'fastify';

/**
 * CORS for any site origin (credentials are bearer headers, never cookies), in one synchronous
 * hook: every request pays for it, so it does the least it can (issue P8; `@fastify/cors` merged
 * its options per request and ran a callback chain, about 2% of an anonymous grant's CPU time).
 *
 * - Every answer varies on `Origin`, reflects the request's `Origin` when it has one (never `*`,
 *   never `Access-Control-Allow-Credentials`) and exposes `exposedHeaders`.
 * - A preflight (`OPTIONS`, on any path) is answered here with 204 and an empty body: the methods,
 *   the requested headers reflected, and `Access-Control-Max-Age`. Preflights without
 *   `Access-Control-Request-Method` are answered the same way (browsers always send it; other
 *   clients get a harmless 204).
 */
export interface CorsOptions {
  readonly methods: readonly string[];
  readonly exposedHeaders: readonly string[];
  /** Seconds a browser may cache a preflight's answer. */
  readonly maxAge: number;
}

export function installCors(app: FastifyInstance, options: CorsOptions): void {
  const exposed = options.exposedHeaders.join(', ');
  const methods = options.methods.join(', ');
  const maxAge = String(options.maxAge);

  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    reply.header('vary', 'Origin');
    if (origin !== undefined) reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', exposed);
    if (request.method !== 'OPTIONS') {
      done();
      return;
    }
    reply.header('access-control-allow-methods', methods);
    reply.header('vary', 'Origin, Access-Control-Request-Headers');
    const requested = request.headers['access-control-request-headers'];
    if (requested !== undefined) reply.header('access-control-allow-headers', requested);
    reply.header('access-control-max-age', maxAge);
    // Answered before any route's own hooks run (authentication, body parsing): a preflight
    // carries no credentials.
    reply.code(204).header('content-length', '0').send();
  });

  // A route for every path, so that preflights reach the hook instead of the 404 handler.
  app.options('*', (_request, reply) => {
    reply.code(204).send();
  });
}
