import { REDIRECT_INTENTS, type RedirectIntent } from '@atrium/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { perFile } from '../../test/support/per-file.js';
import {
  authRequest,
  createSession,
  exchangeCode,
  expectError,
  loggedIn,
  memberTokens,
  openSession,
  SITE,
  sessionOf,
  visitorTokens,
} from '../../test/support/sign-in.js';
import { CALLBACK_KEYS } from '../services/redirects/navigation.js';
import { startTestPlatform } from '../testing/index.js';
import { destinationUrl } from './redirect-origins.js';

/**
 * Every client-supplied destination is one that all URL parsers read alike, and is stored, linked
 * and redirected to in its normalised form only (redirect-origins.ts). `SITE` is the client's
 * registered origin, so each refused URL below passes an origin check done on the WHATWG parse.
 */
const AMBIGUOUS: readonly (readonly [string, string])[] = [
  // Browsers: a path on SITE; curl and Python: the host evil.example.
  ['a backslash', `${SITE}\\@evil.example/x`],
  ['userinfo', 'http://a@localhost:5173/'],
  ['a tab', `${SITE}/a\tb`],
  ['a newline', `${SITE}/a\nb`],
];

const platform = perFile(() => startTestPlatform());
const tokens: Record<'visitor' | 'member', string> = { visitor: '', member: '' };
beforeAll(async () => {
  tokens.visitor = (await visitorTokens(platform)).access_token;
  tokens.member = (await memberTokens(platform)).access_token;
});

/** A valid body for each intent (the auth intent's request is for the platform's client). */
function intentBody(intent: RedirectIntent): Record<string, unknown> {
  const bodies: Record<RedirectIntent, unknown> = {
    ecomCheckout: { checkoutId: 'co1' },
    bookingsCheckout: { timezone: 'UTC' },
    eventsCheckout: { reservationId: 'r1', eventSlug: 'e' },
    paidPlansCheckout: { planId: 'p1' },
    login: {},
    logout: { clientId: platform.clientId },
    auth: { authRequest: authRequest(platform).request, prompt: 'login' },
    storesProduct: { productSlug: 's' },
    bookingsBook: { resourceId: 'r' },
    ecomOrderPaymentRequest: { paymentRequestId: 'pay' },
  };
  return { [intent]: bodies[intent] };
}

const hostedSession = async (id: string) =>
  (await fetch(`${platform.url}/_hosted/api/redirect-sessions/${id}`)).json();

/** A 400 in the platform's error shape naming `field`. */
async function expectRefused(response: Response, field: string, label: string): Promise<void> {
  const body = await expectError(response, 400);
  const [violation] = body.details.validationError.fieldViolations;
  expect(violation.field, label).toBe(field);
  expect(body.message, label).toContain(`"${field}"`);
}

describe('destinationUrl', () => {
  it('refuses what parsers read differently', () => {
    for (const url of [
      ...AMBIGUOUS.map(([, ambiguous]) => ambiguous),
      `${SITE}/a\rb`,
      ` ${SITE}/`,
      `${SITE}/\u0000`,
      `${SITE}/a b`,
      'http:\\\\localhost:5173/',
      'http:localhost:5173/',
      'http:/localhost:5173/',
      'http:///localhost:5173/',
      'http://@localhost:5173/',
      'http://0x7f.1:5173/',
      'http://local%68ost:5173/',
    ]) {
      expect(destinationUrl(url).ok, JSON.stringify(url)).toBe(false);
    }
  });

  it('refuses what is not an absolute http(s) URL', () => {
    for (const url of ['javascript:alert(1)', '/relative', 'ftp://localhost:5173/', 'http://']) {
      expect(destinationUrl(url), url).toMatchObject({ ok: false, rule: 'FORMAT' });
    }
  });

  it('normalises what every parser reads alike', () => {
    const normalised = (url: string) => {
      const destination = destinationUrl(url);
      return destination.ok ? destination.url.href : destination.description;
    };
    expect(normalised('HTTP://LocalHost:5173/a/../thanks?x=1#top')).toBe(`${SITE}/thanks?x=1#top`);
    expect(normalised(SITE)).toBe(`${SITE}/`);
    expect(normalised('http://localhost:80/x')).toBe('http://localhost/x');
    expect(normalised('https://[::1]:8443/')).toBe('https://[::1]:8443/');
  });
});

