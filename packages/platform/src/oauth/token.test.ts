import { ACCESS_TOKEN_LIFETIME_SECONDS } from '@atrium/contract';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { perFile } from '../../test/support/per-file.js';
import { expectTokens, memberTokens } from '../../test/support/sign-in.js';
import { randomSecret, sha256Hex } from '../secrets.js';
import { startTestPlatform } from '../testing/index.js';
import { signAccessToken, TOKEN_ISSUER, verifyAccessToken } from './access-token.js';
import { loadSigningKeys, rotateVisitorSecret } from './keys.js';
import { VISITOR_SECRET_ROUTE } from './token-routes.js';
import { issueVisitorRefreshToken } from './visitor-tokens.js';

const platform = perFile(() => startTestPlatform());

const postToken = (body: string, contentType: string | undefined = 'application/json') =>
  fetch(`${platform.url}/oauth2/token`, {
    method: 'POST',
    headers: contentType === undefined ? {} : { 'content-type': contentType },
    body,
  });
const postJson = (body: unknown) => postToken(JSON.stringify(body));
const anonymousTokens = async () => {
  const response = await postJson({ grantType: 'anonymous', clientId: platform.clientId });
  expect(response.status).toBe(200);
  return (await response.json()) as { access_token: string; refresh_token: string };
};

/** The token endpoint's error shape: the platform's plus OAuth's `error` / `error_description`. */
async function expectTokenError(response: Response, status: number, error: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('x-wix-request-id')).toBeTruthy();
  const body = await response.json();
  expect(body).toMatchObject({ error, error_description: expect.any(String), message: expect.any(String) });
  expect(body.details.applicationError ?? body.details.validationError).toBeDefined();
  return body;
}

describe('anonymous grant', () => {
  it('issues a visitor access token (an HS256 JWT under the stored visitor secret) and a signed refresh token', async () => {
    const body = await expectTokens(
      await postJson({ grantType: 'anonymous', clientId: platform.clientId }),
      ACCESS_TOKEN_LIFETIME_SECONDS,
      /^atv1\.v-[0-9a-f-]{36}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/,
    );

    const keys = await loadSigningKeys(platform.db);
    expect(decodeProtectedHeader(body.access_token)).toMatchObject({ alg: 'HS256', kid: keys.visitor().kid });
    const subject = await verifyAccessToken(keys, body.access_token);
    expect(subject).toEqual({ subjectId: expect.any(String), role: 'visitor', clientId: platform.clientId });
    const claims = JSON.parse(Buffer.from(body.access_token.split('.')[1], 'base64url').toString());
    expect(claims.iss).toBe(TOKEN_ISSUER);
    expect(claims.exp - claims.iat).toBe(ACCESS_TOKEN_LIFETIME_SECONDS);
    expect(claims.jti).toEqual(expect.any(String));
  });

  it('accepts a form-encoded body with snake_case fields', async () => {
    const response = await postToken(
      new URLSearchParams({ grant_type: 'anonymous', client_id: platform.clientId }).toString(),
      'application/x-www-form-urlencoded',
    );
    expect(response.status).toBe(200);
    expect((await response.json()).token_type).toBe('Bearer');
  });

  it('gives every grant a new visitor', async () => {
    const keys = await loadSigningKeys(platform.db);
    const [a, b] = await Promise.all([anonymousTokens(), anonymousTokens()]);
    const [subjectA, subjectB] = await Promise.all(
      [a, b].map((t) => verifyAccessToken(keys, t.access_token)),
    );
    expect(subjectA!.subjectId).not.toBe(subjectB!.subjectId);
  });
});

