import { describe, expect, it } from 'vitest';
import { perFile } from '../../test/support/per-file.js';
import { findClient } from '../oauth/store.js';
import { inTransaction } from '../storage/transaction.js';
import { startTestPlatform } from '../testing/index.js';
import { DEMO_CLIENT_ID } from './demo-client.js';
import { runSeed } from './index.js';

// The demo seed draws pictures and writes thousands of rows: slow when test files run in parallel.
const platform = perFile(() => startTestPlatform({ seed: 'demo' }), 120_000);

describe('demo seed', () => {
  it('registers the demo site client, usable for visitor tokens', async () => {
    expect(await findClient(platform.db, DEMO_CLIENT_ID)).toEqual({
      id: DEMO_CLIENT_ID,
      redirectOrigins: ['http://localhost:5173', 'http://127.0.0.1:5173'],
    });
    const response = await fetch(`${platform.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grantType: 'anonymous', clientId: DEMO_CLIENT_ID }),
    });
    expect(response.status).toBe(200);
  });

  it('runs each seeder once and records it', async () => {
    expect(
      await inTransaction(platform.db, (trx) => runSeed(trx, 'demo', { media: platform.media.within(trx) })),
    ).toEqual([]);
    const runs = await platform.db.selectFrom('seed_runs').select('name').execute();
    expect(runs.map((run) => run.name).sort()).toEqual([
      'demo/blog',
      'demo/data-announcements',
      'demo/data-books',
      'demo/data-member-notes',
      'demo/forms',
      'demo/galleries',
      'demo/oauth-client',
      'demo/site-settings',
    ]);
  });

  it("names the site as the demo site's configuration does (apps/site DEFAULT_SITE_CONFIG.siteName)", async () => {
    const profile = await platform.db
      .selectFrom('site_profile')
      .select(['name', 'language'])
      .executeTakeFirst();
    expect(profile).toEqual({ name: 'Atrium demo', language: 'en' });
  });

  it('does nothing for the seed none', async () => {
    expect(
      await inTransaction(platform.db, (trx) => runSeed(trx, 'none', { media: platform.media.within(trx) })),
    ).toEqual([]);
  });
});

describe('configured clients', () => {
  it('replace the redirect origins of a seeded client with exactly the configured ones', {
    timeout: 120_000,
  }, async () => {
    const configured = await startTestPlatform({
      seed: 'demo',
      clientId: DEMO_CLIENT_ID,
      redirectOrigins: ['http://127.0.0.1:4000'],
    });
    try {
      expect(await findClient(configured.db, DEMO_CLIENT_ID)).toEqual({
        id: DEMO_CLIENT_ID,
        redirectOrigins: ['http://127.0.0.1:4000'],
      });
    } finally {
      await configured.close();
    }
  });
});
