import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, followSignInLink, inviteStaff, openConsole } from '../support/console';
import { apiKey, latestMail } from '../support/platform-api';
import { platformUrl } from '../support/urls';
import { atEachWidth } from '../support/widths';

// P11: staff sign in to the console with their own sessions (no shared API key in the page): an
// owner invites by e-mail from the Staff section, the invitation link signs in once and leads to
// choosing a password, the password signs in afterwards (a wrong one is refused), "Forgot your
// password?" mails a link; each role sees its sections, and the server refuses the rest.

const PASSWORD = 'a staff password 1';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A call from the console's page with its session (the CSRF token it read), as its code makes. */
const callFromConsole = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ({ method, path, body }) => {
      const session = await fetch('/_api/atrium-admin/v1/staff/session').then((answer) => answer.json());
      const answer = await fetch(path, {
        method,
        headers: {
          'x-atrium-csrf': session.csrfToken,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: answer.status, body: await answer.text() };
    },
    { method, path, body },
  );

atEachWidth((width) => {
  test('an owner invites staff; the link signs in once, a password is chosen, then signs in; a wrong one is refused', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await openConsole(page, '/staff');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    const email = `e2e-invited-${width}-${Date.now().toString(36)}@example.com`;
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Role', { exact: true }).selectOption('BLOG_EDITOR');
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(page.getByRole('status').first()).toContainText(`${email} is invited as Blog editor`);
    await expect(page.getByRole('row', { name: new RegExp(escapeRegExp(email)) })).toContainText('Invited');
    await expectNoSeriousViolations(page);

    // The invitation, from the mailbox, in a browser of its own.
    const mail = await latestMail(email);
    const link = mail.links.find((entry) => entry.includes('/_hosted/console/sign-in'));
    expect(link).toBeDefined();
    const invited = await browser.newContext({ viewport: { width, height: 900 } });
    const staffPage = await invited.newPage();
    await followSignInLink(staffPage, link!);
    await expect(staffPage.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    await expect(staffPage.getByText('Blog editor: all posts')).toBeVisible();
    // A blog editor's menu: the blog and media, nothing else.
    const nav = staffPage.getByRole('navigation', { name: 'Console sections' });
    if (width < 768) await nav.getByRole('button', { name: 'Menu' }).click();
    await expect(nav.getByRole('link')).toHaveText(['Blog', 'Media']);
    if (width < 768) await nav.getByRole('button', { name: 'Menu' }).click();
    await staffPage.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await staffPage.getByLabel('New password again').fill(PASSWORD);
    await staffPage.getByRole('button', { name: 'Save the password' }).click();
    await expect(staffPage.getByRole('status').first()).toContainText('The password is saved');
    await expectNoSeriousViolations(staffPage);

    // Signed out, the console asks to sign in; a wrong password is refused, the right one opens it.
    await staffPage.getByRole('button', { name: 'Sign out' }).click();
    await expect(staffPage.getByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeVisible();
    await expect(staffPage.getByRole('status')).toContainText('You are signed out.');
    await expectNoSeriousViolations(staffPage);
    await staffPage.getByLabel('E-mail').fill(email);
    await staffPage.getByLabel('Password').fill('not the password');
    await staffPage.getByRole('button', { name: 'Sign in' }).click();
    await expect(staffPage.getByRole('alert')).toContainText('the e-mail or the password is not right');
    await staffPage.getByLabel('Password').fill(PASSWORD);
    await staffPage.getByRole('button', { name: 'Sign in' }).click();
    await expect(staffPage.getByRole('navigation', { name: 'Console sections' })).toBeVisible();
    await staffPage.reload();
    await expect(
      staffPage.getByRole('link', { name: new RegExp(`Your account: ${escapeRegExp(email)}`) }),
    ).toBeVisible();
    // The invitation link was used: it signs in no more.
    await staffPage.goto(link!);
    await staffPage.getByRole('button', { name: 'Continue to the console' }).click();
    await expect(staffPage.getByRole('heading', { name: 'This link does not sign in' })).toBeVisible();
    // Nothing of the session is readable by the page's scripts.
    expect(await staffPage.evaluate(() => document.cookie)).not.toContain('atrium_staff');
    await invited.close();
  });

  test('roles are enforced by the server: a CMS editor cannot see members, a writer cannot publish', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await openConsole(page, '/collections', { role: 'CMS_EDITOR' });
    await expect(page.getByRole('heading', { level: 1, name: 'Data collections' })).toBeVisible();
    // Not in the menu, the page says so, and the server refuses the call, naming the rule.
    await page.goto(platformUrl('/_hosted/console/members'));
    await expect(page.getByText('The CMS editor role does not open /members')).toBeVisible();
    await expectNoSeriousViolations(page);
    const members = await callFromConsole(page, 'GET', '/_api/atrium-admin/v1/members');
    expect(members.status).toBe(403);
    expect(members.body).toContain('the CMS_EDITOR role may not use the members section');

    await openConsole(page, '/blog', { role: 'WRITER' });
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    // A writer's own draft goes to review when published; another's is not theirs to publish.
    const created = await callFromConsole(page, 'POST', '/blog/v3/draft-posts', {
      draftPost: { title: `A writer's draft ${width}` },
    });
    expect(created.status).toBe(200);
    const own = JSON.parse(created.body).draftPost.id as string;
    expect((await callFromConsole(page, 'POST', `/blog/v3/draft-posts/${own}/publish`, {})).status).toBe(200);
    const { draftPosts } = (await fetch(platformUrl('/blog/v3/draft-posts/query'), {
      method: 'POST',
      headers: { authorization: apiKey(), 'content-type': 'application/json' },
      body: JSON.stringify({ query: { cursorPaging: { limit: 100 } } }),
    }).then((answer) => answer.json())) as { draftPosts: { id: string; status: string }[] };
    expect(draftPosts.find((draft) => draft.id === own)?.status).toBe('IN_REVIEW');
    const another = draftPosts.find((draft) => draft.id !== own && draft.status !== 'IN_REVIEW');
    expect(another).toBeDefined();
    const publish = await callFromConsole(page, 'POST', `/blog/v3/draft-posts/${another!.id}/publish`, {});
    expect(publish.status).toBe(404);
    const category = await callFromConsole(page, 'POST', '/blog/v3/categories', {
      category: { label: 'No' },
    });
    expect(category.status).toBe(403);
    expect(category.body).toContain('need BLOG_EDITOR');
  });
});

test('forgot password: the console mails a one-time link that signs in to choose a new password', async ({
  page,
}) => {
  const { email, inviteUrl } = await inviteStaff('SUPPORT');
  await followSignInLink(page, inviteUrl);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await expect(page.getByRole('status')).toContainText(`If ${email} belongs to the staff`);
  const mail = await latestMail(email, { after: 1 }); // the invitation came first
  expect(mail.subject).toMatch(/^Reset your console password/);
  await followSignInLink(page, mail.links[0]!);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose a password' })).toBeVisible();
});
