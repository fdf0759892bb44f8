import { startTestPlatform, type TestPlatform } from '@atrium/platform/testing';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@atrium/sdk';
import { collections, items } from '@atrium/sdk/data';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, vi } from 'vitest';
import { AtriumProvider } from '../../src/provider.js';

/**
 * Test support for the data hooks and components: a real local platform (open registration) with
 * two collections, site clients as a visitor or a signed-in member, and a render under the
 * providers. Not exported from the package.
 */

/** Anyone reads, only the owner (API key) writes: 45 generated gadgets. */
export const GADGETS = 'Gadgets';
/** SITE_MEMBER_AUTHOR for every action: members read and write only their own entries. */
export const DIARY = 'Diary';

const KINDS = ['tool', 'toy', 'book'] as const;
const TAGS = ['red', 'green', 'blue', 'small'];

export interface Gadget {
  _id: string;
  name: string;
  price: number;
  kind: (typeof KINDS)[number];
  tags: string[];
  /** Only on every fourth gadget. */
  discount?: number;
}

/** The seeded gadgets, also the tests' oracle for what a query should return. */
export const GADGET_ITEMS: Gadget[] = Array.from({ length: 45 }, (_, index) => {
  const n = index + 1;
  return {
    _id: `gadget-${String(n).padStart(2, '0')}`,
    name: `Gadget ${String(n).padStart(2, '0')}`,
    price: (n * 37) % 100,
    kind: KINDS[n % KINDS.length]!,
    tags: TAGS.filter((_, tag) => (n >> tag) % 2 === 1),
    ...(n % 4 === 0 ? { discount: n % 10 } : {}),
  };
});

const adminClient = (platform: TestPlatform) =>
  createClient({
    auth: ApiKeyStrategy({ apiKey: platform.apiKey }),
    modules: { items, collections },
    baseUrl: platform.url,
  });

/** The data platform for one test file (started before its tests, closed after): `data.platform`. */
export function dataPlatformForFile(): { readonly platform: TestPlatform } {
  const data = {} as { platform: TestPlatform };
  beforeAll(async () => {
    data.platform = await startDataPlatform();
  });
  afterAll(async () => {
    await data.platform?.close();
  });
  return data;
}

export async function startDataPlatform(): Promise<TestPlatform> {
  const platform = await startTestPlatform({ registration: 'open' });
  const admin = adminClient(platform);
  await admin.collections.createDataCollection({
    _id: GADGETS,
    fields: [
      { key: 'name', type: 'TEXT' },
      { key: 'price', type: 'NUMBER' },
      { key: 'kind', type: 'TEXT' },
      { key: 'tags', type: 'ARRAY_STRING' },
      { key: 'discount', type: 'NUMBER' },
    ],
    permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
  });
  await admin.items.bulkInsert(GADGETS, GADGET_ITEMS);
  await admin.collections.createDataCollection({
    _id: DIARY,
    fields: [
      { key: 'title', type: 'TEXT', required: true },
      { key: 'body', type: 'TEXT' },
    ],
    permissions: {
      read: 'SITE_MEMBER_AUTHOR',
      insert: 'SITE_MEMBER_AUTHOR',
      update: 'SITE_MEMBER_AUTHOR',
      remove: 'SITE_MEMBER_AUTHOR',
    },
  });
  return platform;
}

/** The elevated client, to check what the platform stored. */
export const ownerItems = (platform: TestPlatform) => adminClient(platform).items;

/** A site's client as a visitor; `requests` lists the paths it called. */
export function visitorClient(platform: TestPlatform) {
  const requests: string[] = [];
  const client = createClient({
    auth: OAuthStrategy({ clientId: platform.clientId }),
    baseUrl: platform.url,
    fetch: (input, init) => {
      requests.push(new URL(input instanceof Request ? input.url : input).pathname);
      return fetch(input, init);
    },
  });
  return { client, requests };
}

let members = 0;

/** A site's client signed in as a newly registered member. */
export async function memberClient(platform: TestPlatform) {
  const site = visitorClient(platform);
  const email = `member-${++members}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'correct-horse-battery';
  const { auth } = site.client;
  await auth.register({ email, password });
  const login = await auth.login({ email, password });
  if (login.loginState !== 'SUCCESS') throw new Error(`login: ${JSON.stringify(login)}`);
  // Without a document the SDK fetches the direct-login code as JSON instead of using a hidden
  // frame, which happy-dom cannot load.
  vi.stubGlobal('document', undefined);
  try {
    auth.setTokens(await auth.getMemberTokensForDirectLogin(login.data.sessionToken));
  } finally {
    vi.unstubAllGlobals();
  }
  return { ...site, email };
}

type AnyClient = ReturnType<typeof visitorClient>['client'];

/** A wrapper with both providers and a QueryClient of its own, so tests share no cache. */
export function providersFor(client: AnyClient) {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AtriumProvider client={client}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </AtriumProvider>
  );
  return { wrapper, queryClient };
}

export function renderWithData(client: AnyClient, ui: ReactNode) {
  const { wrapper, queryClient } = providersFor(client);
  return { ...render(ui, { wrapper }), queryClient };
}
