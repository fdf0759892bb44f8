import { AUTHENTICATION_ROUTES, IDENTITY_GATEWAY } from '@atrium/contract/routes/identity';
import { AUTHENTICATION_PREFIX } from '@atrium/contract/routes/prefixes';
import { pick, route, serviceModule } from '../../../client/define-operation.js';
import type { FactorType } from '../enums.js';
import {
  identityOptions,
  profileToWire,
  rawHttpResponseFromWire,
  stateMachineFromWire,
} from '../transforms.js';
import type {
  LoginId,
  LoginV2Options,
  LogoutOptions,
  RawHttpResponse,
  RegisterV2Options,
  SignOnOptions,
  SignOnResponse,
  ValidateEmailResponse,
  VerifyOptions,
} from '../types.js';

/**
 * What each `authentication` call sends and returns, as plain data. Part of ../../../on-demand.ts:
 * loaded on the first call of an identity module or member method.
 */
export const authenticationModule = serviceModule(identityOptions(AUTHENTICATION_PREFIX), IDENTITY_GATEWAY, {
  registerV2: route('POST', AUTHENTICATION_ROUTES.register, {
    request: (loginId: LoginId, options: RegisterV2Options = {}) => ({
      loginId,
      password: options.password,
      profile: profileToWire(options.profile),
      ...pick(options, 'captchaTokens', 'clientMetaData'),
    }),
    response: stateMachineFromWire,
  }),
  loginV2: route('POST', AUTHENTICATION_ROUTES.login, {
    request: (loginId: LoginId, options: LoginV2Options = {}) => ({
      loginId,
      ...pick(options, 'password', 'captchaTokens', 'clientMetaData', 'stateToken'),
    }),
    response: stateMachineFromWire,
  }),
  validateEmail: route('POST', AUTHENTICATION_ROUTES.validateEmail, {
    request: (email: string) => ({ email }),
    response: (body: ValidateEmailResponse) => body,
  }),
  changePassword: route('POST', AUTHENTICATION_ROUTES.changePassword, {
    request: (newPassword: string) => ({ newPassword }),
    response: (): void => undefined,
  }),
  signOn: route('POST', AUTHENTICATION_ROUTES.signOn, {
    request: (loginId: LoginId, options: SignOnOptions = {}) => ({
      loginId,
      profile: profileToWire(options.profile),
      ...pick(options, 'verifyEmail', 'mergeExistingContact'),
    }),
    response: (body: never): SignOnResponse => stateMachineFromWire<SignOnResponse>(body),
  }),
  logout: route('GET', AUTHENTICATION_ROUTES.logout, {
    request: (options: LogoutOptions = {}) => pick(options, 'postLogoutRedirectUri', 'clientId'),
    response: (body: never): RawHttpResponse => rawHttpResponseFromWire(body),
  }),
  /**
   * Completes a REQUIRE_MFA step with a second factor. The reference has no function for it; the
   * body is its `VerifyRequest` (docs/wire.md §5.2): `{ stateToken, factorType, emailData | totpData | … }`.
   */
  verify: route('POST', AUTHENTICATION_ROUTES.verifyFactor, {
    request: (factorType: FactorType, stateToken: string, options: VerifyOptions = {}) => ({
      stateToken,
      factorType,
      ...options,
    }),
    response: stateMachineFromWire,
  }),
});
