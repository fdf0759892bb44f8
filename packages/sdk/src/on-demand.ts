/**
 * Everything the SDK loads on first use, in one chunk: the member flows (login, registration, hosted
 * login, logout, …), running module calls, `client.graphql`, and turning a failed answer into an
 * SDKError. A page that only creates a client and gets visitor tokens never downloads it.
 *
 * Bundle size: one chunk rather than one per feature. A bundler splits the code that a page loads up
 * front into one chunk per distinct set of lazily loaded chunks sharing it, and each chunk of a page's
 * first JavaScript costs some 250 bytes gzipped. The member flows share the strategy's token code,
 * the others only the error class and the contract's constants: loaded apart, they would split the
 * first JavaScript in three. The identity and redirect operations are here because the member flows
 * use them; a service module that nothing here uses can load its operations (plain data, sharing
 * nothing with a page's first chunk) in a chunk of its own (`lazyModule`).
 */
export { createMemberFlows } from './auth/member-flows.js';
export { statusTextOf } from './client/error-mapping.js';
export { sendGraphQL } from './client/graphql.js';
export { invokeOperation } from './client/invoke.js';
export { authenticationModule } from './services/identity/authentication-operations.js';
export { recoveryModule } from './services/identity/recovery-operations.js';
export { verificationModule } from './services/identity/verification-operations.js';
export { redirectsModule } from './services/redirects/operations.js';
