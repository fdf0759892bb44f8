import type { Json } from '@atrium/contract/types';
import { Editor } from '@tiptap/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromEditorDocument, toEditorDocument } from './convert.js';
import { editorExtensions, editorSchema } from './schema.js';

/**
 * Rich content → editor → rich content is the identity for documents of every node the editor
 * edits, with every decoration it edits (and decorations it only keeps). Each document goes through
 * a headless Tiptap editor (the same extensions as the console's) and, separately, through
 * ProseMirror's schema alone.
 */

let ids = 0;
const id = () => fc.constant(null).map(() => `n${++ids}`);

const text = fc.stringMatching(/^[a-zA-Z0-9 .,!?é€\n]{1,12}$/).filter((value) => value.trim() !== '');
const color = fc.constantFrom('#ff0000', '#1f2328', '#0a7d32');
const url = fc.constantFrom('https://example.com/', 'https://example.com/a?b=1', 'mailto:a@example.com');

/** Decorations in the editor's order: bold, italic, underline, strikethrough, link, colour, then kept ones. */
const decorations: fc.Arbitrary<Json[]> = fc
  .record({
    bold: fc.boolean(),
    italic: fc.boolean(),
    underline: fc.boolean(),
    strike: fc.boolean(),
    link: fc.option(fc.record({ url, target: fc.constantFrom('BLANK', 'SELF') }), { nil: undefined }),
    color: fc.option(fc.record({ foreground: color, background: fc.option(color, { nil: undefined }) }), {
      nil: undefined,
    }),
    superscript: fc.boolean(),
    fontSize: fc.option(fc.integer({ min: 8, max: 40 }), { nil: undefined }),
  })
  .map((d) => {
    const list: Json[] = [];
    if (d.bold) list.push({ type: 'BOLD', fontWeightValue: 700 });
    if (d.italic) list.push({ type: 'ITALIC', italicData: true });
    if (d.underline) list.push({ type: 'UNDERLINE', underlineData: true });
    if (d.strike) list.push({ type: 'STRIKETHROUGH', strikethroughData: true });
    if (d.link) list.push({ type: 'LINK', linkData: { link: { url: d.link.url, target: d.link.target } } });
    if (d.color) {
      const colorData: Json = { foreground: d.color.foreground };
      if (d.color.background) colorData.background = d.color.background;
      list.push({ type: 'COLOR', colorData });
    }
    if (d.superscript) list.push({ type: 'SUPERSCRIPT', superscriptData: true });
    if (d.fontSize) list.push({ type: 'FONT_SIZE', fontSizeData: { unit: 'PX', value: d.fontSize } });
    return list;
  });

const textNode = fc.tuple(id(), text, decorations).map(([nodeId, value, decos]) => ({
  type: 'TEXT',
  id: nodeId,
  nodes: [],
  textData: { text: value, decorations: decos },
}));

const inline = fc.array(textNode, { minLength: 0, maxLength: 3 });
const paragraph = fc.tuple(id(), inline).map(([nodeId, nodes]) => ({
  type: 'PARAGRAPH',
  id: nodeId,
  nodes,
  paragraphData: { textStyle: { textAlignment: 'AUTO' } },
}));
const heading = fc.tuple(id(), inline, fc.integer({ min: 1, max: 6 })).map(([nodeId, nodes, level]) => ({
  type: 'HEADING',
  id: nodeId,
  nodes,
  headingData: { level, textStyle: { textAlignment: 'AUTO' } },
}));
const codeBlock = fc
  .tuple(id(), id(), fc.stringMatching(/^[a-z =();\n]{1,30}$/))
  .map(([nodeId, textId, code]) => ({
    type: 'CODE_BLOCK',
    id: nodeId,
    nodes: [{ type: 'TEXT', id: textId, nodes: [], textData: { text: code, decorations: [] } }],
    codeBlockData: { textStyle: { textAlignment: 'LEFT' } },
  }));
