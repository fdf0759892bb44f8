/**
 * Everything the SDK loads on first use, in one chunk: the member flows (login, registration, hosted
 * login, logout, …), running module calls, `client.graphql`, turning a failed answer into an
 * SDKError, and the identity and redirects operations the member flows use. A page that only creates
 * a client and gets visitor tokens never downloads it. Why one chunk, and what loads when: see
 * ../BUNDLE.md.
 */
export { createMemberFlows } from './auth/member-flows.js';
export { statusTextOf } from './client/error-mapping.js';
export { sendGraphQL } from './client/graphql.js';
export { invokeOperation } from './client/invoke.js';
export { authenticationModule } from './services/identity/operations/authentication.js';
export { recoveryModule } from './services/identity/operations/recovery.js';
export { verificationModule } from './services/identity/operations/verification.js';
export { redirectsModule } from './services/redirects/operations/redirects.js';
