import type { CollectionPermissions, DataCollectionInput } from '@atrium/contract/types';

/** Collections and items the data conformance scenarios run on: fixed ids, fixed dates. */
export const BOOKS = 'Books';
export const AUTHORS = 'Authors';

/** Anyone reads, only an admin (API key) writes: what the visitor scenario is refused against. */
const PUBLIC_READ: CollectionPermissions = {
  read: 'ANYONE',
  insert: 'ADMIN',
  update: 'ADMIN',
  remove: 'ADMIN',
};

export const COLLECTIONS: readonly DataCollectionInput[] = [
  { id: AUTHORS, fields: [{ key: 'name', type: 'TEXT' }], permissions: PUBLIC_READ },
  {
    id: BOOKS,
    fields: [
      { key: 'title', type: 'TEXT' },
      { key: 'genre', type: 'TEXT' },
      { key: 'pages', type: 'NUMBER' },
      { key: 'published', type: 'DATETIME' },
      { key: 'tags', type: 'ARRAY_STRING' },
      { key: 'meta', type: 'OBJECT' },
      { key: 'author', type: 'REFERENCE', typeMetadata: { reference: { referencedCollectionId: AUTHORS } } },
      {
        key: 'authors',
        type: 'MULTI_REFERENCE',
        typeMetadata: { multiReference: { referencedCollectionId: AUTHORS } },
      },
    ],
    permissions: PUBLIC_READ,
  },
];

export const year = (value: number) => new Date(Date.UTC(value, 0, 1));

export const AUTHOR_ITEMS = [
  { _id: 'herbert', name: 'Frank Herbert' },
  { _id: 'gibson', name: 'William Gibson' },
  { _id: 'simmons', name: 'Dan Simmons' },
];

export const BOOK_ITEMS = [
  {
    _id: 'dune',
    title: 'Dune',
    genre: 'sf',
    pages: 412,
    published: year(1965),
    tags: ['desert', 'classic'],
    meta: { rank: 3, shelf: 'A' },
    author: 'herbert',
  },
  {
    _id: 'neuromancer',
    title: 'Neuromancer',
    genre: 'sf',
    pages: 271,
    published: year(1984),
    tags: ['cyber'],
    meta: { rank: 1, shelf: 'B' },
    author: 'gibson',
  },
  {
    _id: 'hyperion',
    title: 'Hyperion',
    genre: 'sf',
    pages: 482,
    published: year(1989),
    tags: ['classic'],
    meta: { rank: 2, shelf: 'A' },
    author: 'simmons',
  },
  {
    _id: 'rebecca',
    title: 'Rebecca',
    genre: 'gothic',
    pages: 380,
    published: year(1938),
    tags: ['classic'],
    meta: { rank: 5, shelf: 'C' },
  },
  {
    _id: 'gone',
    title: 'Gone Girl',
    genre: 'crime',
    pages: 419,
    published: year(2012),
    tags: [],
    meta: { rank: 4, shelf: 'C' },
  },
  {
    _id: 'notes',
    title: 'Notes',
    genre: 'crime',
    pages: 90,
    published: year(2001),
    meta: { rank: 6, shelf: 'B' },
    draft: true,
  },
];
