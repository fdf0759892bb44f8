import { describe, expect, it, vi } from 'vitest';
import { siteTemplate, withSiteSettings } from '../../site-config.mjs';
import { createSiteSettings, SITE_PATH } from '../../site-settings.mjs';

const SITE = {
  name: 'Garden & Co',
  description: 'Plants and people',
  language: 'fr',
  url: 'https://garden.example',
  logoUrl: 'http://platform.test/media/a.png',
  faviconUrl: 'http://platform.test/media/b.png',
};
const CONFIG = { platformUrl: 'http://platform.test', clientId: 'site', siteName: 'Atrium demo' };
const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe("the platform's site settings, as the site's server reads them", () => {
  it('asks once however many pages ask at once, and again only once the short cache has expired', async () => {
    let now = 1000;
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => answer(SITE));
    const settings = createSiteSettings({
      platformUrl: 'http://platform.test/x',
      ttlMs: 3000,
      fetch,
      now: () => now,
    });
    const pages = await Promise.all([settings.get(), settings.get(), settings.get()]);
    expect(pages).toEqual([SITE, SITE, SITE]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe(`http://platform.test${SITE_PATH}`);
    now += 2999;
    await settings.get();
    expect(fetch).toHaveBeenCalledTimes(1);
    now += 1;
    fetch.mockImplementation(async () => answer({ ...SITE, name: 'Renamed' }));
    expect((await settings.get())?.name).toBe('Renamed');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('keeps the last answer when the platform fails, and has none when it never answered', async () => {
    let now = 0;
    const fetch = vi.fn(async () => answer(SITE));
    const settings = createSiteSettings({
      platformUrl: 'http://platform.test',
      ttlMs: 10,
      fetch,
      now: () => now,
    });
    expect(await settings.get()).toEqual(SITE);
    now = 100;
    fetch.mockImplementation(async () => {
      throw new TypeError('fetch failed');
    });
    expect(await settings.get()).toEqual(SITE);
    now = 200;
    fetch.mockImplementation(async () => answer({ message: 'down' }, 503));
    expect(await settings.get()).toEqual(SITE);

    const never = createSiteSettings({
      platformUrl: 'http://platform.test',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    expect(await never.get()).toBeUndefined();
    // Without settings the configured name stays.
    expect(withSiteSettings(CONFIG, undefined)).toEqual(CONFIG);
  });

  it('gives the configuration the name, description, language, logo and favicon', () => {
    expect(withSiteSettings(CONFIG, SITE)).toEqual({
      ...CONFIG,
      siteName: 'Garden & Co',
      siteDescription: 'Plants and people',
      siteLanguage: 'fr',
      siteLogoUrl: SITE.logoUrl,
      siteFaviconUrl: SITE.faviconUrl,
    });
    expect(withSiteSettings(CONFIG, { ...SITE, description: '', logoUrl: null, faviconUrl: null })).toEqual({
      ...CONFIG,
      siteName: 'Garden & Co',
      siteLanguage: 'fr',
    });
  });

  it("sets the page template's language, favicon and title, escaped, and only http(s) icons", () => {
    const template =
      '<!doctype html><html lang="en"><head><title>Atrium demo site</title><link rel="icon" href="/favicon.svg" type="image/svg+xml" /></head></html>';
    const config = withSiteSettings(CONFIG, {
      ...SITE,
      name: 'A <b> & "c"',
      faviconUrl: 'http://p.test/m/x.png?a=1&b="2"',
    });
    const html = siteTemplate(template, config, { title: true });
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<title>A &lt;b&gt; &amp; &quot;c&quot; site</title>');
    expect(html).toContain('<link rel="icon" href="http://p.test/m/x.png?a=1&amp;b=&quot;2&quot;" />');
    expect(html).not.toContain('favicon.svg');
    const unsafe = siteTemplate(template, {
      ...config,
      siteFaviconUrl: 'javascript:alert(1)',
      siteLanguage: 'x"><script>',
    });
    expect(unsafe).toContain('href="/favicon.svg"');
    expect(unsafe).toContain('<html lang="en">');
    expect(siteTemplate(template, CONFIG)).toBe(template);
  });
});
