import { IDENTITY_GATEWAY, VERIFICATION_ROUTES } from '@atrium/contract/routes/identity';
import { VERIFICATION_PREFIX } from '@atrium/contract/routes/prefixes';
import { route, serviceModule } from '../../../client/define-operation.js';
import { identityOptions, stateMachineFromWire } from '../transforms.js';
import type { StartOptions, StartResponse, VerifyDuringAuthenticationOptions } from '../types.js';

/**
 * What each `verification` call sends and returns, as plain data. Part of ../../../on-demand.ts:
 * loaded on the first call of an identity module or member method.
 */
export const verificationModule = serviceModule(identityOptions(VERIFICATION_PREFIX), IDENTITY_GATEWAY, {
  start: route('POST', VERIFICATION_ROUTES.start, {
    request: (options: StartOptions = {}) => ({ identityId: options.identityId, target: options.target }),
    response: (body: StartResponse) => body,
  }),
  verifyDuringAuthentication: route('POST', VERIFICATION_ROUTES.verifyDuringAuthentication, {
    request: (code: string, options: VerifyDuringAuthenticationOptions) => ({
      code,
      stateToken: options.stateToken,
    }),
    response: stateMachineFromWire,
  }),
  /**
   * Sends a new e-mail verification code for a REQUIRE_EMAIL_VERIFICATION step. The reference
   * has no function for it; its mapping table names the path (docs/wire.md §5.2).
   */
  resendDuringAuthentication: route('POST', VERIFICATION_ROUTES.resendDuringAuthentication, {
    request: (stateToken: string) => ({ stateToken }),
    response: stateMachineFromWire,
  }),
});
