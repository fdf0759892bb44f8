import type { LocalMediaStore } from '../../../media/store.js';
import type { Caller } from '../../../oauth/caller.js';
import type { Db } from '../../../storage/database.js';
import type { Tx } from '../../../storage/transaction.js';
import { savedSiteUrl } from '../../settings/service.js';
import { permissionDenied } from '../errors.js';
import { isWriter } from '../writers/store.js';
import type { View } from './render.js';

/** What the blog service uses: the database, the media store, the site's URL and a clock. */
export interface BlogContext {
  readonly db: Db;
  readonly media: LocalMediaStore;
  /** The platform's public origin (read per request: known once listening). */
  readonly publicUrl: string;
  /** The site's URL, the base of post URLs (`--site-url`); default the public URL. */
  readonly siteUrl?: string | undefined;
  /** The blog's clock (tests inject one); default the system's. */
  readonly blogClock?: (() => Date) | undefined;
}

/** Who asks and the origin media URLs are answered for. */
export interface Reader {
  readonly caller: Caller;
  readonly origin: string;
}

export const nowOf = (ctx: BlogContext): Date => (ctx.blogClock ? ctx.blogClock() : new Date());

/**
 * How posts are rendered for a reader: post URLs on the site's address as saved in its settings
 * (the console's Settings), else `--site-url`, else the platform's own (services/settings/). `db`
 * is the transaction when one is open (PGlite has one connection).
 */
export const viewOf = async (ctx: BlogContext, origin: string, db: Db | Tx = ctx.db): Promise<View> => ({
  origin,
  siteUrl: ((await savedSiteUrl(db)) ?? ctx.siteUrl ?? ctx.publicUrl).replace(/\/+$/, ''),
  media: ctx.media,
});

/**
 * Who edits drafts: the site (API key, console staff) or a writer: a member the owner made a blog
 * writer, or staff and keys with the WRITER role (their own drafts).
 */
export type Editor = { readonly kind: 'elevated' } | { readonly kind: 'writer'; readonly memberId: string };

export async function editorOf(ctx: BlogContext, caller: Caller, what: string): Promise<Editor> {
  if (caller.kind === 'elevated') {
    // A WRITER (a console session's staff member or an API key of that role) edits their own drafts,
    // and what they publish waits for review, as a member blog writer's does (P11).
    if (caller.staff?.role === 'WRITER') return { kind: 'writer', memberId: caller.staff.id };
    if (caller.apiKey?.role === 'WRITER') return { kind: 'writer', memberId: caller.apiKey.id };
    return { kind: 'elevated' };
  }
  if (caller.kind === 'member' && (await isWriter(ctx.db, caller.subjectId))) {
    return { kind: 'writer', memberId: caller.subjectId };
  }
  throw permissionDenied(
    `${what} is open to the site's API key and to blog writers; the request was made as ${caller.kind === 'member' ? 'a member who is not a blog writer' : caller.kind}`,
  );
}
