import { MEDIA_ROUTES } from '@atrium/contract/routes';
import { startTestPlatform, type TestPlatform, testImageBytes } from '@atrium/platform/testing';
import {
  OAuthStrategy as AtriumOAuthStrategy,
  createClient as createAtriumClient,
  memberFromTokens,
} from '@atrium/sdk';
import * as atriumBlog from '@atrium/sdk/blog';
import * as referenceBlog from '@wix/blog';
import { vi } from 'vitest';
import type { BlogApi } from './blog-clients';
import { realFetch } from './mailbox';
import { type Peer, type PeerAuth, peerClient } from './peer-clients';
import { platformFetch, type RecordedRequest } from './wire';

/**
 * Runs one blog scenario through the reference client (@wix/blog 1.0.660 on @wix/sdk) or through
 * `@atrium/sdk/blog`, against a fresh local platform whose blog clock the scenario drives (so the
 * dates the platform sets are the same in both runs): every step's result (or rejection) and the
 * requests it sent, labelled with the step. `canonical` then names the values the platforms choose
 * (ids of tags, likes and members, media ids, cursors) by order of appearance, so two runs compare
 * step for step and request for request.
 */

// biome-ignore lint/suspicious/noExplicitAny: one scenario drives both clients through the reference's API
export type Any = any;

const MODULES = ['posts', 'categories', 'tags', 'draftPosts', 'likes', 'blogCache'] as const;

/** The blog modules of one client, per caller. */
export interface BlogClients {
  /** The site (API key). */
  readonly owner: BlogApi;
  /** An anonymous visitor (OAuth). */
  readonly visitor: BlogApi;
  /** A site member (OAuth with member tokens). */
  readonly member: BlogApi;
}

/** The blog's clock: starts at START; every step moves it one minute on; `set` jumps. */
export class Clock {
  #now = Date.parse(START);
  readonly now = (): Date => new Date(this.#now);
  set(iso: string): void {
    this.#now = Date.parse(iso);
  }
  tick(): void {
    this.#now += 60_000;
  }
}
export const START = '2024-01-10T09:00:00.000Z';

export interface Setup {
  /** `wix:image://` URIs of files uploaded before the run. */
  readonly hero: string;
  readonly cover: string;
  /** The member's id (the member client's). */
  readonly memberId: string;
  readonly clock: Clock;
  /** Keeps a value the test asserts on beside the steps (BlogRun.notes). */
  note(key: string, value: unknown): void;
  /** Counts `count` views of a post by fresh visitors (Atrium's view endpoint, outside both clients). */
  views(postId: string, count: number): Promise<void>;
}

export interface StepResult {
  step: string;
  result: unknown;
}
export type WireRequest = Pick<RecordedRequest, 'host' | 'method' | 'path' | 'query' | 'body'> & {
  step: string;
};
export interface BlogRun {
  steps: StepResult[];
  requests: WireRequest[];
  notes: Record<string, unknown>;
}

/** Runs a call; answers its value (undefined after a rejection) for the steps after it. */
export type Step = <T>(
  label: string,
  action: () => Promise<T>,
  read?: (value: T) => unknown,
) => Promise<T | undefined>;
export type Scenario = (clients: BlogClients, setup: Setup, step: Step) => Promise<void>;

async function upload(
  platform: TestPlatform,
  bytes: Uint8Array<ArrayBuffer>,
  type: string,
  filename: string,
) {
  const response = await realFetch(
    `${platform.url}${MEDIA_ROUTES.upload}?filename=${encodeURIComponent(filename)}`,
    { method: 'POST', headers: { authorization: platform.apiKey, 'content-type': type }, body: bytes },
  );
  if (response.status !== 200) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { uri: string }).uri;
}

