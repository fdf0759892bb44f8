/**
 * The site's configuration, in one place: its defaults (the production server, serve.mjs, and the
 * development server, vite.config.ts, start from them) and the script that hands the runtime
 * values to the pages as `window.__ATRIUM__` (injected into index.html in place of
 * `<!--atrium-config-->`; read by src/config.ts).
 *
 * `siteName` is how the site names itself (page titles, `og:site_name`, the header, the footer, the
 * feed's title). The platform's site settings (its public `GET /_api/atrium/v1/site`, read by
 * serve.mjs through site-settings.mjs) replace it and give the description, the language, the logo
 * and the favicon; the configured name is the fallback when the platform cannot be reached.
 */
export const DEFAULT_SITE_CONFIG = Object.freeze({
  platformUrl: 'http://127.0.0.1:7070',
  clientId: 'atrium-demo',
  siteName: 'Atrium demo',
});

/** @param {import('./site-config.d.mts').SiteConfigValues} config */
export function configScript(config) {
  // JSON inside <script>: escape "<" so no value can close the tag.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script>window.__ATRIUM__ = ${json};</script>`;
}

/**
 * The configuration with the platform's site settings (a PublicSite), or as configured without them.
 * @param {import('./site-config.d.mts').SiteConfigValues} config
 * @param {import('./site-config.d.mts').PublicSiteValues | undefined} site
 * @returns {import('./site-config.d.mts').SiteConfigValues}
 */
export function withSiteSettings(config, site) {
  if (!site) return config;
  return {
    ...config,
    siteName: site.name || config.siteName,
    ...(site.description ? { siteDescription: site.description } : {}),
    ...(site.language ? { siteLanguage: site.language } : {}),
    ...(site.logoUrl ? { siteLogoUrl: site.logoUrl } : {}),
    ...(site.faviconUrl ? { siteFaviconUrl: site.faviconUrl } : {}),
  };
}

const escapeAttribute = (value) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * index.html for these settings: `<html lang>`, the favicon and, with `title`, the shell's title
 * (server-rendered pages set their own). Only http(s) URLs become links. Replacer functions: no
 * `$&` patterns from values.
 * @param {string} template
 * @param {import('./site-config.d.mts').SiteConfigValues} config
 * @param {{ title?: boolean }} [options]
 */
export function siteTemplate(template, config, { title = false } = {}) {
  let html = title
    ? template.replace(
        /<title>[^<]*<\/title>/,
        () => `<title>${escapeAttribute(`${config.siteName} site`)}</title>`,
      )
    : template;
  if (config.siteLanguage && /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(config.siteLanguage)) {
    html = html.replace(/<html\b[^>]*>/, () => `<html lang="${config.siteLanguage}">`);
  }
  if (config.siteFaviconUrl && /^https?:\/\//.test(config.siteFaviconUrl)) {
    const icon = `<link rel="icon" href="${escapeAttribute(config.siteFaviconUrl)}" />`;
    html = /<link rel="icon"[^>]*>/.test(html)
      ? html.replace(/<link rel="icon"[^>]*>/, () => icon)
      : html.replace('</head>', () => `${icon}</head>`);
  }
  return html;
}
