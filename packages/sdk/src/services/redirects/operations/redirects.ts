import { REDIRECTS_PREFIX } from '@atrium/contract/routes/prefixes';
import { CREATE_REDIRECT_SESSION_GATEWAY, REDIRECTS_ROUTES } from '@atrium/contract/routes/redirects';
import { route, serviceModule } from '../../../client/define-operation.js';
import type { CreateRedirectSessionOptions, CreateRedirectSessionResponse } from '../types.js';

/**
 * What each `redirects` call sends and returns, as plain data. Part of ../../../on-demand.ts: loaded
 * on the first call of the module or of a member method.
 */
export const redirectsModule = serviceModule(
  { packageName: '@atrium/sdk/redirects', prefix: REDIRECTS_PREFIX, renameSystemKeys: true },
  { createRedirectSession: CREATE_REDIRECT_SESSION_GATEWAY },
  {
    createRedirectSession: route('POST', REDIRECTS_ROUTES.createRedirectSession, {
      request: (options: CreateRedirectSessionOptions) => options,
      response: (body: CreateRedirectSessionResponse) => body,
    }),
  },
);
