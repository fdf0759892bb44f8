import { IDENTITY_GATEWAY, RECOVERY_PREFIX, RECOVERY_ROUTES } from '@atrium/contract/routes';
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
  TenantType,
  V1Reason,
} from './enums.js';
import { IDENTITY_PACKAGE } from './package-name.js';
import { stateMachineFromWire } from './transforms.js';
import type {
  RecoverOptions,
  SendActivationEmailOptions,
  SendRecoveryEmailOptions,
  StateMachineResponse,
} from './types.js';

/** The operations alone, for the OAuth strategy's own calls (the enums stay out of its bundle). */
export const recoveryOperations = defineModule(
  { packageName: IDENTITY_PACKAGE, prefix: RECOVERY_PREFIX, renameSystemKeys: true },
  {
    sendRecoveryEmail: defineOperation({
      method: 'POST',
      path: RECOVERY_ROUTES.sendRecoveryEmail,
      gateway: IDENTITY_GATEWAY.sendRecoveryEmail,
      request: (email: string, options: SendRecoveryEmailOptions = {}) => ({
        email,
        language: options.language,
        redirect: options.redirect,
      }),
      response: (): void => undefined,
    }),
    sendActivationEmail: defineOperation({
      method: 'POST',
      path: RECOVERY_ROUTES.sendActivationEmail,
      gateway: IDENTITY_GATEWAY.sendActivationEmail,
      request: (identityId: string, options: SendActivationEmailOptions = {}) => ({
        identityId,
        emailOptions: options.emailOptions,
      }),
      response: (): void => undefined,
    }),
    recover: defineOperation({
      method: 'POST',
      path: RECOVERY_ROUTES.recover,
      gateway: IDENTITY_GATEWAY.recover,
      request: (recoveryToken: string, options: RecoverOptions = {}) => ({
        recoveryToken,
        password: options.password,
      }),
      response: (body: never): StateMachineResponse => stateMachineFromWire(body),
    }),
  },
);

/** `recovery` of `@wix/identity`: password-reset and activation e-mails, and the reset itself. */
export const recovery = /* @__PURE__ */ Object.assign({}, recoveryOperations, {
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
  TenantType,
});
