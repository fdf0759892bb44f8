import type { DataCollectionField } from '@atrium/contract/types';
import { collectionValues, createCollectionIn } from '../services/data/collections/service.js';
import { createIndexIn } from '../services/data/indexes/service.js';
import { buildItem } from '../services/data/items/item-data.js';
import { insertItems } from '../services/data/items/store.js';
import { DEMO_BOOK_TABLE } from './demo-books.js';
import type { Seeder } from './seeder.js';

/**
 * The demo site's data collections: a public catalogue of real public-domain books (read by
 * anyone, demo-books.ts), notes that members keep for themselves (SITE_MEMBER_AUTHOR), and
 * announcements that CMS editors write and anyone reads. What the catalogue makes up (pages,
 * ratings) comes from a fixed seed: the same items on every machine.
 */
export const DEMO_BOOKS = 'Books';
export const DEMO_MEMBER_NOTES = 'MemberNotes';
export const DEMO_ANNOUNCEMENTS = 'Announcements';
export const DEMO_BOOK_COUNT = DEMO_BOOK_TABLE.length;

const BOOK_FIELDS: DataCollectionField[] = [
  { key: 'title', displayName: 'Title', type: 'TEXT' },
  { key: 'author', displayName: 'Author', type: 'TEXT' },
  { key: 'year', displayName: 'Year', type: 'NUMBER' },
  { key: 'rating', displayName: 'Rating', type: 'NUMBER' },
  { key: 'pages', displayName: 'Pages', type: 'NUMBER' },
  { key: 'tags', displayName: 'Tags', type: 'ARRAY_STRING' },
  { key: 'published', displayName: 'Published', type: 'DATETIME' },
];

/** The tags of the catalogue (the site's tag filter lists them). */
export const DEMO_BOOK_TAGS = [
  'fiction',
  'history',
  'science',
  'poetry',
  'mystery',
  'romance',
  'fantasy',
  'biography',
  'travel',
  'classic',
] as const;

/** mulberry32: a small, well-mixed PRNG; the fixed seed makes the catalogue reproducible. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The catalogue's items: every book of DEMO_BOOK_TABLE (real titles, authors and years), in an
 * order shuffled once (ids `book-001` …), with a page count, a rating and a publication day made up
 * from the fixed seed.
 */
export function demoBooks(count = DEMO_BOOK_COUNT): Record<string, unknown>[] {
  const next = random(20_240_601);
  const books = [...DEMO_BOOK_TABLE];
  for (let index = books.length - 1; index > 0; index--) {
    const other = Math.floor(next() * (index + 1));
    [books[index], books[other]] = [books[other]!, books[index]!];
  }
  return books.slice(0, count).map(([title, author, year, tags], index) => {
    const month = 1 + Math.floor(next() * 12);
    const day = 1 + Math.floor(next() * 28);
    // Between 2 and 5; the classics between 3 and 5.
    const lowest = tags.includes('classic') ? 3 : 2;
    const rating = Math.round((lowest + next() * (5 - lowest)) * 10) / 10;
    return {
      _id: `book-${String(index + 1).padStart(3, '0')}`,
      title,
      author,
      year,
      rating,
      pages: 80 + Math.floor(next() * 820),
      tags: tags.split(' '),
      published: { $date: new Date(Date.UTC(year, month - 1, day)).toISOString() },
    };
  });
}

export const demoBooksCollection: Seeder = {
  name: 'demo/data-books',
  run: async (trx) => {
    const collection = await createCollectionIn(
      trx,
      collectionValues(
        {
          id: DEMO_BOOKS,
          displayName: 'Books',
          fields: BOOK_FIELDS,
          permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
        },
        undefined,
      ),
    );
    const now = new Date().toISOString();
    const rows = demoBooks().map((data) =>
      buildItem(
        collection,
        data,
        { id: String(data._id), owner: null, created: now, updated: now },
        String(data._id),
      ),
    );
    await insertItems(trx, collection.id, rows);
    await createIndexIn(trx, collection, {
      name: 'byAuthorYear',
      fields: [{ path: 'author' }, { path: 'year', order: 'DESC' }],
    });
    await createIndexIn(trx, collection, { name: 'byYear', fields: [{ path: 'year' }] });
    await createIndexIn(trx, collection, {
      name: 'byTitle',
      fields: [{ path: 'title' }],
      caseInsensitive: true,
    });
  },
};

export const demoMemberNotesCollection: Seeder = {
  name: 'demo/data-member-notes',
  run: async (trx) => {
    await createCollectionIn(
      trx,
      collectionValues(
        {
          id: DEMO_MEMBER_NOTES,
          displayName: 'Member notes',
          fields: [
            { key: 'title', displayName: 'Title', type: 'TEXT', required: true },
            { key: 'body', displayName: 'Body', type: 'TEXT' },
            { key: 'pinned', displayName: 'Pinned', type: 'BOOLEAN' },
          ],
          permissions: {
            read: 'SITE_MEMBER_AUTHOR',
            insert: 'SITE_MEMBER_AUTHOR',
            update: 'SITE_MEMBER_AUTHOR',
            remove: 'SITE_MEMBER_AUTHOR',
          },
        },
        undefined,
      ),
    );
  },
};

export const demoAnnouncementsCollection: Seeder = {
  name: 'demo/data-announcements',
  run: async (trx) => {
    // Written by CMS editors (members the owner granted the role), read by everyone.
    const definition = collectionValues(
      {
        id: DEMO_ANNOUNCEMENTS,
        displayName: 'Announcements',
        fields: [
          { key: 'title', type: 'TEXT' },
          { key: 'text', type: 'TEXT' },
        ],
        permissions: { read: 'ANYONE', insert: 'CMS_EDITOR', update: 'CMS_EDITOR', remove: 'CMS_EDITOR' },
      },
      undefined,
    );
    const collection = await createCollectionIn(trx, definition);
    const now = new Date().toISOString();
    const items = [
      {
        _id: 'welcome',
        title: 'Welcome',
        text: 'The catalogue lists a few hundred books; members keep private notes.',
      },
      {
        _id: 'editors',
        title: 'For editors',
        text: 'Members with the CMS_EDITOR role may edit these announcements.',
      },
    ];
    await insertItems(
      trx,
      collection.id,
      items.map((data) =>
        buildItem(collection, data, { id: data._id, owner: null, created: now, updated: now }, data._id),
      ),
    );
  },
};
