import { MEDIA_ROUTES } from '@atrium/contract/routes';
import type { ListMediaFilesResponse } from '@atrium/contract/types';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/console';
import { PASSWORD, signIn, signUpAndVerify } from '../support/members';
import { apiKey, latestMail, totpCode, uniqueEmail } from '../support/platform-api';
import { platformUrl, siteUrl } from '../support/urls';

// The member's account page (P11) in real Chromium at a desktop's and a phone's width, each with an
// axe check: sign up, edit the profile (a field's refusal shown by the field, then a photo of the media
// store), change the password and sign in with the new one, change the login e-mail through the code
// mailed to the new address, turn the authenticator app on and sign in with a code from it, turn it
// off, delete the account: signed out, and signing in again is refused.

test.describe.configure({ mode: 'serial' });

const NEW_PASSWORD = 'a much newer secret 2';
const accountMenu = (page: Page) => page.getByRole('navigation', { name: 'Account' });
const section = (page: Page, name: string) => page.getByRole('region', { name });

/** How far the page is wider than the viewport (0 when nothing scrolls sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** An image of the media store (the demo seed has them), as its platform URL. */
async function mediaImageUrl(): Promise<string> {
  const response = await fetch(new URL(`${MEDIA_ROUTES.upload}?limit=100`, platformUrl()), {
    headers: { authorization: apiKey() },
  });
  const { files } = (await response.json()) as ListMediaFilesResponse;
  const image = files.find((file) => file.kind === 'image');
  if (!image) throw new Error('the media store has no image');
  return new URL(`/media/${image.id}`, platformUrl()).toString();
}

async function openAccount(page: Page) {
  await accountMenu(page).getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(page).toHaveTitle(/Your account/);
  await expect(section(page, 'Profile')).toBeVisible();
}

