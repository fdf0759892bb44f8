import { COLLECTION_ROLES } from '@atrium/contract';
import type { CollectionRole } from '@atrium/contract/types';
import { beforeAll, describe, expect, it } from 'vitest';
import { codeOf, DATA, dataKitPerFile, dataOf, type Member, publicCollection } from './test-kit.js';

/**
 * The permission matrix: each level × read/insert/update/remove × visitor, member, item author,
 * CMS editor, elevated key. Allowed exactly where the levels say (permissions.ts); refused with
 * 403 WDE0027 elsewhere. The item acted on belongs to the author.
 */
type Action = 'read' | 'insert' | 'update' | 'remove';
type CallerName = 'visitor' | 'member' | 'author' | 'editor' | 'elevated';

const CALLERS: readonly CallerName[] = ['visitor', 'member', 'author', 'editor', 'elevated'];
const ACTIONS: readonly Action[] = ['read', 'insert', 'update', 'remove'];

/** Every action for `first` and the callers after it (CALLERS lists them by growing reach), none before. */
const everyFrom = (first: CallerName) =>
  Object.fromEntries(
    CALLERS.map((caller, index) => [caller, index >= CALLERS.indexOf(first) ? ACTIONS : []]),
  ) as Record<CallerName, readonly Action[]>;

const ALLOWED: Record<CollectionRole, Record<CallerName, readonly Action[]>> = {
  ANYONE: everyFrom('visitor'),
  SITE_MEMBER: everyFrom('member'),
  SITE_MEMBER_AUTHOR: {
    ...everyFrom('author'),
    // Any member may insert (and becomes the new item's author); another's item is out of reach.
    member: ['insert'],
  },
  CMS_EDITOR: everyFrom('editor'),
  PRIVILEGED: everyFrom('elevated'),
  ADMIN: everyFrom('elevated'),
};

const kit = dataKitPerFile();
let author: Member;
const tokens = {} as Record<CallerName, string>;

beforeAll(async () => {
  author = await kit.member('author');
  tokens.visitor = await kit.visitorToken();
  tokens.member = (await kit.member('plain')).token;
  tokens.author = author.token;
  tokens.editor = (await kit.editor()).token;
  tokens.elevated = kit.apiKey;
  for (const level of COLLECTION_ROLES) {
    await kit.createCollection({
      id: `Perm_${level}`,
      fields: [{ key: 'title', type: 'TEXT' }],
      permissions: { read: level, insert: level, update: level, remove: level },
    });
  }
});

/** An item of the author's, written with the API key. */
async function authorsItem(collection: string): Promise<string> {
  const answer = await kit.post('/items', {
    dataCollectionId: collection,
    dataItem: { data: { title: 'by the author', _owner: author.id } },
  });
  expect(answer.status).toBe(200);
  return answer.body.dataItem.id;
}

async function attempt(
  action: Action,
  collection: string,
  token: string,
): Promise<{ status: number; code?: string }> {
  const id = action === 'insert' ? '' : await authorsItem(collection);
  const answer =
    action === 'read'
      ? await kit.call('GET', `${DATA}/items/${id}?dataCollectionId=${collection}`, undefined, token)
      : action === 'insert'
        ? await kit.post(
            '/items',
            { dataCollectionId: collection, dataItem: { data: { title: 'new' } } },
            token,
          )
        : action === 'update'
          ? await kit.post(
              '/items/update',
              { dataCollectionId: collection, dataItem: { id, data: { _id: id, title: 'changed' } } },
              token,
            )
          : await kit.post('/items/remove', { dataCollectionId: collection, dataItemId: id }, token);
  return { status: answer.status, code: codeOf(answer) };
}

const cells = COLLECTION_ROLES.flatMap((level) =>
  ACTIONS.flatMap((action) =>
    CALLERS.map((caller) => ({ level, action, caller, allowed: ALLOWED[level][caller].includes(action) })),
  ),
);

describe('permission matrix', () => {
  it.each(cells)(
    '$level · $action · $caller → allowed: $allowed',
    async ({ level, action, caller, allowed }) => {
      const result = await attempt(action, `Perm_${level}`, tokens[caller]);
      expect(result).toEqual(allowed ? { status: 200, code: undefined } : { status: 403, code: 'WDE0027' });
    },
  );
});

describe('SITE_MEMBER_AUTHOR', () => {
  it('records the inserting member as _owner and shows each member only their own items', async () => {
    const collection = 'Perm_SITE_MEMBER_AUTHOR';
    const other = await kit.member('other');
    const mine = await kit.post(
      '/items',
      { dataCollectionId: collection, dataItem: { data: { title: 'mine', _owner: 'someone-else' } } },
      other.token,
    );
    expect(mine.body.dataItem.data._owner).toBe(other.id);
    const seen = await kit.query(
      { dataCollectionId: collection, query: {}, returnTotalCount: true },
      other.token,
    );
    expect(dataOf(seen).map((item) => item._owner)).toEqual([other.id]);
    expect(seen.body.pagingMetadata.total).toBe(1);
    expect(
      (await kit.post('/items/count', { dataCollectionId: collection }, other.token)).body.totalCount,
    ).toBe(1);
    const all = await kit.post('/items/count', { dataCollectionId: collection });
    expect(all.body.totalCount).toBeGreaterThan(1);
    const truncate = await kit.post('/items/truncate', { dataCollectionId: collection }, other.token);
    expect([truncate.status, codeOf(truncate)]).toEqual([403, 'WDE0027']);
  });

  it('lets anonymous callers (no token) in where the level is ANYONE, and no further', async () => {
    expect((await kit.query({ dataCollectionId: 'Perm_ANYONE', query: {} }, null)).status).toBe(200);
    const refused = await kit.query({ dataCollectionId: 'Perm_SITE_MEMBER', query: {} }, null);
    expect([refused.status, codeOf(refused)]).toEqual([403, 'WDE0027']);
    expect(refused.body.message).toContain('requires SITE_MEMBER');
  });

  it('manages collections and member roles with the API key only', async () => {
    const listed = await kit.call('GET', `${DATA}/collections`, undefined, tokens.editor);
    expect([listed.status, codeOf(listed)]).toEqual([403, 'WDE0027']);
    const roles = await kit.call(
      'PUT',
      `/_api/atrium-admin/v1/members/${author.id}/roles`,
      { roles: ['CMS_EDITOR'] },
      tokens.editor,
    );
    expect(roles.status).toBe(403);
    const unknownRole = await kit.identity.admin('PUT', `/v1/members/${author.id}/roles`, {
      roles: ['OWNER'],
    });
    expect(unknownRole.status).toBe(400);
    expect((await kit.identity.admin('GET', `/v1/members/${author.id}/roles`)).body).toEqual({
      identityId: author.id,
      roles: [],
    });
  });
});

