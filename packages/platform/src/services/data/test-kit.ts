import type { CollectionPermissions, DataCollectionInput, DataFieldType } from '@atrium/contract/types';
import { expect } from 'vitest';
import type { Body } from '../../../test/support/http.js';
import { perFile } from '../../../test/support/per-file.js';
import type { TestPlatformOptions } from '../../testing/index.js';
import { type Answer, type IdentityKit, startIdentityKit } from '../identity/test-kit.js';

/**
 * Helpers for the data tests: a platform whose members sign up at once, callers of every kind,
 * and wire-path requests. Everything goes over HTTP, as a client would.
 */
export const DATA = '/wix-data/v2';

export interface Member {
  readonly id: string;
  readonly token: string;
}

export interface DataKit {
  readonly identity: IdentityKit;
  readonly apiKey: string;
  call<T = Body>(method: string, path: string, body?: unknown, authorization?: string): Promise<Answer<T>>;
  /** POST `${DATA}${path}` as `authorization` (default: the API key). */
  post<T = Body>(path: string, body: unknown, authorization?: string | null): Promise<Answer<T>>;
  /** GET `${DATA}/items/query?.r=…` as `authorization` (default: the API key). */
  query<T = Body>(request: object, authorization?: string | null): Promise<Answer<T>>;
  createCollection(collection: DataCollectionInput): Promise<void>;
  /** Bulk-inserts these items' data into `collectionId` as the API key, expecting every one to succeed. */
  seed(collectionId: string, items: readonly Body[]): Promise<void>;
  visitorToken(): Promise<string>;
  member(label?: string): Promise<Member>;
  /** A member with the CMS_EDITOR role. */
  editor(label?: string): Promise<Member>;
  close(): Promise<void>;
}

/** Permissions of a collection anyone reads and only an admin (the API key) writes. */
export const ADMIN_WRITES: Required<CollectionPermissions> = {
  read: 'ANYONE',
  insert: 'ADMIN',
  update: 'ADMIN',
  remove: 'ADMIN',
};

/** A collection anyone reads and only an admin writes, its fields given as key → type. */
export const publicCollection = (id: string, fields: Record<string, DataFieldType>): DataCollectionInput => ({
  id,
  fields: Object.entries(fields).map(([key, type]) => ({ key, type })),
  permissions: ADMIN_WRITES,
});

export const encodeRequest = (request: object): string =>
  Buffer.from(JSON.stringify(request), 'utf8').toString('base64url');

export async function startDataKit(options: TestPlatformOptions = {}): Promise<DataKit> {
  const identity = await startIdentityKit({ registration: 'open', ...options });
  const apiKey = identity.platform.apiKey;
  const auth = (authorization: string | null | undefined) =>
    authorization === null ? undefined : (authorization ?? apiKey);
  const member = identity.signedUp;
  const kit: DataKit = {
    identity,
    apiKey,
    call: identity.call,
    post: (path, body, authorization) => identity.call('POST', `${DATA}${path}`, body, auth(authorization)),
    query: (request, authorization) =>
      identity.call(
        'GET',
        `${DATA}/items/query?.r=${encodeRequest(request)}`,
        undefined,
        auth(authorization),
      ),
    createCollection: async (collection) => {
      const answer = await identity.call('POST', `${DATA}/collections`, { collection }, apiKey);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    },
    seed: async (collectionId, items) => {
      const loaded = await identity.call(
        'POST',
        `${DATA}/bulk/items/insert`,
        { dataCollectionId: collectionId, dataItems: items.map((data) => ({ data })) },
        apiKey,
      );
      expect(loaded.body.bulkActionMetadata.totalSuccesses).toBe(items.length);
    },
    visitorToken: identity.visitorToken,
    member,
    editor: async (label = 'editor') => {
      const editor = await member(label);
      const granted = await identity.admin('PUT', `/v1/members/${editor.id}/roles`, {
        roles: ['CMS_EDITOR'],
      });
      expect(granted.status).toBe(200);
      return editor;
    },
    close: () => identity.close(),
  };
  return kit;
}

/**
 * One test file's data kit, these collections created in it: started before the file's tests
 * (beforeAll) and closed after them (afterAll). Read it in tests and hooks only.
 */
export const dataKitPerFile = (...collections: DataCollectionInput[]): DataKit =>
  perFile(async () => {
    const kit = await startDataKit();
    for (const collection of collections) await kit.createCollection(collection);
    return kit;
  });

/** The WDE (or other) application error code of an answer. */
export const codeOf = (answer: Answer): string | undefined => answer.body?.details?.applicationError?.code;

/** Items' data of a query or search answer. */
export const dataOf = (answer: Answer): Body[] =>
  (answer.body.dataItems as { data: Body }[]).map((item) => item.data);
