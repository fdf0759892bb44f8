import { beforeAll, describe, expect, it } from 'vitest';
import { perFile } from '../../../test/support/per-file.js';
import { requestWithHost } from '../../../test/support/sign-in.js';
import { sha256Hex } from '../../secrets.js';
import { startTestPlatform } from '../../testing/index.js';
import { CALLBACK_KEYS } from './navigation.js';

const platform = perFile(() => startTestPlatform());
let visitorToken: string;
beforeAll(async () => {
  const response = await fetch(`${platform.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grantType: 'anonymous', clientId: platform.clientId }),
  });
  visitorToken = ((await response.json()) as { access_token: string }).access_token;
});

const WIRE_PATH = '/_api/redirects-api/v1/redirect-session';

/** `authorization: null` sends no Authorization header. */
const createSession = (body: unknown, path = WIRE_PATH, authorization: string | null = visitorToken) =>
  fetch(`${platform.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(body),
  });

const sessionOf = async (response: Response) => {
  expect(response.status).toBe(200);
  return (await response.json()).redirectSession;
};

describe('POST /_api/redirects-api/v1/redirect-session', () => {
  it("creates a session whose URLs open the hosted page on the platform's public URL", async () => {
    const session = await sessionOf(await createSession({ login: {} }));
    const endpoint = `${platform.url}/_hosted/redirect/${session.id}`;
    expect(session).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      fullUrl: endpoint,
      shortUrl: endpoint,
      sessionToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      urlDetails: { endpoint, searchParams: {} },
    });
  });

  it('builds its URLs from the public URL, never from the Host header', async () => {
    const answer = await requestWithHost(
      platform,
      'POST',
      WIRE_PATH,
      'evil.example',
      { login: {} },
      {
        authorization: visitorToken,
      },
    );
    expect(answer.status).toBe(200);
    const { fullUrl, urlDetails } = answer.body.redirectSession;
    expect(fullUrl.startsWith(`${platform.url}/_hosted/redirect/`)).toBe(true);
    expect(urlDetails.endpoint.startsWith(platform.url)).toBe(true);
  });

  it('refuses a callback of any intent on an origin not registered for the client, naming it', async () => {
    const intents: Record<string, unknown> = {
      ecomCheckout: { checkoutId: 'co1' },
      bookingsCheckout: { timezone: 'UTC' },
      eventsCheckout: { reservationId: 'r1', eventSlug: 'e' },
      paidPlansCheckout: { planId: 'p1' },
      storesProduct: { productSlug: 's' },
      bookingsBook: { resourceId: 'r' },
      ecomOrderPaymentRequest: { paymentRequestId: 'pay' },
    };
    for (const [intent, body] of Object.entries(intents)) {
      for (const key of CALLBACK_KEYS) {
        for (const url of ['https://evil.example/thanks', 'http://localhost:5174/x', 'javascript:alert(1)']) {
          const response = await createSession({ [intent]: body, callbacks: { [key]: url } });
          expect(response.status, `${intent} ${key} ${url}`).toBe(400);
          const violation = (await response.json()).details.validationError.fieldViolations[0];
          expect(violation.field).toBe(`callbacks.${key}`);
        }
      }
      const allowed = await createSession({
        [intent]: body,
        callbacks: {
          thankYouPageUrl: 'http://localhost:5173/thanks',
          cartPageUrl: 'http://localhost:5173/cart',
        },
      });
      expect(allowed.status, intent).toBe(200);
    }
  });

  it('trusts the callbacks of an API-key caller naming no client', async () => {
    const response = await createSession(
      { ecomCheckout: { checkoutId: 'co1' }, callbacks: { thankYouPageUrl: 'https://shop.example/thanks' } },
      WIRE_PATH,
      platform.apiKey,
    );
    expect(response.status).toBe(200);
  });

  it('is served under the alias prefixes too', async () => {
    for (const path of ['/redirect-session/v1/redirect-session', '/headless/v1/redirect-session']) {
      expect(
        (await sessionOf(await createSession({ logout: { clientId: platform.clientId } }, path))).id,
      ).toBeTruthy();
    }
  });

  it('puts the auth request into the URL parameters for the auth intent', async () => {
    const authRequest = {
      clientId: platform.clientId,
      redirectUri: 'http://localhost:5173/callback',
      responseType: 'code',
      responseMode: 'fragment',
      scope: 'offline_access',
      state: 'st4te',
      codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      codeChallengeMethod: 'S256',
    };
    const session = await sessionOf(
      await createSession({
        auth: { authRequest: { ...authRequest, sessionToken: 'secret' }, prompt: 'login' },
      }),
    );
    // Never the session token: URLs end up in browser history and logs.
    expect(session.urlDetails.searchParams).toEqual({ ...authRequest, prompt: 'login' });
    expect(session.fullUrl).toBe(
      `${session.urlDetails.endpoint}?${new URLSearchParams({ ...authRequest, prompt: 'login' })}`,
    );
  });

  it('stores the session with its intent, callbacks and a hashed session token', async () => {
    const session = await sessionOf(
      await createSession({
        ecomCheckout: { checkoutId: 'co1' },
        callbacks: { postFlowUrl: 'http://localhost:5173/after' },
        preferences: { useGenericWixPages: true },
        origin: 'http://localhost:5173',
      }),
    );
    const row = await platform.db
      .selectFrom('redirect_sessions')
      .selectAll()
      .where('id', '=', session.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      intent: 'ecomCheckout',
      payload: { checkoutId: 'co1' },
      callbacks: { postFlowUrl: 'http://localhost:5173/after' },
      preferences: { useGenericWixPages: true },
      origin: 'http://localhost:5173',
      caller_kind: 'visitor',
      client_id: platform.clientId,
      session_token_hash: sha256Hex(session.sessionToken),
    });
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(60 * 60 * 1000);
  });

  it('is refused without a token (403)', async () => {
    const response = await createSession({ login: {} }, WIRE_PATH, null);
    expect(response.status).toBe(403);
    expect((await response.json()).details.applicationError.code).toBe('PERMISSION_DENIED');
  });

  it('is refused without an intent, naming the intents', async () => {
    const response = await createSession({ callbacks: { postFlowUrl: 'https://site.example' } });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.details.validationError.fieldViolations).toEqual([
      expect.objectContaining({ field: 'intent', description: expect.stringContaining('exactly one of') }),
    ]);
    expect(body.message).toMatch(/^INVALID_ARGUMENT: "intent" exactly one of bookingsCheckout, /);
  });

  it('is refused with two intents, naming both', async () => {
    const response = await createSession({ login: {}, logout: { clientId: platform.clientId } });
    expect(response.status).toBe(400);
    expect((await response.json()).details.validationError.fieldViolations[0].description).toContain(
      'login and logout',
    );
  });

  it('is refused when an intent has the wrong type', async () => {
    const response = await createSession({ ecomCheckout: { checkoutId: 42 } });
    expect(response.status).toBe(400);
    expect((await response.json()).details.validationError.fieldViolations[0].field).toBe(
      'ecomCheckout.checkoutId',
    );
  });
});

describe('GET /_hosted/redirect/:id', () => {
  it('serves a page naming the intent, with links to http(s) callbacks only', async () => {
    // An API-key caller's callbacks are trusted; a javascript: one is still never linked.
    const session = await sessionOf(
      await createSession(
        {
          ecomCheckout: { checkoutId: 'co1' },
          callbacks: { postFlowUrl: 'http://localhost:5173/?a=1&b=<2>', loginUrl: 'javascript:alert(1)' },
        },
        WIRE_PATH,
        platform.apiKey,
      ),
    );
    const response = await fetch(session.fullUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain('<h1>Checkout</h1>');
    // Stored normalised (`<` and `>` percent-encoded), and the link escaped for HTML.
    expect(html).toContain('href="http://localhost:5173/?a=1&amp;b=%3C2%3E"');
    expect(html).not.toContain('javascript:');
  });

  it('answers 404 with a page for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await fetch(`${platform.url}/_hosted/redirect/${id}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toContain('Redirect session not found');
    }
  });

  it('answers 404 once the session has expired', async () => {
    const session = await sessionOf(await createSession({ login: {} }));
    await platform.db
      .updateTable('redirect_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', session.id)
      .execute();
    expect((await fetch(session.fullUrl)).status).toBe(404);
  });
});
