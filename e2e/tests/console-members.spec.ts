import { ADMIN_ROUTES } from '@atrium/contract/routes';
import type { Identity } from '@atrium/contract/types';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, openConsole } from '../support/console';
import { signIn } from '../support/members';
import { admin, latestMail, uniqueEmail } from '../support/platform-api';
import { platformUrl, siteUrl } from '../support/urls';

// Member management in the console (P11; Ghost's admin members, Supabase's auth users): invite a
// member (the mail in the mailbox, its link sets the password, they sign in on the site), create
// one, edit a profile, end a session (the site then shows them signed out), block and unblock,
// delete after typing the address; at a desktop's and a phone's width, each with an axe check.

const INVITED_PASSWORD = 'an invited secret';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function membersMatching(email: string): Promise<Identity[]> {
  const { members } = await admin<{ members: Identity[] }>(
    'GET',
    `${ADMIN_ROUTES.listMembers}?search=${encodeURIComponent(email)}`,
  );
  return members;
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Opens a member's page from the list (searched by address). */
async function manage(page: Page, email: string) {
  await page.getByLabel('E-mail contains').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row', { name: new RegExp(escapeRegExp(email)) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Manage ${email}` }).click();
  const panel = page.getByRole('region', { name: `Member ${email}` });
  await expect(panel).toBeVisible();
  return panel;
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('invite a member: the mail, the link that sets the password, signing in on the site; then their page: profile, sessions, block, delete', async ({
      page,
      browser,
    }) => {
      const email = uniqueEmail(`p11-invited-${viewport.width}`);
      await openConsole(page, '/members');
      await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();

      // Invite, in a dialog that fits the screen and is used by keyboard.
      await page.getByRole('button', { name: 'Add member' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a member' });
      await expect(dialog).toHaveJSProperty('open', true);
      await expect(dialog.getByLabel('Invite by e-mail (they choose a password)')).toBeChecked();
      const box = await dialog.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      await expectNoSeriousViolations(page);
      await dialog.getByLabel('E-mail', { exact: true }).fill(email);
      await dialog.getByLabel('First name (optional)').fill('Ivy');
      await dialog.getByLabel('E-mail', { exact: true }).press('Enter');
      await expect(dialog.getByRole('status').filter({ hasText: 'Sent to' })).toContainText(
        `Sent to ${email} — see the mailbox`,
      );
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Add member' })).toBeFocused();

      // The mail is in the mailbox; its link (the platform's public URL) sets the password.
      const mail = await latestMail(email);
      expect(mail.subject).toMatch(/^Activate your .+ account$/);
      const link = mail.links[0]!;
      expect(link).toMatch(/\/_hosted\/reset-password\?recoveryToken=/);
      const site = await browser.newPage({ viewport });
      await site.goto(link);
      await site.getByLabel('New password', { exact: true }).fill(INVITED_PASSWORD);
      await site.getByLabel('Repeat the new password').fill(INVITED_PASSWORD);
      await site.getByRole('button', { name: 'Change password' }).click();
      await expect(site.getByText('Your password has been changed.')).toBeVisible();
      expect((await membersMatching(email))[0]?.status.name).toBe('ACTIVE');

      // They sign in on the site.
      await signIn(site, email, INVITED_PASSWORD);
      await expect(site.getByTestId('session')).toContainText(`Signed in as ${email}`);

      // Their page: the profile, edited.
      const panel = await manage(page, email);
      await expect(panel.getByLabel('First name')).toHaveValue('Ivy');
      await panel.getByLabel('Last name').fill('Invited');
      await panel.getByLabel('Nickname').fill('ivy');
      const slug = `ivy-${Date.now().toString(36)}-${viewport.width}`;
      await panel.getByLabel('Profile slug').fill(slug);
      await panel.getByRole('button', { name: 'Save the profile' }).click();
      await expect(panel.getByRole('status').filter({ hasText: 'The profile is saved.' })).toBeVisible();
      await expect(panel.getByLabel('Profile slug')).toHaveValue(slug);
      await expect(panel.getByLabel('Last name')).toHaveValue('Invited');
      await expectNoSeriousViolations(page);
      if (viewport.width < 500) await expectNoSidewaysScroll(page);

      // Their session (the site's sign-in) is listed; ending it refuses the site's member tokens.
      const sessions = panel.getByRole('region', { name: 'Sessions table' });
      await expect(sessions.getByRole('row')).toHaveCount(2);
      await expect(sessions.getByRole('columnheader', { name: 'Last used' })).toBeVisible();
      const memberCall = () =>
        site.evaluate(async (platform) => {
          for (let index = 0; index < localStorage.length; index++) {
            try {
              const access = JSON.parse(localStorage.getItem(localStorage.key(index)!) ?? '')?.accessToken
                ?.value;
              if (typeof access !== 'string') continue;
              const answer = await fetch(`${platform}/members/v1/members/my`, {
                headers: { authorization: access },
              });
              return answer.status;
            } catch {
              // not the tokens
            }
          }
          return -1;
        }, new URL(platformUrl()).origin);
      expect(await memberCall()).toBe(200);
      await sessions.getByRole('button', { name: /End session/ }).click();
      await expect(panel.getByText('One session ended.')).toBeVisible();
      await expect(panel.getByText(`No live session: ${email} is signed out everywhere.`)).toBeVisible();
      // The access token the site holds is refused at once (its session has ended), as the refresh token.
      expect(await memberCall()).toBe(401);

      // A password reset, sent by the owner, says where it went.
      await panel.getByRole('button', { name: 'Send password reset' }).click();
      await expect(panel.getByText(`Sent to ${email} — see the mailbox`)).toBeVisible();
      expect((await latestMail(email, { after: 1 })).subject).toMatch(/^Reset your .+ password$/);

      // Block (confirmed), then unblock.
      await panel.getByRole('button', { name: `Block ${email}` }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: `Block ${email}` })
        .click();
      await expect(panel.getByText(`${email} is blocked; their sessions have ended.`)).toBeVisible();
      expect((await membersMatching(email))[0]?.status.name).toBe('BLOCKED');
      await panel.getByRole('button', { name: 'Unblock' }).click();
      await expect(panel.getByText(`${email} is unblocked.`)).toBeVisible();
      expect((await membersMatching(email))[0]?.status.name).toBe('ACTIVE');

      // Delete: only once the address is typed.
      const remove = panel.getByRole('button', { name: `Delete ${email}` });
      await expect(remove).toBeDisabled();
      await panel.getByLabel(`Type ${email} to confirm`).fill(email);
      await remove.click();
      await expect(page.getByRole('region', { name: `Member ${email}` })).toHaveCount(0);
      await expect.poll(async () => (await membersMatching(email)).length).toBe(0);
      await site.close();
    });

    test('create a member who signs in at once', async ({ page }) => {
      const email = uniqueEmail(`p11-created-${viewport.width}`);
      const password = 'a created secret';
      await openConsole(page, '/members');
      await page.getByRole('button', { name: 'Add member' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a member' });
      await dialog.getByLabel('Create the account now (active at once)').check();
      await dialog.getByLabel('E-mail', { exact: true }).fill(email);
      await dialog.getByLabel('Password (optional)').fill(password);
      await dialog.getByRole('button', { name: 'Create member' }).click();
      await expect(dialog.getByText(`${email} is a member and can sign in.`)).toBeVisible();
      await expectNoSeriousViolations(page);
      await dialog.getByRole('button', { name: 'Close' }).click();
      expect((await membersMatching(email))[0]?.status.name).toBe('ACTIVE');
      await page.goto(siteUrl('/'));
      await signIn(page, email, password);
      await expect(page.getByTestId('session')).toContainText(`Signed in as ${email}`);
    });
  });
}
