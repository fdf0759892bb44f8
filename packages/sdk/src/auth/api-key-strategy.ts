import { ACCOUNT_ID_HEADER, SITE_ID_HEADER } from '@atrium/contract/routes/core';
import type { AuthenticationStrategy, AuthHeaders } from './strategy.js';

export interface ApiKeyStrategyOptions {
  apiKey: string;
  siteId?: string;
  accountId?: string;
}

export interface IApiKeyStrategy extends AuthenticationStrategy {
  getAuthHeaders(): Promise<AuthHeaders>;
  setSiteId(siteId?: string): void;
  setAccountId(accountId?: string): void;
  readonly shouldUseCDN: false;
  readonly elevated: true;
}

/**
 * Server-side strategy: every call carries the API key (bare, no scheme) and the site or account
 * it acts on. API-key calls are never cached, so they skip the CDN host.
 */
export function ApiKeyStrategy({ apiKey, siteId, accountId }: ApiKeyStrategyOptions): IApiKeyStrategy {
  let currentSiteId = siteId;
  let currentAccountId = accountId;
  return {
    shouldUseCDN: false,
    elevated: true,
    setSiteId(next) {
      currentSiteId = next;
    },
    setAccountId(next) {
      currentAccountId = next;
    },
    async getAuthHeaders() {
      const headers: Record<string, string> = { Authorization: apiKey };
      if (currentSiteId) headers[SITE_ID_HEADER] = currentSiteId;
      if (currentAccountId) headers[ACCOUNT_ID_HEADER] = currentAccountId;
      return { headers };
    },
  };
}
