import { ACCOUNT_GATEWAY, ACCOUNT_PREFIX, ACCOUNT_ROUTES } from '@atrium/contract/routes/account';
import { route, serviceModule } from '../../../client/define-operation.js';
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
export const accountModule = serviceModule(
  { packageName: '@atrium/sdk/account', prefix: ACCOUNT_PREFIX },
  ACCOUNT_GATEWAY,
  {
    getMySecurity: route('GET', ACCOUNT_ROUTES.security, {
      request: () => ({}),
      response: (body: AccountSecurity): AccountSecurity => body,
    }),
    changeMyPassword: route('POST', ACCOUNT_ROUTES.password, {
      request: (currentPassword: string, newPassword: string) => ({ currentPassword, newPassword }),
      response: (): void => undefined,
    }),
    startLoginEmailChange: route('POST', ACCOUNT_ROUTES.loginEmail, {
      request: (newEmail: string) => ({ newEmail }),
      response: (body: StartLoginEmailChangeResponse): StartLoginEmailChangeResponse => body,
    }),
    confirmLoginEmailChange: route('POST', ACCOUNT_ROUTES.confirmLoginEmail, {
      request: (code: string) => ({ code }),
      response: (body: ConfirmLoginEmailChangeResponse): ConfirmLoginEmailChangeResponse => body,
    }),
    startTotpEnrollment: route('POST', ACCOUNT_ROUTES.totp, {
      request: () => ({}),
      response: (body: StartTotpResponse): StartTotpResponse => body,
    }),
    confirmTotpEnrollment: route('POST', ACCOUNT_ROUTES.confirmTotp, {
      request: (code: string) => ({ code }),
      response: (body: TotpStatus): TotpStatus => body,
    }),
    disableTotp: route('POST', ACCOUNT_ROUTES.disableTotp, {
      request: (proof: DisableTotpOptions) => ({ code: proof.code, password: proof.password }),
      response: (body: TotpStatus): TotpStatus => body,
    }),
  },
);
