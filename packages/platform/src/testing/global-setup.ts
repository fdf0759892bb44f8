import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMigratedTemplate, TEMPLATE_ENV } from './test-database.js';

/**
 * Vitest global setup: one migrated PGlite per test run, dumped to a file whose path the workers
 * inherit through the environment. initdb takes seconds; cloning the dump a fraction of one.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const path = join(tmpdir(), `atrium-pg-template-${randomUUID()}.tar`);
  const template = await createMigratedTemplate();
  await writeFile(path, new Uint8Array(await template.arrayBuffer()));
  process.env[TEMPLATE_ENV] = path;
  return async () => {
    // Several projects may each run this setup in one process; only undo our own.
    if (process.env[TEMPLATE_ENV] === path) delete process.env[TEMPLATE_ENV];
    await rm(path, { force: true });
  };
}
