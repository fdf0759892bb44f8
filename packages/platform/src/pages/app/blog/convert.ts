import type { Schema } from '@tiptap/pm/model';
import { editorSchema } from './schema.js';

/**
 * Rich content documents (blog-wire.md §D) ⇄ the editor's ProseMirror JSON. Pure: no DOM, no React.
 *
 * Loading keeps, on every editor node and mark, the rich content node or decoration it came from
 * (`attrs.rc`, children left out); saving starts from it and writes back only what the editor
 * edits (text, heading level, list start, checked, colspans, link URLs, colours). A node the editor
 * cannot hold (an AUDIO, a POLL, a list holding something a list item cannot) becomes `rcUnknown`,
 * an atom holding the node's JSON, saved exactly as loaded.
 *
 * A document the editor produced comes back identical (the property test, convert.property.test.ts),
 * given what ProseMirror itself normalises: adjacent text with the same marks is one run, text is
 * never empty, and decorations are listed in DECORATION_ORDER.
 */

export type Json = Record<string, unknown>;
export interface RichDocument extends Json {
  nodes: Json[];
}
export interface PmNode {
  type: string;
  attrs?: Json;
  content?: PmNode[];
  marks?: PmMark[];
  text?: string;
}
export interface PmMark {
  type: string;
  attrs?: Json;
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const objectOr = (value: unknown): Json => (isObject(value) ? value : {});
const childrenOf = (node: Json): Json[] => (Array.isArray(node.nodes) ? node.nodes.filter(isObject) : []);
const withoutChildren = (node: Json): Json => {
  const { nodes: _nodes, ...rest } = node;
  return rest;
};

class NotEditable extends Error {}
const refuse = (why: string): never => {
  throw new NotEditable(why);
};

// ── Rich content → editor ─────────────────────────────────────────────────────────────────────

/** The editor document of a rich content document (an empty one gets one empty paragraph). */
export function toEditorDocument(document: unknown, schema: Schema = editorSchema()): PmNode {
  const nodes = isObject(document) ? childrenOf(document) : [];
  const content = blocks(nodes, schema);
  return {
    type: 'doc',
    content: content.length > 0 ? content : [{ type: 'paragraph', attrs: { rc: null } }],
  };
}

function blocks(nodes: Json[], schema: Schema): PmNode[] {
  return nodes.map((node) => blockOrUnknown(node, schema));
}

/** The block, if the editor's schema takes it as converted; else the node kept as it is. */
function blockOrUnknown(node: Json, schema: Schema): PmNode {
  try {
    const block = toBlock(node, schema);
    schema.nodeFromJSON(block).check();
    return block;
  } catch {
    return { type: 'rcUnknown', attrs: { rc: node } };
  }
}

function toBlock(node: Json, schema: Schema): PmNode {
  const rc = withoutChildren(node);
  const children = childrenOf(node);
  const container = (type: string, attrs: Json = {}, content = blocks(children, schema)): PmNode => ({
    type,
    attrs: { ...attrs, rc },
    content,
  });
  const items = (type: 'listItem' | 'taskItem') =>
    children.map((child) => {
      if (child.type !== 'LIST_ITEM') refuse('a list holds list items');
      const attrs: Json = { rc: withoutChildren(child) };
      if (type === 'taskItem') attrs.checked = objectOr(child.listItemData).checked === true;
      return { type, attrs, content: blocks(childrenOf(child), schema) };
    });
  switch (node.type) {
    case 'PARAGRAPH':
      return { type: 'paragraph', attrs: { rc }, content: inline(children) };
    case 'HEADING': {
      const level = objectOr(node.headingData).level;
      if (typeof level !== 'number' || !Number.isInteger(level) || level < 1 || level > 6) {
        refuse('a heading level is 1 to 6');
      }
      return { type: 'heading', attrs: { level, rc }, content: inline(children) };
    }
    case 'BULLETED_LIST':
      return container('bulletList', {}, items('listItem'));
    case 'ORDERED_LIST': {
      const start = objectOr(node.orderedListData).start;
      return container('orderedList', { start: typeof start === 'number' ? start : 1 }, items('listItem'));
    }
    case 'CHECKBOX_LIST':
      return container('taskList', {}, items('taskItem'));
    case 'BLOCKQUOTE':
      return container('blockquote');
    case 'CODE_BLOCK': {
      if (children.length > 1) refuse('a code block is one text');
      const [text] = children;
      if (text === undefined) return { type: 'codeBlock', attrs: { rc: { node: rc } }, content: [] };
      const data = objectOr(text.textData);
      if (text.type !== 'TEXT' || typeof data.text !== 'string') refuse('a code block holds text');
      if (Array.isArray(data.decorations) && data.decorations.length > 0) refuse('code is not decorated');
      return {
        type: 'codeBlock',
        attrs: { rc: { node: rc, text: textOrigin(text) } },
        content: data.text === '' ? [] : [{ type: 'text', text: data.text as string }],
      };
    }
    case 'DIVIDER':
      return { type: 'horizontalRule', attrs: { rc: node } };
    case 'IMAGE':
      return { type: 'rcImage', attrs: { rc: node } };
    case 'VIDEO':
      return { type: 'rcVideo', attrs: { rc: node } };
    case 'GALLERY':
      return { type: 'rcGallery', attrs: { rc: node } };
    case 'TABLE':
      return container(
        'table',
        {},
        children.map((row) => {
          if (row.type !== 'TABLE_ROW') refuse('a table holds rows');
          return {
            type: 'tableRow',
            attrs: { rc: withoutChildren(row) },
            content: childrenOf(row).map((cell) => {
              if (cell.type !== 'TABLE_CELL') refuse('a row holds cells');
              const data = objectOr(cell.tableCellData);
              const span = (value: unknown) => (typeof value === 'number' && value >= 1 ? value : 1);
              return {
                type: 'tableCell',
                attrs: {
                  colspan: span(data.colspan),
                  rowspan: span(data.rowspan),
                  colwidth: null,
                  rc: withoutChildren(cell),
                },
                content: blocks(childrenOf(cell), schema),
              };
            }),
          };
        }),
      );
    case 'COLLAPSIBLE_LIST':
      return container(
        'collapsibleList',
        {},
        children.map((item) => {
          if (item.type !== 'COLLAPSIBLE_ITEM') refuse('a collapsible list holds items');
          return {
            type: 'collapsibleItem',
            attrs: { rc: withoutChildren(item) },
            content: childrenOf(item).map((part) => {
              const type =
                part.type === 'COLLAPSIBLE_ITEM_TITLE'
                  ? 'collapsibleItemTitle'
                  : part.type === 'COLLAPSIBLE_ITEM_BODY'
                    ? 'collapsibleItemBody'
                    : refuse('an item is a title and a body');
              return {
                type,
                attrs: { rc: withoutChildren(part) },
                content: blocks(childrenOf(part), schema),
              };
            }),
          };
        }),
      );
    default:
      return refuse(`no editor for ${String(node.type)}`);
  }
}

/** A TEXT node without its text and decorations: what the editor keeps of it. */
function textOrigin(text: Json): Json {
  const { text: _text, decorations: _decorations, ...data } = objectOr(text.textData);
  const origin: Json = { ...text, textData: data };
  // Remember whether the list was there, so a text without decorations saves as it came.
  if (Array.isArray(objectOr(text.textData).decorations)) origin.hasDecorations = true;
  return origin;
}

function inline(children: Json[]): PmNode[] {
  const content: PmNode[] = [];
  for (const child of children) {
    const data = objectOr(child.textData);
    if (child.type !== 'TEXT' || typeof data.text !== 'string') refuse('text blocks hold text');
    const marks: PmMark[] = [
      { type: 'rcText', attrs: { rc: textOrigin(child) } },
      ...decorationMarks(Array.isArray(data.decorations) ? data.decorations : []),
    ];
    // Line breaks are hard breaks in the editor; saving joins them back into the text.
    (data.text as string).split('\n').forEach((part, index) => {
      if (index > 0) content.push({ type: 'hardBreak', marks });
      if (part !== '') content.push({ type: 'text', text: part, marks });
    });
  }
  return content;
}

const MARK_OF_DECORATION: Record<string, string> = {
  BOLD: 'bold',
  ITALIC: 'italic',
  UNDERLINE: 'underline',
  STRIKETHROUGH: 'strike',
};

function decorationMarks(decorations: unknown[]): PmMark[] {
  const seen = new Set<string>();
  const marks: PmMark[] = [];
  for (const decoration of decorations) {
    const mark = isObject(decoration) ? decorationMark(decoration) : undefined;
    if (mark && !seen.has(mark.type)) {
      seen.add(mark.type);
      marks.push(mark);
    } else marks.push({ type: 'rcDecoration', attrs: { rc: decoration } });
  }
  return marks;
}

function decorationMark(decoration: Json): PmMark | undefined {
  const type = String(decoration.type);
  const simple = MARK_OF_DECORATION[type];
  if (simple) return { type: simple, attrs: { rc: decoration } };
  if (type === 'LINK') {
    const link = objectOr(objectOr(decoration.linkData).link);
    if (typeof link.url !== 'string' || link.url === '') return undefined;
    return {
      type: 'link',
      attrs: {
        href: link.url,
        target: link.target === 'BLANK' ? '_blank' : null,
        rel: null,
        class: null,
        title: null,
        rc: decoration,
      },
    };
  }
  if (type === 'COLOR') {
    const foreground = objectOr(decoration.colorData).foreground;
    if (typeof foreground !== 'string' || foreground === '') return undefined;
    return { type: 'textStyle', attrs: { color: foreground, rc: decoration } };
  }
  return undefined;
}

// ── Editor → rich content ─────────────────────────────────────────────────────────────────────

/**
 * The rich content document of an editor document. `base` is the document it was loaded from (its
 * metadata and documentStyle are kept). Node ids: kept; new nodes and copies get fresh ones.
 */
export function fromEditorDocument(
  doc: PmNode,
  base?: unknown,
  newId: () => string = randomId,
): RichDocument {
  const nodes = (doc.content ?? []).map(fromBlock);
  uniqueIds(nodes, newId);
  const { nodes: _nodes, ...rest } = isObject(base) ? base : {};
  return { ...rest, nodes };
}

const randomId = (): string => Math.random().toString(36).slice(2, 10).padEnd(8, '0');

/** Gives every non-text node without an id, and every repeated id, a fresh one (ids are unique). */
function uniqueIds(nodes: Json[], newId: () => string): void {
  const seen = new Set<string>();
  const visit = (list: Json[]) => {
    for (const node of list) {
      const id = typeof node.id === 'string' ? node.id : '';
      if (id !== '' && !seen.has(id)) seen.add(id);
      else if (id !== '' || node.type !== 'TEXT') {
        let fresh = newId();
        while (seen.has(fresh)) fresh = newId();
        seen.add(fresh);
        node.id = node.type === 'TEXT' && id === '' ? '' : fresh;
      }
      visit(childrenOf(node));
    }
  };
  visit(nodes);
}

const origin = (node: PmNode): Json | undefined => (isObject(node.attrs?.rc) ? node.attrs.rc : undefined);
const copy = (value: Json): Json => structuredClone(value);

function fromBlock(node: PmNode): Json {
  const rc = origin(node);
  const content = node.content ?? [];
  const blockChildren = () => content.map(fromBlock);
  const make = (fallback: Json, nodes: Json[]): Json => ({ ...(rc ? copy(rc) : fallback), nodes });
  const dataOf = (made: Json, field: string): Json => {
    const data = { ...objectOr(made[field]) };
    made[field] = data;
    return data;
  };
  switch (node.type) {
    case 'paragraph':
      return make({ type: 'PARAGRAPH', id: '', paragraphData: {} }, fromInline(content));
    case 'heading': {
      const made = make({ type: 'HEADING', id: '', headingData: {} }, fromInline(content));
      const level = Number(node.attrs?.level ?? 1);
      if (objectOr(made.headingData).level !== level) dataOf(made, 'headingData').level = level;
      return made;
    }
    case 'bulletList':
      return make({ type: 'BULLETED_LIST', id: '', bulletedListData: { indentation: 0 } }, blockChildren());
    case 'orderedList': {
      const made = make(
        { type: 'ORDERED_LIST', id: '', orderedListData: { indentation: 0 } },
        blockChildren(),
      );
      const start = Number(node.attrs?.start ?? 1);
      const stored = objectOr(made.orderedListData).start;
      if ((typeof stored === 'number' ? stored : 1) !== start) dataOf(made, 'orderedListData').start = start;
      return made;
    }
    case 'taskList':
      return make({ type: 'CHECKBOX_LIST', id: '', checkboxListData: { indentation: 0 } }, blockChildren());
    case 'listItem':
      return make({ type: 'LIST_ITEM', id: '' }, blockChildren());
    case 'taskItem': {
      const made = make({ type: 'LIST_ITEM', id: '' }, blockChildren());
      const checked = node.attrs?.checked === true;
      if ((objectOr(made.listItemData).checked === true) !== checked)
        dataOf(made, 'listItemData').checked = checked;
      return made;
    }
    case 'blockquote':
      return make({ type: 'BLOCKQUOTE', id: '', blockquoteData: { indentation: 0 } }, blockChildren());
    case 'codeBlock': {
      const stored = rc ?? {};
      const text = content.map((child) => child.text ?? '').join('');
      const nodeRc = isObject(stored.node)
        ? copy(stored.node)
        : { type: 'CODE_BLOCK', id: '', codeBlockData: {} };
      if (text === '') return { ...nodeRc, nodes: [] };
      return { ...nodeRc, nodes: [textNode(isObject(stored.text) ? stored.text : undefined, text, [])] };
    }
    case 'horizontalRule':
      return rc
        ? copy(rc)
        : {
            type: 'DIVIDER',
            id: '',
            nodes: [],
            dividerData: { lineStyle: 'SINGLE', width: 'LARGE', alignment: 'CENTER' },
          };
    case 'rcImage':
    case 'rcVideo':
    case 'rcGallery':
    case 'rcUnknown':
      return copy(rc ?? { type: 'PARAGRAPH', id: '', nodes: [], paragraphData: {} });
    case 'table': {
      const made = make({ type: 'TABLE', id: '', tableData: {} }, blockChildren());
      const columns = Math.max(0, ...childrenOf(made).map((row) => childrenOf(row).length));
      const dimensions = objectOr(objectOr(made.tableData).dimensions);
      const ratio = dimensions.colsWidthRatio;
      if (!rc || (Array.isArray(ratio) && ratio.length !== columns)) {
        dataOf(made, 'tableData').dimensions = {
          ...dimensions,
          colsWidthRatio: Array.from({ length: columns }, () => 1),
          rowsHeight: childrenOf(made).map(() => 47),
          colsMinWidth: Array.from({ length: columns }, () => 120),
        };
      }
      return made;
    }
    case 'tableRow':
      return make({ type: 'TABLE_ROW', id: '' }, blockChildren());
    case 'tableCell':
    case 'tableHeader': {
      const made = make({ type: 'TABLE_CELL', id: '', tableCellData: {} }, blockChildren());
      for (const key of ['colspan', 'rowspan'] as const) {
        const value = Number(node.attrs?.[key] ?? 1);
        const stored = objectOr(made.tableCellData)[key];
        if ((typeof stored === 'number' && stored >= 1 ? stored : 1) !== value)
          dataOf(made, 'tableCellData')[key] = value;
      }
      return made;
    }
    case 'collapsibleList':
      return make(
        {
          type: 'COLLAPSIBLE_LIST',
          id: '',
          collapsibleListData: { expandOnlyOne: false, initialExpandedItems: 'FIRST', direction: 'LTR' },
        },
        blockChildren(),
      );
    case 'collapsibleItem':
      return make({ type: 'COLLAPSIBLE_ITEM', id: '' }, blockChildren());
    case 'collapsibleItemTitle':
      return make({ type: 'COLLAPSIBLE_ITEM_TITLE', id: '' }, blockChildren());
    case 'collapsibleItemBody':
      return make({ type: 'COLLAPSIBLE_ITEM_BODY', id: '' }, blockChildren());
    default:
      // Nothing else is in the schema; a paragraph of its text keeps the words if it ever happens.
      return { type: 'PARAGRAPH', id: '', nodes: fromInline(content), paragraphData: {} };
  }
}

function textNode(stored: Json | undefined, text: string, decorations: Json[]): Json {
  if (!stored) return { type: 'TEXT', id: '', nodes: [], textData: { text, decorations } };
  const { hasDecorations, ...node } = copy(stored);
  const textData: Json = { ...objectOr(node.textData), text };
  if (decorations.length > 0 || hasDecorations === true) textData.decorations = decorations;
  return { ...node, textData };
}

/** Decorations in this order, then the kept ones in theirs (the editor's canonical order). */
export const DECORATION_ORDER = ['bold', 'italic', 'underline', 'strike', 'link', 'textStyle'] as const;

function decorationsOf(marks: PmMark[]): Json[] {
  const decorations: Json[] = [];
  for (const type of DECORATION_ORDER) {
    const mark = marks.find((candidate) => candidate.type === type);
    const decoration = mark && decorationOf(mark);
    if (decoration) decorations.push(decoration);
  }
  for (const mark of marks) {
    if (mark.type === 'rcDecoration' && isObject(mark.attrs?.rc)) decorations.push(copy(mark.attrs.rc));
  }
  return decorations;
}

function decorationOf(mark: PmMark): Json | undefined {
  const rc = isObject(mark.attrs?.rc) ? copy(mark.attrs.rc) : undefined;
  switch (mark.type) {
    case 'bold':
      return rc ?? { type: 'BOLD', fontWeightValue: 700 };
    case 'italic':
      return rc ?? { type: 'ITALIC', italicData: true };
    case 'underline':
      return rc ?? { type: 'UNDERLINE', underlineData: true };
    case 'strike':
      return rc ?? { type: 'STRIKETHROUGH', strikethroughData: true };
    case 'link': {
      const href = typeof mark.attrs?.href === 'string' ? mark.attrs.href : '';
      if (href === '') return undefined;
      if (!rc) {
        const target = mark.attrs?.target === '_blank' ? 'BLANK' : 'SELF';
        return { type: 'LINK', linkData: { link: { url: href, target, rel: { noreferrer: true } } } };
      }
      const linkData = objectOr(rc.linkData);
      const link = objectOr(linkData.link);
      if (link.url !== href) rc.linkData = { ...linkData, link: { ...link, url: href } };
      return rc;
    }
    case 'textStyle': {
      const color =
        typeof mark.attrs?.color === 'string' && mark.attrs.color !== '' ? mark.attrs.color : undefined;
      if (!rc) return color ? { type: 'COLOR', colorData: { foreground: color } } : undefined;
      const colorData = objectOr(rc.colorData);
      if (colorData.foreground === color) return rc;
      const { foreground: _foreground, ...others } = colorData;
      if (color === undefined && Object.keys(others).length === 0) return undefined;
      rc.colorData = color === undefined ? others : { ...others, foreground: color };
      return rc;
    }
    default:
      return undefined;
  }
}

/** Text and hard breaks as TEXT nodes: runs of the same origin and decorations joined. */
function fromInline(content: PmNode[]): Json[] {
  const runs: { origin: Json | undefined; key: string; text: string; decorations: Json[] }[] = [];
  for (const child of content) {
    const text = child.type === 'text' ? (child.text ?? '') : child.type === 'hardBreak' ? '\n' : '';
    if (text === '') continue;
    const marks = child.marks ?? [];
    const originMark = marks.find((mark) => mark.type === 'rcText');
    const origin = isObject(originMark?.attrs?.rc) ? originMark.attrs.rc : undefined;
    const decorations = decorationsOf(marks);
    const key = JSON.stringify([origin ?? null, decorations]);
    const last = runs.at(-1);
    if (last && last.key === key) last.text += text;
    else runs.push({ origin, key, text, decorations });
  }
  return runs.map((run) => textNode(run.origin, run.text, run.decorations));
}
