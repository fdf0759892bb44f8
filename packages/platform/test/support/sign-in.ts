import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { expect } from 'vitest';
import { s256 } from '../../src/oauth/pkce.js';
import { issueSessionToken } from '../../src/oauth/session-token-store.js';
import { insertIdentity, type StoredIdentity } from '../../src/services/identity/store.js';
import type { IdentityStatusName } from '../../src/storage/schema.js';
import type { TestPlatform } from '../../src/testing/index.js';

/** Helpers shared by the member sign-in tests (authorize, token grants, logout, hosted pages). */

export const SITE = 'http://localhost:5173';
export const REDIRECT_URI = `${SITE}/callback`;

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: s256(verifier) };
}

let members = 0;
export async function member(
  platform: TestPlatform,
  status: IdentityStatusName = 'ACTIVE',
): Promise<StoredIdentity> {
  members += 1;
  return insertIdentity(platform.db, {
    email: `member-${members}-${randomBytes(4).toString('hex')}@example.com`,
    passwordHash: null,
    status,
  });
}

/** A session token of an active member: what a successful login hands over. */
export async function loggedIn(
  platform: TestPlatform,
): Promise<{ identity: StoredIdentity; sessionToken: string }> {
  const identity = await member(platform);
  return { identity, sessionToken: await issueSessionToken(platform.db, identity.id) };
}

export async function visitorTokens(
  platform: TestPlatform,
  clientId = platform.clientId,
): Promise<{ access_token: string; refresh_token: string }> {
  const response = await postJson(platform, '/oauth2/token', { grantType: 'anonymous', clientId });
  expect(response.status).toBe(200);
  return response.json();
}

export function postJson(
  platform: TestPlatform,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${platform.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

export const REDIRECT_SESSION_PATH = '/_api/redirects-api/v1/redirect-session';

/** Creates a redirect session as a visitor of the platform's client (or with the given headers). */
export async function createSession(
  platform: TestPlatform,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const authorization = headers.authorization ?? (await visitorTokens(platform)).access_token;
  return postJson(platform, REDIRECT_SESSION_PATH, body, { ...headers, authorization });
}

export async function sessionOf(
  response: Response,
): Promise<{ id: string; fullUrl: string; sessionToken: string }> {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.redirectSession;
}

/** An authRequest as the reference client's getAuthUrl builds it (docs/wire.md §4.3). */
export function authRequest(platform: TestPlatform, overrides: Record<string, unknown> = {}) {
  const { verifier, challenge } = pkcePair();
  const request = {
    clientId: platform.clientId,
    redirectUri: REDIRECT_URI,
    codeChallenge: challenge,
    codeChallengeMethod: 'S256',
    responseMode: 'query',
    responseType: 'code',
    scope: 'offline_access',
    state: randomBytes(16).toString('base64url'),
    ...overrides,
  };
  return { request, verifier };
}

/** GET of a session's URL without following redirects. */
export const openSession = (fullUrl: string, accept?: string): Promise<Response> =>
  fetch(fullUrl, { redirect: 'manual', headers: accept ? { accept } : {} });

export const exchangeCode = (platform: TestPlatform, body: Record<string, unknown>): Promise<Response> =>
  postJson(platform, '/oauth2/token', {
    grantType: 'authorization_code',
    clientId: platform.clientId,
    ...body,
  });

/** The claims of one of our JWTs, unverified (tests verify with verifyAccessToken where it matters). */
export const claimsOf = (jwt: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());

/** A code delivered by prompt=none in query mode, with what is needed to exchange it. */
export async function silentCode(
  platform: TestPlatform,
  overrides: Record<string, unknown> = {},
): Promise<{ code: string; verifier: string; identity: StoredIdentity; redirectUri: string }> {
  const { identity, sessionToken } = await loggedIn(platform);
  const { request, verifier } = authRequest(platform, { sessionToken, ...overrides });
  const session = await sessionOf(
    await createSession(platform, { auth: { authRequest: request, prompt: 'none' } }),
  );
  const response = await openSession(session.fullUrl);
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location')!);
  const code = location.searchParams.get('code');
  expect(code).toBeTruthy();
  return { code: code!, verifier, identity, redirectUri: request.redirectUri as string };
}

/**
 * A JSON request with a forged `Host` header (and any other headers), which fetch cannot send:
 * answers the status and the parsed body.
 */
export function requestWithHost(
  platform: TestPlatform,
  method: string,
  path: string,
  host: string,
  body?: unknown,
  headers: Record<string, string> = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field, as JSON.
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: any }> {
  const url = new URL(path, platform.url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: `${url.pathname}${url.search}`,
        headers: {
          host,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {}
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: parsed });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** Asserts a 4xx in the platform's error shape and returns the body. */
export async function expectError(response: Response, status: number, code?: string) {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  expect(response.headers.get('x-wix-request-id')).toBeTruthy();
  if (code !== undefined) {
    expect(body.error ?? body.details.applicationError?.code).toBe(code);
  }
  return body;
}

/**
 * Asserts the token endpoint's success (200, never cached): bearer tokens living `expiresIn`
 * seconds and a refresh token of the given form. Returns the body.
 */
export async function expectTokens(response: Response, expiresIn: number, refreshToken: RegExp) {
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const body = await response.json();
  expect(body).toEqual({
    access_token: expect.any(String),
    token_type: 'Bearer',
    expires_in: expiresIn,
    refresh_token: expect.stringMatching(refreshToken),
  });
  return body;
}

/** Member tokens the quickest way (authorized_client with a session token). */
export async function memberTokens(
  platform: TestPlatform,
): Promise<{ identity: StoredIdentity; access_token: string; refresh_token: string }> {
  const { identity, sessionToken } = await loggedIn(platform);
  return { identity, ...(await sessionTokens(platform, sessionToken)) };
}

/** The member tokens of a session token (authorized_client, as the site with a visitor's token). */
export async function sessionTokens(
  platform: TestPlatform,
  sessionToken: string,
): Promise<{ access_token: string; refresh_token: string }> {
  const response = await postJson(
    platform,
    '/oauth2/token',
    { grant_type: 'authorized_client', session_token: sessionToken },
    { authorization: `${(await visitorTokens(platform)).access_token},${platform.apiKey}` },
  );
  expect(response.status).toBe(200);
  return response.json();
}
