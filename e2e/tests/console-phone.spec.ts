import { readFile } from 'node:fs/promises';
import { ADMIN_ROUTES } from '@atrium/contract/routes';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, openConsole } from '../support/console';
import { signUpAndVerify } from '../support/members';
import { admin, latestMail, ownerFormByName, ownerSubmissionsOf, uniqueEmail } from '../support/platform-api';
import { platformUrl, siteUrl } from '../support/urls';

// The console at a phone's width (390 × 844, P11): every section fits the screen (no sideways page
// scroll), the sections fold behind a "Menu" button, tables scroll inside their own labelled box,
// the editor's toolbar wraps; and the smaller defects: the mailbox lists mail without typing, Forms
// opens on the form with submissions and exports them, one "Members" heading, pagers disabled on a
// single page.

const WIDTH = 390;

/** How far the page is wider than the viewport (0 when nothing scrolls sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const SECTIONS: { label: string; path: string; heading: string | RegExp }[] = [
  { label: 'Members', path: '/members', heading: 'Members' },
  { label: 'Blog', path: '/blog', heading: 'Blog' },
  { label: 'Forms', path: '/forms', heading: 'Forms' },
  { label: 'Webhooks', path: '/webhooks', heading: 'Webhooks' },
  { label: 'Settings', path: '/settings', heading: 'Site settings' },
  { label: 'Requests', path: '/requests', heading: 'Requests' },
  { label: 'Staff', path: '/staff', heading: 'Staff' },
  { label: 'Activity', path: '/activity', heading: 'Activity' },
  { label: 'Developer', path: '/developer', heading: 'Developer' },
  { label: 'Data', path: '/collections', heading: 'Data collections' },
  { label: 'Galleries', path: '/galleries', heading: 'Galleries' },
  { label: 'Media', path: '/media', heading: 'Media library' },
];

const menuButton = (page: Page) =>
  page.getByRole('navigation', { name: 'Console sections' }).getByRole('button', { name: 'Menu' });
const menuLink = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: label, exact: true });

/** Every table box on the page: labelled and focusable; when it scrolls, the hint beside it shows. */
async function expectTablesScrollInTheirBox(page: Page) {
  const boxes = page.locator('.table-scroll');
  for (let index = 0; index < (await boxes.count()); index++) {
    const box = boxes.nth(index);
    await expect(box).toHaveAttribute('tabindex', '0');
    await expect(box).toHaveAttribute('aria-label', /table$/);
    const [scrollWidth, clientWidth] = await box.evaluate((element) => [
      element.scrollWidth,
      element.clientWidth,
    ]);
    if (scrollWidth > clientWidth + 1) {
      await expect(box.locator('xpath=following-sibling::p[@class="scroll-hint"]')).toBeVisible();
    }
  }
}

