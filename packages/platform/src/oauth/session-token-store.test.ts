import { describe, expect, it } from 'vitest';
import { perFile } from '../../test/support/per-file.js';
import { insertIdentity } from '../services/identity/store.js';
import { startTestPlatform } from '../testing/index.js';
import { issueSessionToken, redeemSessionToken } from './session-token-store.js';

const platform = perFile(() => startTestPlatform());
const activeIdentity = (email: string) =>
  insertIdentity(platform.db, { email, passwordHash: null, status: 'ACTIVE' });

describe('session tokens', () => {
  it('are redeemed once, for the identity they were issued to, and stored only hashed', async () => {
    const identity = await activeIdentity('Ann@Example.com ');
    const token = await issueSessionToken(platform.db, identity.id);

    const rows = await platform.db.selectFrom('session_tokens').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await redeemSessionToken(platform.db, token)).toEqual({ identityId: identity.id });
    expect(await redeemSessionToken(platform.db, token)).toBeUndefined();
    expect(identity.email).toBe('ann@example.com');
  });

  it('are refused when unknown or expired', async () => {
    const identity = await activeIdentity('bob@example.com');
    const token = await issueSessionToken(platform.db, identity.id);
    await platform.db
      .updateTable('session_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();

    expect(await redeemSessionToken(platform.db, token)).toBeUndefined();
    expect(await redeemSessionToken(platform.db, 'forged-token')).toBeUndefined();
  });
});