async function logOut(page: Page) {
  await accountMenu(page).getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByTestId('role')).toHaveText('visitor');
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`the account page at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('every action: profile, password, login e-mail, authenticator app, delete', async ({ page }) => {
      test.setTimeout(180_000);
      const email = uniqueEmail(`e2e-account-${viewport.width}`);
      await signUpAndVerify(page, email);
      await expect(accountMenu(page)).toContainText(email);
      await openAccount(page);
      expect(await overflow(page)).toBe(0);
      await expectNoSeriousViolations(page);

      // Profile: a refused photo address is shown by its field; then names, nickname and a media photo.
      const profile = section(page, 'Profile');
      await profile.getByLabel('First name').fill('Ada');
      await profile.getByLabel('Last name').fill('Lovelace');
      await profile.getByLabel('Nickname').fill(`ada-${viewport.width}`);
      await profile.getByLabel('Photo address').fill('not an address');
      await profile.getByRole('button', { name: 'Save profile' }).click();
      const photoField = profile.getByLabel('Photo address');
      await expect(photoField).toHaveAttribute('aria-invalid', 'true');
      await expect(
        profile.getByText(/needs the id of a media-store image or an http\(s\) url/),
      ).toBeVisible();
      const photo = await mediaImageUrl();
      await photoField.fill(photo);
      await profile.getByRole('button', { name: 'Save profile' }).click();
      await expect(profile.getByRole('status')).toContainText('Profile saved');
      await expect(profile.getByRole('img', { name: 'You, as your profile shows you' })).toBeVisible();
      await page.reload();
      await expect(section(page, 'Profile').getByLabel('Nickname')).toHaveValue(`ada-${viewport.width}`);
      await expect(section(page, 'Profile').getByLabel('Last name')).toHaveValue('Lovelace');

      // Password: the current one is checked by its field; then changed, and the new one signs in.
      const password = section(page, 'Password');
      await password.getByLabel('Current password').fill('not my password');
      await password.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await password.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
      await password.getByRole('button', { name: 'Change password' }).click();
      await expect(password.getByText('is not the password of this account')).toBeVisible();
      await password.getByLabel('Current password').fill(PASSWORD);
      await password.getByRole('button', { name: 'Change password' }).click();
      await expect(password.getByRole('status')).toContainText('Password changed');
      await logOut(page);
      await signIn(page, email, NEW_PASSWORD);
      await expect(accountMenu(page)).toContainText(email);
      await openAccount(page);

      // Login e-mail: the code goes to the new address; the login changes once it comes back.
      const newEmail = uniqueEmail(`e2e-account-new-${viewport.width}`);
      const mail = section(page, 'Login e-mail');
      await mail.getByLabel('New e-mail').fill(newEmail);
      await mail.getByRole('button', { name: 'Send a code to the new e-mail' }).click();
      await expect(mail.getByRole('status')).toContainText(`We sent a code to ${newEmail}`);
      await expect(mail.getByTestId('login-email')).toHaveText(email);
      const { code } = await latestMail(newEmail);
      await mail.getByLabel('Code from the e-mail').fill(code!);
      await mail.getByRole('button', { name: 'Confirm new e-mail' }).click();
      await expect(mail.getByRole('status')).toContainText(`Your login e-mail is now ${newEmail}`);
      await expect(mail.getByTestId('login-email')).toHaveText(newEmail);
      // The old address is told of the change, naming the new one.
      expect((await latestMail(email)).subject).toMatch(/login e-mail was changed/);

      // Authenticator app: the key as text, confirmed with a code from it.
      const totp = section(page, 'Authenticator app');
      await totp.getByRole('button', { name: 'Set up an authenticator app' }).click();
      const secret = (await totp.getByTestId('totp-secret').textContent())!.trim();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await expect(totp.getByTestId('totp-uri')).toContainText(`otpauth://totp/Atrium:${newEmail}`);
      // …and as a QR code to scan, inside the screen at 390 px too.
      const qr = totp.getByRole('img', { name: /QR code of the authenticator key/ });
      await expect(qr).toBeVisible();
      expect((await qr.boundingBox())!.width).toBeGreaterThan(100);
      expect(await overflow(page)).toBe(0);
      await expectNoSeriousViolations(page);
      await totp.getByLabel('Code from the app').fill(totpCode(secret));
      await totp.getByRole('button', { name: 'Turn on' }).click();
      await expect(totp.getByTestId('totp-status')).toContainText('On:');

      // Signing in now asks for a code (the confirming one is spent: the next step's is in the window).
      await logOut(page);
      await signIn(page, newEmail, NEW_PASSWORD);
      await expect(page.getByLabel('Security code')).toBeVisible();
      await page.getByLabel('Security code').fill(totpCode(secret, Date.now() + 30_000));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(accountMenu(page)).toContainText(newEmail);

      // Off again, proven with the password (keyboard only).
      await openAccount(page);
      const totpAgain = section(page, 'Authenticator app');
      await totpAgain.getByLabel('your password').check();
      await totpAgain.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
      await totpAgain.getByLabel('Password', { exact: true }).press('Enter');
      await expect(totpAgain.getByTestId('totp-status')).toContainText('Off:');

      // Delete: the button waits for the typed e-mail; then signed out, and the sign-in is refused.
      const remove = section(page, 'Delete your account');
      const deleteButton = remove.getByRole('button', { name: 'Delete my account' });
      await expect(deleteButton).toBeDisabled();
      await remove.getByLabel(/To confirm, type your e-mail/).fill(newEmail);
      await deleteButton.click();
      await expect(page.getByTestId('role')).not.toHaveText('member');
      await expect(accountMenu(page)).toHaveCount(0);
      await signIn(page, newEmail, NEW_PASSWORD);
      await expect(page.getByText(/We could not sign you in with this e-mail address/)).toBeVisible();
      await expect(page.getByTestId('role')).not.toHaveText('member');
      await page.goto(siteUrl('/account'));
      await expect(page.getByText('This page is for members.')).toBeVisible();
    });

    test('the hosted sign-in page: "Forgot your password?" mails the reset link, "Sign up" signs up in the same flow', async ({
      page,
    }) => {
      const known = uniqueEmail(`e2e-hosted-known-${viewport.width}`);
      await signUpAndVerify(page, known);
      await logOut(page);
      const hosted = async () => {
        await page.goto(siteUrl('/sign-in'));
        await page.getByRole('button', { name: 'Sign in on the hosted page' }).click();
        await page.waitForURL(/\/_hosted\/redirect\//);
      };

      await hosted();
      await page.getByRole('button', { name: 'Forgot your password?' }).click();
      await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
      await expectNoSeriousViolations(page);
      const before = (await latestMail(known)).id;
      await page.getByLabel('E-mail').fill(known);
      await page.getByRole('button', { name: 'Send the link' }).click();
      await expect(page.getByRole('status')).toContainText(`We sent a link to ${known}`);
      const reset = await latestMail(known, { after: 1 });
      expect(reset.id).not.toBe(before);
      expect(reset.links[0]).toContain('/_hosted/reset-password?');
      await page.getByRole('button', { name: 'Back to log in' }).click();
      await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

      const fresh = uniqueEmail(`e2e-hosted-new-${viewport.width}`);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
      await expectNoSeriousViolations(page);
      expect(await overflow(page)).toBe(0);
      await page.getByLabel('E-mail').fill(fresh);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign up' }).click();
      // The demo's policy verifies the e-mail: the code step, then back on the site signed in.
      await page.getByLabel('Verification code').fill((await latestMail(fresh)).code!);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(siteUrl('/'));
      await expect(accountMenu(page)).toContainText(fresh);
    });
  });
}
