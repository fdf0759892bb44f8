import { describe, expect, it } from 'vitest';
import { ApiKeyStrategy } from './api-key-strategy.js';

describe('ApiKeyStrategy', () => {
  it('sends the bare API key, with site and account ids when configured', async () => {
    expect(await ApiKeyStrategy({ apiKey: 'key' }).getAuthHeaders()).toEqual({
      headers: { Authorization: 'key' },
    });
    expect(await ApiKeyStrategy({ apiKey: 'key', siteId: 's', accountId: 'a' }).getAuthHeaders()).toEqual({
      headers: { Authorization: 'key', 'wix-site-id': 's', 'wix-account-id': 'a' },
    });
  });

  it('changes site and account ids later', async () => {
    const strategy = ApiKeyStrategy({ apiKey: 'key', siteId: 's' });
    strategy.setSiteId(undefined);
    strategy.setAccountId('a2');
    expect(await strategy.getAuthHeaders()).toEqual({
      headers: { Authorization: 'key', 'wix-account-id': 'a2' },
    });
  });

  it('skips the CDN and marks the client elevated', () => {
    const strategy = ApiKeyStrategy({ apiKey: 'key' });
    expect(strategy.shouldUseCDN).toBe(false);
    expect(strategy.elevated).toBe(true);
  });
});
