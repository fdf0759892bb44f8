import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_PREFIX } from '@atrium/contract';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { PlatformOptions } from '../config.js';
import { type Platform, startPlatform } from '../platform.js';
import { DEV_API_KEY_FILE } from '../services/admin/dev-api-key.js';
import { DataDirLockedError, LOCK_FILE_NAME } from './data-dir-lock.js';
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

const newDataDir = async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'atrium-data-'));
  dataDirs.push(dataDir);
  return dataDir;
};

const startWith = (dataDir: string, options: PlatformOptions = {}) =>
  startPlatform({ port: 0, logLevel: 'silent', database: { kind: 'pglite', dataDir }, ...options });

/** Runs `start` with the log at info and returns the platform and the lines logged meanwhile. */
async function startLogged(start: () => Promise<Platform>): Promise<{ platform: Platform; log: string }> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    return { platform: await start(), log: lines.join('') };
  } finally {
    spy.mockRestore();
  }
}

const admin = async (platform: Platform, apiKey: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${platform.url}${ADMIN_PREFIX}${path}`, {
    method,
    headers: { authorization: apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
};

// Setting up a fresh PGlite directory runs initdb (seconds; more on a busy machine).
const SLOW = 120_000;

/** A test on a fresh data directory, given the time setting one up takes. */
const onNewDataDir = (name: string, test: (dataDir: string) => Promise<void>) =>
  it(name, async () => test(await newDataDir()), SLOW);

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

  onNewDataDir(
    'is held by one platform at a time: a second start is refused, naming the directory and the holder',
    async (dataDir) => {
      const first = await startWith(dataDir, { clients: [{ id: 'first', redirectOrigins: [] }] });
      try {
        const second = startWith(dataDir, { clients: [{ id: 'second', redirectOrigins: [] }] });
        await expect(second).rejects.toThrow(DataDirLockedError);
        await expect(second).rejects.toThrow(
          `the data directory ${dataDir} is in use by process ${process.pid}`,
        );
        // The refused start wrote nothing: the first platform still answers from its data.
        const visitor = await post(`${first.url}/oauth2/token`, {
          grantType: 'anonymous',
          clientId: 'first',
        });
        expect(visitor.status).toBe(200);
      } finally {
        await first.close();
      }
      expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
      const again = await startWith(dataDir);
      await again.close();
    },
  );

  onNewDataDir('takes over the lock a crashed platform left behind', async (dataDir) => {
    const crashed = spawnSync(process.execPath, ['-e', '']).pid!;
    writeFileSync(
      join(dataDir, LOCK_FILE_NAME),
      JSON.stringify({ pid: crashed, startedAt: new Date().toISOString(), token: 'crashed' }),
    );
    const platform = await startWith(dataDir);
    try {
      expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE_NAME), 'utf8')).pid).toBe(process.pid);
    } finally {
      await platform.close();
    }
  });

  onNewDataDir(
    'keeps the member policy set through the admin API across restarts; a start option given overrides it, logged',
    async (dataDir) => {
      const apiKeys = ['persistence-owner-key-0123456789'];
      const policy = async (platform: Platform) =>
        (await admin(platform, apiKeys[0]!, 'GET', '/v1/site-policy')).body;

      const first = await startWith(dataDir, { apiKeys });
      expect(await policy(first)).toEqual({ registration: 'verify-email', captcha: false });
      const put = await admin(first, apiKeys[0]!, 'PUT', '/v1/site-policy', {
        registration: 'open',
        captcha: true,
      });
      expect(put.status).toBe(200);
      await first.close();

      const restarted = await startLogged(() => startWith(dataDir, { apiKeys, logLevel: 'info' }));
      expect(await policy(restarted.platform)).toEqual({ registration: 'open', captcha: true });
      expect(restarted.log).not.toContain('set to');
      await restarted.platform.close();

      const overridden = await startLogged(() =>
        startWith(dataDir, { apiKeys, logLevel: 'info', registration: 'approval' }),
      );
      try {
        expect(await policy(overridden.platform)).toEqual({ registration: 'approval', captcha: true });
        expect(overridden.log).toContain('registration policy set to approval by --registration (was open)');
        expect(overridden.log).not.toContain('captcha set to');
      } finally {
        await overridden.platform.close();
      }

      const captchaOff = await startLogged(() =>
        startWith(dataDir, { apiKeys, logLevel: 'info', captcha: false }),
      );
      try {
        expect(await policy(captchaOff.platform)).toEqual({ registration: 'approval', captcha: false });
        expect(captchaOff.log).toContain('captcha set to off by --captcha (was on)');
      } finally {
        await captchaOff.platform.close();
      }
    },
  );

  onNewDataDir(
    'keeps one development API key per directory: made once (mode 0600), reused, replaced once revoked',
    async (dataDir) => {
      const keyFile = join(dataDir, DEV_API_KEY_FILE);
      const readKey = () => readFileSync(keyFile, 'utf8').trim();

      const first = await startLogged(() => startWith(dataDir, { devApiKey: true, logLevel: 'info' }));
      const key = readKey();
      expect(key).toMatch(/^atrium_[\w-]{43}$/);
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(first.log).toContain(`development API key created in ${keyFile}`);
      expect(first.log).not.toContain(key);
      expect((await admin(first.platform, key, 'GET', '/v1/site-policy')).status).toBe(200);
      await first.platform.close();

      const second = await startWith(dataDir, { devApiKey: true });
      expect(readKey()).toBe(key);
      const listed = await admin(second, key, 'GET', '/v1/api-keys');
      expect(listed.body.apiKeys).toEqual([
        expect.objectContaining({ label: 'development key', hint: `${key.slice(0, 12)}…` }),
      ]);
      const revoked = await admin(second, key, 'DELETE', `/v1/api-keys/${listed.body.apiKeys[0].id}`);
      expect(revoked.body.revokedCallerKey).toBe(true);
      await second.close();

      const third = await startWith(dataDir, { devApiKey: true });
      try {
        const replacement = readKey();
        expect(replacement).not.toBe(key);
        expect((await admin(third, key, 'GET', '/v1/api-keys')).status).toBe(401);
        const keys = await admin(third, replacement, 'GET', '/v1/api-keys');
        expect(keys.body.apiKeys).toHaveLength(1);
      } finally {
        await third.close();
      }
    },
  );
});