const divider = id().map((nodeId) => ({
  type: 'DIVIDER',
  id: nodeId,
  nodes: [],
  dividerData: { lineStyle: 'SINGLE', width: 'LARGE', alignment: 'CENTER' },
}));
const image = fc.tuple(id(), fc.string({ maxLength: 20 })).map(([nodeId, altText]) => ({
  type: 'IMAGE',
  id: nodeId,
  nodes: [],
  imageData: {
    image: { src: { id: `${nodeId}.png` }, width: 640, height: 360 },
    altText,
    containerData: { width: { size: 'CONTENT' }, alignment: 'CENTER', textWrap: true },
  },
}));
const video = fc.tuple(id(), url).map(([nodeId, src]) => ({
  type: 'VIDEO',
  id: nodeId,
  nodes: [],
  videoData: { video: { src: { url: src } }, options: { showControls: true } },
}));
const gallery = fc.tuple(id(), fc.integer({ min: 1, max: 4 })).map(([nodeId, count]) => ({
  type: 'GALLERY',
  id: nodeId,
  nodes: [],
  galleryData: {
    items: Array.from({ length: count }, (_, index) => ({
      image: { media: { src: { id: `g${index}.jpg` }, width: 10, height: 10 } },
      altText: `picture ${index}`,
    })),
    options: { layout: { type: 'GRID', numberOfColumns: 3 } },
  },
}));
/** Nodes the editor does not edit: kept as they are. */
const unknown = fc.tuple(id(), fc.constantFrom('AUDIO', 'POLL', 'HTML', 'BUTTON')).map(([nodeId, type]) => ({
  type,
  id: nodeId,
  nodes: [],
  [`${type.toLowerCase()}Data`]: { anything: { goes: [1, 'two', null, { deep: true }] } },
}));

const { block } = fc.letrec<{ block: Json; list: Json; item: Json; table: Json; collapsible: Json }>(
  (tie) => ({
    block: fc.oneof(
      { maxDepth: 3, depthIdentifier: 'block' },
      paragraph,
      heading,
      codeBlock,
      divider,
      image,
      video,
      gallery,
      unknown,
      tie('list'),
      fc.tuple(id(), fc.array(tie('block'), { minLength: 1, maxLength: 2 })).map(([nodeId, nodes]) => ({
        type: 'BLOCKQUOTE',
        id: nodeId,
        nodes,
        blockquoteData: { indentation: 0 },
      })),
      tie('table'),
      tie('collapsible'),
    ),
    item: fc
      .tuple(
        id(),
        paragraph,
        fc.array(tie('block'), { maxLength: 1 }),
        fc.option(fc.boolean(), { nil: undefined }),
      )
      .map(([nodeId, first, rest, checked]) => ({
        type: 'LIST_ITEM',
        id: nodeId,
        nodes: [first, ...rest],
        ...(checked === undefined ? {} : { listItemData: { checked } }),
      })),
    list: fc
      .tuple(
        id(),
        fc.constantFrom('BULLETED_LIST', 'ORDERED_LIST', 'CHECKBOX_LIST'),
        fc.array(tie('item'), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 9 }),
      )
      .map(([nodeId, type, items, start]) => ({
        type,
        id: nodeId,
        nodes:
          type === 'CHECKBOX_LIST'
            ? items
            : items.map(({ listItemData: _listItemData, ...item }) => item as Json),
        ...(type === 'BULLETED_LIST'
          ? { bulletedListData: { indentation: 0 } }
          : type === 'ORDERED_LIST'
            ? { orderedListData: { indentation: 0, start } }
            : { checkboxListData: { indentation: 0 } }),
      })),
    table: fc
      .tuple(id(), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 }))
      .chain(([nodeId, rows, columns]) =>
        fc
          .array(fc.array(fc.tuple(id(), paragraph), { minLength: columns, maxLength: columns }), {
            minLength: rows,
            maxLength: rows,
          })
          .map((cells) => ({
            type: 'TABLE',
            id: nodeId,
            nodes: cells.map((row, index) => ({
              type: 'TABLE_ROW',
              id: `${nodeId}-r${index}`,
              nodes: row.map(([cellId, content]) => ({
                type: 'TABLE_CELL',
                id: cellId,
                nodes: [content],
                tableCellData: { cellStyle: { verticalAlignment: 'TOP' } },
              })),
            })),
            tableData: {
              dimensions: {
                colsWidthRatio: Array.from({ length: columns }, () => 1),
                rowsHeight: Array.from({ length: rows }, () => 47),
                colsMinWidth: Array.from({ length: columns }, () => 120),
              },
            },
          })),
      ),
    collapsible: fc
      .tuple(
        id(),
        fc.array(
          fc.tuple(id(), id(), id(), paragraph, fc.array(tie('block'), { minLength: 1, maxLength: 2 })),
          { minLength: 1, maxLength: 2 },
        ),
      )
      .map(([nodeId, items]) => ({
        type: 'COLLAPSIBLE_LIST',
        id: nodeId,
        nodes: items.map(([itemId, titleId, bodyId, title, body]) => ({
          type: 'COLLAPSIBLE_ITEM',
          id: itemId,
          nodes: [
            { type: 'COLLAPSIBLE_ITEM_TITLE', id: titleId, nodes: [title] },
            { type: 'COLLAPSIBLE_ITEM_BODY', id: bodyId, nodes: body },
          ],
        })),
        collapsibleListData: { expandOnlyOne: false, initialExpandedItems: 'FIRST', direction: 'LTR' },
      })),
  }),
);

