/**
 * `@atrium/sdk`: the client, its authentication strategies and errors. Service modules have their
 * own entry points (`@atrium/sdk/redirects`, …), mirroring the reference client's packages.
 */
export { ApiKeyStrategy, type ApiKeyStrategyOptions, type IApiKeyStrategy } from './auth/api-key-strategy.js';
export {
  type IOAuthStrategy,
  OAuthStrategy,
  type OAuthStrategyOptions,
  type TokensListener,
} from './auth/oauth-strategy.js';
export type { AuthenticationStrategy, AuthHeaders, StrategyTransport } from './auth/strategy.js';
export { TokenRequestError } from './auth/token-endpoint.js';
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
export type { ContextType } from './client/context.js';
export {
  type AtriumClient,
  type ClientCore,
  type CreateClientOptions,
  createClient,
} from './client/create-client.js';
export { SDKError, type SDKErrorDetails, type SDKErrorResponse } from './client/errors.js';
export type { GraphQLFormattedError, GraphQLOptions, GraphQLResult } from './client/graphql.js';
export {
  type Bound,
  defineModule,
  defineOperation,
  elevate,
  type ModuleFunction,
  type ModuleOptions,
  type OperationDefinition,
} from './client/operation.js';
