import { ACCESS_TOKEN_LIFETIME_SECONDS } from '@atrium/contract';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { perFile } from '../../test/support/per-file.js';
import { expectError, memberTokens, postJson, visitorTokens } from '../../test/support/sign-in.js';
import { startTestPlatform } from '../testing/index.js';
import { TOKEN_ISSUER } from './access-token.js';
import { loadSigningKeys, SIGNING_ALGORITHM } from './keys.js';
import { signVisitorAccessToken } from './visitor-tokens.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const platform = perFile(() => startTestPlatform());

const tokenInfo = (token: unknown) => postJson(platform, '/oauth2/token-info', { token });
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** The answer for a live token of these claims: its subject, times, client and this site. */
const activeInfo = (claims: { exp: number; iat: number }, subjectType: string, subjectId: string) => ({
  active: true,
  subjectType,
  subjectId,
  exp: claims.exp,
  iat: claims.iat,
  clientId: platform.clientId,
  siteId: platform.siteId,
  instanceId: platform.siteId,
});

describe('the site id in access tokens', () => {
  it('is a UUID, and every token names it in its siteId claim', async () => {
    expect(platform.siteId).toMatch(UUID);
    const visitor = await visitorTokens(platform);
    const member = await memberTokens(platform);
    expect(claimsOf(visitor.access_token).siteId).toBe(platform.siteId);
    expect(claimsOf(member.access_token).siteId).toBe(platform.siteId);
  });
});

describe('POST /oauth2/token-info', () => {
  it("answers a visitor's token: active, VISITOR, its subject, client, times and the site", async () => {
    const { access_token } = await visitorTokens(platform);
    const claims = claimsOf(access_token);
    const response = await tokenInfo(access_token);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual(activeInfo(claims, 'VISITOR', claims.sub));
    expect(claims.exp - claims.iat).toBe(ACCESS_TOKEN_LIFETIME_SECONDS);
  });

  it("answers a member's token (ES256): MEMBER with the member's id; inactive once the session has ended", async () => {
    const { identity, access_token } = await memberTokens(platform);
    const claims = claimsOf(access_token);
    const response = await tokenInfo(access_token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(activeInfo(claims, 'MEMBER', identity.id));

    const logout = await fetch(`${platform.url}/_api/iam/authentication/v1/logout`, {
      headers: { authorization: access_token },
    });
    expect(logout.status).toBe(200);
    const after = await tokenInfo(access_token);
    expect(after.status).toBe(200);
    expect(await after.json()).toMatchObject({
      active: false,
      subjectType: 'MEMBER',
      subjectId: identity.id,
    });
  });

  it("answers an expired token of this platform as inactive, with its own times (a visitor's and a member's)", async () => {
    const keys = await loadSigningKeys(platform.db, platform.siteId);
    const fiveHoursAgo = Date.now() - 5 * 3600 * 1000;
    const visitor = signVisitorAccessToken(
      keys.visitor(),
      { subjectId: 'visitor-1', clientId: platform.clientId },
      TOKEN_ISSUER,
      platform.siteId,
      fiveHoursAgo,
    );
    const issuedAt = Math.floor(fiveHoursAgo / 1000);
    const member = await new SignJWT({ role: 'member', cid: platform.clientId, sid: 'session-1' })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: keys.kid, typ: 'JWT' })
      .setIssuer(TOKEN_ISSUER)
      .setSubject('member-1')
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_LIFETIME_SECONDS)
      .sign(keys.privateKey);

    for (const [token, subjectType, subjectId] of [
      [visitor.token, 'VISITOR', 'visitor-1'],
      [member, 'MEMBER', 'member-1'],
    ] as const) {
      const response = await tokenInfo(token);
      expect(response.status).toBe(200);
      const info = await response.json();
      expect(info).toEqual({
        active: false,
        subjectType,
        subjectId,
        exp: issuedAt + ACCESS_TOKEN_LIFETIME_SECONDS,
        iat: issuedAt,
        clientId: platform.clientId,
        // The member token was signed without the claim: the platform's site id.
        siteId: platform.siteId,
        instanceId: platform.siteId,
      });
      expect(info.exp).toBeLessThan(nowSeconds());
    }
  });

  it('refuses what is not an access token of this platform with 401 in the error shape', async () => {
    const { access_token } = await visitorTokens(platform);
    const [header, payload, signature] = access_token.split('.') as [string, string, string];
    const tampered = `${header}.${Buffer.from(
      JSON.stringify({ ...claimsOf(access_token), sub: 'someone-else' }),
    ).toString('base64url')}.${signature}`;
    const badSignature = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherIssuer = await new SignJWT({ role: 'visitor', cid: platform.clientId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('someone')
      .setSubject('x')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new Uint8Array(32));

    for (const token of [tampered, badSignature, otherIssuer, 'not-a-token', platform.apiKey]) {
      const body = await expectError(await tokenInfo(token), 401, 'UNAUTHENTICATED');
      expect(body.message).toMatch(/access token/);
    }
  });

  it('validates the request at the boundary: a token is required, as a non-empty string', async () => {
    for (const body of [{}, { token: '' }, { token: 42 }]) {
      const response = await postJson(platform, '/oauth2/token-info', body);
      const error = await expectError(response, 400);
      expect(error.message).toContain('"token"');
    }
  });

  it('accepts a form-encoded request too (as OAuth introspection clients send)', async () => {
    const { access_token } = await visitorTokens(platform);
    const response = await fetch(`${platform.url}/oauth2/token-info`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: access_token }).toString(),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ active: true, subjectType: 'VISITOR' });
  });
});
