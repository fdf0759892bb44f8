import { connectScript } from '@atrium/sdk/connect/browser';

/**
 * The connect script for the pages (the browser half of `@atrium/sdk/connect`), for the platform
 * at `ATRIUM_PLATFORM_URL`, under `next start` too (the SDK's own `GET` answers only in
 * development). Not found without that address; migrate.mjs leaves this route out.
 */
export const dynamic = 'force-dynamic';

export const GET = (): Response =>
  process.env.ATRIUM_PLATFORM_URL
    ? new Response(connectScript({ platformUrl: process.env.ATRIUM_PLATFORM_URL }), {
        headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' },
      })
    : new Response('Not found', { status: 404 });
