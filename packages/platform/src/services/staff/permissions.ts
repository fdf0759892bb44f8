import type { StaffRoleName } from '../../storage/schema.js';

/**
 * What each staff role may do, checked on the server for every call a console session makes
 * (http/callers.ts): the route's section, read from its URL pattern, must be one of the role's.
 * Deny by default: a route of no known section is the owner's and the admin's only.
 */
export type Section =
  | 'owner'
  | 'settings'
  | 'webhooks'
  | 'members'
  | 'blog'
  | 'cms'
  | 'galleries'
  | 'forms'
  | 'media'
  | 'other';

export const STAFF_ROLES: readonly StaffRoleName[] = [
  'OWNER',
  'ADMIN',
  'BLOG_EDITOR',
  'WRITER',
  'CMS_EDITOR',
  'SUPPORT',
];

/** Every section, the owner's first. */
export const ALL_SECTIONS: readonly Section[] = [
  'owner',
  'settings',
  'webhooks',
  'members',
  'blog',
  'cms',
  'galleries',
  'forms',
  'media',
  'other',
];

const EVERYTHING_BUT_OWNER: readonly Section[] = ALL_SECTIONS.filter((section) => section !== 'owner');
export const ROLE_SECTIONS: Readonly<Record<StaffRoleName, readonly Section[]>> = {
  OWNER: ['owner', ...EVERYTHING_BUT_OWNER],
  ADMIN: EVERYTHING_BUT_OWNER,
  BLOG_EDITOR: ['blog', 'media'],
  // Reads the blog and writes its own drafts, published after review (WRITER_CALLS).
  WRITER: ['blog', 'media'],
  CMS_EDITOR: ['cms', 'galleries', 'media'],
  SUPPORT: ['members'],
};

/** Route URL patterns by section, first match wins (aliases included: every prefix a service has). */
const SECTIONS: readonly [RegExp, Section][] = [
  [/^\/_api\/atrium-admin\/v1\/(api-keys|staff|state|visitor-secret|activity)(\/|$)/, 'owner'],
  // The request log (services/logs/): owners and admins.
  [/^\/_api\/atrium-admin\/v1\/request-log(\/|$)/, 'settings'],
  [/^\/_api\/atrium-admin\/v1\/blog\//, 'blog'],
  [/^\/_api\/atrium-admin\/v1\/members\/[^/]+\/blog-writer$/, 'blog'],
  [/^\/_api\/atrium-admin\/v1\/members(\/|$)/, 'members'],
  [/^\/_api\/atrium-admin\/v1\/webhook/, 'webhooks'],
  [/^\/_api\/atrium-admin\//, 'settings'],
  [/blog|^\/v[23]\/(posts|categories|tags|stats|post)\b/, 'blog'],
  [/wix-data|cloud-data/, 'cms'],
  [/gallery|progallery/, 'galleries'],
  [/form/, 'forms'],
  [/media|uploads/, 'media'],
  [/members/, 'members'],
];

export function sectionOf(routeUrl: string): Section {
  return SECTIONS.find(([pattern]) => pattern.test(routeUrl))?.[1] ?? 'other';
}

/**
 * The blog calls a WRITER makes besides reading: queries and their own drafts (creating, editing,
 * submitting for review, the trash bin). Which drafts are theirs, and that what they publish waits
 * for review, is the blog service's rule (services/blog/shared/context.ts editorOf: a writer).
 */
const WRITER_CALLS = /(\/query|\/draft-posts(\/.*)?|\/bulk\/draft-posts\/create)$/;

/** Why `role` may not make this call, or undefined when it may. */
export function refusalOf(role: StaffRoleName, method: string, routeUrl: string): string | undefined {
  const section = sectionOf(routeUrl);
  if (!ROLE_SECTIONS[role].includes(section)) {
    return `the ${role} role may not use the ${section === 'other' ? 'platform settings' : section} section`;
  }
  if (role === 'WRITER' && section === 'blog' && method !== 'GET' && !WRITER_CALLS.test(routeUrl)) {
    return "the WRITER role writes its own drafts; categories, tags, pins and others' posts need BLOG_EDITOR";
  }
  return undefined;
}
