/** `@atrium/react`: thin React bindings over the SDK core; no logic the SDK should own. */
export { AtriumProvider, type AtriumProviderProps, useClient } from './provider.js';
export { type AuthState, useAuth, useOAuthStrategy } from './use-auth.js';
export { useVisitorSession, type VisitorSession, type VisitorSessionStatus } from './use-visitor-session.js';
