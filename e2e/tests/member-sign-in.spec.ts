import { expect, type Page, test } from '@playwright/test';
import { openConsole } from '../support/console';
import { PASSWORD, signIn, signUpAndVerify, signUpForApproval } from '../support/members';
import {
  enrollTotp,
  latestMail,
  memberByEmail,
  setRegistrationPolicy,
  totpCode,
  uniqueEmail,
} from '../support/platform-api';
import { platformUrl, siteUrl } from '../support/urls';

// Member journeys in real Chromium: the built site and a real platform (verify-email policy).

test.describe.configure({ mode: 'serial' });

const accountMenu = (page: Page) => page.getByRole('navigation', { name: 'Account' });
const storedRole = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('atrium.tokens') ?? 'null')?.refreshToken?.role as string,
  );

test('(1) sign up, verify the mailed code, land signed in through direct login; still signed in after a reload', async ({
  page,
}) => {
  const email = uniqueEmail('e2e-signup');
  const frames: string[] = [];
  page.on('frameattached', (frame) => frames.push(frame.url()));

  await signUpAndVerify(page, email);

  await expect(page.getByTestId('session')).toContainText(`Signed in as ${email}`);
  await expect(accountMenu(page)).toContainText(email);
  expect(await storedRole(page)).toBe('member');
  // Direct login ran through a hidden frame, which is gone again.
  expect(frames.length).toBeGreaterThan(0);
  expect(await page.locator('iframe').count()).toBe(0);

  await page.reload();
  await expect(page.getByTestId('session')).toContainText(`Signed in as ${email}`);
  expect(await storedRole(page)).toBe('member');
});

test('(2) log out: a visitor again', async ({ page }) => {
  const email = uniqueEmail('e2e-logout');
  await signUpAndVerify(page, email);
  await expect(accountMenu(page)).toContainText(email);

  await accountMenu(page).getByRole('button', { name: 'Log out' }).click();

  await expect(page.getByTestId('session')).toContainText('visitor session, expires');
  await expect(page.getByTestId('role')).toHaveText('visitor');
  expect(await storedRole(page)).toBe('visitor');
});

test('(3) a wrong password shows the invalid-password message', async ({ page }) => {
  const email = uniqueEmail('e2e-wrong');
  await signUpAndVerify(page, email);
  await accountMenu(page).getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByTestId('role')).toHaveText('visitor');

  await signIn(page, email, 'not the password');

  await expect(
    page.getByText('The password is not correct. Try again, or reset your password.'),
  ).toBeVisible();
  await expect(page.getByLabel('Password')).toBeFocused();
  expect(await storedRole(page)).not.toBe('member');
});

test('(4) sign in on the hosted login page (redirect flow) and come back signed in', async ({ page }) => {
  const email = uniqueEmail('e2e-hosted');
  await signUpAndVerify(page, email);
  await accountMenu(page).getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByTestId('role')).toHaveText('visitor');

  await page.goto(siteUrl('/sign-in'));
  await page.getByRole('button', { name: 'Sign in on the hosted page' }).click();
  await page.waitForURL(/\/_hosted\/redirect\//);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();

  await page.waitForURL(siteUrl('/'));
  await expect(page.getByTestId('session')).toContainText(`Signed in as ${email}`);
  expect(await storedRole(page)).toBe('member');
});

test('(5) reset the password through the mailed link, then sign in with the new one', async ({ page }) => {
  const email = uniqueEmail('e2e-reset');
  await signUpAndVerify(page, email);
  await accountMenu(page).getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByTestId('role')).toHaveText('visitor');

  await page.goto(siteUrl('/forgot-password'));
  await page.getByLabel('E-mail').fill(email);
  const mailsBefore = 1;
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const mail = await latestMail(email, { after: mailsBefore });
  const link = mail.links.find((l) => l.startsWith(siteUrl('/reset-password')));
  expect(link).toBeTruthy();

  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill('a brand new secret');
  await page.getByLabel('Confirm new password').fill('a brand new secret');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByTestId('session')).toContainText(`Signed in as ${email}`);

  await accountMenu(page).getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByTestId('role')).toHaveText('visitor');
  await signIn(page, email, 'a brand new secret');
  await expect(page.getByTestId('session')).toContainText(`Signed in as ${email}`);
});

test('(6) under owner approval: sign-up says pending, the owner approves in the console, then sign-in works', async ({
  page,
}) => {
  const email = uniqueEmail('e2e-approval');
  await setRegistrationPolicy('approval');
  try {
    await signUpForApproval(page, email);

    const console = await page.context().newPage();
    await openConsole(console, '/members', { role: 'SUPPORT' });
    // Found as an owner finds one among many (the list is paged, oldest first): by address.
    await console.getByLabel('E-mail contains').fill(email);
    await console.getByRole('button', { name: 'Search' }).click();
    const row = console.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(row).toContainText('Active'); // every member is listed, with their status
    expect((await memberByEmail(email)).status.name).toBe('ACTIVE');
    await console.close();

    await signIn(page, email);
    await expect(page.getByTestId('session')).toContainText(`Signed in as ${email}`);
  } finally {
    await setRegistrationPolicy('verify-email');
  }
});

test('(7) a member with TOTP completes multi-factor sign-in', async ({ page }) => {
  const email = uniqueEmail('e2e-totp');
  await signUpAndVerify(page, email);
  await accountMenu(page).getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByTestId('role')).toHaveText('visitor');
  const member = await memberByEmail(email);
  const { totp } = await enrollTotp(member.id);

  await signIn(page, email);
  await expect(page.getByLabel('Security code')).toBeVisible();
  expect(await storedRole(page)).not.toBe('member');
  await page.getByLabel('Security code').fill(totpCode(totp!.secret));
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page.getByTestId('session')).toContainText(`Signed in as ${email}`);
  expect(await storedRole(page)).toBe('member');
});

test('(8) the logout URL works without JavaScript: the session ends and the browser lands on postFlowUrl', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('e2e-nojs-logout');
  await signUpAndVerify(page, email);
  await expect(page.getByTestId('session')).toContainText(`Signed in as ${email}`);
  const tokens = await page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('atrium.tokens') ?? 'null') as {
        accessToken: { value: string };
        refreshToken: { value: string };
      },
  );
  const clientId = JSON.parse(
    Buffer.from(tokens.accessToken.value.split('.')[1]!, 'base64url').toString(),
  ).cid;
  // What auth.logout(originalUrl) asks for (docs/wire.md §4.5).
  const created = await fetch(platformUrl('/_api/redirects-api/v1/redirect-session'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: tokens.accessToken.value },
    body: JSON.stringify({ logout: { clientId }, callbacks: { postFlowUrl: siteUrl('/') } }),
  });
  expect(created.status).toBe(200);
  const { redirectSession } = (await created.json()) as { redirectSession: { fullUrl: string } };

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    const tab = await noScript.newPage();
    await tab.goto(redirectSession.fullUrl);
    expect(tab.url()).toBe(siteUrl('/'));
  } finally {
    await noScript.close();
  }
  const renewed = await fetch(platformUrl('/oauth2/token'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grantType: 'refresh_token', refreshToken: tokens.refreshToken.value }),
  });
  expect(renewed.status).toBe(400);
});
