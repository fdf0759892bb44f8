import type { Json } from '@atrium/contract/types';
import {
  childrenOf,
  copy,
  isObject,
  objectOr,
  type PmMark,
  type PmNode,
  type RichDocument,
} from './convert-json.js';

/** The editor's ProseMirror JSON → rich content (the saving half of convert.ts). */

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