async function anonymousToken(platform: TestPlatform): Promise<string> {
  const response = await realFetch(`${platform.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: platform.clientId, grantType: 'anonymous' }),
  });
  if (response.status !== 200) throw new Error(`token: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A member registered (open registration) and signed in, through Atrium's auth over plain HTTP. */
async function memberTokens(platform: TestPlatform) {
  const client = createAtriumClient({
    auth: AtriumOAuthStrategy({ clientId: platform.clientId }),
    baseUrl: platform.url,
    fetch: realFetch,
  });
  const registered = await client.auth.register({ email: 'reader@example.com', password: 'correct horse 1' });
  if (registered.loginState !== 'SUCCESS') throw new Error(`register: ${JSON.stringify(registered)}`);
  return client.auth.getMemberTokensForDirectLogin(registered.data.sessionToken);
}

/** The six modules of a package, by name. */
function modulesOf<S extends Record<(typeof MODULES)[number], object>>(source: S) {
  const { posts, categories, tags, draftPosts, likes, blogCache } = source;
  return { posts, categories, tags, draftPosts, likes, blogCache };
}

/**
 * Each client seen through the scenario's interface (support/blog-clients.ts): a cast, as the
 * reference's query builders take only the field names of its types, and the scenario queries an
 * unknown one too.
 */
const asBlogApi = (client: unknown) => client as BlogApi;

function clientsOf(
  peer: Peer,
  platform: TestPlatform,
  tokens: Awaited<ReturnType<typeof memberTokens>>,
  fetchImpl: typeof fetch,
): BlogClients {
  const modules = modulesOf(peer === 'reference' ? referenceBlog : atriumBlog);
  const client = (auth: PeerAuth) => asBlogApi(peerClient(peer, auth, modules, fetchImpl));
  const { apiKey, clientId } = platform;
  return {
    owner: client({ apiKey }),
    visitor: client({ clientId }),
    member: client({ clientId, tokens: structuredClone(tokens) }),
  };
}

/** What either client's rejection exposes that both must agree on. */
function errorOf(error: unknown) {
  const { message, status, details } = error as {
    message?: string;
    status?: number;
    details?: Record<string, unknown>;
  };
  const { requestId: _requestId, ...rest } = details ?? {};
  return { error: { message, status, details: rest } };
}

export async function runBlog(peer: Peer, scenario: Scenario): Promise<BlogRun> {
  const clock = new Clock();
  const platform = await startTestPlatform({
    registration: 'open',
    blogScheduler: { now: clock.now, intervalMs: 3_600_000 },
  });
  try {
    const hero = await upload(platform, await testImageBytes('jpeg', 640, 360), 'image/jpeg', 'hero.jpg');
    const cover = await upload(platform, await testImageBytes('png', 120, 80), 'image/png', 'cover.png');
    const tokens = await memberTokens(platform);
    const memberId = memberFromTokens(tokens)!.id;
    const notes: Record<string, unknown> = { hero };
    const setup: Setup = {
      note: (key, value) => {
        notes[key] = value;
      },
      hero,
      cover,
      memberId,
      clock,
      async views(postId, count) {
        for (let n = 0; n < count; n++) {
          const response = await realFetch(`${platform.url}/v3/posts/${postId}/view`, {
            method: 'POST',
            headers: { authorization: await anonymousToken(platform), 'content-type': 'application/json' },
            body: JSON.stringify({ postId }),
          });
          if (response.status !== 200) throw new Error(`view: ${response.status} ${await response.text()}`);
        }
      },
    };
    const wire = platformFetch(platform.url);
    // The reference reads the global fetch; the SDK gets the same recording fetch explicitly.
    vi.stubGlobal('fetch', wire.fetch);
    const run: BlogRun = { steps: [], requests: [], notes };
    const step: Step = async (label, action, read = (value) => value) => {
      clock.tick();
      let value: Awaited<ReturnType<typeof action>> | undefined;
      try {
        value = await action();
        run.steps.push({ step: label, result: await read(value) });
      } catch (error) {
        value = undefined;
        run.steps.push({ step: label, result: errorOf(error) });
      }
      for (const { host, method, path, query, body } of wire.log.splice(0)) {
        // Token requests are compared by the OAuth conformance tests; their number differs by design.
        if (path !== '/oauth2/token') run.requests.push({ step: label, host, method, path, query, body });
      }
      return value;
    };
    await scenario(clientsOf(peer, platform, tokens, wire.fetch), setup, step);
    return run;
  } finally {
    vi.unstubAllGlobals();
    await platform.close();
  }
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const MEDIA = /[0-9a-f]{6}_[0-9a-f]{32}(?:~mv2)?\.[a-z0-9]+/g;
/** The platform's cursors: base64url JSON (`{"k":…}`). */
const CURSOR = /^eyJ[A-Za-z0-9_-]+$/;

/**
 * The run with the values the platform chooses named by order of first appearance (`<id 1>`,
 * `<media 2>`), the platform's origin as `<platform>`, cursors decoded (`{ cursor: … }`), Dates as
 * `Date(<iso>)` (a client that left a string differs), keys sorted (the reference moves renamed
 * keys to the end of their object).
 */
export function canonical(run: Pick<BlogRun, 'steps' | 'requests'>): {
  steps: StepResult[];
  requests: WireRequest[];
} {
  const names = new Map<string, string>();
  const name = (kind: string) => (value: string) => {
    if (!names.has(value)) names.set(value, `<${kind} ${names.size + 1}>`);
    return names.get(value)!;
  };
  const strings = (text: string): unknown => {
    if (CURSOR.test(text)) {
      try {
        const decoded = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
        if (decoded && typeof decoded === 'object' && 'k' in decoded) return { cursor: walk(decoded) };
      } catch {
        // not a cursor
      }
    }
    return text
      .replace(UUID, name('id'))
      .replace(MEDIA, name('media'))
      .replace(/https?:\/\/127\.0\.0\.1:\d+/g, '<platform>');
  };
  const walk = (value: unknown): unknown => {
    if (value instanceof Date) return `Date(${value.toISOString()})`;
    if (typeof value === 'string') return strings(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return Object.fromEntries(entries.map(([k, v]) => [k, walk(v)]));
    }
    return value;
  };
  return walk({ steps: run.steps, requests: run.requests }) as {
    steps: StepResult[];
    requests: WireRequest[];
  };
}
