import { generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { perFile } from '../../test/support/per-file.js';
import {
  authRequest,
  claimsOf,
  createSession,
  exchangeCode,
  expectError,
  memberTokens,
  postJson,
  requestWithHost,
  SITE,
  sessionOf,
  silentCode,
  visitorTokens,
} from '../../test/support/sign-in.js';
import { signTestToken } from '../../test/support/signed-token.js';
import { startTestPlatform } from '../testing/index.js';
import { TOKEN_ISSUER } from './access-token.js';
import { loadSigningKeys, type SigningKeys } from './keys.js';

/**
 * The attacks the OAuth, redirect and recovery code must refuse, one row each, in one place. Each
 * row performs the attack over HTTP as an attacker would and asserts the refusal (or, for the Host
 * header, that the attacker's host is ignored). Other test files cover the same rules in depth.
 */
const platform = perFile(() => startTestPlatform({ redirectOrigins: [SITE], registration: 'open' }));
let keys: SigningKeys;
beforeAll(async () => {
  keys = await loadSigningKeys(platform.db);
});

const EVIL = 'https://evil.example';
const RECOVERY = '/_api/iam/recovery/v1/send-email';

/** A call open to members only: 401 for a credential that is not a live member's. */
const memberOnlyCall = (authorization: string) =>
  postJson(
    platform,
    '/_api/iam/authentication/v2/change-password',
    { newPassword: 'a new secret 123' },
    { authorization },
  );

/** Creating an auth session (prompt=login) with the given authRequest fields changed. */
const authSession = (overrides: Record<string, unknown>) =>
  createSession(platform, {
    auth: { authRequest: authRequest(platform, overrides).request, prompt: 'login' },
  });

const violationField = async (response: Response, status = 400): Promise<string> =>
  (await expectError(response, status)).details.validationError.fieldViolations[0].field;

const nowSeconds = () => Math.floor(Date.now() / 1000);

interface Attack {
  readonly attack: string;
  readonly refused: () => Promise<void>;
}

/** One attack per `[trick, url]`, named `${kind}: ${trick}`, each refused as `refuse` checks its URL. */
const urlTricks = (
  kind: string,
  tricks: readonly (readonly [string, string])[],
  refuse: (url: string) => Promise<void>,
): Attack[] => tricks.map(([trick, url]) => ({ attack: `${kind}: ${trick}`, refused: () => refuse(url) }));

const ATTACKS: readonly Attack[] = [
  // ── authorization codes and PKCE ──────────────────────────────────────────────────────────────
  {
    attack: 'authorization code reuse: refused, and the session issued from the code ends',
    refused: async () => {
      const { code, verifier, redirectUri } = await silentCode(platform);
      const first = await exchangeCode(platform, { code, codeVerifier: verifier, redirectUri });
      expect(first.status).toBe(200);
      const tokens = await first.json();
      await expectError(
        await exchangeCode(platform, { code, codeVerifier: verifier, redirectUri }),
        400,
        'invalid_grant',
      );
      await expectError(await memberOnlyCall(tokens.access_token), 401, 'UNAUTHENTICATED');
      await expectError(
        await postJson(platform, '/oauth2/token', {
          grantType: 'refresh_token',
          refreshToken: tokens.refresh_token,
        }),
        400,
        'invalid_grant',
      );
    },
  },
  {
    attack: 'wrong PKCE verifier',
    refused: async () => {
      const { code, redirectUri } = await silentCode(platform);
      const wrong = 'x'.repeat(43);
      const body = await expectError(
        await exchangeCode(platform, { code, codeVerifier: wrong, redirectUri }),
        400,
        'invalid_grant',
      );
      expect(body.error_description).toContain('code verifier');
    },
  },
  {
    attack: 'code exchanged with another redirect URI (path traversal of the bound one)',
    refused: async () => {
      const { code, verifier } = await silentCode(platform);
      await expectError(
        await exchangeCode(platform, { code, codeVerifier: verifier, redirectUri: `${SITE}/x/../callback` }),
        400,
        'invalid_grant',
      );
    },
  },
  // ── redirect URI tricks at authorization ──────────────────────────────────────────────────────
  ...urlTricks(
    'redirect URI trick',
    [
      ['another origin', `${EVIL}/callback`],
      ['userinfo: the registered origin as user name', `http://localhost:5173@evil.example/callback`],
      ['userinfo on the registered origin', `http://evil.example@localhost:5173/callback`],
      ['another port', 'http://localhost:5174/callback'],
      ['another scheme', 'https://localhost:5173/callback'],
      ['a subdomain', 'http://evil.localhost:5173/callback'],
      ['javascript:', 'javascript:alert(1)//http://localhost:5173/'],
      ['a relative URL (path traversal)', '/../../callback'],
    ],
    async (redirectUri) =>
      expect(await violationField(await authSession({ redirectUri }))).toBe('auth.authRequest.redirectUri'),
  ),
  // ── foreign client ids ────────────────────────────────────────────────────────────────────────
  {
    attack: "foreign client id: an auth request for a client other than the caller's, or an unknown one",
    refused: async () => {
      for (const clientId of ['other-client', 'no-such-client']) {
        expect((await authSession({ clientId })).status).toBe(400);
      }
    },
  },
  {
    attack: 'foreign client id: a code exchanged by another client',
    refused: async () => {
      const { code, verifier, redirectUri } = await silentCode(platform);
      await expectError(
        await exchangeCode(platform, { code, codeVerifier: verifier, redirectUri, clientId: 'other-client' }),
        400,
        'invalid_grant',
      );
    },
  },
  {
    attack:
      'foreign client id: a refresh token presented by another client, visitor tokens for an unknown one',
    refused: async () => {
      const { refresh_token } = await visitorTokens(platform);
      await expectError(
        await postJson(platform, '/oauth2/token', {
          grantType: 'refresh_token',
          refreshToken: refresh_token,
          clientId: 'other-client',
        }),
        400,
        'invalid_grant',
      );
      await expectError(
        await postJson(platform, '/oauth2/token', { grantType: 'anonymous', clientId: 'no-such-client' }),
        400,
        'invalid_client',
      );
    },
  },
  // ── access tokens ─────────────────────────────────────────────────────────────────────────────
  {
    attack: 'forged access token: signed with another key under our kid',
    refused: async () => {
      const { privateKey } = await generateKeyPair('ES256');
      const forged = await signTestToken(
        privateKey,
        keys.kid,
        { role: 'member', cid: platform.clientId, sid: 's' },
        nowSeconds() + 600,
      );
      await expectError(await memberOnlyCall(forged), 401, 'UNAUTHENTICATED');
    },
  },
  {
    attack: 'forged access token: claims changed under a valid signature, or alg none',
    refused: async () => {
      const [header, , signature] = (await memberTokens(platform)).access_token.split('.');
      const claims = Buffer.from(
        JSON.stringify({
          sub: 'someone-else',
          role: 'member',
          cid: platform.clientId,
          sid: 's',
          iss: TOKEN_ISSUER,
        }),
      ).toString('base64url');
      await expectError(await memberOnlyCall(`${header}.${claims}.${signature}`), 401, 'UNAUTHENTICATED');
      const none = Buffer.from(JSON.stringify({ alg: 'none', kid: keys.kid })).toString('base64url');
      await expectError(await memberOnlyCall(`${none}.${claims}.`), 401, 'UNAUTHENTICATED');
    },
  },
  {
    attack: 'expired access token (signed with our own key)',
    refused: async () => {
      const expired = await signTestToken(
        keys.privateKey,
        keys.kid,
        { role: 'member', cid: platform.clientId, sid: '00000000-0000-4000-8000-000000000000' },
        nowSeconds() - 60,
      );
      const body = await expectError(await memberOnlyCall(expired), 401, 'UNAUTHENTICATED');
      expect(body.message).toContain('expired');
    },
  },
  {
    attack: "a logged-out member's access token",
    refused: async () => {
      const tokens = await memberTokens(platform);
      const logout = await fetch(`${platform.url}/_api/iam/authentication/v1/logout`, {
        headers: { authorization: tokens.access_token },
      });
      expect(logout.status).toBe(200);
      await expectError(await memberOnlyCall(tokens.access_token), 401, 'UNAUTHENTICATED');
    },
  },
  // ── open redirects after logout ───────────────────────────────────────────────────────────────
  ...[
    ['another origin', `${EVIL}/`],
    ['userinfo', 'http://localhost:5173@evil.example/'],
    ['another port', 'http://localhost:5174/'],
    ['javascript:', 'javascript:alert(1)'],
  ].flatMap(([trick, url]): Attack[] => [
    {
      attack: `logout postFlowUrl open redirect: ${trick}`,
      refused: async () => {
        const response = await createSession(platform, {
          logout: { clientId: platform.clientId },
          callbacks: { postFlowUrl: url },
        });
        expect(await violationField(response)).toBe('callbacks.postFlowUrl');
      },
    },
    {
      attack: `logout postLogoutRedirectUri open redirect: ${trick}`,
      refused: async () => {
        const query = new URLSearchParams({ postLogoutRedirectUri: url!, clientId: platform.clientId });
        const response = await fetch(`${platform.url}/_api/iam/authentication/v1/logout?${query}`);
        expect(await violationField(response)).toBe('postLogoutRedirectUri');
      },
    },
  ]),
  {
    attack: 'logout redirect session opened: goes only to the registered postFlowUrl',
    refused: async () => {
      const tokens = await memberTokens(platform);
      const session = await sessionOf(
        await createSession(
          platform,
          { logout: { clientId: platform.clientId }, callbacks: { postFlowUrl: `${SITE}/bye` } },
          { authorization: tokens.access_token },
        ),
      );
      const opened = await fetch(`${session.fullUrl}?postFlowUrl=${encodeURIComponent(EVIL)}`, {
        redirect: 'manual',
      });
      expect(opened.status).toBe(303);
      expect(opened.headers.get('location')).toBe(`${SITE}/bye`);
    },
  },
  // ── password-reset links ──────────────────────────────────────────────────────────────────────
  ...urlTricks(
    'reset link redirect',
    [
      ['another origin', `${EVIL}/reset`],
      ['userinfo', 'http://localhost:5173@evil.example/reset'],
      ['userinfo on the registered origin', 'http://evil.example@localhost:5173/reset'],
      ['another scheme', 'https://localhost:5173/reset'],
    ],
    async (url) => {
      const response = await postJson(platform, RECOVERY, {
        email: 'someone@example.com',
        redirect: { url, clientId: platform.clientId },
      });
      await expectError(response, 400, 'REDIRECT_URL_NOT_ALLOWED');
    },
  ),
  {
    attack: 'Host header: a reset link never points at the request Host (nor X-Forwarded-Host)',
    refused: async () => {
      const email = `host-attack-${Date.now()}@example.com`;
      const registered = await postJson(platform, '/_api/iam/authentication/v2/register', {
        loginId: { email },
        password: 'correct horse battery',
      });
      expect(registered.status).toBe(200);
      const answer = await requestWithHost(
        platform,
        'POST',
        RECOVERY,
        'evil.example',
        { email },
        {
          'x-forwarded-host': 'evil.example',
        },
      );
      expect(answer.status).toBe(200);
      const mailbox = await (
        await fetch(`${platform.url}/_dev/mailbox?to=${encodeURIComponent(email)}`)
      ).json();
      const link = new URL(mailbox.messages[0].links[0]);
      expect(link.origin).toBe(platform.url);
    },
  },
  {
    attack: 'Host header: redirect session URLs never point at the request Host',
    refused: async () => {
      const { access_token } = await visitorTokens(platform);
      const answer = await requestWithHost(
        platform,
        'POST',
        '/_api/redirects-api/v1/redirect-session',
        'evil.example',
        { ecomCheckout: { checkoutId: 'co1' } },
        { authorization: access_token },
      );
      expect(answer.status).toBe(200);
      expect(new URL(answer.body.redirectSession.fullUrl).origin).toBe(platform.url);
    },
  },
  // ── checkout callbacks ────────────────────────────────────────────────────────────────────────
  ...[
    'thankYouPageUrl',
    'postFlowUrl',
    'cartPageUrl',
    'loginUrl',
    'planListUrl',
    'bookingsServiceListUrl',
  ].map(
    (key): Attack => ({
      attack: `checkout callback ${key} on another site`,
      refused: async () => {
        const response = await createSession(platform, {
          ecomCheckout: { checkoutId: 'co1' },
          callbacks: { [key]: `${EVIL}/${key}` },
        });
        expect(await violationField(response)).toBe(`callbacks.${key}`);
      },
    }),
  ),
];

describe('attacks', () => {
  it('every access token the fixtures issue is a real one (the table tests refusals, not typos)', async () => {
    const tokens = await memberTokens(platform);
    expect(claimsOf(tokens.access_token).role).toBe('member');
    expect((await memberOnlyCall(tokens.access_token)).status).toBe(200);
  });

  for (const { attack, refused } of ATTACKS) {
    it(`refuses: ${attack}`, refused);
  }
});
