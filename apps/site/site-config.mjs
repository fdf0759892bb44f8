/**
 * The runtime configuration the site reads from `window.__ATRIUM__`: which platform to talk to and
 * as which OAuth client. Injected into index.html in place of `<!--atrium-config-->`.
 * @param {{ platformUrl: string, clientId: string }} config
 */
export function configScript(config) {
  // JSON inside <script>: escape "<" so no value can close the tag.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script>window.__ATRIUM__ = ${json};</script>`;
}
