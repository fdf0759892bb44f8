/**
 * The gallery item as the SDK's `proGallery` module returns it (docs/wire.md §7 after the §1.7
 * transformations): `_id`, media as URI strings (`wix:image://v1/…`, `wix:video://v1/…`) or plain
 * URLs. Structural and lenient (every field optional, `null` allowed) so that the SDK's item type,
 * hand-written items and JSON fixtures all fit.
 */

export interface GalleryPointData {
  x?: number | null;
  y?: number | null;
}

export interface GalleryImageData {
  /** WIX_MEDIA or EXTERNAL (read-only, from `imageInfo`). */
  type?: string | null;
  /** `wix:image://v1/<id>/<name>#originWidth=<w>&originHeight=<h>` or an external URL. */
  imageInfo?: string | null;
  /** 0–1 on each axis; the centre when absent. */
  focalPoint?: GalleryPointData | null;
}

export interface GalleryVideoData {
  /** WIX_MEDIA, YOUTUBE or VIMEO. */
  type?: string | null;
  /** `wix:video://v1/<id>/<name>#posterUri=…&posterWidth=…&posterHeight=…` or a YouTube/Vimeo URL. */
  videoInfo?: string | null;
  durationInMillis?: number | null;
}

export interface GalleryTextData {
  /** Untrusted HTML: rendered only through the allow-list sanitizer (./sanitize.ts). */
  html?: string | null;
  css?: Record<string, unknown> | null;
}

export interface GalleryLinkData {
  /** EXTERNAL or INTERNAL. */
  type?: string | null;
  text?: string | null;
  url?: string | null;
  target?: string | null;
  /** `nofollow`, `noopener`, `noreferrer`, `sponsored` (an array on the wire; a string is accepted). */
  rel?: readonly string[] | string | null;
}

export interface GalleryItemData {
  _id?: string | null;
  /** IMAGE, VIDEO or TEXT. */
  type?: string | null;
  sortOrder?: number | null;
  title?: string | null;
  description?: string | null;
  link?: GalleryLinkData | null;
  image?: GalleryImageData | null;
  video?: GalleryVideoData | null;
  text?: GalleryTextData | null;
  /** A video's or text's own image (a poster, a background). */
  secondaryMedia?: { image?: GalleryImageData | null; text?: GalleryTextData | null } | null;
}

/** Which kind of item a view draws: from `type`, else from the media the item has. */
export type GalleryItemKind = 'IMAGE' | 'VIDEO' | 'TEXT';

export function itemKind(item: GalleryItemData): GalleryItemKind {
  if (item.type === 'IMAGE' || item.type === 'VIDEO' || item.type === 'TEXT') return item.type;
  if (item.video?.videoInfo) return 'VIDEO';
  if (item.text?.html != null && !item.image?.imageInfo) return 'TEXT';
  return 'IMAGE';
}

/** The name an item goes by in labels: its title, else its position. */
export function itemLabel(item: GalleryItemData, index: number): string {
  const title = item.title?.trim();
  return title ? title : `Item ${index + 1}`;
}
