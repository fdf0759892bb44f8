import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { type Answer, type Body, requestJson } from '../../../test/support/http.js';
import { sessionTokens, visitorTokens } from '../../../test/support/sign-in.js';
import { issueSessionToken } from '../../oauth/session-token-store.js';
import type { IdentityStatusName } from '../../storage/schema.js';
import { startTestPlatform, type TestPlatform, testImageBytes } from '../../testing/index.js';
import { insertIdentity } from '../identity/store.js';

export type { Answer, Body };

/**
 * Helpers for the members tests: a platform, members with tokens, and wire-path requests as the
 * API key, a member, a visitor or nobody. Everything goes over HTTP, as a client would.
 */
export const MEMBERS = '/members/v1/members';

/** Who calls: the API key, nobody, or an Authorization value (a token). */
export type As = 'key' | 'anonymous' | { authorization: string };

export interface TestMember {
  readonly id: string;
  readonly email: string;
  readonly as: As;
}

export interface MembersKit {
  readonly platform: TestPlatform;
  call(method: string, path: string, body?: unknown, as?: As): Promise<Answer>;
  /** 200 expected; the body. */
  ok(method: string, path: string, body?: unknown, as?: As): Promise<Body>;
  visitor(): Promise<As>;
  /** A new member with a token; `profile` is stored as given (privacy, names, nickname). */
  member(profile?: Record<string, unknown>, status?: IdentityStatusName): Promise<TestMember>;
  image(width: number, height: number): Promise<{ id: string; filename: string }>;
  close(): Promise<void>;
}

export async function startMembersKit(): Promise<MembersKit> {
  const platform = await startTestPlatform();
  const call = (method: string, path: string, body?: unknown, as: As = 'key'): Promise<Answer> =>
    requestJson(`${platform.url}${path}`, {
      method,
      body,
      authorization: as === 'key' ? platform.apiKey : as === 'anonymous' ? undefined : as.authorization,
    });
  let sequence = 0;
  return {
    platform,
    call,
    ok: async (method, path, body, as) => {
      const answer = await call(method, path, body, as);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    },
    visitor: async () => ({ authorization: (await visitorTokens(platform)).access_token }),
    member: async (profile = {}, status = 'ACTIVE') => {
      sequence += 1;
      const identity = await insertIdentity(platform.db, {
        email: `member-${sequence}-${randomBytes(3).toString('hex')}@example.com`,
        passwordHash: null,
        status,
        profile,
      });
      // A blocked or pending member cannot sign in: it gets no token (tests read it as the API key).
      if (status !== 'ACTIVE') return { id: identity.id, email: identity.email, as: 'anonymous' };
      const { access_token } = await sessionTokens(
        platform,
        await issueSessionToken(platform.db, identity.id),
      );
      return { id: identity.id, email: identity.email, as: { authorization: access_token } };
    },
    image: async (width, height) =>
      platform.media.put({
        bytes: await testImageBytes('png', width, height),
        contentType: 'image/png',
        filename: `photo-${++sequence}.png`,
        owner: 'test',
      }),
    close: () => platform.close(),
  };
}
