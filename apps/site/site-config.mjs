/**
 * The site's configuration, in one place: its defaults (the production server, serve.mjs, and the
 * development server, vite.config.ts, start from them) and the script that hands the runtime
 * values to the pages as `window.__ATRIUM__` (injected into index.html in place of
 * `<!--atrium-config-->`; read by src/config.ts).
 *
 * `siteName` is how the site names itself (page titles, `og:site_name`, the footer, the feed's
 * title). The platform has no site settings yet; once it has, they feed this value.
 */
export const DEFAULT_SITE_CONFIG = Object.freeze({
  platformUrl: 'http://127.0.0.1:7070',
  clientId: 'atrium-demo',
  siteName: 'Atrium demo',
});

/** @param {{ platformUrl: string, clientId: string, siteName: string }} config */
export function configScript(config) {
  // JSON inside <script>: escape "<" so no value can close the tag.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script>window.__ATRIUM__ = ${json};</script>`;
}
