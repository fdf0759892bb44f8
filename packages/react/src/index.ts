/** `@atrium/react`: thin React bindings over the SDK core; no logic the SDK should own. */

export * from './components/index.js';
export * from './data/index.js';
export * from './forms/index.js';
export * from './gallery/index.js';
export { AtriumProvider, type AtriumProviderProps, useClient } from './provider.js';
export { type AuthState, type AuthTokensState, useAuth, useAuthTokens } from './use-auth.js';
export {
  type AuthFlowActions,
  type AuthFlowState,
  type LogoutOptions,
  useAuthFlow,
} from './use-auth-flow.js';
export { useOAuthStrategy } from './use-oauth-strategy.js';
export { useVisitorSession, type VisitorSession, type VisitorSessionStatus } from './use-visitor-session.js';
