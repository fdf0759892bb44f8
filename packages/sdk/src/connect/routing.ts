/**
 * Where a request the reference client (`@wix/sdk`, `@wix/*`) sends to the hosted platform goes on
 * the local platform: the one rule of `@atrium/sdk/connect`, shared by Node (interceptors) and the
 * browser (the service worker, which receives this function's source text).
 *
 * - The API host and the edge host (docs/wire.md §1.1; the token endpoint `/oauth2/token` is on the API
 *   host): same path and query on the platform.
 * - The media hosts the reference's media helpers build URLs on (`@wix/sdk` `media`): images and
 *   resized images `static.wixstatic.com/media/<id>[/v1/fill|fit|crop/…]`, shapes
 *   `static.wixstatic.com/shapes/<id>`, audio `static.wixstatic.com/mp3/<id>`, video
 *   `video.wixstatic.com/video/<id>/<resolution>/mp4/file.mp4`, documents
 *   `<site>.usrfiles.com/ugd/<id>` (also `<site>.filesusr.com`, the form the hosted docs show): the
 *   platform's media store answers `/media/<id>` (the original, one file per id, whatever the
 *   resolution asked) and `/media/<id>/v1/…` (resized images).
 *
 * Uploads need no rule: the upload URLs the platform hands out (forms' media-upload-url) are its own.
 * Anything else answers undefined and is left alone.
 *
 * Self-contained on purpose (no imports, no outer names): the browser worker is built from
 * `String(localUrlOf)`.
 */
export function localUrlOf(url: string, platformUrl: string): string | undefined {
  const match = /^https?:\/\/([^/?#]+)([^?#]*)(\?[^#]*)?/i.exec(url);
  if (!match) return undefined;
  const host = match[1]!.toLowerCase().replace(/:(80|443)$/, '');
  const path = match[2] || '/';
  const query = match[3] ?? '';
  const base = platformUrl.replace(/\/+$/, '');
  if (host === 'www.wixapis.com' || host === 'edge.wixapis.com') return base + path + query;
  // A media URL's query (a cache buster) means nothing to the media store, which refuses queries.
  const media = (rest: string) => `${base}/media/${rest}`;
  if (host === 'static.wixstatic.com') {
    const found = /^\/(media|shapes|mp3)\/(.+)$/.exec(path);
    return found ? media(found[2]!) : undefined;
  }
  if (host === 'video.wixstatic.com') {
    const found = /^\/video\/([^/]+)/.exec(path);
    return found ? media(found[1]!) : undefined;
  }
  if (/\.(usrfiles|filesusr)\.com$/.test(host)) {
    const found = /^\/ugd\/([^/]+)/.exec(path);
    return found ? media(found[1]!) : undefined;
  }
  return undefined;
}

/** The platform's address when none is given: `ATRIUM_PLATFORM_URL`, else the CLI's default. */
export const DEFAULT_PLATFORM_URL = 'http://127.0.0.1:7070';
