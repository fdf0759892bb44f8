/**
 * Rich content documents (docs/blog-wire.md §D) ⇄ the editor's ProseMirror JSON. Pure: no DOM, no React.
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
 *
 * Loading is convert-load.ts, saving convert-save.ts, the shapes they share convert-json.ts.
 */
export type { PmMark, PmNode, RichDocument } from './convert-json.js';
export { toEditorDocument } from './convert-load.js';
export { DECORATION_ORDER, fromEditorDocument } from './convert-save.js';
