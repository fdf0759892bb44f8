import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { perFile } from '../../../test/support/per-file.js';
import {
  authRequest,
  createSession,
  expectError,
  loggedIn,
  memberTokens,
  postJson,
  SITE,
  sessionOf,
} from '../../../test/support/sign-in.js';
import { defaultPagesDir } from '../../pages/pages-dir.js';
import { startTestPlatform } from '../../testing/index.js';

const platform = perFile(() => startTestPlatform());

/** Whether `npm run build -w @atrium/platform` has produced the hosted app (tests pass either way). */
const PAGES_BUILT = existsSync(join(defaultPagesDir(), 'index.html'));

const CALLBACKS = {
  postFlowUrl: `${SITE}/after`,
  thankYouPageUrl: `${SITE}/thanks`,
};

interface Intent {
  body: () => Record<string, unknown>;
  label: string;
  detail?: [string, string];
}
/** An intent whose request is one field, the detail its page shows. */
const oneField = (label: string, key: string, value: string): Intent => ({
  body: () => ({ [key]: value }),
  label,
  detail: [key, value],
});

/** One request per intent (docs/wire.md §6), with the label and a detail the hosted page shows. */
const INTENTS: Record<string, Intent> = {
  bookingsCheckout: {
    body: () => ({
      timezone: 'Europe/Paris',
      slotAvailability: { slot: { serviceId: 'svc-1', startDate: '2026-01-01T10:00:00Z' }, bookable: true },
    }),
    label: 'Bookings checkout',
    detail: ['slotAvailability.slot.serviceId', 'svc-1'],
  },
  ecomCheckout: oneField('Checkout', 'checkoutId', 'co-1'),
  eventsCheckout: {
    body: () => ({ reservationId: 'res-1', eventSlug: 'summer-party' }),
    label: 'Events checkout',
    detail: ['eventSlug', 'summer-party'],
  },
  paidPlansCheckout: {
    body: () => ({ planId: 'plan-1', checkoutData: 'd' }),
    label: 'Paid plans checkout',
    detail: ['planId', 'plan-1'],
  },
  login: { body: () => ({}), label: 'Log in' },
  logout: {
    body: () => ({ clientId: platform.clientId }),
    label: 'Log out',
    detail: ['clientId', 'test-client'],
  },
  auth: {
    body: () => ({ authRequest: authRequest(platform).request, prompt: 'login' }),
    label: 'Sign in',
    detail: ['responseMode', 'query'],
  },
  storesProduct: oneField('Store product', 'productSlug', 'red-shoes'),
  bookingsBook: oneField('Book a service', 'resourceId', 'room-7'),
  ecomOrderPaymentRequest: oneField('Order payment', 'paymentRequestId', 'pay-1'),
};

const hostedSession = (id: string) => fetch(`${platform.url}/_hosted/api/redirect-sessions/${id}`);

