import type {
  GalleryItemInput,
  GalleryItemType,
  GalleryLink,
  GalleryLinkRel,
  GalleryText,
} from '@atrium/contract/types';
import { invalidField } from './errors.js';
import {
  boundedObject,
  buildImage,
  buildVideo,
  definedOnly,
  type MediaFiles,
  nullable,
  type StoredImage,
  type StoredVideo,
} from './item-media.js';

export type {
  MediaFiles,
  StoredImage,
  StoredImageInfo,
  StoredPoster,
  StoredVideo,
  StoredVideoInfo,
} from './item-media.js';

/**
 * Gallery items as stored (the `data` column): what a request gave, checked and resolved (media by
 * ./item-media.ts); answers add the URLs (./render.ts). Requests are merged into the stored item for
 * updates: a field left out keeps its value, `null` clears an optional one.
 */
export interface StoredText {
  html: string;
  css?: Record<string, unknown>;
  editorHtml?: string;
  editorFontId?: string;
}

export interface StoredLink {
  type?: 'EXTERNAL' | 'INTERNAL';
  text?: string;
  url?: string;
  target?: string;
  rel?: GalleryLinkRel[];
  wixLinkData?: Record<string, unknown>;
}

export interface StoredItemData {
  title?: string;
  description?: string;
  link?: StoredLink;
  tags: string[];
  image?: StoredImage;
  video?: StoredVideo;
  text?: StoredText;
  secondaryMedia?: { image?: StoredImage; text?: StoredText };
}

export type StoredItemType = Exclude<GalleryItemType, 'UNDEFINED'>;

/** Every media-store id an item input names, for one batched lookup. */
export function mediaIdsOf(item: GalleryItemInput): string[] {
  const ids: (string | undefined)[] = [
    item.image?.imageInfo?.id,
    item.secondaryMedia?.image?.imageInfo?.id,
    item.video?.videoInfo?.id,
    ...(item.video?.videoInfo?.posters ?? []).map((poster) => poster.id),
  ];
  return ids.filter((id): id is string => typeof id === 'string' && id !== '');
}

const KINDS = ['image', 'video', 'text'] as const;
const TYPE_OF_KIND = { image: 'IMAGE', video: 'VIDEO', text: 'TEXT' } as const;

/**
 * A checked, stored item from a request (`previous`: the stored item an update changes). Exactly
 * one of image, video and text on create; on update, one replaces the item's media (merged into the
 * old one when of the same kind) and none keeps it.
 */
export function buildItemData(
  input: GalleryItemInput,
  at: string,
  files: MediaFiles,
  previous?: { type: StoredItemType; data: StoredItemData },
): { type: StoredItemType; data: StoredItemData } {
  const given = KINDS.filter((kind) => input[kind] !== undefined && input[kind] !== null);
  if (given.length > 1) {
    throw invalidField(at, `an item has one of image, video or text, not ${given.join(' and ')}`, 'ONE_OF');
  }
  const kind = given[0] ?? (previous ? kindOf(previous.type) : undefined);
  if (kind === undefined) throw invalidField(at, 'an item needs image, video or text', 'REQUIRED');
  const type = TYPE_OF_KIND[kind];
  if (input.type !== undefined && input.type !== 'UNDEFINED' && input.type !== type) {
    throw invalidField(
      `${at}.type`,
      `is ${input.type}, but the item has ${kind} (type ${type})`,
      'TYPE_MISMATCH',
    );
  }
  const old = previous?.type === type ? previous.data : undefined;
  const data: StoredItemData = {
    ...optionalText('title', input.title, previous?.data.title),
    ...optionalText('description', input.description, previous?.data.description),
    tags: input.tags?.values ?? previous?.data.tags ?? [],
  };
  const link = input.link === undefined ? previous?.data.link : buildLink(input.link, `${at}.link`);
  if (link) data.link = link;
  if (kind === 'image') data.image = buildImage(input.image ?? {}, `${at}.image`, files, old?.image);
  if (kind === 'video') data.video = buildVideo(input.video ?? {}, `${at}.video`, files, old?.video);
  if (kind === 'text') data.text = buildText(input.text ?? {}, `${at}.text`, old?.text);
  const secondary =
    input.secondaryMedia === undefined
      ? previous?.data.secondaryMedia
      : buildSecondaryMedia(
          input.secondaryMedia,
          `${at}.secondaryMedia`,
          files,
          previous?.data.secondaryMedia,
        );
  if (secondary) data.secondaryMedia = secondary;
  return { type, data };
}

