import { randomBytes } from 'node:crypto';
import type { SiteSettingsResponse } from '@atrium/contract/types';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, openConsole } from '../support/console';
import { randomPng } from '../support/images';
import { admin } from '../support/platform-api';
import { siteUrl } from '../support/urls';
import { atEachWidth } from '../support/widths';

// P11 site settings: the owner renames the site and gives it a logo in the console's Settings
// section (a bad field is refused on its field); the console's header, the site's header and
// page titles and the site's RSS feed then show the new name. The original settings are restored
// at the end: other specs read the demo site's name ("Atrium demo").

const ROUTE = '/v1/site-settings';

atEachWidth((width) => {
  test('a new name and logo show in the console, on the site, its titles and its feed', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { settings: original } = await admin<SiteSettingsResponse>('GET', ROUTE);
    const name = `Garden ${width} ${randomBytes(3).toString('hex')}`;
    try {
      await openConsole(page, '/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Site settings' })).toBeVisible();
      const nameField = page.getByLabel('Site name');
      await expect(nameField).toHaveValue(original.name);
      await expectNoSeriousViolations(page);

      // A bad language is refused on its field, and nothing is saved.
      await page.getByLabel('Language').fill('not a language!');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByRole('alert')).toContainText('Some fields need changes');
      await expect(page.getByText('is not a BCP 47 language tag')).toBeVisible();
      await expect(page.getByLabel('Language')).toHaveAttribute('aria-invalid', 'true');
      await expectNoSeriousViolations(page);
      await page.getByRole('button', { name: 'Discard changes' }).click();
      await expect(page.getByLabel('Language')).toHaveValue(original.language);

      // The new name and an uploaded logo, previewed, then saved.
      await nameField.fill(name);
      await page.getByLabel('Upload a logo').setInputFiles({
        name: `logo-${width}.png`,
        mimeType: 'image/png',
        buffer: randomPng(60, 20),
      });
      await expect(page.getByText(`logo-${width}.png uploaded`)).toBeVisible();
      const preview = page.getByTestId('site-header-preview');
      await expect(preview).toContainText(name);
      await expect(preview.locator('img')).toBeVisible();
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
      await expect(page.locator('.console-site')).toHaveText(name);
      await expect(page).toHaveTitle(new RegExp(`Settings · Console · ${name}$`));
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth).toBeLessThanOrEqual(width);
      await expectNoSeriousViolations(page);

      // The site reads the settings within seconds (serve.mjs keeps them 3 s).
      await expect(async () => {
        await page.goto(siteUrl('/blog'));
        await expect(page).toHaveTitle(`Blog · ${name}`, { timeout: 1000 });
      }).toPass({ timeout: 20_000 });
      const brand = page.locator('header .brand');
      await expect(brand).toContainText(name);
      await expect(brand.locator('img.brand-logo')).toBeVisible();
      expect(
        await brand.locator('img.brand-logo').evaluate((image: HTMLImageElement) => image.naturalWidth),
      ).toBe(60);
      await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute('content', name);
      await expectNoSeriousViolations(page);

      const rss = await (await request.get(siteUrl('/blog-feed.xml'))).text();
      expect(/<channel>\s*<title>([^<]*)<\/title>/.exec(rss)?.[1]).toBe(`Blog · ${name}`);
    } finally {
      await admin('PATCH', ROUTE, {
        name: original.name,
        description: original.description,
        language: original.language,
        url: original.defaults.url ? null : original.url,
        logo: original.logo?.id ?? null,
        favicon: original.favicon?.id ?? null,
      });
    }
    // Restored: the site is the demo site again once its short cache has passed.
    await expect(async () => {
      await page.goto(siteUrl('/blog'));
      await expect(page).toHaveTitle(`Blog · ${original.name}`, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
  });
});
