import type { ListOAuthClientsResponse } from '../platform-types.js';
import { ADMIN_PREFIX, ADMIN_ROUTES } from '../routes/platform.js';
import { endpoint } from './endpoint.js';

/**
 * The site's API keys and OAuth clients (platform/src/services/admin/routes.ts): what programs
 * call the platform with. A key's secret is only in the answer that created it.
 */

/** The staff role a key acts with (platform/src/services/staff/permissions.ts). */
export type ApiKeyRole = 'OWNER' | 'ADMIN' | 'BLOG_EDITOR' | 'WRITER' | 'CMS_EDITOR' | 'SUPPORT';

export interface ApiKeyInfo {
  readonly id: string;
  readonly label: string | null;
  /** The key's first characters, to tell keys apart. */
  readonly hint: string | null;
  readonly createdDate: string;
  /** Updated at most once a minute. */
  readonly lastUsedDate: string | null;
  /** OWNER (everything) unless made for less. */
  readonly role: ApiKeyRole;
}

export interface ApiKeysAnswer {
  apiKeys: ApiKeyInfo[];
}
export interface CreateApiKeyBody {
  label?: string;
  /** OWNER when absent. */
  role?: ApiKeyRole;
}
/** The key made, with its secret (shown once). */
export interface CreatedApiKeyAnswer {
  apiKey: ApiKeyInfo;
  key: string;
}
/** The key revoked; `revokedCallerKey` when it was the very key of the request. */
export interface RevokedApiKeyAnswer {
  apiKey: ApiKeyInfo;
  revokedCallerKey: boolean;
}

export const API_KEYS_API = {
  list: endpoint<ApiKeysAnswer>()('GET', `${ADMIN_PREFIX}/v1/api-keys`),
  create: endpoint<CreatedApiKeyAnswer, CreateApiKeyBody>()('POST', `${ADMIN_PREFIX}/v1/api-keys`),
  revoke: endpoint<RevokedApiKeyAnswer>()('DELETE', `${ADMIN_PREFIX}/v1/api-keys/{keyId}`),
} as const;

export const OAUTH_CLIENTS_API = {
  /** The registered OAuth clients with their redirect origins. */
  list: endpoint<ListOAuthClientsResponse>()('GET', `${ADMIN_PREFIX}${ADMIN_ROUTES.oauthClients}`),
} as const;

/** A rotated visitor secret: the key id (`kid`) that signs visitor tokens from now on. */
export interface RotatedVisitorSecretAnswer {
  readonly kid: string;
}

export const VISITOR_SECRET_API = {
  /** POST: a new visitor secret signs visitor tokens from now on; the old ones still verify. */
  rotate: endpoint<RotatedVisitorSecretAnswer>()('POST', `${ADMIN_PREFIX}/v1/visitor-secret/rotate`),
} as const;