describe('refresh_token grant', () => {
  it('returns a new access token for the same visitor and the same refresh token, again and again', async () => {
    const keys = await loadSigningKeys(platform.db);
    const first = await anonymousTokens();
    const visitor = await verifyAccessToken(keys, first.access_token);
    for (let use = 0; use < 2; use++) {
      const response = await postJson({
        grantType: 'refresh_token',
        refreshToken: first.refresh_token,
        clientId: platform.clientId,
      });
      expect(response.status).toBe(200);
      const renewed = await response.json();
      expect(renewed.refresh_token).toBe(first.refresh_token);
      expect(renewed.access_token).not.toBe(first.access_token);
      expect(await verifyAccessToken(keys, renewed.access_token)).toEqual(visitor);
    }
  });

  it('works without a client id, as the site-session strategy sends it', async () => {
    const { refresh_token } = await anonymousTokens();
    const response = await postToken(
      new URLSearchParams({ grant_type: 'refresh_token', refresh_token }).toString(),
      'application/x-www-form-urlencoded',
    );
    expect(response.status).toBe(200);
  });

  it('writes nothing to the database for a visitor (issue P8): no refresh token row, however many grants', async () => {
    const count = async () =>
      Number(
        (
          await platform.db
            .selectFrom('refresh_tokens')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n,
      );
    const before = await count();
    const { refresh_token } = await anonymousTokens();
    await postJson({ grantType: 'refresh_token', refreshToken: refresh_token });
    expect(await count()).toBe(before);
  });

  it('a tampered visitor refresh token (another client written into it) is refused', async () => {
    const { refresh_token } = await anonymousTokens();
    const [prefix, kid, , signature] = refresh_token.split('.') as [string, string, string, string];
    const claims = Buffer.from(
      JSON.stringify({ sub: crypto.randomUUID(), cid: 'another-client', iat: 1 }),
    ).toString('base64url');
    await expectTokenError(
      await postJson({
        grantType: 'refresh_token',
        refreshToken: [prefix, kid, claims, signature].join('.'),
      }),
      400,
      'invalid_grant',
    );
  });

  it('refuses an unknown refresh token with invalid_grant', async () => {
    await expectTokenError(
      await postJson({ grantType: 'refresh_token', refreshToken: 'not-issued-here' }),
      400,
      'invalid_grant',
    );
  });

  it('a visitor refresh token stored before the signed format still renews; revoked, it is refused', async () => {
    // Stored as the platform stored them before: a random secret, its SHA-256 hash in a row.
    const refreshToken = randomSecret();
    await platform.db
      .insertInto('refresh_tokens')
      .values({
        token_hash: sha256Hex(refreshToken),
        client_id: platform.clientId,
        role: 'visitor',
        subject_id: crypto.randomUUID(),
      })
      .execute();
    expect((await postJson({ grantType: 'refresh_token', refreshToken })).status).toBe(200);
    await platform.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date() })
      .where('token_hash', '=', sha256Hex(refreshToken))
      .execute();
    await expectTokenError(
      await postJson({ grantType: 'refresh_token', refreshToken }),
      400,
      'invalid_grant',
    );
  });

  it('refuses a refresh token presented by another client', async () => {
    const { refresh_token } = await anonymousTokens();
    const response = await postJson({
      grantType: 'refresh_token',
      refreshToken: refresh_token,
      clientId: 'another-client',
    });
    await expectTokenError(response, 400, 'invalid_grant');
  });
});

