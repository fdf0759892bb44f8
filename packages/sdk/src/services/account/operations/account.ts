import { ACCOUNT_GATEWAY, ACCOUNT_PREFIX, ACCOUNT_ROUTES } from '@atrium/contract/routes/account';
import { defineOperation, moduleDefinition } from '../../../client/define-operation.js';
import type {
  AccountSecurity,
  ConfirmLoginEmailChangeResponse,
  DisableTotpOptions,
  StartLoginEmailChangeResponse,
  StartTotpResponse,
  TotpStatus,
} from '../types.js';

/**
 * What each `account` call sends and returns: Atrium's own routes (no reference function), plain
 * JSON both ways, loaded on the module's first call.
 */
export const accountModule = moduleDefinition(
  { packageName: '@atrium/sdk/account', prefix: ACCOUNT_PREFIX },
  {
    getMySecurity: defineOperation({
      method: 'GET',
      path: ACCOUNT_ROUTES.security,
      gateway: ACCOUNT_GATEWAY.getMySecurity,
      request: () => ({}),
      response: (body: AccountSecurity): AccountSecurity => body,
    }),
    changeMyPassword: defineOperation({
      method: 'POST',
      path: ACCOUNT_ROUTES.password,
      gateway: ACCOUNT_GATEWAY.changeMyPassword,
      request: (currentPassword: string, newPassword: string) => ({ currentPassword, newPassword }),
      response: (): void => undefined,
    }),
    startLoginEmailChange: defineOperation({
      method: 'POST',
      path: ACCOUNT_ROUTES.loginEmail,
      gateway: ACCOUNT_GATEWAY.startLoginEmailChange,
      request: (newEmail: string) => ({ newEmail }),
      response: (body: StartLoginEmailChangeResponse): StartLoginEmailChangeResponse => body,
    }),
    confirmLoginEmailChange: defineOperation({
      method: 'POST',
      path: ACCOUNT_ROUTES.confirmLoginEmail,
      gateway: ACCOUNT_GATEWAY.confirmLoginEmailChange,
      request: (code: string) => ({ code }),
      response: (body: ConfirmLoginEmailChangeResponse): ConfirmLoginEmailChangeResponse => body,
    }),
    startTotpEnrollment: defineOperation({
      method: 'POST',
      path: ACCOUNT_ROUTES.totp,
      gateway: ACCOUNT_GATEWAY.startTotpEnrollment,
      request: () => ({}),
      response: (body: StartTotpResponse): StartTotpResponse => body,
    }),
    confirmTotpEnrollment: defineOperation({
      method: 'POST',
      path: ACCOUNT_ROUTES.confirmTotp,
      gateway: ACCOUNT_GATEWAY.confirmTotpEnrollment,
      request: (code: string) => ({ code }),
      response: (body: TotpStatus): TotpStatus => body,
    }),
    disableTotp: defineOperation({
      method: 'POST',
      path: ACCOUNT_ROUTES.disableTotp,
      gateway: ACCOUNT_GATEWAY.disableTotp,
      request: (proof: DisableTotpOptions) => ({ code: proof.code, password: proof.password }),
      response: (body: TotpStatus): TotpStatus => body,
    }),
  },
);
