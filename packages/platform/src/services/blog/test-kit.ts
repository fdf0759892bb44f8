import { expect } from 'vitest';
import { type Answer, type Body, requestJson } from '../../../test/support/http.js';
import { perFile } from '../../../test/support/per-file.js';
import { memberTokens, visitorTokens } from '../../../test/support/sign-in.js';
import {
  startTestPlatform,
  type TestPlatform,
  type TestPlatformOptions,
  testImageBytes,
} from '../../testing/index.js';

/**
 * Helpers for the blog tests: a platform, wire-path requests as the API key, a visitor, a member,
 * a blog writer or nobody. Everything goes over HTTP, as a client would.
 */
export const DRAFTS = '/blog/v3/draft-posts';
export const POSTS = '/v3/posts';
export const CATEGORIES = '/blog/v3/categories';
export const TAGS = '/v3/tags';
export const LIKES = '/blog/v1/likes';

export type { Answer, Body } from '../../../test/support/http.js';

/** Who calls: the API key (default), nobody, or an Authorization value (a token). */
export type As = 'key' | 'anonymous' | { authorization: string };

export interface BlogKit {
  readonly platform: TestPlatform;
  call<T = Body>(method: string, path: string, body?: unknown, as?: As): Promise<Answer<T>>;
  /** 200 expected; the body. */
  ok(method: string, path: string, body?: unknown, as?: As): Promise<Body>;
  visitor(): Promise<As>;
  /** A new member (a token and the identity id). */
  member(): Promise<{ as: As; id: string }>;
  /** A new member the owner made a blog writer. */
  writer(): Promise<{ as: As; id: string }>;
  draft(draftPost: object, options?: object): Promise<Body>;
  /** A draft created and published by the API key; its post. */
  post(draftPost: object): Promise<Body>;
  image(width: number, height: number): Promise<{ id: string; filename: string }>;
  close(): Promise<void>;
}

export const paragraph = (text: string, id?: string) => ({
  type: 'PARAGRAPH',
  ...(id ? { id } : {}),
  nodes: [{ type: 'TEXT', textData: { text, decorations: [] } }],
  paragraphData: {},
});

/**
 * The kit of one test file: started before its tests (beforeAll, up to two minutes) and closed
 * after them (afterAll). Read it in tests and hooks only: it exists once beforeAll ran.
 */
export const blogKitPerFile = (options: TestPlatformOptions = {}): BlogKit =>
  perFile(() => startBlogKit(options), 120_000);

export async function startBlogKit(options: TestPlatformOptions = {}): Promise<BlogKit> {
  const platform = await startTestPlatform(options);
  const call = <T = Body>(method: string, path: string, body?: unknown, as: As = 'key') =>
    requestJson<T>(`${platform.url}${path}`, {
      method,
      body,
      authorization: as === 'key' ? platform.apiKey : as === 'anonymous' ? undefined : as.authorization,
    });
  const ok = async (method: string, path: string, body?: unknown, as: As = 'key') => {
    const answer = await call(method, path, body, as);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };
  const member = async () => {
    const tokens = await memberTokens(platform);
    return { as: { authorization: tokens.access_token }, id: tokens.identity.id };
  };
  const kit: BlogKit = {
    platform,
    call,
    ok,
    visitor: async () => ({ authorization: (await visitorTokens(platform)).access_token }),
    member,
    writer: async () => {
      const created = await member();
      await ok('POST', `/_api/atrium-admin/v1/members/${created.id}/blog-writer`);
      return created;
    },
    draft: async (draftPost, options = {}) =>
      (await ok('POST', DRAFTS, { draftPost, fieldsets: ['URL', 'RICH_CONTENT'], ...options })).draftPost,
    post: async (draftPost) => {
      const draft = (await ok('POST', DRAFTS, { draftPost, publish: true })).draftPost;
      return (await ok('GET', `${POSTS}/${draft.id}?fieldsets=URL&fieldsets=METRICS`)).post;
    },
    image: async (width, height) =>
      platform.media.put({
        bytes: await testImageBytes('png', width, height),
        contentType: 'image/png',
        filename: `hero-${width}x${height}.png`,
        owner: 'test',
      }),
    close: () => platform.close(),
  };
  return kit;
}