describe('a definition changed elsewhere (another platform process on the same database)', () => {
  it('applies at once to queries, though this process read the old one', async () => {
    await kit.createCollection(publicCollection('Shifting', { title: 'TEXT' }));
    await kit.post('/items', { dataCollectionId: 'Shifting', dataItem: { data: { title: 'x' } } });
    const { db } = kit.identity.platform;
    const retarget = (read: string) =>
      db
        .updateTable('data_collections')
        .set((eb) => ({
          permissions: JSON.stringify({ read, insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' }),
          revision: eb('revision', '+', 1),
        }))
        .where('id', '=', 'Shifting')
        .execute();
    const query = () => kit.query({ dataCollectionId: 'Shifting', query: {} }, tokens.visitor);
    expect((await query()).status).toBe(200);
    await retarget('SITE_MEMBER');
    const refused = await query();
    expect([refused.status, codeOf(refused)]).toEqual([403, 'WDE0027']);
    await retarget('ANYONE');
    expect(dataOf(await query())).toHaveLength(1);
  });

  it('applies at once to inserts, which confirm the definition they remembered in the INSERT itself', async () => {
    await kit.createCollection({
      id: 'ShiftingInserts',
      fields: [{ key: 'size', type: 'NUMBER' }],
      permissions: { read: 'ANYONE', insert: 'ANYONE', update: 'ADMIN', remove: 'ADMIN' },
    });
    const insert = (size: unknown) =>
      kit.post(
        '/items',
        { dataCollectionId: 'ShiftingInserts', dataItem: { data: { size } } },
        tokens.visitor,
      );
    expect((await insert(1)).status).toBe(200);
    const { db } = kit.identity.platform;
    const redefine = (insert: string, type: string) =>
      db
        .updateTable('data_collections')
        .set((eb) => ({
          permissions: JSON.stringify({ read: 'ANYONE', insert, update: 'ADMIN', remove: 'ADMIN' }),
          fields: JSON.stringify([{ key: 'size', type }]),
          revision: eb('revision', '+', 1),
        }))
        .where('id', '=', 'ShiftingInserts')
        .execute();
    // Refused now, though this process last read a definition that let anyone insert.
    await redefine('ADMIN', 'NUMBER');
    const refused = await insert(2);
    expect([refused.status, codeOf(refused)]).toEqual([403, 'WDE0027']);
    // A text is a valid size once the field is TEXT, though this process last read NUMBER.
    await redefine('ANYONE', 'NUMBER');
    expect((await insert(3)).status).toBe(200);
    await redefine('ANYONE', 'TEXT');
    const text = await insert('large');
    expect(text.status).toBe(200);
    const stored = await kit.query({ dataCollectionId: 'ShiftingInserts', query: {} }, tokens.visitor);
    expect(
      dataOf(stored)
        .map((item: { size: unknown }) => item.size)
        .sort(),
    ).toEqual([1, 3, 'large']);
  });

  it('a collection deleted and created again elsewhere with the same id (revision 1 again) is not taken for the one remembered', async () => {
    const permissions = (role: 'ANYONE' | 'SITE_MEMBER') =>
      ({ read: role, insert: role, update: 'ADMIN', remove: 'ADMIN' }) as const;
    await kit.createCollection({
      id: 'Reborn',
      fields: [{ key: 'title', type: 'TEXT' }],
      permissions: permissions('ANYONE'),
    });
    const insert = () =>
      kit.post('/items', { dataCollectionId: 'Reborn', dataItem: { data: { title: 'x' } } }, tokens.visitor);
    const query = () => kit.query({ dataCollectionId: 'Reborn', query: {} }, tokens.visitor);
    expect((await insert()).status).toBe(200);
    expect(dataOf(await query())).toHaveLength(1);
    // Another process deletes it and creates it again: same id, revision 1, members only.
    const { db } = kit.identity.platform;
    await db.deleteFrom('data_collections').where('id', '=', 'Reborn').execute();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await db
      .insertInto('data_collections')
      .values({
        id: 'Reborn',
        display_name: 'Reborn',
        fields: JSON.stringify([{ key: 'title', type: 'TEXT' }]),
        permissions: JSON.stringify(permissions('SITE_MEMBER')),
      })
      .execute();
    const refused = await insert();
    expect([refused.status, codeOf(refused)]).toEqual([403, 'WDE0027']);
    const unread = await query();
    expect([unread.status, codeOf(unread)]).toEqual([403, 'WDE0027']);
  });
});
