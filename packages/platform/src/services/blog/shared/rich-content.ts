import {
  BLOG_LIMITS,
  RICH_CONTENT_DATA_FIELDS,
  RICH_CONTENT_DECORATION_DATA_FIELDS,
  RICH_CONTENT_DECORATION_TYPES,
  RICH_CONTENT_NODE_DATA_FIELDS,
  RICH_CONTENT_NODE_TYPES,
} from '@atrium/contract';
import type { Json } from '@atrium/contract/types';
import { invalidField } from '../errors.js';

/**
 * Rich content documents (docs/blog-wire.md §D): checked when written, stored as given, never rendered
 * here. The route schema already pins the envelope (known types, data fields are objects); this
 * checks what a schema cannot: each node carries only its own data field, TEXT nodes are leaves,
 * decorations carry their own data, node ids are unique, and the size, depth and node count stay
 * within BLOG_LIMITS. A problem is a 400 naming the node's path (`draftPost.richContent.nodes.3.nodes.0`).
 */

const NODE_TYPES: ReadonlySet<string> = new Set(RICH_CONTENT_NODE_TYPES);
const DATA_FIELDS: ReadonlySet<string> = new Set(RICH_CONTENT_DATA_FIELDS);
const NODE_DATA = RICH_CONTENT_NODE_DATA_FIELDS as Record<string, string | null>;
const DECORATION_TYPES: ReadonlySet<string> = new Set(RICH_CONTENT_DECORATION_TYPES);
const DECORATION_DATA = RICH_CONTENT_DECORATION_DATA_FIELDS as Record<string, string | null>;
const DECORATION_FIELDS: ReadonlySet<string> = new Set(
  Object.values(DECORATION_DATA).filter((field): field is string => field !== null),
);

