/**
 * bench/data's rows: `count` books generated deterministically (the same every run), as the JSON
 * items the platform's `import` command reads, one per line.
 */
import { createWriteStream } from 'node:fs';
import { random } from '../random.mjs';

export const WORDS = [
  'silent',
  'golden',
  'hidden',
  'last',
  'broken',
  'distant',
  'crimson',
  'quiet',
  'winter',
  'secret',
];
export const NOUNS = [
  'garden',
  'river',
  'harbor',
  'library',
  'mountain',
  'lantern',
  'orchard',
  'archive',
  'compass',
  'island',
];
const TAGS = ['fiction', 'history', 'science', 'poetry', 'mystery', 'romance', 'fantasy', 'travel'];
export const AUTHORS = 2000;

/** The collection's declared fields (as POST /wix-data/v2/collections takes them). */
export const FIELDS = [
  { key: 'title', type: 'TEXT' },
  { key: 'author', type: 'TEXT' },
  { key: 'year', type: 'NUMBER' },
  { key: 'rating', type: 'NUMBER' },
  { key: 'tags', type: 'ARRAY_STRING' },
  { key: 'published', type: 'DATETIME' },
];

export function* books(count) {
  const next = random(42);
  for (let index = 0; index < count; index += 1) {
    const year = 1900 + Math.floor(next() * 125);
    yield {
      title: `The ${WORDS[Math.floor(next() * 10)]} ${NOUNS[Math.floor(next() * 10)]} ${index}`,
      author: `Author ${Math.floor(next() * AUTHORS)}`,
      year,
      rating: Math.round(10 + next() * 40) / 10,
      tags: [TAGS[Math.floor(next() * 8)]],
      published: {
        $date: new Date(Date.UTC(year, Math.floor(next() * 12), 1 + Math.floor(next() * 28))).toISOString(),
      },
    };
  }
}

/** Writes the books as JSON lines to `path`. */
export async function writeBooks(path, count) {
  const out = createWriteStream(path);
  for (const item of books(count)) {
    if (!out.write(`${JSON.stringify(item)}\n`)) await new Promise((resolve) => out.once('drain', resolve));
  }
  await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())));
}
