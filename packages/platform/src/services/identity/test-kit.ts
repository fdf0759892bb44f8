import type { MailMessage } from '@atrium/contract/types';
import { expect } from 'vitest';
import { type Answer, type Body, requestJson } from '../../../test/support/http.js';
import { perFile } from '../../../test/support/per-file.js';
import { startTestPlatform, type TestPlatform, type TestPlatformOptions } from '../../testing/index.js';

/**
 * Helpers for the identity tests: a platform, wire-path requests, the mailbox, and members in a
 * known state. Every helper goes over HTTP, as a client would.
 */
export const PATHS = {
  authentication: '/_api/iam/authentication',
  recovery: '/_api/iam/recovery',
  verification: '/_api/iam/verification',
  admin: '/_api/atrium-admin',
} as const;

export type { Answer, Body } from '../../../test/support/http.js';

export interface IdentityKit {
  readonly platform: TestPlatform;
  call<T = Body>(method: string, path: string, body?: unknown, authorization?: string): Promise<Answer<T>>;
  post<T = Body>(path: string, body: unknown, authorization?: string): Promise<Answer<T>>;
  /** As the site owner (the platform's API key). */
  admin<T = Body>(method: string, path: string, body?: unknown): Promise<Answer<T>>;
  register(email: string, password?: string, extra?: object): Promise<Answer>;
  login(email: string, password: string, extra?: object): Promise<Answer>;
  mailbox(to: string): Promise<MailMessage[]>;
  /** The code of the newest message to `to`. */
  lastCode(to: string): Promise<string>;
  /** The first link of the newest message to `to`. */
  lastLink(to: string): Promise<string>;
  visitorToken(): Promise<string>;
  /** Member access token for a SUCCESS state's session token (authorized_client grant). */
  memberToken(sessionToken: string): Promise<string>;
  /** A member who signed up where registration is open (SUCCESS at once): its id, token and address. */
  signedUp(label?: string): Promise<{ id: string; token: string; email: string }>;
  /** A member who registered, verified the e-mail and is ACTIVE; returns its id. */
  activeMember(email: string, password?: string): Promise<string>;
  setPolicy(registration: 'open' | 'approval' | 'verify-email', captcha?: boolean): Promise<void>;
  close(): Promise<void>;
}

export const PASSWORD = 'correct horse battery';

let sequence = 0;
/** A fresh address per call, so tests sharing a platform never collide. */
export const uniqueEmail = (label: string): string => `${label}-${Date.now()}-${++sequence}@example.com`;

/**
 * The kit of one test file: started before its tests (beforeAll) and closed after them (afterAll).
 * Read it in tests and hooks only: it exists once beforeAll ran.
 */
export const identityKitPerFile = (options: TestPlatformOptions = {}): IdentityKit =>
  perFile(() => startIdentityKit(options));

export async function startIdentityKit(options: TestPlatformOptions = {}): Promise<IdentityKit> {
  const platform = await startTestPlatform(options);
  // Every body is sent as JSON here, a string too (a JSON string).
  const call = (method: string, path: string, body?: unknown, authorization?: string) =>
    requestJson(`${platform.url}${path}`, {
      method,
      body: typeof body === 'string' ? JSON.stringify(body) : body,
      authorization,
    });
  const post = (path: string, body: unknown, authorization?: string) =>
    call('POST', path, body, authorization);
  const admin = (method: string, path: string, body?: unknown) =>
    call(method, `${PATHS.admin}${path}`, body, platform.apiKey);
  const mailbox = async (to: string) => {
    const answer = await call('GET', `/_dev/mailbox?to=${encodeURIComponent(to)}`);
    expect(answer.status).toBe(200);
    return (answer.body as { messages: MailMessage[] }).messages;
  };
  const register = (email: string, password = PASSWORD, extra: object = {}) =>
    post(`${PATHS.authentication}/v2/register`, { loginId: { email }, password, ...extra });
  const visitorToken = async () => {
    const answer = await post('/oauth2/token', { grantType: 'anonymous', clientId: platform.clientId });
    expect(answer.status).toBe(200);
    return answer.body.access_token as string;
  };
  const kit: IdentityKit = {
    platform,
    call,
    post,
    admin,
    register,
    login: (email, password, extra = {}) =>
      post(`${PATHS.authentication}/v2/login`, { loginId: { email }, password, ...extra }),
    mailbox,
    lastCode: async (to) => {
      const [newest] = await mailbox(to);
      expect(newest?.code).toMatch(/^\d{6}$/);
      return newest!.code!;
    },
    lastLink: async (to) => {
      const [newest] = await mailbox(to);
      expect(newest?.links.length).toBeGreaterThan(0);
      return newest!.links[0]!;
    },
    visitorToken,
    memberToken: async (sessionToken) => {
      const answer = await post(
        '/oauth2/token',
        { grant_type: 'authorized_client', scope: 'offline_access', session_token: sessionToken },
        `${await visitorToken()},${platform.apiKey}`,
      );
      expect(answer.status).toBe(200);
      return answer.body.access_token as string;
    },
    signedUp: async (label = 'member') => {
      const email = uniqueEmail(label);
      const registered = await register(email, PASSWORD);
      expect(registered.body.state).toBe('SUCCESS');
      return {
        id: registered.body.identity.id,
        token: await kit.memberToken(registered.body.sessionToken),
        email,
      };
    },
    activeMember: async (email, password = PASSWORD) => {
      const registered = await register(email, password);
      expect(registered.status).toBe(200);
      const identityId = registered.body.identity!.id;
      if (registered.body.state === 'REQUIRE_EMAIL_VERIFICATION') {
        const verified = await post(`${PATHS.verification}/v1/auth/verify`, {
          code: await kit.lastCode(email),
          stateToken: registered.body.stateToken,
        });
        expect(verified.body.state).not.toBe('REQUIRE_EMAIL_VERIFICATION');
      }
      const approved = await admin('POST', `/v1/members/${identityId}/approve`);
      expect(approved.body.identity.status.name).toBe('ACTIVE');
      return identityId;
    },
    setPolicy: async (registration, captcha = false) => {
      const answer = await admin('PUT', '/v1/site-policy', { registration, captcha });
      expect(answer.status).toBe(200);
    },
    close: () => platform.close(),
  };
  return kit;
}

/**
 * Creates a data collection of one TEXT field, `title`, that anyone reads and admins write, with
 * the platform's API key: the answer (its status, body and request id).
 */
export const createTitleCollection = (kit: IdentityKit, id: string): Promise<Answer> =>
  kit.call(
    'POST',
    '/wix-data/v2/collections',
    {
      collection: {
        id,
        fields: [{ key: 'title', type: 'TEXT' }],
        permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
      },
    },
    kit.platform.apiKey,
  );

/** The application error code of an error answer. */
export const errorCode = (answer: Answer): string | undefined => answer.body?.details?.applicationError?.code;
