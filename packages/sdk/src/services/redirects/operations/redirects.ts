import { REDIRECTS_PREFIX } from '@atrium/contract/routes/prefixes';
import { CREATE_REDIRECT_SESSION_GATEWAY, REDIRECTS_ROUTES } from '@atrium/contract/routes/redirects';
import { defineOperation, moduleDefinition } from '../../../client/define-operation.js';
import type { CreateRedirectSessionOptions, CreateRedirectSessionResponse } from '../types.js';

/**
 * What each `redirects` call sends and returns, as plain data. Part of ../../../on-demand.ts: loaded
 * on the first call of the module or of a member method.
 */
export const redirectsModule = moduleDefinition(
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
