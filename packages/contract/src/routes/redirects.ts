/**
 * Redirect sessions (docs/wire.md §6).
 * Plain constants (no schema library): the zero-dependency SDK imports them. One file per service,
 * so a browser bundle carries only the services it uses; `../routes.ts` re-exports them all.
 */

import { serviceGateway } from './core.js';

export const REDIRECTS_ROUTES = {
  /** Proto path; the wire path is SERVICE_PREFIXES.redirects.wire + this. */
  createRedirectSession: '/v1/redirect-session',
} as const;

export const CREATE_REDIRECT_SESSION_GATEWAY = serviceGateway(
  'wix.headless.v1.RedirectSessionService',
  'wix.headless.v1.redirect_session',
)('CreateRedirectSession');
