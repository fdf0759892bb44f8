import type { Json } from '@atrium/contract/types';
import type { Editor } from '@tiptap/core';

/** What the toolbar inserts: atoms (an image, a gallery, a video) selected at once, and a collapsible list. */

export const newId = () => Math.random().toString(36).slice(2, 10).padEnd(8, '0');

/** Inserts an atom node and selects it, so that its panel (alt text, …) shows at once. */
export function insertAtom(editor: Editor, rc: Json) {
  editor
    .chain()
    .focus()
    .insertContent({ type: typeName(rc), attrs: { rc } })
    .run();
  let position: number | undefined;
  editor.state.doc.descendants((node, pos) => {
    if ((node.attrs.rc as Json | null)?.id === rc.id) position = pos;
    return position === undefined;
  });
  if (position !== undefined) editor.chain().setNodeSelection(position).run();
}
const typeName = (rc: Json) =>
  rc.type === 'IMAGE' ? 'rcImage' : rc.type === 'VIDEO' ? 'rcVideo' : 'rcGallery';

export function insertCollapsible(editor: Editor) {
  const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
  editor
    .chain()
    .focus()
    .insertContent({
      type: 'collapsibleList',
      content: [
        {
          type: 'collapsibleItem',
          content: [
            { type: 'collapsibleItemTitle', content: [paragraph('Question')] },
            { type: 'collapsibleItemBody', content: [paragraph('Answer')] },
          ],
        },
      ],
    })
    .run();
}