/**
 * What ProseMirror normalises, applied to the generated document: adjacent texts with the same
 * decorations cannot stay apart in the editor, so each text gets an id of its own (then they are
 * kept apart by their origin) — already the case here, since every node has a fresh id.
 */
const documents = fc.array(block, { minLength: 1, maxLength: 5 }).map((nodes) => ({
  nodes,
  metadata: { version: 1, createdTimestamp: '2026-01-01T00:00:00.000Z', id: 'doc' },
  documentStyle: {},
}));

const UNKNOWN_TYPES = new Set(['AUDIO', 'POLL', 'HTML', 'BUTTON']);
const countNodes = (nodes: readonly Json[], test: (node: Json) => boolean): number =>
  nodes.reduce(
    (sum, node) => sum + (test(node) ? 1 : 0) + countNodes((node.nodes as Json[] | undefined) ?? [], test),
    0,
  );
const countEditor = (node: { type: string; content?: unknown[] }, type: string): number =>
  (node.type === type ? 1 : 0) +
  (node.content ?? []).reduce<number>((sum, child) => sum + countEditor(child as never, type), 0);

/** The editor edits every generated node: only the unknown types are kept as atoms. */
function expectEditable(document: { nodes: Json[] }, editorDoc: { type: string; content?: unknown[] }) {
  expect(countEditor(editorDoc, 'rcUnknown')).toBe(
    countNodes(document.nodes, (node) => UNKNOWN_TYPES.has(String(node.type))),
  );
}

const noNewIds = () => {
  throw new Error('the round trip minted an id: a node lost its own');
};

describe('rich content ⇄ editor', () => {
  it('a headless Tiptap editor gives back the document it loaded', () => {
    const editor = new Editor({
      extensions: editorExtensions(),
      content: { type: 'doc', content: [{ type: 'paragraph' }] },
    });
    try {
      fc.assert(
        fc.property(documents, (document) => {
          editor.commands.setContent(toEditorDocument(document), { emitUpdate: false });
          expectEditable(document, editor.getJSON() as never);
          const saved = fromEditorDocument(editor.getJSON() as never, document, noNewIds);
          expect(saved).toEqual(document);
        }),
        { numRuns: 300 },
      );
    } finally {
      editor.destroy();
    }
  });

  it('ProseMirror’s schema alone gives back the document', () => {
    const schema = editorSchema();
    fc.assert(
      fc.property(documents, (document) => {
        const node = schema.nodeFromJSON(toEditorDocument(document));
        node.check();
        expectEditable(document, node.toJSON());
        expect(fromEditorDocument(node.toJSON(), document, noNewIds)).toEqual(document);
      }),
      { numRuns: 300 },
    );
  });
});
