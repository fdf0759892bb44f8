import { MEDIA_ROUTES, MEDIA_URI_PREFIXES } from '@atrium/contract';
import type {
  FieldViolation,
  PublicSite,
  SiteImage,
  SiteSettings,
  UpdateSiteSettingsRequest,
} from '@atrium/contract/types';
import { validationError } from '../../errors.js';
import { isMediaId, type LocalMediaStore } from '../../media/store.js';
import type { Db } from '../../storage/database.js';
import type { Tx } from '../../storage/transaction.js';
import {
  type SiteProfileChanges,
  type SiteProfileRow,
  selectSiteProfile,
  upsertSiteProfile,
} from './store.js';

/**
 * Site settings: how the site presents itself (its name, description, language, address, logo and
 * favicon), edited in the console (ADMIN_ROUTES.siteSettings) and read by anyone (SITE_ROUTES.site),
 * used wherever the platform names the site: the blog's feeds, e-mails, the hosted pages and the
 * console's header. Until a name is saved the site is named by its host; the demo seed saves the
 * demo site's name.
 */
export interface SettingsContext {
  readonly db: Db;
  readonly media: LocalMediaStore;
  /** The platform's public origin (media URLs), read per call. */
  readonly publicUrl: string;
  /** The site's URL (`--site-url`): the default address; the public URL without it. */
  readonly siteUrl?: string | undefined;
}

export const NAME_MAX_LENGTH = 100;
export const DESCRIPTION_MAX_LENGTH = 300;
export const DEFAULT_LANGUAGE = 'en';

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

/** The default address: the site's URL, else the platform's. */
export const defaultSiteUrl = (ctx: Pick<SettingsContext, 'publicUrl' | 'siteUrl'>): string =>
  trimSlash(ctx.siteUrl ?? ctx.publicUrl);

/** The default name: the host of the site's address. */
const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

export async function readSiteSettings(ctx: SettingsContext, db: Db | Tx = ctx.db): Promise<SiteSettings> {
  return settingsOf(ctx, await selectSiteProfile(db));
}

async function settingsOf(ctx: SettingsContext, row: SiteProfileRow | undefined): Promise<SiteSettings> {
  const url = row?.url ?? defaultSiteUrl(ctx);
  const ids = [row?.logo_media_id, row?.favicon_media_id].filter((id): id is string => !!id);
  const files = await ctx.media.getMany(ids);
  const image = (id: string | null | undefined): SiteImage | undefined => {
    const file = id ? files.get(id) : undefined;
    return file ? { id: file.id, url: ctx.media.fileUrl(ctx.publicUrl, file) } : undefined;
  };
  const logo = image(row?.logo_media_id);
  const favicon = image(row?.favicon_media_id);
  return {
    name: row?.name ?? hostOf(url),
    description: row?.description ?? '',
    language: row?.language ?? DEFAULT_LANGUAGE,
    url,
    ...(logo ? { logo } : {}),
    ...(favicon ? { favicon } : {}),
    defaults: { name: row?.name == null, url: row?.url == null },
    ...(row ? { updatedDate: row.updated_at.toISOString() } : {}),
  };
}

/** What anyone may read of the site. */
export async function readPublicSite(ctx: SettingsContext): Promise<PublicSite> {
  const settings = await readSiteSettings(ctx);
  return {
    name: settings.name,
    description: settings.description,
    language: settings.language,
    url: settings.url,
    logoUrl: settings.logo?.url ?? null,
    faviconUrl: settings.favicon?.url ?? null,
  };
}

/**
 * The site's name where only the database is at hand (e-mails, sent inside a transaction): the
 * saved name, else the saved address's host, else undefined (the message's own default).
 */
export async function savedSiteName(db: Db | Tx): Promise<string | undefined> {
  const row = await selectSiteProfile(db);
  return row?.name ?? (row?.url ? hostOf(row.url) : undefined);
}

/** The site's address as saved in its settings, or undefined (the platform's default applies). */
export async function savedSiteUrl(db: Db | Tx): Promise<string | undefined> {
  return (await selectSiteProfile(db))?.url ?? undefined;
}

