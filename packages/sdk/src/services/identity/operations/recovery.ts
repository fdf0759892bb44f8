import { IDENTITY_GATEWAY, RECOVERY_ROUTES } from '@atrium/contract/routes/identity';
import { RECOVERY_PREFIX } from '@atrium/contract/routes/prefixes';
import { pick, route, serviceModule } from '../../../client/define-operation.js';
import { identityOptions, stateMachineFromWire } from '../transforms.js';
import type { RecoverOptions, SendActivationEmailOptions, SendRecoveryEmailOptions } from '../types.js';

/**
 * What each `recovery` call sends and returns, as plain data. Part of ../../../on-demand.ts: loaded
 * on the first call of an identity module or member method.
 */
export const recoveryModule = serviceModule(identityOptions(RECOVERY_PREFIX), IDENTITY_GATEWAY, {
  sendRecoveryEmail: route('POST', RECOVERY_ROUTES.sendRecoveryEmail, {
    request: (email: string, options: SendRecoveryEmailOptions = {}) => ({
      email,
      ...pick(options, 'language', 'redirect'),
    }),
    response: (): void => undefined,
  }),
  sendActivationEmail: route('POST', RECOVERY_ROUTES.sendActivationEmail, {
    request: (identityId: string, options: SendActivationEmailOptions = {}) => ({
      identityId,
      emailOptions: options.emailOptions,
    }),
    response: (): void => undefined,
  }),
  recover: route('POST', RECOVERY_ROUTES.recover, {
    request: (recoveryToken: string, options: RecoverOptions = {}) => ({
      recoveryToken,
      password: options.password,
    }),
    response: stateMachineFromWire,
  }),
});
