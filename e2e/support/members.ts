import { expect, type Page } from '@playwright/test';
import { latestMail } from './platform-api';
import { siteUrl } from './urls';

/** Member steps through the site's own pages, shared by the specs. */

export const PASSWORD = 'correct horse 1';

/** Fills /sign-up's form and sends it. */
async function signUp(page: Page, email: string) {
  await page.goto(siteUrl('/sign-up'));
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Signs up under owner approval: the site says the account waits for the owner. */
export async function signUpForApproval(page: Page, email: string) {
  await signUp(page, email);
  await expect(page.getByText('Your account is waiting for approval.')).toBeVisible();
}

/** Signs up on /sign-up and enters the mailed verification code (the verify-email policy). */
export async function signUpAndVerify(page: Page, email: string) {
  await signUp(page, email);
  await expect(page.getByLabel('Verification code')).toBeVisible();
  const { code } = await latestMail(email);
  await page.getByLabel('Verification code').fill(code!);
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** Signs in on /sign-in with e-mail and password. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto(siteUrl('/sign-in'));
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
