import { IDENTITY_GATEWAY, VERIFICATION_PREFIX, VERIFICATION_ROUTES } from '@atrium/contract/routes';
import { defineModule, defineOperation } from '../../client/operation.js';
import {
  AddressTag,
  EmailTag,
  FactorStatus,
  FactorType,
  MfaReason,
  PhoneTag,
  PrivacyStatus,
  StateType,
  Status,
  StatusName,
  Target,
  V1Reason,
} from './enums.js';
import { IDENTITY_PACKAGE } from './package-name.js';
import { stateMachineFromWire } from './transforms.js';
import type {
  StartOptions,
  StartResponse,
  StateMachineResponse,
  VerifyDuringAuthenticationOptions,
} from './types.js';

/** The operations alone, for the OAuth strategy's own calls (the enums stay out of its bundle). */
export const verificationOperations = defineModule(
  { packageName: IDENTITY_PACKAGE, prefix: VERIFICATION_PREFIX, renameSystemKeys: true },
  {
    start: defineOperation({
      method: 'POST',
      path: VERIFICATION_ROUTES.start,
      gateway: IDENTITY_GATEWAY.start,
      request: (options: StartOptions = {}) => ({ identityId: options.identityId, target: options.target }),
      response: (body: StartResponse) => body,
    }),
    verifyDuringAuthentication: defineOperation({
      method: 'POST',
      path: VERIFICATION_ROUTES.verifyDuringAuthentication,
      gateway: IDENTITY_GATEWAY.verifyDuringAuthentication,
      request: (code: string, options: VerifyDuringAuthenticationOptions) => ({
        code,
        stateToken: options.stateToken,
      }),
      response: (body: never): StateMachineResponse => stateMachineFromWire(body),
    }),
    /**
     * Sends a new e-mail verification code for a REQUIRE_EMAIL_VERIFICATION step. The reference
     * has no function for it; its mapping table names the path (wire.md §5.2).
     */
    resendDuringAuthentication: defineOperation({
      method: 'POST',
      path: VERIFICATION_ROUTES.resendDuringAuthentication,
      gateway: IDENTITY_GATEWAY.resendDuringAuthentication,
      request: (stateToken: string) => ({ stateToken }),
      response: (body: never): StateMachineResponse => stateMachineFromWire(body),
    }),
  },
);

/** `verification` of `@wix/identity`: e-mail verification, during authentication or on its own. */
export const verification = /* @__PURE__ */ Object.assign({}, verificationOperations, {
  AddressTag,
  EmailTag,
  FactorStatus,
  FactorType,
  MfaReason,
  PhoneTag,
  PrivacyStatus,
  StateType,
  Status,
  StatusName,
  Reason: V1Reason,
  Target,
});
