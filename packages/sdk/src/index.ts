/**
 * `@atrium/sdk`: the client, its authentication strategies and errors. Service modules have their
 * own entry points (`@atrium/sdk/redirects`, …), mirroring the reference client's packages.
 *
 * Values are re-exported only from core files, or from files that code loaded on demand does not
 * use: see ../BUNDLE.md §3.
 */
export { ApiKeyStrategy, type ApiKeyStrategyOptions, type IApiKeyStrategy } from './auth/api-key-strategy.js';
export { AppStrategy, type AppStrategyOptions, type IAppStrategy } from './auth/app-strategy.js';
export { type AuthFlowErrorCode, type AuthStep, authErrorCode, authErrorText } from './auth/auth-errors.js';
export {
  type AuthFlow,
  type AuthFlowClient,
  type AuthFlowOptions,
  type AuthFlowSnapshot,
  type AuthFlowState,
  createAuthFlow,
  type FactorChallenge,
  type LoginWithRedirectOptions,
  MFA_REQUIRED,
  type RegisterOptions,
} from './auth/auth-flow.js';
export type {
  AuthUrlOptions,
  AuthUrlResult,
  IdentityProvider,
  Prompt,
  ResponseMode,
} from './auth/authorization-code.js';
export { AUTH_ERROR_CODES, AuthError, type AuthErrorCode } from './auth/error-codes.js';
export {
  type EmailVerificationRequiredState,
  type ErrorState,
  type InitialState,
  type LoginErrorCode,
  LoginState,
  type OwnerApprovalRequiredState,
  type SilentCaptchaRequiredState,
  type StateMachine,
  type SuccessState,
  UNKNOWN_STATE_ERROR,
  type UserCaptchaRequiredState,
  type VerificationInput,
} from './auth/login-state.js';
export { decodeJwtClaims, type Member, memberFromTokens } from './auth/member.js';
export type { CaptchaTokens, LoginParams, RegisterParams } from './auth/member-flows.js';
export {
  type CallbackParams,
  INVALID_STATE,
  MISSING_CODE_OR_STATE,
  OAUTH_TIMED_OUT,
  OAUTH_TIMEOUT_MS,
  type OAuthData,
} from './auth/oauth-data.js';
export {
  CAPTCHA_SITE_KEYS,
  type IOAuthStrategy,
  OAuthStrategy,
  type OAuthStrategyOptions,
  type TokensListener,
} from './auth/oauth-strategy.js';
export {
  generateCodeChallenge,
  generateCodeVerifier,
  type PkcePair,
  pkceChallenge,
} from './auth/pkce.js';
export { PRE_WARM_KEY, PRE_WARM_MAX_AGE_MS, type Sessions } from './auth/pre-warm.js';
export {
  REDIRECT_STORE_KEY,
  type RedirectStore,
  type SavedRedirect,
  sessionRedirectStore,
} from './auth/redirect-store.js';
export type { AuthenticationStrategy, AuthHeaders, StrategyTransport } from './auth/strategy.js';
export { TokenRequestError, type TokenRequestErrorCode } from './auth/token-endpoint.js';
export { type TokenInfo, TokenInfoError } from './auth/token-info.js';
export {
  type LocalStorageOptions,
  localStorageStorage,
  memoryStorage,
  type TokenStorage,
} from './auth/token-storage.js';
export {
  type AccessToken,
  EMPTY_TOKENS,
  hasUsableAccessToken,
  isTokenExpired,
  type RefreshToken,
  TokenRole,
  type Tokens,
} from './auth/tokens.js';
export {
  type ContextSlots,
  type ContextType,
  type RequestContextStore,
  setRequestContext,
} from './client/context.js';
export {
  type AtriumClient,
  type ClientCore,
  type CreateClientOptions,
  createClient,
} from './client/create-client.js';
export { SDKError, type SDKErrorDetails, type SDKErrorResponse } from './client/errors.js';
export type { GraphQLFormattedError, GraphQLOptions, GraphQLResult } from './client/graphql.js';
export { type Bound, defineModule, elevate } from './client/module-function.js';
export {
  defineOperation,
  type ModuleFunction,
  type ModuleOptions,
  type OperationDefinition,
} from './client/operation.js';
// `media` as `@wix/sdk` exports it (also `@atrium/sdk/media`): pure, so apps that don't use it don't ship it.
export {
  createMedia,
  type ImageTransformOptions,
  type MediaHelpers,
  type MediaOptions,
  media,
  parseMediaUri,
} from './media/index.js';
export { WEBHOOK_ERROR_CODES, type WebhookErrorCode } from './webhooks/error-codes.js';
export {
  ServicePluginError,
  type ServicePluginErrorOptions,
} from './webhooks/service-plugin-error.js';
export type {
  ActionEvent,
  AppEvent,
  EntityEvent,
  EventDefinition,
  EventHandler,
  EventMetadata,
  EventRegistrar,
  JwtDecoder,
  ProcessOptions,
  RegisteredEvent,
  RegisteredServicePlugin,
  ServicePluginDefinition,
  ServicePluginImplementation,
  ServicePluginMethod,
  ServicePluginRequest,
  ServicePlugins,
  WebhookAccountInfo,
  WebhookEvent,
  WebhookIdentity,
  Webhooks,
} from './webhooks/types.js';
