import { beforeAll, describe, expect, it } from 'vitest';
import { perFile } from '../../test/support/per-file.js';
import {
  claimsOf,
  exchangeCode,
  expectError,
  expectTokens,
  loggedIn,
  member,
  pkcePair,
  postJson,
  silentCode,
  visitorTokens,
} from '../../test/support/sign-in.js';
import { updateIdentity } from '../services/identity/store.js';
import { startTestPlatform } from '../testing/index.js';
import { verifyAccessToken } from './access-token.js';
import { loadSigningKeys, type SigningKeys } from './keys.js';
import { issueSessionToken } from './session-token-store.js';
import { upsertClient } from './store.js';

const platform = perFile(() => startTestPlatform());
let keys: SigningKeys;
beforeAll(async () => {
  keys = await loadSigningKeys(platform.db);
  await upsertClient(platform.db, { id: 'other-client', redirectOrigins: ['http://localhost:5173'] });
});

const refresh = (refreshToken: string) =>
  postJson(platform, '/oauth2/token', { grantType: 'refresh_token', refreshToken });

/** The token endpoint's failures: 400 invalid_grant whose description names the broken rule. */
async function expectInvalidGrant(response: Response, mentions: string) {
  const body = await expectError(response, 400, 'invalid_grant');
  expect(body.error_description).toContain(mentions);
  expect(body.details.applicationError.code).toBe('invalid_grant');
}

