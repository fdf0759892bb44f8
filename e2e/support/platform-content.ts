import { createHash } from 'node:crypto';
import {
  ADMIN_PREFIX,
  ADMIN_ROUTES,
  DATA_COLLECTIONS_ROUTES,
  DATA_ITEMS_ROUTES,
  MEDIA_ROUTES,
  SERVICE_PREFIXES,
} from '@atrium/contract/routes';
import type { ListMediaFilesResponse, ListMembersResponse } from '@atrium/contract/types';

/**
 * What a platform holds, read through its HTTP APIs with an elevated API key: every draft and
 * published blog post, every item of every data collection, every member and every media file.
 * Each kind is a map from id to the values compared, so two platforms' content compares entry by
 * entry (contentMissing). Works against any platform: the shared one or a test's own.
 */
export interface PlatformContent {
  /** Draft posts (every post, published or not): title, status and slug. */
  drafts: Map<string, string>;
  /** Published posts: title and slug. */
  posts: Map<string, string>;
  /** `collection/itemId` → the item's data as JSON (the platform's origin written as `<origin>`). */
  items: Map<string, string>;
  /** Members: e-mail and status. */
  members: Map<string, string>;
  /** Media files: name, type and size. */
  media: Map<string, string>;
}

type Call = <T>(method: string, path: string, body?: unknown) => Promise<T>;

function caller(base: string, apiKey: string): Call {
  return async <T>(method: string, path: string, body?: unknown) => {
    const response = await fetch(new URL(path, base), {
      method,
      headers: {
        authorization: apiKey,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status !== 200)
      throw new Error(`${method} ${path} on ${base} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
}

interface Cursored {
  pagingMetadata?: { cursors?: { next?: string | null }; hasNext?: boolean };
}

/** Every page of a blog query (cursor paging, 100 a page). */
async function everyPage<T>(call: Call, path: string, list: (answer: T & Cursored) => unknown[]) {
  const all: unknown[] = [];
  let cursor: string | undefined;
  for (;;) {
    const answer = await call<T & Cursored>('POST', path, {
      query: { cursorPaging: cursor ? { limit: 100, cursor } : { limit: 100 } },
    });
    all.push(...list(answer));
    const next = answer.pagingMetadata?.cursors?.next;
    if (!answer.pagingMetadata?.hasNext || !next) return all;
    cursor = next;
  }
}

export async function readContent(base: string, apiKey: string): Promise<PlatformContent> {
  const call = caller(base, apiKey);
  const origin = new URL(base).origin;

  const drafts = new Map<string, string>();
  for (const draft of (await everyPage<{ draftPosts: unknown[] }>(
    call,
    '/blog/v3/draft-posts/query',
    (answer) => answer.draftPosts,
  )) as { id: string; title?: string; status?: string; seoSlug?: string }[]) {
    drafts.set(draft.id, JSON.stringify([draft.title, draft.status, draft.seoSlug]));
  }

  const posts = new Map<string, string>();
  for (const post of (await everyPage<{ posts: unknown[] }>(
    call,
    '/v3/posts/query',
    (answer) => answer.posts,
  )) as { id: string; title?: string; slug?: string }[]) {
    posts.set(post.id, JSON.stringify([post.title, post.slug]));
  }

  const items = new Map<string, string>();
  const data = SERVICE_PREFIXES.dataItems.wire;
  const { collections } = await call<{ collections: { id: string }[] }>(
    'GET',
    data + DATA_COLLECTIONS_ROUTES.collections,
  );
  for (const { id: collection } of collections) {
    const limit = 1000;
    for (let offset = 0; ; offset += limit) {
      const { dataItems } = await call<{ dataItems: { id: string; data: Record<string, unknown> }[] }>(
        'POST',
        data + DATA_ITEMS_ROUTES.query,
        {
          dataCollectionId: collection,
          query: { sort: [{ fieldName: '_id', order: 'ASC' }], paging: { limit, offset } },
        },
      );
      for (const item of dataItems) {
        items.set(`${collection}/${item.id}`, JSON.stringify(item.data).replaceAll(origin, '<origin>'));
      }
      if (dataItems.length < limit) break;
    }
  }

  const members = new Map<string, string>();
  for (let offset = 0; ; offset += 100) {
    const answer = await call<ListMembersResponse>(
      'GET',
      `${ADMIN_PREFIX}${ADMIN_ROUTES.listMembers}?limit=100&offset=${offset}`,
    );
    for (const member of answer.members) {
      members.set(member.id, JSON.stringify([member.email.address, member.status?.name]));
    }
    if (answer.members.length < 100) break;
  }

  const media = new Map<string, string>();
  for (let offset = 0; ; offset += 100) {
    const answer = await call<ListMediaFilesResponse>(
      'GET',
      `${MEDIA_ROUTES.upload}?limit=100&offset=${offset}`,
    );
    for (const file of answer.files) {
      media.set(file.id, JSON.stringify([file.filename, file.contentType, file.sizeBytes]));
    }
    if (answer.files.length < 100) break;
  }

  return { drafts, posts, items, members, media };
}

/**
 * Every entry of `before` that `after` lacks or holds with other values, named (`kind id: was …,
 * is …`): empty when `after` holds everything `before` did (it may hold more).
 */
export function contentMissing(before: PlatformContent, after: PlatformContent): string[] {
  const missing: string[] = [];
  for (const kind of Object.keys(before) as (keyof PlatformContent)[]) {
    for (const [id, value] of before[kind]) {
      const now = after[kind].get(id);
      if (now !== value) missing.push(`${kind} ${id}: was ${value}, is ${now ?? 'missing'}`);
    }
  }
  return missing;
}

/** The SHA-256 of a media file's original bytes as the platform serves them. */
export async function mediaDigest(base: string, id: string): Promise<string> {
  const response = await fetch(new URL(MEDIA_ROUTES.file.replace('{id}', encodeURIComponent(id)), base));
  if (response.status !== 200) throw new Error(`GET media ${id} on ${base} answered ${response.status}`);
  return createHash('sha256')
    .update(Buffer.from(await response.arrayBuffer()))
    .digest('hex');
}
