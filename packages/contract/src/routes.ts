/**
 * Every route constant of the wire, in one import (`@atrium/contract/routes`). The definitions live
 * in ./routes/, one file per service; the SDK imports those files directly so that bundles carry
 * only what they use.
 */
import { type GatewayDescriptor, TOKEN_GATEWAY } from './routes/core.js';
import { CREATE_REDIRECT_SESSION_GATEWAY } from './routes/redirects.js';

export * from './routes/account.js';
export * from './routes/blog.js';
export * from './routes/core.js';
export * from './routes/identity.js';
export * from './routes/members.js';
export * from './routes/platform.js';
export * from './routes/prefixes.js';
export * from './routes/redirects.js';
export * from './routes/rich-content.js';
export * from './routes/webhooks.js';

export const GATEWAY = {
  token: TOKEN_GATEWAY,
  createRedirectSession: CREATE_REDIRECT_SESSION_GATEWAY,
} as const satisfies Record<string, GatewayDescriptor>;
export * from './routes/data.js';
export * from './routes/forms.js';
export * from './routes/gallery.js';
export * from './routes/media.js';