describe('authorization_code grant', () => {
  it('exchanges a code for member tokens: role member, sub, cid, sid and email', async () => {
    const { code, verifier, identity, redirectUri } = await silentCode(platform);
    const response = await exchangeCode(platform, { code, codeVerifier: verifier, redirectUri });
    const tokens = await expectTokens(response, 14_400, /^[A-Za-z0-9_-]{43}$/);
    const subject = await verifyAccessToken(keys, tokens.access_token);
    expect(subject).toEqual({
      role: 'member',
      subjectId: identity.id,
      clientId: platform.clientId,
      sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: identity.email,
    });
    expect(claimsOf(tokens.access_token)).toMatchObject({
      role: 'member',
      sub: identity.id,
      email: identity.email,
    });
    const row = await platform.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('id', '=', subject.role === 'member' ? subject.sessionId : '')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'member', subject_id: identity.id, client_id: platform.clientId });
  });

  it('accepts the form-encoded snake_case spelling', async () => {
    const { code, verifier, redirectUri } = await silentCode(platform);
    const response = await fetch(`${platform.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: platform.clientId,
        code,
        code_verifier: verifier,
        redirect_uri: redirectUri,
      }).toString(),
    });
    expect(response.status).toBe(200);
  });

  it('the member refresh token renews member access tokens of the same session, unrotated', async () => {
    const { code, verifier, redirectUri } = await silentCode(platform);
    const tokens = await (await exchangeCode(platform, { code, codeVerifier: verifier, redirectUri })).json();
    const renewed = await (await refresh(tokens.refresh_token)).json();
    expect(renewed.refresh_token).toBe(tokens.refresh_token);
    expect(await verifyAccessToken(keys, renewed.access_token)).toEqual(
      await verifyAccessToken(keys, tokens.access_token),
    );
  });

  it('refuses a reused code, and revokes the tokens issued from it (RFC 6749 §4.1.2)', async () => {
    const { code, verifier, redirectUri } = await silentCode(platform);
    const first = await (await exchangeCode(platform, { code, codeVerifier: verifier, redirectUri })).json();
    expect((await refresh(first.refresh_token)).status).toBe(200);
    await expectInvalidGrant(
      await exchangeCode(platform, { code, codeVerifier: verifier, redirectUri }),
      'already been used',
    );
    await expectInvalidGrant(await refresh(first.refresh_token), 'revoked');
  });

  it('two concurrent exchanges of one code: one wins, the other is refused and revokes its tokens', async () => {
    const { code, verifier, redirectUri } = await silentCode(platform);
    const responses = await Promise.all(
      [1, 2].map(() => exchangeCode(platform, { code, codeVerifier: verifier, redirectUri })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 400]);
    const winner = await responses.find((response) => response.status === 200)!.json();
    await expectInvalidGrant(await refresh(winner.refresh_token), 'revoked');
  });

  it('refuses an expired code', async () => {
    const { code, verifier, redirectUri } = await silentCode(platform);
    await platform.db
      .updateTable('authorization_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('redeemed_at', 'is', null)
      .execute();
    await expectInvalidGrant(
      await exchangeCode(platform, { code, codeVerifier: verifier, redirectUri }),
      'expired',
    );
  });

  it('refuses a wrong verifier, and the code still works with the right one', async () => {
    const { code, verifier, redirectUri } = await silentCode(platform);
    await expectInvalidGrant(
      await exchangeCode(platform, { code, codeVerifier: pkcePair().verifier, redirectUri }),
      'does not match the code challenge',
    );
    expect((await exchangeCode(platform, { code, codeVerifier: verifier, redirectUri })).status).toBe(200);
  });

  it('refuses a verifier that breaks RFC 7636 §4.1 (length, characters)', async () => {
    const { code, redirectUri } = await silentCode(platform);
    await expectInvalidGrant(
      await exchangeCode(platform, { code, codeVerifier: 'a'.repeat(42), redirectUri }),
      '43 to 128',
    );
    await expectInvalidGrant(
      await exchangeCode(platform, { code, codeVerifier: 'a'.repeat(129), redirectUri }),
      'got 129',
    );
    await expectInvalidGrant(
      await exchangeCode(platform, { code, codeVerifier: `${'a'.repeat(42)}+`, redirectUri }),
      'only letters, digits and -._~',
    );
  });

  it('refuses a code redeemed by another client', async () => {
    const { code, verifier, redirectUri } = await silentCode(platform);
    await expectInvalidGrant(
      await exchangeCode(platform, { clientId: 'other-client', code, codeVerifier: verifier, redirectUri }),
      'issued to another client',
    );
  });

  it('refuses a missing or different redirect URI when the code is bound to one', async () => {
    const { code, verifier, redirectUri } = await silentCode(platform);
    await expectInvalidGrant(
      await exchangeCode(platform, { code, codeVerifier: verifier }),
      'redirectUri is required',
    );
    await expectInvalidGrant(
      await exchangeCode(platform, { code, codeVerifier: verifier, redirectUri: `${redirectUri}/other` }),
      'does not match',
    );
  });

  it('refuses an unknown code', async () => {
    await expectInvalidGrant(
      await exchangeCode(platform, { code: 'not-a-code', codeVerifier: pkcePair().verifier }),
      'unknown',
    );
  });

  it('refuses a code whose member was blocked after it was issued', async () => {
    const { code, verifier, redirectUri, identity } = await silentCode(platform);
    await updateIdentity(platform.db, identity.id, { status: 'BLOCKED' });
    await expectInvalidGrant(
      await exchangeCode(platform, { code, codeVerifier: verifier, redirectUri }),
      'BLOCKED',
    );
  });

  it('missing fields are validation errors', async () => {
    const body = await expectError(await exchangeCode(platform, { code: 'c' }), 400, 'invalid_request');
    expect(body.details.validationError.fieldViolations[0].field).toBe('codeVerifier');
  });
});

describe('authorized_client grant', () => {
  const authorizedClient = (authorization: string | undefined, body: Record<string, unknown>) =>
    postJson(
      platform,
      '/oauth2/token',
      { grant_type: 'authorized_client', scope: 'offline_access', ...body },
      authorization === undefined ? {} : { authorization },
    );
  const siteHeader = async () => `${(await visitorTokens(platform)).access_token},${platform.apiKey}`;

  it('issues member tokens by member_id', async () => {
    const identity = await member(platform);
    const response = await authorizedClient(await siteHeader(), { member_id: identity.id });
    expect(response.status).toBe(200);
    const tokens = await response.json();
    expect(await verifyAccessToken(keys, tokens.access_token)).toMatchObject({
      role: 'member',
      subjectId: identity.id,
      clientId: platform.clientId,
      email: identity.email,
    });
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
  });

  it('issues member tokens by session_token (with the member_id sign-on returned), once', async () => {
    const { identity, sessionToken } = await loggedIn(platform);
    const body = { member_id: identity.id, session_token: sessionToken };
    const response = await authorizedClient(await siteHeader(), body);
    expect(response.status).toBe(200);
    expect((await verifyAccessToken(keys, (await response.json()).access_token)).subjectId).toBe(identity.id);
    await expectInvalidGrant(await authorizedClient(await siteHeader(), body), 'session token');
  });

  it('issues member tokens by session_token alone', async () => {
    const { identity, sessionToken } = await loggedIn(platform);
    const response = await authorizedClient(await siteHeader(), { session_token: sessionToken });
    expect((await verifyAccessToken(keys, (await response.json()).access_token)).subjectId).toBe(identity.id);
  });

  it('refuses a session token of another member than member_id', async () => {
    const { sessionToken } = await loggedIn(platform);
    const other = await member(platform);
    await expectInvalidGrant(
      await authorizedClient(await siteHeader(), { member_id: other.id, session_token: sessionToken }),
      'another member',
    );
  });

  it('refuses without a valid API key (401 invalid_client)', async () => {
    const identity = await member(platform);
    const { access_token } = await visitorTokens(platform);
    for (const authorization of [`${access_token},not-a-key`, access_token, `${access_token},`, undefined]) {
      const body = await expectError(
        await authorizedClient(authorization, { member_id: identity.id }),
        401,
        'invalid_client',
      );
      expect(body.error_description).toMatch(/API key|Authorization/);
    }
  });

  it('refuses an invalid access token next to a valid key (401 invalid_client)', async () => {
    const identity = await member(platform);
    const body = await expectError(
      await authorizedClient(`a.b.c,${platform.apiKey}`, { member_id: identity.id }),
      401,
      'invalid_client',
    );
    expect(body.error_description).toContain('access token');
  });

  it('refuses an unknown member, a member who is not ACTIVE, and a missing member', async () => {
    const header = await siteHeader();
    await expectInvalidGrant(
      await authorizedClient(header, { member_id: '00000000-0000-4000-8000-000000000000' }),
      'does not exist',
    );
    const pending = await member(platform, 'PENDING');
    await expectInvalidGrant(await authorizedClient(header, { member_id: pending.id }), 'PENDING');
    const body = await expectError(await authorizedClient(header, {}), 400, 'invalid_request');
    expect(body.details.validationError.fieldViolations[0].field).toBe('member_id');
  });

  it('refuses a scope other than offline_access', async () => {
    const identity = await member(platform);
    await expectError(
      await authorizedClient(await siteHeader(), { member_id: identity.id, scope: 'admin' }),
      400,
      'invalid_scope',
    );
  });
});

describe('member refresh tokens', () => {
  it('are refused once the member is blocked', async () => {
    const identity = await member(platform);
    const sessionToken = await issueSessionToken(platform.db, identity.id);
    const tokens = await (
      await postJson(
        platform,
        '/oauth2/token',
        { grant_type: 'authorized_client', session_token: sessionToken },
        { authorization: `${(await visitorTokens(platform)).access_token},${platform.apiKey}` },
      )
    ).json();
    await updateIdentity(platform.db, identity.id, { status: 'BLOCKED' });
    await expectInvalidGrant(await refresh(tokens.refresh_token), 'BLOCKED');
  });
});