describe('redirect session callbacks', () => {
  for (const caller of ['visitor', 'member'] as const) {
    for (const intent of REDIRECT_INTENTS) {
      it(`${intent} as a ${caller}: every callback with an ambiguous URL is refused`, async () => {
        for (const key of CALLBACK_KEYS) {
          for (const [what, url] of AMBIGUOUS) {
            const response = await createSession(
              platform,
              { ...intentBody(intent), callbacks: { [key]: url } },
              { authorization: tokens[caller] },
            );
            await expectRefused(response, `callbacks.${key}`, `${intent} ${key} ${what}`);
          }
        }
      });
    }
  }

  it("refuses an ambiguous login origin, and an API key's ambiguous callback", async () => {
    for (const [what, url] of AMBIGUOUS) {
      await expectRefused(
        await createSession(platform, { login: {}, origin: url }, { authorization: tokens.member }),
        'origin',
        what,
      );
      const trusted = await createSession(
        platform,
        { ecomCheckout: { checkoutId: 'co1' }, callbacks: { postFlowUrl: url } },
        { authorization: platform.apiKey },
      );
      await expectRefused(trusted, 'callbacks.postFlowUrl', what);
    }
  });

  it('stores and answers every callback of an accepted session normalised', async () => {
    for (const intent of REDIRECT_INTENTS) {
      const callbacks = Object.fromEntries(
        CALLBACK_KEYS.map((key) => [key, `HTTP://LOCALHOST:5173/x/../${key}?q=1`]),
      );
      const session = await sessionOf(
        await createSession(platform, { ...intentBody(intent), callbacks }, { authorization: tokens.member }),
      );
      const expected = Object.fromEntries(CALLBACK_KEYS.map((key) => [key, `${SITE}/${key}?q=1`]));
      expect((await hostedSession(session.id)).callbacks, intent).toEqual(expected);
      const stored = await platform.db
        .selectFrom('redirect_sessions')
        .select('callbacks')
        .where('id', '=', session.id)
        .executeTakeFirstOrThrow();
      expect(stored.callbacks, intent).toEqual(expected);
    }
  });

  it("the logout page's 303 goes to the normalised postFlowUrl", async () => {
    const session = await sessionOf(
      await createSession(
        platform,
        {
          logout: { clientId: platform.clientId },
          callbacks: { postFlowUrl: 'http://LOCALHOST:5173/a/./bye' },
        },
        { authorization: (await memberTokens(platform)).access_token },
      ),
    );
    const response = await openSession(session.fullUrl);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${SITE}/a/bye`);
  });
});

describe('the auth redirectUri', () => {
  it('is refused when ambiguous, in every response mode', async () => {
    for (const responseMode of ['query', 'fragment', 'web_message']) {
      for (const [what, redirectUri] of AMBIGUOUS) {
        const { request } = authRequest(platform, { redirectUri, responseMode });
        const response = await createSession(platform, { auth: { authRequest: request, prompt: 'login' } });
        await expectRefused(response, 'auth.authRequest.redirectUri', `${responseMode} ${what}`);
      }
    }
  });

  it('is redirected to and shown normalised; the token request repeats it exactly as first sent', async () => {
    const { sessionToken } = await loggedIn(platform);
    const redirectUri = 'HTTP://LocalHost:5173/callback';
    const { request, verifier } = authRequest(platform, { sessionToken, redirectUri });
    const session = await sessionOf(
      await createSession(platform, { auth: { authRequest: request, prompt: 'none' } }),
    );
    const location = new URL((await openSession(session.fullUrl)).headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/callback`);
    const hosted = await hostedSession(session.id);
    expect(hosted.target.details.redirectUri).toBe(`${SITE}/callback`);
    const answer = await exchangeCode(platform, {
      code: location.searchParams.get('code'),
      codeVerifier: verifier,
      redirectUri,
    });
    expect(answer.status).toBe(200);
  });
});

describe('GET …/v1/logout postLogoutRedirectUri', () => {
  const logout = (postLogoutRedirectUri: string) =>
    fetch(
      `${platform.url}/_api/iam/authentication/v1/logout?${new URLSearchParams({
        postLogoutRedirectUri,
        clientId: platform.clientId,
      })}`,
    );

  it('is refused when ambiguous', async () => {
    for (const [what, url] of AMBIGUOUS) {
      await expectRefused(await logout(url), 'postLogoutRedirectUri', what);
    }
  });

  it('is answered normalised in the Location', async () => {
    const response = await logout('HTTP://LocalHost:5173/a/../bye');
    expect(response.status).toBe(200);
    expect((await response.json()).headers).toEqual([{ key: 'Location', value: `${SITE}/bye` }]);
  });
});
