/**
 * The platform's site settings as the site's server reads them (`GET /_api/atrium/v1/site`): kept
 * for `ttlMs` (a change in the console shows within seconds), one request at a time however many
 * pages ask, and when the platform cannot be reached, the last answer it gave (or none: the
 * configured name). A failure is retried after `ttlMs` too, so a down platform is not asked per page.
 */
export const SITE_PATH = '/_api/atrium/v1/site';

/**
 * @param {{ platformUrl: string, ttlMs?: number, timeoutMs?: number, fetch?: typeof fetch, now?: () => number }} options
 */
export function createSiteSettings({
  platformUrl,
  ttlMs = 3000,
  timeoutMs = 1500,
  fetch: get = fetch,
  now = Date.now,
}) {
  const url = `${new URL(platformUrl).origin}${SITE_PATH}`;
  /** @type {import('./site-config.d.mts').PublicSiteValues | undefined} */
  let known;
  let freshUntil = Number.NEGATIVE_INFINITY;
  /** @type {Promise<void> | undefined} */
  let inFlight;

  async function refresh() {
    try {
      const response = await get(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (response.ok) {
        const body = await response.json();
        if (body && typeof body.name === 'string' && body.name !== '') known = body;
      }
    } catch {
      // Unreachable or slow: keep what was known.
    } finally {
      freshUntil = now() + ttlMs;
      inFlight = undefined;
    }
  }

  return {
    /** @returns {Promise<import('./site-config.d.mts').PublicSiteValues | undefined>} */
    async get() {
      if (now() >= freshUntil) {
        inFlight ??= refresh();
        await inFlight;
      }
      return known;
    },
  };
}