describe('bad token requests', () => {
  it('unknown grant type → 400 unsupported_grant_type', async () => {
    await expectTokenError(
      await postJson({ grantType: 'password', clientId: platform.clientId }),
      400,
      'unsupported_grant_type',
    );
  });

  it('the unsupported_grant_type description lists the supported grants', async () => {
    const body = await expectTokenError(
      await postJson({ grantType: 'client_credentials', clientId: platform.clientId }),
      400,
      'unsupported_grant_type',
    );
    expect(body.error_description).toContain(
      'anonymous, refresh_token, authorization_code and authorized_client',
    );
  });

  it('unknown client → 400 invalid_client', async () => {
    const body = await expectTokenError(
      await postJson({ grantType: 'anonymous', clientId: 'no-such-client' }),
      400,
      'invalid_client',
    );
    expect(body.details.applicationError).toEqual({
      code: 'invalid_client',
      description: body.error_description,
      data: {},
    });
  });

  it('malformed JSON → 400 invalid_request', async () => {
    await expectTokenError(await postToken('{"grantType": "anonymous",'), 400, 'invalid_request');
  });

  it('missing grant type → validation error on grantType', async () => {
    const body = await expectTokenError(
      await postJson({ clientId: platform.clientId }),
      400,
      'invalid_request',
    );
    expect(body.message).toBe('INVALID_ARGUMENT: "grantType" is required');
    expect(body.details.validationError.fieldViolations).toEqual([
      { field: 'grantType', description: 'is required', violatedRule: 'REQUIRED' },
    ]);
  });

  it('missing client id on the anonymous grant → validation error on clientId', async () => {
    const body = await expectTokenError(await postJson({ grantType: 'anonymous' }), 400, 'invalid_request');
    expect(body.details.validationError.fieldViolations[0].field).toBe('clientId');
  });

  it('mistyped field (clientId: 123) → validation error on clientId', async () => {
    const body = await expectTokenError(
      await postJson({ grantType: 'anonymous', clientId: 123 }),
      400,
      'invalid_request',
    );
    expect(body.details.validationError.fieldViolations).toEqual([
      expect.objectContaining({ field: 'clientId', description: expect.stringContaining('string') }),
    ]);
  });

  it('a body that is not an object → validation error', async () => {
    const body = await expectTokenError(await postToken('["anonymous"]'), 400, 'invalid_request');
    expect(body.details.validationError.fieldViolations[0].field).toBe('body');
  });

  it('a 1 MB body → 413 PAYLOAD_TOO_LARGE', async () => {
    const huge = JSON.stringify({
      grantType: 'anonymous',
      clientId: platform.clientId,
      padding: 'x'.repeat(1_000_000),
    });
    const body = await expectTokenError(await postToken(huge), 413, 'invalid_request');
    expect(body.details.applicationError.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('wrong content type (text/plain) → 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const body = await expectTokenError(
      await postToken('grantType=anonymous', 'text/plain'),
      415,
      'invalid_request',
    );
    expect(body.details.applicationError.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('empty JSON body → 400 invalid_request', async () => {
    await expectTokenError(await postToken(''), 400, 'invalid_request');
  });

  it('no body and no content type → validation error', async () => {
    const response = await fetch(`${platform.url}/oauth2/token`, { method: 'POST' });
    const body = await expectTokenError(response, 400, 'invalid_request');
    expect(body.details.validationError).toBeDefined();
  });
});

describe('visitor secret rotation', () => {
  it('a secret added by another process signs from then on; this process learns it on first sight, and older tokens still verify', async () => {
    const older = await anonymousTokens();
    const newKid = await rotateVisitorSecret(platform.db);
    // Another process starting now signs with the newest secret.
    const other = await loadSigningKeys(platform.db);
    expect(other.visitor().kid).toBe(newKid);
    const { token } = await signAccessToken(other, {
      role: 'visitor',
      subjectId: crypto.randomUUID(),
      clientId: platform.clientId,
    });
    const refreshToken = issueVisitorRefreshToken(other.visitor(), {
      subjectId: crypto.randomUUID(),
      clientId: platform.clientId,
    });
    // The running platform, which loaded its secrets before the rotation, accepts both.
    const session = await fetch(`${platform.url}/_api/redirects-api/v1/redirect-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ login: {} }),
    });
    expect(session.status).toBe(200);
    const renewed = await postJson({ grantType: 'refresh_token', refreshToken });
    expect(renewed.status).toBe(200);
    expect(decodeProtectedHeader((await renewed.json()).access_token).kid).toBe(newKid);
    // Tokens from before the rotation still renew.
    expect((await postJson({ grantType: 'refresh_token', refreshToken: older.refresh_token })).status).toBe(
      200,
    );
  });
});

describe('the JWK set of member tokens (GET /oauth2/jwks)', () => {
  it("publishes the ES256 public keys a site's back end verifies a member's token with; never the visitor secret", async () => {
    const response = await fetch(`${platform.url}/oauth2/jwks`);
    expect(response.status).toBe(200);
    const jwks = await response.json();
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) {
      expect(key).toMatchObject({
        kty: 'EC',
        crv: 'P-256',
        alg: 'ES256',
        use: 'sig',
        kid: expect.any(String),
      });
      expect(key.d).toBeUndefined();
    }
    expect(JSON.stringify(jwks)).not.toContain('oct');

    const member = await memberTokens(platform);
    const { payload } = await jwtVerify(member.access_token, createLocalJWKSet(jwks), {
      issuer: TOKEN_ISSUER,
    });
    expect(payload).toMatchObject({ role: 'member', sub: member.identity.id });
    // A visitor's token does not verify against it.
    const visitor = await anonymousTokens();
    await expect(jwtVerify(visitor.access_token, createLocalJWKSet(jwks))).rejects.toThrow();
  });
});

describe('rotating the visitor secret through the admin API', () => {
  it('needs the API key; the new secret signs at once; earlier visitors keep working', async () => {
    const path = `${platform.url}/_api/atrium-admin${VISITOR_SECRET_ROUTE}`;
    const before = await anonymousTokens();
    const denied = await fetch(path, { method: 'POST', headers: { authorization: before.access_token } });
    expect(denied.status).toBe(403);
    const rotated = await fetch(path, { method: 'POST', headers: { authorization: platform.apiKey } });
    expect(rotated.status).toBe(200);
    const { kid } = await rotated.json();
    const after = await anonymousTokens();
    expect(decodeProtectedHeader(after.access_token).kid).toBe(kid);
    expect(after.refresh_token.split('.')[1]).toBe(kid);
    expect((await postJson({ grantType: 'refresh_token', refreshToken: before.refresh_token })).status).toBe(
      200,
    );
  });
});
