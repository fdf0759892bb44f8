import { ADMIN_PREFIX } from '../routes/platform.js';
import { endpoint } from './endpoint.js';

/** The blog's admin routes (services/blog/index.ts registers them): what the reference's wire has no way to do. */

/** A published post's pin, after a pin or an unpin. */
export interface BlogPinAnswer {
  postId: string;
  /** Pinned posts come first in the feed. */
  pinned: boolean;
}

/** A member's blog writer role, after a grant or a revocation. */
export interface BlogWriterAnswer {
  identityId: string;
  blogWriter: boolean;
}

export const BLOG_ADMIN_API = {
  /** POST: the published post is pinned first in the feed (404 when it is not published). */
  pin: endpoint<BlogPinAnswer>()('POST', `${ADMIN_PREFIX}/v1/blog/posts/{postId}/pin`),
  /** DELETE: the same path, unpinned. */
  unpin: endpoint<BlogPinAnswer>()('DELETE', `${ADMIN_PREFIX}/v1/blog/posts/{postId}/pin`),
  /** POST: the member may write posts (their published posts wait for review). */
  grantWriter: endpoint<BlogWriterAnswer>()('POST', `${ADMIN_PREFIX}/v1/members/{identityId}/blog-writer`),
  /** DELETE: the same path, the role revoked. */
  revokeWriter: endpoint<BlogWriterAnswer>()('DELETE', `${ADMIN_PREFIX}/v1/members/{identityId}/blog-writer`),
} as const;
