import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULTS, parseOrigin, resolveConfig } from './config.js';
import { defaultHashingConcurrency } from './security/password.js';

describe('parseOrigin', () => {
  it('accepts http(s) origins', () => {
    for (const origin of [
      'http://localhost:5173',
      'https://site.example',
      'http://127.0.0.1:8080',
      'http://[::1]:3000',
    ]) {
      expect(parseOrigin(origin)).toBe(origin);
    }
  });

  it('refuses anything else, saying why', () => {
    expect(() => parseOrigin('localhost:5173')).toThrow(ConfigError);
    expect(() => parseOrigin('not a url')).toThrow('not a URL');
    expect(() => parseOrigin('ftp://files.example')).toThrow('not an http(s) origin');
    expect(() => parseOrigin('http://localhost:5173/')).toThrow('use http://localhost:5173');
    expect(() => parseOrigin('https://site.example/app')).toThrow('no path');
    expect(() => parseOrigin('https://site.example?x=1')).toThrow(ConfigError);
  });
});

describe('resolveConfig', () => {
  it('fills in the defaults', () => {
    expect(resolveConfig({})).toEqual({
      port: DEFAULTS.port,
      host: DEFAULTS.host,
      database: { kind: 'pglite' },
      seed: 'none',
      clients: [],
      apiKeys: [],
      logLevel: 'info',
      // Undefined: the stored site policy stays (DEFAULT_SITE_POLICY when none is stored).
      registration: undefined,
      captcha: undefined,
      devApiKey: false,
      loginThrottle: { slowAfter: 5, lockAfter: 10, lockSeconds: 900, delayStepMs: 250, maxDelayMs: 2000 },
      passwordHashing: { concurrency: defaultHashingConcurrency(), queue: 32 },
      devMailbox: true,
      emailRateLimit: { perAddress: 5, perIp: 20, windowSeconds: 900 },
      webhookUrls: [],
      webhookDelivery: expect.objectContaining({ pollMs: 500, timeoutMs: 10_000, paused: false }),
      requestLogSize: 10_000,
    });
  });

  it('refuses invalid values', () => {
    expect(() => resolveConfig({ port: 70_000 })).toThrow('port');
    expect(() => resolveConfig({ port: 1.5 })).toThrow('port');
    expect(() => resolveConfig({ clients: [{ id: ' ', redirectOrigins: [] }] })).toThrow('client id');
    expect(() => resolveConfig({ clients: [{ id: 'c', redirectOrigins: ['http://x/y'] }] })).toThrow(
      ConfigError,
    );
    expect(() => resolveConfig({ apiKeys: [''] })).toThrow('API key');
    expect(() => resolveConfig({ requestLogSize: -1 })).toThrow('requestLogSize');
    expect(() => resolveConfig({ requestLogSize: 1.5 })).toThrow('requestLogSize');
    expect(resolveConfig({ requestLogSize: 0 }).requestLogSize).toBe(0);
    expect(() => resolveConfig({ passwordHashing: { concurrency: 0 } })).toThrow(
      'passwordHashing.concurrency',
    );
    expect(() => resolveConfig({ passwordHashing: { queue: -1 } })).toThrow('passwordHashing.queue');
    expect(() => resolveConfig({ registration: 'anyone' as 'open' })).toThrow('registration policy');
    expect(() => resolveConfig({ devApiKey: true })).toThrow('needs a PGlite data directory');
    for (const poolSize of [0, 2.5, 1001, Number.NaN]) {
      expect(() =>
        resolveConfig({ database: { kind: 'postgres', url: 'postgres://h/db', poolSize } }),
      ).toThrow('database.poolSize must be a whole number from 1 to 1000');
    }
    expect(() =>
      resolveConfig({ devApiKey: true, database: { kind: 'postgres', url: 'postgres://h/db' } }),
    ).toThrow('needs a PGlite data directory');
    expect(() => resolveConfig({ loginThrottle: { lockAfter: 0 } })).toThrow('loginThrottle.lockAfter');
  });
});

describe('public URL, dev mailbox and e-mail limits', () => {
  it('takes an http(s) origin as the public URL (a trailing slash dropped), nothing else', () => {
    expect(resolveConfig({ publicUrl: 'https://auth.example.com/' }).publicUrl).toBe(
      'https://auth.example.com',
    );
    expect(resolveConfig({}).publicUrl).toBeUndefined();
    for (const bad of [
      'auth.example.com',
      'ftp://a.example',
      'https://a.example/app',
      'https://good@evil.example',
    ]) {
      expect(() => resolveConfig({ publicUrl: bad }), bad).toThrow(ConfigError);
    }
  });

  it('serves the dev mailbox with PGlite, not with PostgreSQL unless asked', () => {
    expect(resolveConfig({ database: { kind: 'pglite', dataDir: '/tmp/x' } }).devMailbox).toBe(true);
    const postgres = { kind: 'postgres', url: 'postgres://h/db' } as const;
    expect(resolveConfig({ database: postgres }).devMailbox).toBe(false);
    expect(resolveConfig({ database: postgres, devMailbox: true }).devMailbox).toBe(true);
  });

  it('refuses e-mail limits below 1', () => {
    expect(resolveConfig({ emailRateLimit: { perIp: 3 } }).emailRateLimit).toEqual({
      perAddress: 5,
      perIp: 3,
      windowSeconds: 900,
    });
    expect(() => resolveConfig({ emailRateLimit: { perAddress: 0 } })).toThrow('emailRateLimit.perAddress');
  });
});
