/**
 * Service path prefixes (docs/wire.md §1.2 and Appendix A). `wire` is what the reference client sends to
 * the standard and edge hosts; `aliases` are other prefixes its tables declare (a server accepts
 * them too); `customHost` is the prefix used with an unknown custom API host.
 */
export interface ServicePrefix {
  readonly wire: string;
  readonly aliases: readonly string[];
}

/** A ServicePrefix from its wire prefix and aliases, their literal types kept. */
/* @__NO_SIDE_EFFECTS__ */
export const servicePrefix = <const W extends string, const A extends readonly string[]>(
  wire: W,
  ...aliases: A
): { readonly wire: W; readonly aliases: A } => ({ wire, aliases });

/** The prefixes of the services the SDK has modules for, alone (see HEADERS). */
export const AUTHENTICATION_PREFIX = servicePrefix('/_api/iam/authentication', '/iam/authentication');
export const RECOVERY_PREFIX = servicePrefix('/_api/iam/recovery', '/_iam/recovery');
export const VERIFICATION_PREFIX = servicePrefix('/_api/iam/verification');
export const REDIRECTS_PREFIX = servicePrefix('/_api/redirects-api', '/redirect-session', '/headless');

export const SERVICE_PREFIXES = {
  authentication: AUTHENTICATION_PREFIX,
  recovery: RECOVERY_PREFIX,
  verification: VERIFICATION_PREFIX,
  redirects: REDIRECTS_PREFIX,
  proGallery: { wire: '/progallery', aliases: ['/pro-gallery', '/_api/pro-gallery-server'] },
  formSubmissions: {
    wire: '/form-submission-service',
    aliases: ['/_api/form-submission-service', '/forms'],
  },
  submissionContacts: {
    wire: '/form-submission-contact-mapping-service',
    aliases: ['/_api/form-submission-contact-mapping-service', '/forms/contactupsert'],
  },
  formSchemas: { wire: '/form-schema-service', aliases: [] },
  dataItems: { wire: '/wix-data', aliases: ['/_api/cloud-data'] },
  blogPosts: { wire: '', aliases: ['/blog', '/_api', '/_api/communities-blog-node-api'] },
  blogStats: { wire: '/blog', aliases: ['', '/_api/communities-blog-node-api'] },
  blogCategories: { wire: '/blog', aliases: ['', '/_api/communities-blog-node-api'] },
  blogTags: { wire: '', aliases: ['/blog', '/_api/communities-blog-node-api'] },
  /** docs/blog-wire.md §0: with an unknown host bulk create and bulk delete keep `/blog` (the wire prefix). */
  blogDraftPosts: { wire: '/blog', aliases: ['/_api/communities-blog-node-api'] },
  blogMultilingual: { wire: '/blog', aliases: ['/_api/communities-blog-node-api'] },
  blogLikes: { wire: '/blog', aliases: ['/_api/blog-like-service'] },
  blogCache: { wire: '/_api/blog-cache-service', aliases: [] },
  members: { wire: '/members', aliases: ['/_api/members'] },
} as const satisfies Record<string, ServicePrefix>;

/** Every path under which a service's proto path is served: the wire prefix first. */
export const servicePaths = (prefix: ServicePrefix, protoPath: string): string[] =>
  [prefix.wire, ...prefix.aliases].map((p) => p + protoPath);