const kindOf = (type: StoredItemType) => (type === 'IMAGE' ? 'image' : type === 'VIDEO' ? 'video' : 'text');

/** `{ [name]: value }` for a given string, the previous value when not given, nothing for null. */
function optionalText<K extends string>(
  name: K,
  value: string | null | undefined,
  previous: string | undefined,
) {
  const result = value === undefined ? previous : (value ?? undefined);
  return (result === undefined ? {} : { [name]: result }) as { [P in K]?: string };
}

// ── Text, links, secondary media ─────────────────────────────────────────────────────────────────

function buildText(input: GalleryText, at: string, previous?: StoredText): StoredText {
  const html = nullable(input.html, previous?.html, (html) => html);
  if (html === undefined) throw invalidField(`${at}.html`, 'is required for a text item', 'REQUIRED');
  return definedOnly({
    html,
    css: nullable(input.css, previous?.css, (css) => boundedObject(css, `${at}.css`)),
    editorHtml: nullable(input.editorHtml, previous?.editorHtml, (text) => text),
    editorFontId: nullable(input.editorFontId, previous?.editorFontId, (text) => text),
  });
}

/** Schemes a link may use: a page, a mail or a phone call; never script (`javascript:`) or data. */
const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

function buildLink(input: GalleryLink, at: string): StoredLink | undefined {
  const url = input.url ?? undefined;
  let type = input.type === undefined || input.type === 'UNDEFINED' ? undefined : input.type;
  if (url !== undefined && url !== '') {
    const internal = url.startsWith('/') && !url.startsWith('//');
    const scheme = URL.canParse(url) ? new URL(url).protocol : undefined;
    if (!internal && (scheme === undefined || !LINK_SCHEMES.has(scheme))) {
      throw invalidField(
        `${at}.url`,
        `"${url}" is not an http(s), mailto: or tel: URL, nor a site path (/…)`,
        'FORMAT',
      );
    }
    const derived = internal ? 'INTERNAL' : 'EXTERNAL';
    if (type !== undefined && type !== derived) {
      throw invalidField(
        `${at}.type`,
        `is ${type}, but the url is ${internal ? 'a site path' : 'absolute'}`,
        'TYPE_MISMATCH',
      );
    }
    type = derived;
  } else if (input.wixLinkData !== undefined) {
    type ??= 'INTERNAL';
  }
  const link = definedOnly({
    type,
    text: input.text ?? undefined,
    url: url || undefined,
    target: input.target ?? undefined,
    rel: input.rel === undefined ? undefined : [...new Set(input.rel)],
    wixLinkData:
      input.wixLinkData === undefined ? undefined : boundedObject(input.wixLinkData, `${at}.wixLinkData`),
  });
  return Object.keys(link).length === 0 ? undefined : link;
}

function buildSecondaryMedia(
  input: NonNullable<GalleryItemInput['secondaryMedia']>,
  at: string,
  files: MediaFiles,
  previous: StoredItemData['secondaryMedia'],
): StoredItemData['secondaryMedia'] {
  const result = definedOnly({
    image:
      input.image === undefined
        ? previous?.image
        : buildImage(input.image, `${at}.image`, files, previous?.image),
    text: input.text === undefined ? previous?.text : buildText(input.text, `${at}.text`, previous?.text),
  });
  return Object.keys(result).length === 0 ? undefined : result;
}
