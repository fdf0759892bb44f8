import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startPlatform } from '../platform.js';
import { MIGRATIONS } from './migrations/index.js';

// The CLI's default: PGlite in a data directory, which must survive a restart.
const dataDirs: string[] = [];
afterAll(async () => {
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

const startOn = (dataDir: string, clientId?: string) =>
  startPlatform({
    port: 0,
    logLevel: 'silent',
    database: { kind: 'pglite', dataDir },
    clients: clientId === undefined ? [] : [{ id: clientId, redirectOrigins: [] }],
  });

const post = (url: string, body: unknown, authorization?: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(body),
  });

describe('a PGlite data directory', () => {
  it('keeps clients, refresh tokens and the signing key across a restart, migrating only once', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'atrium-data-'));
    dataDirs.push(join(dataDir));

    const before = await startOn(join(dataDir, 'nested', 'data'), 'persistent-client');
    const issued = await post(`${before.url}/oauth2/token`, {
      grantType: 'anonymous',
      clientId: 'persistent-client',
    });
    const tokens = (await issued.json()) as { access_token: string; refresh_token: string };
    await before.close();

    const after = await startOn(join(dataDir, 'nested', 'data'));
    try {
      const renewed = await post(`${after.url}/oauth2/token`, {
        grantType: 'refresh_token',
        clientId: 'persistent-client',
        refreshToken: tokens.refresh_token,
      });
      expect(renewed.status).toBe(200);
      const session = await post(
        `${after.url}/_api/redirects-api/v1/redirect-session`,
        { login: {} },
        tokens.access_token,
      );
      expect(session.status).toBe(200);
      const migrations = await after.db.selectFrom('atrium_migrations').select('version').execute();
      expect(migrations).toHaveLength(MIGRATIONS.length);
    } finally {
      await after.close();
    }
  });
});
