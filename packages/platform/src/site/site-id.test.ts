import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { persistentDatabase } from '../../test/support/receiver.js';
import { CliUsageError, parseCliArgs, START_USAGE } from '../cli-args.js';
import { ConfigError, type PlatformOptions, resolveConfig } from '../config.js';
import { type Platform, startPlatform } from '../platform.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const GIVEN = '5a3e8f0c-2b1d-4c6e-9f7a-1b2c3d4e5f60';

describe('--site-id and siteId', () => {
  it('reads a UUID (lower-cased), and leaves the option out when not given', () => {
    expect(parseCliArgs(['start', '--site-id', GIVEN.toUpperCase()])).toMatchObject({
      kind: 'start',
      options: { siteId: GIVEN },
    });
    const start = parseCliArgs(['start']);
    expect(start.kind === 'start' ? start.options : undefined).not.toHaveProperty('siteId');
    expect(START_USAGE).toContain('--site-id <uuid>');
    expect(resolveConfig({ siteId: GIVEN }).siteId).toBe(GIVEN);
    expect(resolveConfig({}).siteId).toBeUndefined();
  });

  it('refuses anything else with a clear message', () => {
    for (const bad of ['', 'my-site', `${GIVEN}0`, `{${GIVEN}}`, GIVEN.replaceAll('-', '')]) {
      expect(() => parseCliArgs(['start', '--site-id', bad]), bad).toThrow(CliUsageError);
      expect(() => parseCliArgs(['start', '--site-id', bad]), bad).toThrow(
        /^invalid --site-id: siteId ".*" is not a site id: the hosted platform's site ids are UUIDs/,
      );
      expect(() => resolveConfig({ siteId: bad }), bad).toThrow(ConfigError);
    }
  });
});

// PGlite data directories: the id must survive a restart, and --site-id replaces it.
const dataDirs: string[] = [];
afterAll(async () => {
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Starts, notes the id and the lines logged at info, and stops. */
async function runOnce(dataDir: string, options: PlatformOptions = {}) {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  let platform: Platform | undefined;
  try {
    platform = await startPlatform({
      port: 0,
      logLevel: 'info',
      database: { kind: 'pglite', dataDir },
      ...options,
    });
  } finally {
    spy.mockRestore();
  }
  const { siteId } = platform;
  await platform.close();
  return { siteId, log: lines.join('') };
}

describe('the stored site id', () => {
  it('is made once per data directory and stays across restarts; --site-id replaces it for good', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'atrium-site-id-'));
    dataDirs.push(dataDir);

    const first = await runOnce(dataDir);
    expect(first.siteId).toMatch(UUID);
    expect(first.log).toContain(`site id ${first.siteId} made for this database`);
    const again = await runOnce(dataDir);
    expect(again.siteId).toBe(first.siteId);
    expect(again.log).not.toContain('site id');

    const overridden = await runOnce(dataDir, { siteId: GIVEN });
    expect(overridden.siteId).toBe(GIVEN);
    expect(overridden.log).toContain(`site id set to ${GIVEN} by --site-id (was ${first.siteId})`);
    // Omitted at the next start: the id given last stays (as --registration's policy does).
    expect((await runOnce(dataDir)).siteId).toBe(GIVEN);
    // Four starts on a PGlite directory: sized for a busy 2-core machine.
  }, 240_000);
});

describe('processes sharing one database', () => {
  it('agree on one site id: started together on PostgreSQL (one after the other on a PGlite directory)', async () => {
    const database = await persistentDatabase();
    const start = () => startPlatform({ port: 0, logLevel: 'silent', database: database.options });
    const ids: string[] = [];
    try {
      if (database.options.kind === 'postgres') {
        const platforms = await Promise.all([start(), start()]);
        ids.push(...platforms.map((platform) => platform.siteId));
        await Promise.all(platforms.map((platform) => platform.close()));
      } else {
        for (let run = 0; run < 2; run += 1) {
          const platform = await start();
          ids.push(platform.siteId);
          await platform.close();
        }
      }
    } finally {
      await database.drop();
    }
    expect(ids[0]).toMatch(UUID);
    expect(ids[1]).toBe(ids[0]);
  }, 240_000);
});
