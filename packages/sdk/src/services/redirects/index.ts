import { CREATE_REDIRECT_SESSION_GATEWAY, REDIRECTS_PREFIX, REDIRECTS_ROUTES } from '@atrium/contract/routes';
import type {
  CreateRedirectSessionRequest,
  CreateRedirectSessionResponse as WireCreateRedirectSessionResponse,
} from '@atrium/contract/types';
import type { WithSdkKeys } from '../../client/key-renames.js';
import { defineModule, defineOperation } from '../../client/operation.js';

/**
 * `@atrium/sdk/redirects`: redirect sessions send a visitor to a platform-hosted page (login,
 * checkout, …) and back (wire.md §6).
 */

export type CreateRedirectSessionOptions = CreateRedirectSessionRequest;
export type CreateRedirectSessionResponse = WithSdkKeys<WireCreateRedirectSessionResponse>;
export type RedirectSession = CreateRedirectSessionResponse['redirectSession'];

export const redirects = defineModule(
  { packageName: '@atrium/sdk/redirects', prefix: REDIRECTS_PREFIX, renameSystemKeys: true },
  {
    createRedirectSession: defineOperation({
      method: 'POST',
      path: REDIRECTS_ROUTES.createRedirectSession,
      gateway: CREATE_REDIRECT_SESSION_GATEWAY,
      request: (options: CreateRedirectSessionOptions) => options,
      response: (body: CreateRedirectSessionResponse) => body,
    }),
  },
);
