import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { apiKey } from './platform-api';
import { platformUrl } from './urls';

export type StaffRole = 'OWNER' | 'ADMIN' | 'BLOG_EDITOR' | 'WRITER' | 'CMS_EDITOR' | 'SUPPORT';

/**
 * A new staff member with `role`, invited with the owner's API key: their e-mail and the one-time
 * invitation link (it signs in once, as the console's staff sign-in does: services/staff/).
 */
export async function inviteStaff(role: StaffRole = 'OWNER'): Promise<{ email: string; inviteUrl: string }> {
  const email = `e2e-${role.toLowerCase().replace('_', '-')}-${randomBytes(4).toString('hex')}@example.com`;
  const answer = await fetch(platformUrl('/_api/atrium-admin/v1/staff'), {
    method: 'POST',
    headers: { authorization: apiKey(), 'content-type': 'application/json' },
    body: JSON.stringify({ email, role }),
  });
  expect(answer.status).toBe(200);
  const { inviteUrl } = (await answer.json()) as { inviteUrl: string };
  return { email, inviteUrl };
}

/** Follows a one-time sign-in link in `page`: its page's button, then the console. */
export async function followSignInLink(page: Page, link: string) {
  await page.goto(link);
  await page.getByRole('button', { name: 'Continue to the console' }).click();
  await expect(page.getByRole('navigation', { name: 'Console sections' })).toBeVisible({ timeout: 15_000 });
}

/**
 * Opens the platform's console at `path`, signed in as a new staff member of `role` (default the
 * owner) through an invitation link. Answers the staff member's e-mail.
 */
export async function openConsole(page: Page, path: string, options: { role?: StaffRole } = {}) {
  const { email, inviteUrl } = await inviteStaff(options.role);
  await followSignInLink(page, inviteUrl);
  await page.goto(platformUrl(`/_hosted/console${path}`));
  await expect(page.getByRole('navigation', { name: 'Console sections' })).toBeVisible({ timeout: 15_000 });
  return { email };
}

/** axe-core on the page as it is: no serious or critical violation (each named with its nodes). */
export async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  expect(serious).toEqual([]);
}
