import type { Json } from '@atrium/contract/types';
import { Editor } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { everyNodeDocument } from '../../../seed/demo-blog-every-node.js';
import { fromEditorDocument, type PmNode, toEditorDocument } from './convert.js';
import { editorExtensions } from './schema.js';

const paragraph = (id: string, text: string, decorations: Json[] = []): Json => ({
  type: 'PARAGRAPH',
  id,
  nodes: [{ type: 'TEXT', id: `${id}-t`, nodes: [], textData: { text, decorations } }],
  paragraphData: {},
});

function throughEditor(document: Json, edit?: (editor: Editor) => void): Json {
  const editor = new Editor({ extensions: editorExtensions(), content: toEditorDocument(document) });
  try {
    edit?.(editor);
    return fromEditorDocument(editor.getJSON() as PmNode, document);
  } finally {
    editor.destroy();
  }
}

describe('unknown nodes', () => {
  it('are kept exactly, children, odd fields and key order included', () => {
    const poll = {
      id: 'poll',
      type: 'POLL',
      nodes: [{ type: 'TEXT', id: 'inside', textData: { text: 'x', decorations: [{ type: 'WHATEVER' }] } }],
      pollData: { poll: { id: 'p', options: [{ id: 'o1', title: 'A' }] }, extra: [null, 1.5, 'NaN'] },
      style: { paddingTop: '4px' },
      unknownField: { _id: 'kept' },
    };
    const document = {
      nodes: [paragraph('a', 'before'), poll, { type: 'NOT_A_TYPE_ANYONE_KNOWS', id: 'z', nodes: [] }],
      metadata: { version: 1, id: 'doc' },
    };
    const editorDoc = toEditorDocument(document);
    expect(editorDoc.content?.map((node) => node.type)).toEqual(['paragraph', 'rcUnknown', 'rcUnknown']);
    const saved = throughEditor(document);
    expect(saved).toEqual(document);
    expect(JSON.stringify((saved.nodes as Json[])[1])).toBe(JSON.stringify(poll));
  });

  it('a list item holding what a list item cannot hold keeps the whole list as it was', () => {
    const list = {
      type: 'BULLETED_LIST',
      id: 'l',
      nodes: [{ type: 'LIST_ITEM', id: 'i', nodes: [{ type: 'AUDIO', id: 'au', nodes: [], audioData: {} }] }],
      bulletedListData: { indentation: 0 },
    };
    expect(toEditorDocument({ nodes: [list] }).content?.[0]?.type).toBe('rcUnknown');
    expect(throughEditor({ nodes: [list] })).toEqual({ nodes: [list] });
  });

  it('the demo post holding every node type comes back identical', () => {
    const document = everyNodeDocument(
      {
        images: [{ id: 'a.png', width: 10, height: 10 }],
        pdf: { id: 'f.pdf', filename: 'f.pdf', sizeBytes: 100 },
        audio: { id: 'a.wav', seconds: 3 },
        shape: { id: 's.png', width: 240, height: 240 },
        gif: {
          gif: 'data:image/gif;base64,R0lGOD',
          still: 'data:image/png;base64,iVBOR',
          width: 1,
          height: 1,
        },
      },
      '2026-01-01T00:00:00.000Z',
    );
    expect(throughEditor(document)).toEqual(document);
  });
});

describe('editing', () => {
  it('typed text, marks and new blocks are saved with their decorations and fresh unique ids', () => {
    const document = { nodes: [paragraph('a', 'Hello')], metadata: { id: 'doc' } };
    const saved = throughEditor(document, (editor) => {
      editor.chain().setTextSelection(6).insertContent({ type: 'text', text: ' world' }).run();
      editor.chain().setTextSelection({ from: 1, to: 6 }).toggleBold().run();
      editor.chain().setTextSelection(12).splitBlock().insertContent({ type: 'text', text: 'Second' }).run();
      editor.chain().selectAll().run();
    });
    const nodes = saved.nodes as Json[];
    expect(nodes).toHaveLength(2);
    const first = nodes[0]!.nodes as Json[];
    expect(first.map((text) => (text.textData as Json).text)).toEqual(['Hello', ' world']);
    expect((first[0]!.textData as Json).decorations).toEqual([{ type: 'BOLD', fontWeightValue: 700 }]);
    expect(nodes[0]!.id).toBe('a');
    expect(nodes[1]!.id).toMatch(/^[a-z0-9]{8}$/);
    expect(saved.metadata).toEqual({ id: 'doc' });
  });

  it('links, colours, checked items and heading levels are written back', () => {
    const document = {
      nodes: [
        {
          type: 'HEADING',
          id: 'h',
          nodes: [{ type: 'TEXT', id: 't', nodes: [], textData: { text: 'Title', decorations: [] } }],
          headingData: { level: 2 },
        },
      ],
    };
    const saved = throughEditor(document, (editor) => {
      editor.chain().setTextSelection({ from: 1, to: 6 }).setHeading({ level: 3 }).run();
      editor.chain().setTextSelection({ from: 1, to: 3 }).setLink({ href: 'https://example.com/' }).run();
      editor.chain().setTextSelection({ from: 3, to: 6 }).setColor('#ff0000').run();
    });
    const heading = (saved.nodes as Json[])[0]!;
    expect(heading.headingData).toEqual({ level: 3 });
    const texts = heading.nodes as Json[];
    expect(texts.map((text) => (text.textData as Json).text)).toEqual(['Ti', 'tle']);
    expect((texts[0]!.textData as Json).decorations).toEqual([
      {
        type: 'LINK',
        linkData: { link: { url: 'https://example.com/', target: 'BLANK', rel: { noreferrer: true } } },
      },
    ]);
    expect((texts[1]!.textData as Json).decorations).toEqual([
      { type: 'COLOR', colorData: { foreground: '#ff0000' } },
    ]);
  });

  it('a line break inside a paragraph is a hard break in the editor and a newline when saved', () => {
    const document = { nodes: [paragraph('p', 'one\ntwo')] };
    const editorDoc = toEditorDocument(document);
    expect(editorDoc.content?.[0]?.content?.map((node) => node.type)).toEqual(['text', 'hardBreak', 'text']);
    expect(throughEditor(document)).toEqual(document);
  });
});
