import { randomBytes } from 'node:crypto';
import {
  FORM_SUBMISSIONS_PREFIX,
  FORM_SUBMISSIONS_ROUTES,
  WIX_FORMS_NAMESPACE,
} from '@atrium/contract/routes';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  ExampleSites,
  expectHostedRequestsRouted,
  expectImagesLoaded,
  type Mode,
} from '../support/example-sites';
import { PASSWORD } from '../support/members';

/**
 * examples/next-members, a Next.js (App Router) members site, built and started both ways against
 * a platform with the demo seed (open registration, an owner's API key):
 *
 * - "connect": the site as written, on the reference client (`@wix/sdk`, `@wix/members`,
 *   `@wix/forms`), its server under `NODE_OPTIONS='--import @atrium/sdk/connect'`, its pages with
 *   the connect service worker;
 * - "migrated": the copy scripts/migrate.mjs makes, on `@atrium/sdk`.
 *
 * In Chromium, with every host name but the loopback made unresolvable, a member signs in on the
 * platform's hosted login page and comes back greeted by the name `getCurrentMember` gives, sends
 * the seed's contact form (a submission the owner finds, made by that member), signs out (the
 * session ends on the platform) and is a visitor again; every image loads, no request goes to
 * another machine and the console has no errors.
 */

const example = new ExampleSites('next-members');
const { sites } = example;
const apiKey = `e2e-owner-${randomBytes(16).toString('hex')}`;
const CONTACT_FORM_ID = '5f0c6a4e-2b8d-4c1e-9a7f-3d2e1c0b9a01';
// The member the journeys sign in as (registered once, before them).
const MEMBER = { email: 'dana.demo@example.com', nickname: 'Dana', firstName: 'Dana', lastName: 'Demo' };
let memberId = '';

/** Registers the member (open registration: signed in at once) and returns their id. */
async function registerMember(): Promise<string> {
  const { accessToken } = await example.post<{ accessToken: string }>('/oauth2/token', {
    grantType: 'anonymous',
    clientId: 'atrium-demo',
  });
  const { state, identity } = await example.post<{ state: string; identity: { id: string } }>(
    '/_api/iam/authentication/v2/register',
    {
      loginId: { email: MEMBER.email },
      password: PASSWORD,
      profile: { nickname: MEMBER.nickname, firstName: MEMBER.firstName, lastName: MEMBER.lastName },
    },
    accessToken,
  );
  expect(state).toBe('SUCCESS');
  return identity.id;
}

interface OwnerSubmission {
  id: string;
  formId: string;
  submissions: Record<string, unknown>;
  submitter: Record<string, string>;
}

/** The contact form's submissions, newest first, as the owner (API key) queries them. */
async function ownerSubmissions(): Promise<OwnerSubmission[]> {
  const { submissions } = await example.post<{ submissions: OwnerSubmission[] }>(
    FORM_SUBMISSIONS_PREFIX.wire + FORM_SUBMISSIONS_ROUTES.queryByNamespace,
    {
      query: {
        filter: { namespace: WIX_FORMS_NAMESPACE, formId: CONTACT_FORM_ID },
        sort: [{ fieldName: 'createdDate', order: 'DESC' }],
        cursorPaging: { limit: 50 },
      },
    },
    apiKey,
  );
  return submissions;
}

test.beforeAll(async () => {
  // Two Next.js builds and a platform on a busy 2-core machine.
  test.setTimeout(600_000);
  await example.startPlatform(['--registration', 'open', '--api-key', apiKey]);
  memberId = await registerMember();
  await example.buildAndStartNext();
  await example.launchBrowser();
});

test.afterAll(() => example.stop());

const sessionCookie = async (context: BrowserContext, site: string) =>
  (await context.cookies(site)).find((cookie) => cookie.name === 'session');

/** Whether `url` is one of the platform's hosted pages (login, logout). */
const onHostedPage = (url: URL) =>
  url.origin === new URL(example.platformUrl).origin && url.pathname.startsWith('/_hosted/redirect/');

