import { createElement, type ReactNode } from 'react';

/**
 * An allow-list HTML sanitizer for text items (untrusted HTML written by a site's editors or any
 * API caller). The HTML is tokenised into a tree of allowed elements and text, which React renders
 * as elements: no `innerHTML` at any point, so whatever the input, the output is only the tags and
 * attributes below (text is escaped by React). Works without a DOM (server rendering).
 *
 * - Allowed elements keep only their allowed attributes; a link keeps `href` only for http(s),
 *   mailto:, tel: and relative URLs, and `target="_blank"` always gets `rel="noopener noreferrer"`.
 * - Unknown elements are unwrapped (their text stays); script-like elements (script, style, iframe,
 *   svg, …) are dropped with everything inside; comments and declarations are dropped.
 */

export type SafeNode = string | SafeElement;

export interface SafeElement {
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly SafeNode[];
}

const ALLOWED = new Set([
  'a',
  'b',
  'blockquote',
  'br',
  'code',
  'del',
  'div',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'ins',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'u',
  'ul',
]);
const VOID = new Set([
  'br',
  'hr',
  'img',
  'input',
  'meta',
  'link',
  'area',
  'base',
  'col',
  'embed',
  'source',
  'track',
  'wbr',
]);
/** Dropped with their content. The first group's content is raw text (no tags inside). */
const RAW_TEXT = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
]);
const DROPPED = new Set([
  ...RAW_TEXT,
  'object',
  'svg',
  'math',
  'select',
  'template',
  'applet',
  'frameset',
  'head',
]);
/** Attributes kept on any allowed element. */
const GLOBAL_ATTRIBUTES = new Set(['title', 'dir', 'lang']);
const LINK_RELS = new Set(['nofollow', 'noopener', 'noreferrer', 'sponsored', 'ugc']);
const MAX_DEPTH = 32;

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  euro: '€',
  deg: '°',
  times: '×',
};

/** Decodes character references (`&amp;`, `&#106;`, `&#x6A;`); unknown names stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]+|#\d+|[a-zA-Z][a-zA-Z0-9]*);?/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code =
        ref[1] === 'x' || ref[1] === 'X'
          ? Number.parseInt(ref.slice(2), 16)
          : Number.parseInt(ref.slice(1), 10);
      const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return valid ? String.fromCodePoint(code) : '\ufffd';
    }
    return NAMED_ENTITIES[ref] ?? whole;
  });
}

/**
 * Whether a link target is safe to follow: http(s), mailto:, tel:, or relative (no scheme). The
 * scheme is read the way browsers do, ignoring whitespace and control characters inside it
 * (`java\nscript:`), after entity decoding by the caller.
 */
export function isSafeUrl(url: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is stripped
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(compact)?.[1]?.toLowerCase();
  if (scheme === undefined) return true;
  return scheme === 'http' || scheme === 'https' || scheme === 'mailto' || scheme === 'tel';
}

/** `rel` tokens kept on a link: the known ones, plus noopener/noreferrer for a new window. */
export function linkRel(
  rel: readonly string[] | string | null | undefined,
  target: string | undefined,
): string | undefined {
  const tokens = new Set(
    (typeof rel === 'string' ? rel.split(/\s+/) : (rel ?? []))
      .map((token) => token.trim().toLowerCase())
      .filter((token) => LINK_RELS.has(token)),
  );
  if (target === '_blank') {
    tokens.add('noopener');
    tokens.add('noreferrer');
  }
  return tokens.size > 0 ? [...tokens].join(' ') : undefined;
}

/** `_blank` or `_self`; any other target (named frames, `_parent`, `_top`) is dropped. */
export function linkTarget(target: string | null | undefined): string | undefined {
  const value = target?.trim().toLowerCase();
  return value === '_blank' || value === '_self' ? value : undefined;
}

type RawAttribute = readonly [name: string, value: string];

function cleanAttributes(tag: string, raw: readonly RawAttribute[]): Record<string, string> {
  const attrs: Record<string, string> = {};
  const given = new Map<string, string>();
  for (const [name, value] of raw) if (!given.has(name)) given.set(name, decodeEntities(value));
  for (const [name, value] of given) if (GLOBAL_ATTRIBUTES.has(name)) attrs[name] = value;
  if (tag === 'a') {
    const href = given.get('href');
    if (href !== undefined && isSafeUrl(href)) attrs.href = href.trim();
    const target = linkTarget(given.get('target'));
    if (target) attrs.target = target;
    const rel = linkRel(given.get('rel'), target);
    if (rel) attrs.rel = rel;
  }
  return attrs;
}

/** Sticky patterns, matched at a position of the source (no slicing: linear in the input). */
const TAG_NAME = /[a-zA-Z][^\s/>]*/y;
const ATTRIBUTE = /[\s/]*([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*)))?/y;