test.describe('the console at a phone’s width (390 px)', () => {
  test.use({ viewport: { width: WIDTH, height: 844 } });

  test('every section fits the screen, passes axe, and the menu opens, closes and navigates', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openConsole(page, '/members');
    await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();

    // Folded: the button says so, the links are out of sight.
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(menuLink(page, 'Media')).toBeHidden();

    // Opened: every section is a visible link inside the screen; axe finds no contrast problem.
    await menuButton(page).click();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
    for (const section of SECTIONS) {
      const link = menuLink(page, section.label);
      await expect(link).toBeVisible();
      const box = await link.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH);
    }
    await expectNoSeriousViolations(page);

    // Escape closes it and gives the focus back to the button.
    await page.keyboard.press('Escape');
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton(page)).toBeFocused();

    // By keyboard: Enter opens, Tab reaches the links, Enter on one navigates and closes the menu.
    await page.keyboard.press('Enter');
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(menuLink(page, 'Members')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menuLink(page, 'Blog')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    await expect(page).toHaveURL(/\/_hosted\/console\/blog$/);
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(menuLink(page, 'Blog')).toBeHidden();

    // Every section, reached through the menu: no sideways page scroll, tables in their box, axe.
    for (const section of SECTIONS) {
      await menuButton(page).click();
      await menuLink(page, section.label).click();
      await expect(page.getByRole('heading', { level: 1, name: section.heading })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/_hosted/console${section.path}$`));
      await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
      // Loaded: nothing is still "Loading …".
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
      expect(await overflow(page), `${section.label} is wider than the screen`).toBeLessThanOrEqual(0);
      await expectTablesScrollInTheirBox(page);
      await expectNoSeriousViolations(page);
    }
  });

  test('a wide table scrolls inside its labelled box with a hint, not the page', async ({ page }) => {
    await openConsole(page, '/members');
    const box = page.getByRole('region', { name: 'Members table' });
    await expect(box).toBeVisible();
    await expect(box).toHaveAttribute('tabindex', '0');
    const [scrollWidth, clientWidth] = await box.evaluate((element) => [
      element.scrollWidth,
      element.clientWidth,
    ]);
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    await expect(page.getByText('Scroll sideways for more →')).toBeVisible();
    // The keyboard scrolls it: focused, the right arrow moves it sideways.
    await box.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });

  test('a data collection, a post’s editor and a confirmation dialog fit the screen', async ({ page }) => {
    test.setTimeout(120_000);
    await openConsole(page, '/collections');
    await page.getByRole('region', { name: 'Collections table' }).getByRole('link').first().click();
    await expect(page.getByRole('region', { name: 'Items table' })).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectTablesScrollInTheirBox(page);

    // The editor: its toolbar wraps, every button inside the screen.
    await page.goto(platformUrl('/_hosted/console/blog/posts/new'));
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    await expect(toolbar).toBeVisible({ timeout: 15_000 });
    const controls = toolbar.locator('button, select, label');
    const count = await controls.count();
    expect(count).toBeGreaterThan(10);
    for (let index = 0; index < count; index++) {
      const control = controls.nth(index);
      if (!(await control.isVisible())) continue;
      const box = await control.boundingBox();
      expect(box!.x, `toolbar control ${index} starts off screen`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `toolbar control ${index} ends off screen`).toBeLessThanOrEqual(WIDTH);
    }
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);

    // A confirmation dialog fits too (moving a post to the trash asks first).
    await page.goto(platformUrl('/_hosted/console/blog'));
    const remove = page.getByRole('button', { name: /^Move “.*” to the trash$/ }).first();
    await expect(remove).toBeVisible({ timeout: 15_000 });
    await remove.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('the mailbox lists the recent mail without typing, newest first, filters it, and fits', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('p11-mailbox');
    await signUpAndVerify(page, email);
    await page.goto(siteUrl('/forgot-password'));
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const reset = await latestMail(email, { after: 1 });

    await page.goto(platformUrl('/_hosted/mailbox'));
    await expect(page.getByRole('status')).toContainText('newest first');
    const articles = page.getByRole('article');
    await expect(articles.first()).toContainText(reset.subject);
    await expect(articles.first()).toContainText(`To ${email}`);
    // The reset link wraps inside the page.
    const link = articles.first().getByRole('link').first();
    const box = await link.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);

    // The filter: part of the address; the verification mail and the reset mail, newest first.
    await page.getByLabel('Address or subject contains').fill(email.toUpperCase().slice(0, 30));
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page.getByRole('status')).toContainText('2 messages matching');
    await expect(articles).toHaveCount(2);
    await expect(articles.first()).toContainText(reset.subject);
  });

  test('Forms opens on the form with the newest submission and exports its submissions as CSV', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const name = `=Ada ${Date.now().toString(36)}, "the first"`;
    await page.goto(siteUrl('/contact'));
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('textbox', { name: 'E-mail' }).fill('ada@example.com');
    await page.getByRole('textbox', { name: 'Message' }).fill('Line one,\nline two.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('status')).toContainText('Thank you!', { timeout: 15_000 });
    const form = await ownerFormByName('Contact us');

    await openConsole(page, '/forms');
    await expect(page.getByLabel('Form', { exact: true })).toHaveValue(form.id);
    const row = page.getByRole('row', { name: /ada@example\.com/ }).first();
    await expect(row).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    const exporting = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await exporting;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = (await readFile((await download.path()) as string)).toString('utf8');
    const submissions = await ownerSubmissionsOf(form.id, 100);
    // One header and one CRLF-ended line per submission (no value of these holds a line break
    // but ours, which is quoted).
    expect(csv.endsWith('\r\n')).toBe(true);
    const header = csv.slice(0, csv.indexOf('\r\n')).split(',');
    expect(header.slice(0, 5)).toEqual(['id', 'createdDate', 'status', 'seen', 'tags']);
    for (const submission of submissions) expect(csv).toContain(`${submission.id},`);
    // Ours: the formula guarded with a quote, the comma and quotes quoted, the line break kept.
    expect(csv).toContain(`"'${name.replace(/"/g, '""')}"`);
    expect(csv).toContain('"Line one,\nline two."');
  });

  test('one "Members" heading, and the pager’s buttons disabled on a single page', async ({ page }) => {
    // One member matches: a single page of one.
    const email = uniqueEmail('single-p11');
    await admin('POST', ADMIN_ROUTES.createMember, { email });
    await openConsole(page, '/members');
    await expect(page.getByRole('heading', { name: 'Members', exact: true })).toHaveCount(1);
    await page.getByLabel('E-mail contains').fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    const pager = page.getByRole('navigation', { name: 'Members pages' });
    await expect(pager).toContainText('Members 1–1 of 1');
    for (const label of ['Previous page', 'Next page']) {
      const button = pager.getByRole('button', { name: label });
      await expect(button).toBeDisabled();
      // It looks off too: not the white ground of an enabled secondary button.
      expect(await button.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(
        'rgb(255, 255, 255)',
      );
    }
    // No match: said in words, and no pager for an empty list.
    await page.getByLabel('E-mail contains').fill(uniqueEmail('nobody-p11'));
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('No member matches.')).toBeVisible();
    await expect(pager).toHaveCount(0);
  });
});
