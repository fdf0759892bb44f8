import type { Json } from '@atrium/contract/types';
import type { Schema } from '@tiptap/pm/model';
import { childrenOf, isObject, objectOr, type PmMark, type PmNode, withoutChildren } from './convert-json.js';
import { editorSchema } from './schema.js';

/** Rich content → the editor's ProseMirror JSON (the loading half of convert.ts). */

class NotEditable extends Error {}
const refuse = (why: string): never => {
  throw new NotEditable(why);
};

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
  /** A `type` container of `partType` parts: every child an `expected` node (else refused: `why`). */
  const containerOf = (
    type: string,
    partType: string,
    expected: string,
    why: string,
    content: (child: Json) => PmNode[],
  ) =>
    container(
      type,
      {},
      each(children, expected, why, (child) => part(partType, child, content(child))),
    );
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
      return containerOf('table', 'tableRow', 'TABLE_ROW', 'a table holds rows', (row) =>
        each(childrenOf(row), 'TABLE_CELL', 'a row holds cells', (cell) => tableCell(cell, schema)),
      );
    case 'COLLAPSIBLE_LIST':
      return containerOf(
        'collapsibleList',
        'collapsibleItem',
        'COLLAPSIBLE_ITEM',
        'a collapsible list holds items',
        (item) => childrenOf(item).map((itemPart) => collapsiblePart(itemPart, schema)),
      );
    default:
      return refuse(`no editor for ${String(node.type)}`);
  }
}

/** Every one of `nodes`, each of which must be an `expected` node (else refused: `why`), as `toNode` makes it. */
function each(nodes: Json[], expected: string, why: string, toNode: (node: Json) => PmNode): PmNode[] {
  return nodes.map((node) => {
    if (node.type !== expected) refuse(why);
    return toNode(node);
  });
}

/** A part of a container block (a row, a cell, an item): `rc` its rich content node without children. */
const part = (type: string, node: Json, content: PmNode[], attrs: Json = {}): PmNode => ({
  type,
  attrs: { ...attrs, rc: withoutChildren(node) },
  content,
});

function tableCell(cell: Json, schema: Schema): PmNode {
  const data = objectOr(cell.tableCellData);
  const span = (value: unknown) => (typeof value === 'number' && value >= 1 ? value : 1);
  const attrs = { colspan: span(data.colspan), rowspan: span(data.rowspan), colwidth: null };
  return part('tableCell', cell, blocks(childrenOf(cell), schema), attrs);
}

function collapsiblePart(itemPart: Json, schema: Schema): PmNode {
  const type =
    itemPart.type === 'COLLAPSIBLE_ITEM_TITLE'
      ? 'collapsibleItemTitle'
      : itemPart.type === 'COLLAPSIBLE_ITEM_BODY'
        ? 'collapsibleItemBody'
        : refuse('an item is a title and a body');
  return part(type, itemPart, blocks(childrenOf(itemPart), schema));
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
