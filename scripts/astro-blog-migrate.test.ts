import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { migrate } from '../examples/astro-blog/scripts/migrate.mjs';

/**
 * examples/astro-blog's migration (the e2e builds and runs its output): the imports change and one
 * baseUrl is added, nothing else.
 */
const source = readFileSync(new URL('../examples/astro-blog/src/lib/wix.ts', import.meta.url), 'utf8');

describe('examples/astro-blog scripts/migrate.mjs', () => {
  it("changes the blog's client file by its imports and one baseUrl line", () => {
    const { text, clients } = migrate(source) as { text: string; clients: number };
    expect(clients).toBe(1);
    const before = source.split('\n');
    const after = text.split('\n');
    expect(after.filter((line) => !before.includes(line))).toEqual([
      "import { posts, tags } from '@atrium/sdk/blog';",
      "import { createClient, media, OAuthStrategy } from '@atrium/sdk';",
      '  baseUrl: process.env.ATRIUM_PLATFORM_URL,',
    ]);
    expect(before.filter((line) => !after.includes(line))).toEqual([
      "import { posts, tags } from '@wix/blog';",
      "import { createClient, media, OAuthStrategy } from '@wix/sdk';",
    ]);
  });

  it('refuses a reference package it has no Atrium module for', () => {
    expect(() => migrate("import { products } from '@wix/stores';")).toThrow(
      'no Atrium module for @wix/stores',
    );
  });
});
