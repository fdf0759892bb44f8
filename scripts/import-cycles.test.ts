import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * No import cycles in the packages and the demo site, type-only imports included (issue P12). A
 * cycle that only types close still ties two modules together: neither can be read, moved or
 * tested without the other. madge follows the project's `.js` specifiers to the `.ts` sources
 * through the base tsconfig.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const options = {
  baseDir: root,
  fileExtensions: ['ts', 'tsx'],
  tsConfig: join(root, 'tsconfig.base.json'),
  detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
};

async function cyclesIn(paths: string[]): Promise<string[][]> {
  const graph = await madge(paths, options);
  return graph.circular();
}

describe('import cycles', () => {
  const scratch: string[] = [];
  afterAll(async () => {
    for (const dir of scratch) await rm(dir, { recursive: true, force: true });
  });

  // The check itself must see what it is meant to: a cycle closed by `import type` alone, written
  // with the project's `.js` specifiers.
  it('are found when only a type-only import closes them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atrium-cycles-'));
    scratch.push(dir);
    await writeFile(join(dir, 'a.ts'), "import type { B } from './b.js';\nexport interface A { b?: B }\n");
    await writeFile(join(dir, 'b.ts'), "import { type A } from './a.js';\nexport interface B { a?: A }\n");
    await writeFile(join(dir, 'c.ts'), "import type { A } from './a.js';\nexport type C = A;\n");
    const cycles = await cyclesIn([dir]);
    expect(cycles).toHaveLength(1);
    expect([...cycles[0]].sort()).toEqual(['a.ts', 'b.ts'].map((file) => relative(root, join(dir, file))));
  });

  it('are none in the packages and the site', { timeout: 240_000 }, async () => {
    const cycles = await cyclesIn([
      'packages/contract/src',
      'packages/sdk/src',
      'packages/react/src',
      'packages/platform/src',
      'packages/astro/src',
      'apps/site/src',
    ]);
    expect(cycles.map((cycle) => cycle.join(' > '))).toEqual([]);
  });
});