describe('redirect sessions for every target', () => {
  for (const [intent, { body, label, detail }] of Object.entries(INTENTS)) {
    it(`${intent}: created, its page and its hosted JSON name the target`, async () => {
      const request = {
        [intent]: body(),
        callbacks: CALLBACKS,
        preferences: { useGenericWixPages: true },
        origin: SITE,
      };
      const session = await sessionOf(await createSession(platform, request));
      expect(session.fullUrl.startsWith(`${platform.url}/_hosted/redirect/${session.id}`)).toBe(true);

      const page = await fetch(session.fullUrl, { headers: { accept: 'text/html' }, redirect: 'manual' });
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      if (intent === 'logout') {
        // Opening a logout session ends the session and goes back at once (logout.test.ts).
        expect(page.status).toBe(303);
        expect(page.headers.get('location')).toBe(`${SITE}/after`);
      } else {
        expect(page.status).toBe(200);
        expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
        const html = await page.text();
        expect(html).toContain(`<h1>${label}</h1>`);
        expect(html).toContain(`href="${SITE}/after"`);
        if (detail) expect(html).toContain(`<code>${detail[1]}</code>`);
      }

      const response = await hostedSession(session.id);
      expect(response.status).toBe(200);
      const hosted = await response.json();
      expect(hosted).toMatchObject({
        id: session.id,
        intent,
        target: { label },
        callbacks: { postFlowUrl: `${SITE}/after`, thankYouPageUrl: `${SITE}/thanks` },
        expiresDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      if (detail) expect(hosted.target.details[detail[0]]).toBe(detail[1]);
    });
  }

  it("an elevated caller's callbacks are trusted, but only http(s) ones are linked", async () => {
    const session = await sessionOf(
      await createSession(
        platform,
        {
          ecomCheckout: { checkoutId: 'co-1' },
          callbacks: { thankYouPageUrl: 'https://shop.example/thanks', cartPageUrl: 'javascript:x' },
        },
        { authorization: platform.apiKey },
      ),
    );
    const html = await (await fetch(session.fullUrl)).text();
    expect(html).toContain('href="https://shop.example/thanks"');
    expect(html).not.toContain('javascript:');
    const hosted = await (await hostedSession(session.id)).json();
    expect(hosted.callbacks).toEqual({ thankYouPageUrl: 'https://shop.example/thanks' });
  });

  it('the hosted JSON of an auth session says what the login completes, and no secret', async () => {
    const { sessionToken } = await loggedIn(platform);
    const { request } = authRequest(platform, { sessionToken, responseMode: 'fragment' });
    const session = await sessionOf(
      await createSession(platform, { auth: { authRequest: request, prompt: 'login' } }),
    );
    const text = await (await hostedSession(session.id)).text();
    expect(JSON.parse(text).auth).toEqual({
      clientId: platform.clientId,
      prompt: 'login',
      responseMode: 'fragment',
    });
    expect(text).not.toContain(sessionToken);
    expect(text).not.toContain(request.codeChallenge as string);
    expect(text).not.toContain(session.sessionToken);
  });

  it('records the creating caller, with the member session id of a member', async () => {
    const tokens = await memberTokens(platform);
    const session = await sessionOf(
      await createSession(
        platform,
        { ecomCheckout: { checkoutId: 'c' } },
        { authorization: tokens.access_token },
      ),
    );
    const row = await platform.db
      .selectFrom('redirect_sessions')
      .select(['caller_kind', 'client_id', 'subject_id', 'caller_session_id'])
      .where('id', '=', session.id)
      .executeTakeFirstOrThrow();
    const sid = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString()).sid;
    expect(row).toEqual({
      caller_kind: 'member',
      client_id: platform.clientId,
      subject_id: tokens.identity.id,
      caller_session_id: sid,
    });
  });

  it('answers 404 for the hosted JSON of an unknown, malformed or expired session', async () => {
    await expectError(await hostedSession('00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
    await expectError(await hostedSession('nope'), 404, 'NOT_FOUND');
    const session = await sessionOf(await createSession(platform, { login: {} }));
    await platform.db
      .updateTable('redirect_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', session.id)
      .execute();
    await expectError(await hostedSession(session.id), 404, 'NOT_FOUND');
  });
});

describe('login sessions', () => {
  it('after the hosted login, go back to postFlowUrl; the session token is used up', async () => {
    const session = await sessionOf(
      await createSession(platform, { login: {}, callbacks: { postFlowUrl: `${SITE}/welcome` } }),
    );
    const { sessionToken } = await loggedIn(platform);
    const authorize = () =>
      postJson(platform, `/_hosted/api/redirect-sessions/${session.id}/authorize`, { sessionToken });
    const response = await authorize();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ redirectUrl: `${SITE}/welcome` });
    await expectError(await authorize(), 400, 'INVALID_SESSION_TOKEN');
  });

  it("may be framed by the client's origins (the reference's pre-warm frame)", async () => {
    const session = await sessionOf(await createSession(platform, { login: {} }));
    const page = await fetch(session.fullUrl);
    expect(page.headers.get('content-security-policy')).toContain(`frame-ancestors ${SITE}`);
  });

  it('refuse at creation a callback on an unregistered origin, which the page would navigate to', async () => {
    for (const callbacks of [
      { postFlowUrl: 'https://evil.example/' },
      { loginUrl: 'https://evil.example/' },
    ]) {
      const body = await expectError(await createSession(platform, { login: {}, callbacks }), 400);
      expect(body.details.validationError.fieldViolations[0].description).toContain('not registered');
    }
  });
});

describe('hosted pages', () => {
  for (const [path, heading] of [
    ['/_hosted/console', '<h1>Console</h1>'],
    ['/_hosted/console/blog/posts/some-id', '<h1>Console</h1>'],
    ['/_hosted/mailbox?to=a@example.com', 'Mailbox'],
    ['/_hosted/reset-password?recoveryToken=t', 'Reset your password'],
  ] as const) {
    it(`${path.split('?')[0]} is served (or says how to build it)`, async () => {
      const response = await fetch(`${platform.url}${path}`);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      const html = await response.text();
      expect(html).toContain(heading);
      if (PAGES_BUILT) {
        expect(response.status).toBe(200);
        expect(html).toMatch(
          /<script type="module" crossorigin src="\/_hosted\/assets\/[\w-]+\.js"><\/script>/,
        );
      } else {
        expect(response.status).toBe(503);
        expect(html).toContain('npm run build -w @atrium/platform');
      }
    });
  }

  it('serves the built assets, and nothing outside the assets directory', async () => {
    await expectError(await fetch(`${platform.url}/_hosted/assets/..%2F..%2Fpackage.json`), 404, 'NOT_FOUND');
    await expectError(await fetch(`${platform.url}/_hosted/assets/missing.js`), 404, 'NOT_FOUND');
    if (!PAGES_BUILT) return;
    const html = await (await fetch(`${platform.url}/_hosted/console`)).text();
    const script = /src="(\/_hosted\/assets\/[\w-]+\.js)"/.exec(html)![1]!;
    const asset = await fetch(`${platform.url}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('embeds the session data in the page, where it cannot close the script element', async () => {
    const session = await sessionOf(
      await createSession(platform, { storesProduct: { productSlug: '</script><script>alert(1)</script>' } }),
    );
    const html = await (await fetch(session.fullUrl)).text();
    expect(html).not.toContain('<script>alert(1)');
  });
});