/** The journey, the same both ways: sign in, greeting, the form, sign out. */
async function memberJourney(page: Page, mode: Mode) {
  const site = sites[mode];
  await page.goto(`${site}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, visitor' })).toBeVisible();
  await expectImagesLoaded(page, 1);

  // Sign in on the platform's hosted login page, and back through the callback page.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(onHostedPage);
  await page.getByLabel('E-mail').fill(MEMBER.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${site}/`);
  // The greeting is the member's nickname from getCurrentMember (rendered by the server).
  await expect(
    page.getByRole('heading', { level: 1, name: `Welcome back, ${MEMBER.nickname}` }),
  ).toBeVisible();
  await expect(page.getByTestId('member')).toContainText(MEMBER.email);
  await expect(page.getByTestId('signed-in')).toHaveText(MEMBER.nickname);
  const cookie = await sessionCookie(page.context(), site);
  const tokens = JSON.parse(decodeURIComponent(cookie?.value ?? 'null')) as {
    refreshToken: { value: string; role?: string };
  };
  expect(tokens.refreshToken.role).toBe('member');

  // The seed's contact form, filled in for the member, sent from the browser.
  await page.getByRole('link', { name: 'Contact' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(MEMBER.nickname);
  await expect(page.getByLabel('E-mail')).toHaveValue(MEMBER.email);
  const message = `Hello from the ${mode} site (${randomBytes(4).toString('hex')})`;
  await page.getByLabel('Message').fill(message);
  await page.getByRole('button', { name: 'Send' }).click();
  const confirmation = page.getByTestId('confirmation');
  await expect(confirmation).toHaveText('Thank you: your message has been received.');
  const submissionId = await confirmation.getAttribute('data-submission-id');
  // The owner finds it: what was sent, by the signed-in member.
  const found = (await ownerSubmissions()).find((submission) => submission.id === submissionId);
  expect(found?.submissions).toMatchObject({ name: MEMBER.nickname, email: MEMBER.email, message });
  expect(found?.submitter).toMatchObject({ memberId });
  await expectImagesLoaded(page, 1);

  // Sign out: through the platform's logout page and back home, a visitor again.
  await page.getByRole('link', { name: /Members/ }).click();
  const logoutPage = page.waitForRequest(
    (request) => request.isNavigationRequest() && onHostedPage(new URL(request.url())),
  );
  await page.getByRole('button', { name: 'Sign out' }).click();
  await logoutPage;
  await page.waitForURL(`${site}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, visitor' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await sessionCookie(page.context(), site)).toBeUndefined();
  // The session ended on the platform: its refresh token is refused.
  const renewed = await fetch(new URL('/oauth2/token', example.platformUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grantType: 'refresh_token', refreshToken: tokens.refreshToken.value }),
  });
  expect(renewed.status).toBe(400);
}

test('the members site on the reference client, through @atrium/sdk/connect: sign in, greeting, form, sign out; nothing leaves the machine', async () => {
  // A sign-in, a sign-out and the server's renders on a busy machine.
  test.setTimeout(120_000);
  const { context, page, requests, errors } = await example.recordedContext();
  // The worker first, on a page that asks nothing of the hosted platform from the browser.
  await example.openWithConnectWorker(page, '/');
  await memberJourney(page, 'connect');
  // The browser's calls (redirect sessions, tokens, the submission) went to the hosted API host,
  // and the worker answered them from the local platform.
  expectHostedRequestsRouted(requests, 'www.wixapis.com');
  expect(errors).toEqual([]);
  await context.close();
});

test('the migrated members site on @atrium/sdk: sign in, greeting, form, sign out; every request to this machine', async () => {
  test.setTimeout(120_000);
  const { context, page, requests, errors } = await example.recordedContext();
  await memberJourney(page, 'migrated');
  expect([...new Set(requests.map((r) => r.host))]).toEqual(['127.0.0.1']);
  // The browser called the platform itself, and the connect route is gone.
  const token = new URL('/oauth2/token', example.platformUrl).href;
  expect(requests.some((r) => r.url === token)).toBe(true);
  expect(requests.some((r) => r.url.includes('atrium-connect'))).toBe(false);
  expect(errors).toEqual([]);
  await context.close();
});
