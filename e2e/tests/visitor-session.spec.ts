import { expect, test } from '@playwright/test';
import { platformUrl, siteUrl } from '../support/urls';

type StoredTokens = {
  accessToken: { value: string; expiresAt: number };
  refreshToken: { value: string; role: string };
};

const storedTokens = (page: import('@playwright/test').Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('atrium.tokens');
    return raw ? (JSON.parse(raw) as StoredTokens) : null;
  });

test('a visitor gets a session from the platform, and it survives a reload', async ({ page }) => {
  const tokenRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(platformUrl('/oauth2/token'))) tokenRequests.push(request.postData() ?? '');
  });

  await page.goto(siteUrl('/'));
  const session = page.getByTestId('session');
  await expect(session).toContainText('visitor session, expires');
  await expect(page.getByTestId('role')).toHaveText('visitor');

  const first = await storedTokens(page);
  expect(first?.refreshToken.role).toBe('visitor');
  expect(first?.refreshToken.value).toBeTruthy();
  expect(first!.accessToken.expiresAt).toBeGreaterThan(Date.now() / 1000);
  expect(tokenRequests).toHaveLength(1);
  expect(JSON.parse(tokenRequests[0]!)).toMatchObject({ grantType: 'anonymous', clientId: 'e2e-site' });

  await page.reload();
  await expect(session).toContainText('visitor session, expires');
  const second = await storedTokens(page);
  expect(second?.refreshToken.value).toBe(first?.refreshToken.value);
  expect(second?.accessToken.value).toBe(first?.accessToken.value);
  expect(tokenRequests).toHaveLength(1);
});

test('an unknown page shows a not-found message with a way home', async ({ page }) => {
  await page.goto(siteUrl('/no-such-page'));
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page.getByTestId('session')).toContainText('visitor session, expires');
});
