import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, openConsole } from '../support/console';
import { atEachWidth } from '../support/widths';

// P11: the request log in the console. A CMS editor's call to a members admin route is refused by
// the server; the owner finds it under Requests filtered to 403, and its detail names the rule
// that refused it. Activity (owners) shows a change the owner made: an invitation from Staff.

/** A call from the console's page with its session (the CSRF token it read), as its code makes. */
const callFromConsole = (page: Page, method: string, path: string) =>
  page.evaluate(
    async ({ method, path }) => {
      const session = await fetch('/_api/atrium-admin/v1/staff/session').then((answer) => answer.json());
      const answer = await fetch(path, { method, headers: { 'x-atrium-csrf': session.csrfToken } });
      return { status: answer.status, requestId: answer.headers.get('x-wix-request-id') ?? '' };
    },
    { method, path },
  );

atEachWidth((width) => {
  test('Requests shows a refused call and its rule; Activity shows a change', async ({ page, browser }) => {
    test.setTimeout(120_000);
    // A CMS editor's console: a members admin call is refused by the server.
    const editorContext = await browser.newContext({ viewport: { width, height: 900 } });
    const editorPage = await editorContext.newPage();
    await openConsole(editorPage, '/collections', { role: 'CMS_EDITOR' });
    const refused = await callFromConsole(editorPage, 'GET', '/_api/atrium-admin/v1/members');
    expect(refused.status).toBe(403);
    expect(refused.requestId).not.toBe('');
    await editorContext.close();

    const { email: owner } = await openConsole(page, '/requests');
    await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
    await page.getByLabel('Status').selectOption('403');
    await page.getByLabel('Path contains').fill('/v1/members');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    const open = page.getByRole('button', { name: `Open request ${refused.requestId} (GET 403)` });
    await expect(open).toBeVisible({ timeout: 15_000 });
    // Every row shown is a 403.
    const statuses = await page
      .getByRole('region', { name: 'Requests table' })
      .locator('tbody tr td:nth-child(4)')
      .allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['403']));
    await expectNoSeriousViolations(page);

    await open.click();
    const detail = page.getByRole('region', { name: `Request ${refused.requestId}` });
    await expect(detail).toContainText('Refused by');
    await expect(detail).toContainText('the CMS_EDITOR role may not use the members section');
    await expect(detail).toContainText('GET /_api/atrium-admin/v1/members');
    await expect(detail).toContainText('(CMS_EDITOR)');
    await expectNoSeriousViolations(page);
    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // A change the owner makes, then Activity.
    await page.goto(page.url().replace(/\/requests$/, '/staff'));
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    const invited = `e2e-activity-${width}-${Date.now().toString(36)}@example.com`;
    await page.getByLabel('E-mail').fill(invited);
    await page.getByLabel('Role', { exact: true }).selectOption('WRITER');
    await page.getByRole('button', { name: 'Invite' }).click();
    await expect(page.getByRole('status').first()).toContainText(`${invited} is invited`);

    await page.goto(page.url().replace(/\/staff$/, '/activity'));
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
    await page.getByLabel('Who (e-mail or key)').fill(owner);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    const table = page.getByRole('region', { name: 'Activity table' });
    await expect(table).toContainText(owner, { timeout: 15_000 });
    const row = table.getByRole('row').filter({ hasText: 'POST /_api/atrium-admin/v1/staff' }).first();
    await expect(row).toContainText('create');
    await expect(row).toContainText('Owner');
    await expectNoSeriousViolations(page);
    const activityOverflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(activityOverflow).toBeLessThanOrEqual(0);
  });
});