/** Applies the given fields after checking all of them: one validation error lists every problem. */
export async function updateSiteSettings(
  ctx: SettingsContext,
  request: UpdateSiteSettingsRequest,
): Promise<SiteSettings> {
  const violations: FieldViolation[] = [];
  const changes: SiteProfileChanges = {};
  const violation = (field: string, description: string, violatedRule: string) =>
    violations.push({ field, description, violatedRule });

  if (request.name !== undefined) {
    const name = request.name.trim();
    const length = [...name].length;
    if (length === 0) violation('name', 'the site needs a name', 'REQUIRED');
    else if (length > NAME_MAX_LENGTH)
      violation('name', `must be at most ${NAME_MAX_LENGTH} characters, got ${length}`, 'MAX_LENGTH');
    else if (/\p{Cc}/u.test(name)) violation('name', 'must not contain control characters', 'FORMAT');
    else changes.name = name;
  }
  if (request.description !== undefined) {
    const description = request.description.trim();
    const length = [...description].length;
    if (length > DESCRIPTION_MAX_LENGTH) {
      violation(
        'description',
        `must be at most ${DESCRIPTION_MAX_LENGTH} characters, got ${length}`,
        'MAX_LENGTH',
      );
    } else changes.description = description;
  }
  if (request.language !== undefined) {
    const language = languageTag(request.language);
    if (language === undefined) {
      violation(
        'language',
        `"${request.language}" is not a BCP 47 language tag (e.g. en, fr, pt-BR)`,
        'FORMAT',
      );
    } else changes.language = language;
  }
  if (request.url !== undefined) {
    if (request.url === null || request.url.trim() === '') changes.url = null;
    else {
      const problem = addressProblem(request.url.trim());
      if (typeof problem === 'string') violation('url', problem, 'FORMAT');
      else changes.url = problem.url;
    }
  }
  for (const field of ['logo', 'favicon'] as const) {
    const reference = request[field];
    if (reference === undefined) continue;
    const column = field === 'logo' ? 'logo_media_id' : 'favicon_media_id';
    if (reference === null || reference === '') {
      changes[column] = null;
      continue;
    }
    const id = mediaIdOf(ctx, reference.trim());
    const file = id === undefined ? undefined : await ctx.media.get(id);
    if (id === undefined) {
      violation(
        field,
        "must be a file of the platform's media store: its id, its wix:image:// URI or its media URL",
        'FORMAT',
      );
    } else if (file === undefined) {
      violation(field, `there is no media file "${id}"`, 'NOT_FOUND');
    } else if (file.kind !== 'image') {
      violation(field, `"${file.filename}" is not an image`, 'TYPE');
    } else changes[column] = id;
  }
  if (violations.length > 0) throw validationError(violations);
  if (Object.keys(changes).length > 0) await upsertSiteProfile(ctx.db, changes);
  return readSiteSettings(ctx);
}

/** The canonical form of a BCP 47 tag (`EN-us` → `en-US`), or undefined when it is not one. */
export function languageTag(value: string): string | undefined {
  const tag = value.trim();
  // Letters, digits and hyphens only: Intl also accepts `_` and other forms BCP 47 does not.
  if (!/^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/.test(tag)) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/** The address as stored (no trailing slash), or why it cannot be the site's address. */
export function addressProblem(value: string): string | { url: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `"${value}" is not a URL: give the site's address, e.g. https://example.com`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http or https URL';
  if (url.username !== '' || url.password !== '') return 'must not carry a user name or password';
  if (url.search !== '' || url.hash !== '') return 'must not carry a query or a fragment';
  return { url: trimSlash(url.href) };
}

/**
 * The media id a reference names: the id itself, a `wix:image://v1/<id>/…` URI, or the platform's
 * media URL of the file (`<public URL>/media/<id>`, what the console's media picker gives).
 */
export function mediaIdOf(ctx: Pick<SettingsContext, 'publicUrl'>, reference: string): string | undefined {
  if (isMediaId(reference)) return reference;
  if (reference.startsWith(MEDIA_URI_PREFIXES.image)) {
    const id = reference.slice(MEDIA_URI_PREFIXES.image.length).split(/[/#]/)[0] ?? '';
    return isMediaId(id) ? id : undefined;
  }
  let url: URL;
  try {
    url = new URL(reference);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(ctx.publicUrl).origin || !url.pathname.startsWith(MEDIA_ROUTES.base)) {
    return undefined;
  }
  const id = decodeURIComponent(url.pathname.slice(MEDIA_ROUTES.base.length).split('/')[0] ?? '');
  return isMediaId(id) ? id : undefined;
}

/** How the hosted pages (login, reset, the console) name the site: its name and favicon. */
export async function hostedSiteOf(ctx: SettingsContext): Promise<{ name: string; faviconUrl?: string }> {
  const settings = await readSiteSettings(ctx);
  return { name: settings.name, ...(settings.favicon ? { faviconUrl: settings.favicon.url } : {}) };
}
