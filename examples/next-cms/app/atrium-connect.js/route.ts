import { connectScript } from '@atrium/sdk/connect/browser';

/**
 * The browser half of `@atrium/sdk/connect` for this example's pages, built or not: the connect
 * script for the platform at `ATRIUM_PLATFORM_URL`. (`export { GET } from
 * '@atrium/sdk/connect/browser'`, the README's line, answers 404 in production, and the e2e test
 * runs `next start`.) Served only when `ATRIUM_PLATFORM_URL` is set; migrate.mjs drops this route.
 */
export const dynamic = 'force-dynamic';

export function GET(): Response {
  const platformUrl = process.env.ATRIUM_PLATFORM_URL;
  if (!platformUrl) return new Response('Not found', { status: 404 });
  return new Response(connectScript({ platformUrl }), {
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' },
  });
}
