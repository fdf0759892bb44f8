import type { CSSProperties } from 'react';

/**
 * Readers for untrusted document data: every field of a rich content document may be missing, of
 * the wrong type, or hostile. Values reach the DOM only through these: URLs with an allowed scheme,
 * CSS values matching a strict pattern (React writes style objects as `property:value`, so a value
 * such as `red;background:url(…)` must never get through), numbers that are finite.
 */

export type Rec = Readonly<Record<string, unknown>>;

const EMPTY: Rec = Object.freeze({});

/** An object, or an empty one. */
export const obj = (value: unknown): Rec =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Rec) : EMPTY;

/** A non-empty string, or undefined. */
export const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** A finite number (numeric strings too: the wire may send floats as strings), or undefined. */
export const num = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

export const arr = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);

export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** An integer within [min, max], or undefined. */
export const int = (value: unknown, min: number, max: number): number | undefined => {
  const n = num(value);
  return n === undefined ? undefined : clamp(Math.round(n), min, max);
};

/** One of `values`, or undefined. */
export const oneOf = <T extends string>(value: unknown, values: readonly T[]): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

// Browsers ignore ASCII whitespace and control characters inside a scheme (`java\tscript:`).
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const IGNORED = /[\u0000-\u0020\u007f-\u009f]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * A URL safe for an `href`: http(s), mailto and tel, or a relative URL (`/path`, `#anchor`, `?q`,
 * `page`); anything else (`javascript:`, `data:`, `vbscript:`, …) is dropped (undefined).
 * `media`: http(s) and relative only (images, video, iframes).
 */
export function safeUrl(value: unknown, media = false): string | undefined {
  const url = str(value)?.trim();
  if (!url) return undefined;
  const scheme = SCHEME.exec(url.replace(IGNORED, ''))?.[1]?.toLowerCase();
  if (scheme === undefined) return url.includes('\\') ? undefined : url;
  return scheme === 'http' || scheme === 'https' || (!media && (scheme === 'mailto' || scheme === 'tel'))
    ? url
    : undefined;
}

/** An absolute http(s) URL, parsed; undefined for anything else. */
export function httpUrl(value: unknown): URL | undefined {
  const text = safeUrl(value, true);
  if (!text) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTION = /^(?:rgba?|hsla?)\(\s*[\d.]+%?(?:\s*[,/ ]\s*[\d.]+%?){2,3}\s*\)$/i;
const NAMED = /^[a-z]{3,24}$/i;

/** A CSS color: hex, rgb(a)/hsl(a) of plain numbers, or a keyword such as `red`; else undefined. */
export function safeColor(value: unknown): string | undefined {
  const color = str(value)?.trim();
  return color && (HEX.test(color) || FUNCTION.test(color) || NAMED.test(color)) ? color : undefined;
}

const LENGTH = /^\d{1,5}(?:\.\d{1,4})?(?:px|em|rem|%|vh|vw)?$/;

/** A non-negative CSS length (a number is pixels); else undefined. */
export function safeLength(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? `${value}px` : undefined;
  const length = str(value)?.trim();
  if (!length || !LENGTH.test(length)) return undefined;
  return /\d$/.test(length) ? `${length}px` : length;
}

/** A CSS font family list: names, quotes, spaces, commas and hyphens only. */
export function safeFontFamily(value: unknown): string | undefined {
  const family = str(value)?.trim();
  return family && family.length <= 200 && /^[\w ,'"-]+$/.test(family) ? family : undefined;
}

/** Drops undefined entries (so that SSR and the client write the same attribute). */
export function css(style: Record<string, string | number | undefined>): CSSProperties | undefined {
  const entries = Object.entries(style).filter(([, value]) => value !== undefined && value !== '');
  return entries.length > 0 ? (Object.fromEntries(entries) as CSSProperties) : undefined;
}

const ALIGN: Record<string, string> = { LEFT: 'left', RIGHT: 'right', CENTER: 'center', JUSTIFY: 'justify' };

/** `textStyle {textAlignment, lineHeight}` and `indentation` as style entries. */
export function textStyle(data: Rec) {
  const text = obj(data.textStyle);
  const line = text.lineHeight;
  const indentation = int(data.indentation, 0, 8);
  return {
    textAlign: ALIGN[str(text.textAlignment) ?? ''],
    lineHeight: num(line) ?? safeLength(line),
    marginInlineStart: indentation ? `calc(${indentation} * var(--atrium-rc-indent, 1.5em))` : undefined,
  };
}

/** The node's own `style {paddingTop, paddingBottom, backgroundColor}`. */
export function nodeStyle(node: unknown) {
  const style = obj(obj(node).style);
  return {
    paddingTop: safeLength(style.paddingTop),
    paddingBottom: safeLength(style.paddingBottom),
    backgroundColor: safeColor(style.backgroundColor),
  };
}