function matchAt(pattern: RegExp, source: string, position: number): RegExpExecArray | null {
  pattern.lastIndex = position;
  return pattern.exec(source);
}

interface OpenElement {
  tag: string;
  attrs: Record<string, string>;
  children: SafeNode[];
}

/** Parses untrusted HTML into the allowed tree (see the module comment). */
export function sanitizeHtml(html: string | null | undefined): SafeNode[] {
  const root: OpenElement = { tag: '#root', attrs: {}, children: [] };
  const stack: OpenElement[] = [root];
  const text = (value: string) => {
    if (!value) return;
    const parent = stack.at(-1)!;
    const decoded = decodeEntities(value);
    const last = parent.children.at(-1);
    if (typeof last === 'string') parent.children[parent.children.length - 1] = last + decoded;
    else parent.children.push(decoded);
  };
  /** Inside a dropped element: its name and how many of that name are open. */
  let dropping: { tag: string; depth: number } | null = null;
  const source = html ?? '';
  let position = 0;

  while (position < source.length) {
    const open = source.indexOf('<', position);
    if (open === -1) {
      if (!dropping) text(source.slice(position));
      break;
    }
    if (!dropping) text(source.slice(position, open));
    position = open;

    if (source.startsWith('<!--', open)) {
      const end = source.indexOf('-->', open + 4);
      position = end === -1 ? source.length : end + 3;
      continue;
    }
    if (source[open + 1] === '!' || source[open + 1] === '?') {
      const end = source.indexOf('>', open);
      position = end === -1 ? source.length : end + 1;
      continue;
    }
    const closing = source[open + 1] === '/';
    const name = matchAt(TAG_NAME, source, open + (closing ? 2 : 1))?.[0];
    if (!name) {
      // A "<" that starts no tag is text.
      if (!dropping) text('<');
      position = open + 1;
      continue;
    }
    const tag = name.toLowerCase();
    // The attributes, up to the ">" that ends the tag (quoted values may contain ">").
    let cursor = open + (closing ? 2 : 1) + name.length;
    const attributes: RawAttribute[] = [];
    for (;;) {
      const match = matchAt(ATTRIBUTE, source, cursor);
      if (!match) break;
      attributes.push([match[1]!.toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '']);
      cursor += match[0].length;
    }
    const end = source.indexOf('>', cursor);
    if (end === -1) {
      position = source.length;
      break;
    }
    const selfClosing = source[end - 1] === '/';
    position = end + 1;

    if (dropping) {
      if (tag === dropping.tag) dropping.depth += closing ? -1 : selfClosing ? 0 : 1;
      if (dropping.depth === 0) dropping = null;
      continue;
    }
    if (closing) {
      let index = stack.length - 1;
      while (index > 0 && stack[index]!.tag !== tag) index--;
      if (index > 0) stack.length = index;
      continue;
    }
    if (RAW_TEXT.has(tag)) {
      // Raw text ends only at its own end tag, whatever it contains.
      const endPattern = new RegExp(`</${tag}[\\s/>]`, 'gi');
      endPattern.lastIndex = position;
      const endTag = endPattern.exec(source);
      position = endTag ? endTag.index + endTag[0].length : source.length;
      if (endTag && !endTag[0].endsWith('>')) {
        const close = source.indexOf('>', position);
        position = close === -1 ? source.length : close + 1;
      }
      continue;
    }
    if (DROPPED.has(tag)) {
      if (!selfClosing) dropping = { tag, depth: 1 };
      continue;
    }
    if (!ALLOWED.has(tag) || stack.length > MAX_DEPTH) continue;
    const element: OpenElement = { tag, attrs: cleanAttributes(tag, attributes), children: [] };
    stack.at(-1)!.children.push(element);
    if (!VOID.has(tag) && !selfClosing) stack.push(element);
  }
  return root.children;
}

/** The text of a sanitised tree, blocks separated by spaces (for previews and labels). */
export function textOf(nodes: readonly SafeNode[]): string {
  const parts: string[] = [];
  const walk = (list: readonly SafeNode[]) => {
    for (const node of list) {
      if (typeof node === 'string') parts.push(node);
      else {
        walk(node.children);
        parts.push(' ');
      }
    }
  };
  walk(nodes);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/**
 * React elements for a sanitised tree. `links: false` draws links as plain spans, for a preview
 * inside a button (interactive content must not nest).
 */
export function renderSafeNodes(nodes: readonly SafeNode[], options: { links?: boolean } = {}): ReactNode[] {
  const links = options.links ?? true;
  return nodes.map((node, index) => {
    if (typeof node === 'string') return node;
    if (node.tag === 'a' && !links)
      return createElement('span', { key: index }, ...renderSafeNodes(node.children, options));
    const children = VOID.has(node.tag) ? [] : renderSafeNodes(node.children, options);
    return createElement(node.tag, { key: index, ...node.attrs }, ...children);
  });
}