/** A JSON object (not null, not an array). */
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A document as written: checked (checkRichContent), then completed with what the hosted renderers
 * require (withRendererDefaults). Every write of a post's or draft's rich content passes here
 * (applyInput in post-data.ts: create, update, bulk, publish's snapshot, the demo seed).
 */
export function acceptRichContent(document: unknown, at: string): Json {
  checkRichContent(document, at);
  return withRendererDefaults(document);
}

/**
 * Node types whose data carries `containerData` (PluginContainerData), as the reference's published
 * typings list them (`containerData?: PluginContainerData` in ButtonData, DividerData, FileData,
 * GalleryData, GIFData, HTMLData, ImageData, LinkPreviewData, MapData, PollData, AppEmbedData,
 * VideoData, EmbedData, CollapsibleListData, TableData, AudioData, LayoutData and ShapeData of
 * `@wix/auto_sdk_blog_draft-posts`). The hosted editor always writes it; the reference's viewers
 * read it unguarded in places (its `toDraft` form sets `config.size` on POLL, `config.link` on
 * LINK_PREVIEW and BUTTON: a throw when it is missing).
 */
export const CONTAINER_DATA_TYPES: ReadonlySet<string> = new Set([
  'BUTTON',
  'DIVIDER',
  'FILE',
  'GALLERY',
  'GIF',
  'HTML',
  'IMAGE',
  'LINK_PREVIEW',
  'MAP',
  'POLL',
  'APP_EMBED',
  'VIDEO',
  'EMBED',
  'COLLAPSIBLE_LIST',
  'TABLE',
  'AUDIO',
  'LAYOUT',
  'SHAPE',
]);

/**
 * The defaults the hosted editor writes (its plugins' defaults: content width, centred). `textWrap`
 * as the typings document it: "Defaults to `true` for all node types except DIVIDER where it
 * defaults to `false`".
 */
const containerDefaults = (type: string): Json => ({
  width: { size: 'CONTENT' },
  alignment: 'CENTER',
  textWrap: type !== 'DIVIDER',
});

/** Keys whose value is one choice (`width`: a size or a custom width): given, it is kept whole. */
const WHOLE: ReadonlySet<string> = new Set(['width']);

/** Fills `defaults` into `value` where a key is missing (null counts as missing); `value` itself if nothing was. */
function filled(value: Json, defaults: Json): Json {
  let result = value;
  for (const [key, fallback] of Object.entries(defaults)) {
    const current = value[key];
    const next =
      current === undefined || current === null
        ? structuredClone(fallback)
        : isObject(current) && isObject(fallback) && !WHOLE.has(key)
          ? filled(current, fallback)
          : current;
    if (next !== current) {
      if (result === value) result = { ...value };
      result[key] = next;
    }
  }
  return result;
}

/** What else the hosted renderers read from a node's data, with the typings' documented defaults. */
const DATA_DEFAULTS: Readonly<Record<string, Json>> = {
  // The typings' documented defaults (allowMultipleVotes false, showVoters and showVotesCount true,
  // option images off), and the corner radii the hosted editor writes: without them the viewer
  // styles the poll and its options with `border-radius: NaN`.
  POLL: {
    poll: {
      settings: {
        permissions: { allowMultipleVotes: false },
        showVoters: true,
        showVotesCount: true,
      },
    },
    layout: { options: { enableImage: false } },
    design: { poll: { borderRadius: 0 }, options: { borderRadius: 0 } },
  },
};

/**
 * The document with every node's data completed for the hosted renderers: `containerData` (with
 * width, alignment and textWrap) on the types that carry it, and DATA_DEFAULTS. Values given are
 * kept; a node missing its data object gets one. Copy on write: an already complete document is
 * returned as is (no allocation), so that reads can apply it to documents stored before it existed.
 */
export function withRendererDefaults(document: Json): Json {
  const nodes = completedNodes(document.nodes);
  return nodes === document.nodes ? document : { ...document, nodes };
}

function completedNodes(nodes: unknown): unknown {
  if (!Array.isArray(nodes)) return nodes;
  let result: unknown[] = nodes;
  nodes.forEach((node, index) => {
    const next = completedNode(node);
    if (next !== node) {
      if (result === nodes) result = [...nodes];
      result[index] = next;
    }
  });
  return result;
}

function completedNode(node: unknown): unknown {
  if (!isObject(node) || typeof node.type !== 'string') return node;
  let result = node;
  const field = NODE_DATA[node.type] ?? null;
  if (field !== null && (CONTAINER_DATA_TYPES.has(node.type) || DATA_DEFAULTS[node.type])) {
    const given = node[field];
    const data = isObject(given) ? given : {};
    const defaults: Json = {
      ...(DATA_DEFAULTS[node.type] ?? {}),
      ...(CONTAINER_DATA_TYPES.has(node.type) ? { containerData: containerDefaults(node.type) } : {}),
    };
    const next = filled(data, defaults);
    if (next !== node[field]) result = { ...node, [field]: next };
  }
  const children = completedNodes(node.nodes);
  if (children !== node.nodes) result = { ...result, nodes: children };
  return result;
}

export function checkRichContent(document: unknown, at: string): asserts document is Json {
  if (!isObject(document)) throw invalidField(at, 'must be an object ({ nodes, metadata, documentStyle })');
  const bytes = Buffer.byteLength(JSON.stringify(document), 'utf8');
  if (bytes > BLOG_LIMITS.maxRichContentBytes) {
    throw invalidField(
      at,
      `is ${bytes} bytes of JSON; a document holds at most ${BLOG_LIMITS.maxRichContentBytes}`,
      'MAX_SIZE',
    );
  }
  const state = { count: 0, ids: new Set<string>() };
  checkNodes(document.nodes, `${at}.nodes`, 1, state);
}

function checkNodes(nodes: unknown, at: string, depth: number, state: { count: number; ids: Set<string> }) {
  if (nodes === undefined || nodes === null) return;
  if (!Array.isArray(nodes)) throw invalidField(at, 'must be a list of nodes');
  if (nodes.length > 0 && depth > BLOG_LIMITS.maxRichContentDepth) {
    throw invalidField(
      at,
      `nodes are nested deeper than ${BLOG_LIMITS.maxRichContentDepth} levels`,
      'MAX_DEPTH',
    );
  }
  nodes.forEach((node, index) => {
    const where = `${at}.${index}`;
    state.count += 1;
    if (state.count > BLOG_LIMITS.maxRichContentNodes) {
      throw invalidField(
        where,
        `a document holds at most ${BLOG_LIMITS.maxRichContentNodes} nodes`,
        'MAX_ITEMS',
      );
    }
    checkNode(node, where, depth, state);
  });
}

function checkNode(node: unknown, at: string, depth: number, state: { count: number; ids: Set<string> }) {
  if (!isObject(node)) throw invalidField(at, 'must be a node object');
  const type = node.type;
  if (typeof type !== 'string' || !NODE_TYPES.has(type)) {
    throw invalidField(at, `has an unknown node type ${JSON.stringify(type)}`, 'ENUM');
  }
  if (node.id !== undefined && node.id !== null && node.id !== '') {
    if (typeof node.id !== 'string') throw invalidField(`${at}.id`, 'must be a string');
    if (state.ids.has(node.id)) {
      throw invalidField(
        `${at}.id`,
        `repeats the node id ${JSON.stringify(node.id)}; node ids are unique`,
        'UNIQUE',
      );
    }
    state.ids.add(node.id);
  }
  const own = NODE_DATA[type] ?? null;
  for (const [key, value] of Object.entries(node)) {
    if (!DATA_FIELDS.has(key)) continue;
    if (key !== own) {
      throw invalidField(
        `${at}.${key}`,
        own === null ? `a ${type} node carries no data field` : `a ${type} node carries ${own}, not ${key}`,
      );
    }
    if (value !== null && !isObject(value)) throw invalidField(`${at}.${key}`, 'must be an object');
  }
  if (type === 'TEXT') {
    if (Array.isArray(node.nodes) && node.nodes.length > 0) {
      throw invalidField(`${at}.nodes`, 'a TEXT node holds no child nodes');
    }
    const data = node.textData;
    if (isObject(data)) {
      if (data.text !== undefined && typeof data.text !== 'string')
        throw invalidField(`${at}.textData.text`, 'must be a string');
      checkDecorations(data.decorations, `${at}.textData.decorations`);
    }
    return;
  }
  checkNodes(node.nodes, `${at}.nodes`, depth + 1, state);
}

function checkDecorations(decorations: unknown, at: string): void {
  if (decorations === undefined || decorations === null) return;
  if (!Array.isArray(decorations)) throw invalidField(at, 'must be a list of decorations');
  decorations.forEach((decoration, index) => {
    const where = `${at}.${index}`;
    if (!isObject(decoration)) throw invalidField(where, 'must be a decoration object');
    const type = decoration.type;
    if (typeof type !== 'string' || !DECORATION_TYPES.has(type)) {
      throw invalidField(where, `has an unknown decoration type ${JSON.stringify(type)}`, 'ENUM');
    }
    const own = DECORATION_DATA[type] ?? null;
    for (const key of Object.keys(decoration)) {
      if (DECORATION_FIELDS.has(key) && key !== own) {
        throw invalidField(
          `${where}.${key}`,
          own === null
            ? `a ${type} decoration carries no data field`
            : `a ${type} decoration carries ${own}, not ${key}`,
        );
      }
    }
  });
}

/** Node types whose text ends a line of the plain text. */
const INLINE: ReadonlySet<string> = new Set(['TEXT']);

/** The document's text: TEXT nodes in order, one line per block. */
export function plainText(document: unknown): string {
  if (!isObject(document)) return '';
  const lines: string[] = [];
  let line = '';
  const walk = (nodes: unknown) => {
    if (!Array.isArray(nodes)) return;
    for (const node of nodes) {
      if (!isObject(node)) continue;
      if (node.type === 'TEXT') {
        const data = node.textData;
        if (isObject(data) && typeof data.text === 'string') line += data.text;
        continue;
      }
      walk(node.nodes);
      if (!INLINE.has(String(node.type)) && line.trim() !== '') {
        lines.push(line.trim());
        line = '';
      }
    }
  };
  walk(document.nodes);
  if (line.trim() !== '') lines.push(line.trim());
  return lines.join('\n');
}

const WORDS_PER_MINUTE = 200;

export function minutesToRead(text: string): number {
  const words = text.split(/\s+/).filter((word) => word !== '').length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

const EXCERPT_LENGTH = 200;

/** The first characters of the text, cut at a word. */
export function generatedExcerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= EXCERPT_LENGTH) return flat;
  const cut = flat.slice(0, EXCERPT_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A URL slug: lower-case letters and digits of any script, words joined by `-`. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, BLOG_LIMITS.maxSlugLength - 8)
    .replace(/-+$/g, '');
  return slug === '' ? 'post' : slug;
}
