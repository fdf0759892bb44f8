import { IDENTITY_GATEWAY, RECOVERY_ROUTES } from '@atrium/contract/routes/identity';
import { RECOVERY_PREFIX } from '@atrium/contract/routes/prefixes';
import { defineOperation } from '../../../client/define-operation.js';
import { identityModule, stateMachineFromWire } from '../transforms.js';
import type { RecoverOptions, SendActivationEmailOptions, SendRecoveryEmailOptions } from '../types.js';

/**
 * What each `recovery` call sends and returns, as plain data. Part of ../../../on-demand.ts: loaded
 * on the first call of an identity module or member method.
 */
export const recoveryModule = identityModule(RECOVERY_PREFIX, {
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
    response: stateMachineFromWire,
  }),
});
