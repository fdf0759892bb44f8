#!/usr/bin/env node
import { startTestPlatform } from '@atrium/platform/testing';
/**
 * Token requests made by N concurrent service calls on a cold client (no tokens yet), for the
 * Atrium SDK and for the reference client, both against a local platform started in-process.
 * Atrium's figure should be 1 whatever N is; the reference makes one per call.
 *   node token-requests/run.mjs [N=50]
 */
import { OAuthStrategy as AtriumOAuthStrategy, createClient as createAtriumClient } from '@atrium/sdk';
import { redirects as atriumRedirects } from '@atrium/sdk/redirects';
import { redirects } from '@wix/redirects';
import { createClient, OAuthStrategy } from '@wix/sdk';

const calls = Number(process.argv[2] ?? 50);
const platform = await startTestPlatform();
const realFetch = globalThis.fetch;

/** Sends the reference client's hard-coded hosts to the platform and counts token requests. */
function countingFetch() {
  const counter = { token: 0, service: 0 };
  const fetchImpl = (input, init) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    if (url.pathname === '/oauth2/token') counter.token++;
    else counter.service++;
    return realFetch(new URL(url.pathname + url.search, platform.url), init);
  };
  return { fetchImpl, counter };
}

async function run(name, makeClient) {
  const { fetchImpl, counter } = countingFetch();
  globalThis.fetch = fetchImpl;
  try {
    const client = makeClient(fetchImpl);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: calls }, () => client.redirects.createRedirectSession({ login: {} })),
    );
    const ms = performance.now() - started;
    return { name, ...counter, ms };
  } finally {
    globalThis.fetch = realFetch;
  }
}

try {
  // Every run uses a new (cold) client; one discarded round first warms the platform and the JIT,
  // so the wall times compare the clients rather than whoever ran first.
  const measureBoth = async () => [
    await run('atrium', (fetch) =>
      createAtriumClient({
        auth: AtriumOAuthStrategy({ clientId: platform.clientId }),
        modules: { redirects: atriumRedirects },
        fetch,
      }),
    ),
    await run('reference', () =>
      createClient({ auth: OAuthStrategy({ clientId: platform.clientId }), modules: { redirects } }),
    ),
  ];
  await measureBoth();
  const results = await measureBoth();
  console.log(`${calls} concurrent service calls on a cold client (after one warm-up round)\n`);
  console.log(
    ['client', 'token requests', 'service requests', 'wall time'].map((c) => c.padEnd(18)).join(''),
  );
  for (const r of results) {
    console.log(
      [r.name, String(r.token), String(r.service), `${r.ms.toFixed(0)} ms`].map((c) => c.padEnd(18)).join(''),
    );
  }
} finally {
  await platform.close();
}
