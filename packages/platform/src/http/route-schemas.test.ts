import { describe, expect, it } from 'vitest';
import { perFile } from '../../test/support/per-file.js';
import { startTestPlatform } from '../testing/index.js';
import { registeredRoutes } from './boundary.js';

const platform = perFile(() => startTestPlatform(), 60_000);

/** Routes whose body is the raw bytes of a file (their content parser takes any type). */
const RAW_BODY = [
  /\/_api\/atrium-media\/v1\/files$/,
  /\/_api\/atrium-uploads\/v1\/forms\/:token$/,
  // The state archive (services/state/routes.ts), streamed to a file.
  /\/_api\/atrium-admin\/v1\/state\/import$/,
];

describe('every route declares its inputs', () => {
  it('path parameters, query strings of GET and DELETE routes, and bodies have schemas', () => {
    const missing: string[] = [];
    for (const { method, url, schema } of registeredRoutes(platform.app)) {
      if (url.includes(':') && !url.includes('*') && schema?.params === undefined)
        missing.push(`${method} ${url}: params`);
      if ((method === 'GET' || method === 'DELETE') && schema?.querystring === undefined) {
        missing.push(`${method} ${url}: querystring`);
      }
      const raw = RAW_BODY.some((pattern) => pattern.test(url));
      if (
        (method === 'POST' || method === 'PUT' || method === 'PATCH') &&
        !raw &&
        schema?.body === undefined
      ) {
        missing.push(`${method} ${url}: body`);
      }
    }
    expect(missing).toEqual([]);
  });
});
