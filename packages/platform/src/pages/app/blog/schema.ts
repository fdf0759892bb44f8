import { type AnyExtension, Extension, getSchema, Mark, Node } from '@tiptap/core';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { Color, TextStyle } from '@tiptap/extension-text-style';
import type { Schema } from '@tiptap/pm/model';
import { StarterKit } from '@tiptap/starter-kit';

/**
 * The editor's document model: Tiptap's extensions for what the rich content document (docs/blog-wire.md
 * §D) and Tiptap share, and custom nodes for the rest. No React and no DOM here, so the conversion
 * (convert.ts) and its tests use the same schema in Node.
 *
 * Every node and mark carries `rc`: the rich content node (or decoration) it was loaded from, minus
 * its children, so that saving gives back every field the editor does not edit (ids, styles, data).
 * New nodes have `rc: null` and get their defaults when saved. `rc` is never rendered into the DOM.
 */

/** Node names of the editor that map to rich content nodes and keep their origin in `rc`. */
export const RC_NODE_TYPES = [
  'paragraph',
  'heading',
  'bulletList',
  'orderedList',
  'listItem',
  'taskList',
  'taskItem',
  'blockquote',
  'codeBlock',
  'horizontalRule',
  'table',
  'tableRow',
  'tableCell',
  'tableHeader',
] as const;

/** Marks that map to rich content decorations. */
export const RC_MARK_TYPES = ['bold', 'italic', 'underline', 'strike', 'link', 'textStyle'] as const;

const rcAttribute = {
  rc: { default: null, rendered: false, keepOnSplit: false },
};

/** `rc` on every node and mark that has a rich content counterpart. */
const RichContentOrigin = Extension.create({
  name: 'richContentOrigin',
  addGlobalAttributes() {
    return [{ types: [...RC_NODE_TYPES, ...RC_MARK_TYPES], attributes: rcAttribute }];
  },
});

/**
 * The TEXT node a run of text came from (its id and any other field): runs from different TEXT
 * nodes stay apart, and typing inside one extends it.
 */
export const TextOrigin = Mark.create({
  name: 'rcText',
  priority: 10,
  addAttributes: () => ({ rc: { default: null, rendered: false } }),
  parseHTML: () => [],
  renderHTML: () => ['span', 0],
});

/**
 * A decoration the editor does not edit (superscript, mention, font size, …): kept as it was.
 * Several may sit on one text (`excludes: ''`).
 */
export const KeptDecoration = Mark.create({
  name: 'rcDecoration',
  priority: 10,
  excludes: '',
  addAttributes: () => ({ rc: { default: null, rendered: false } }),
  parseHTML: () => [],
  renderHTML: () => ['span', { class: 'rc-kept-decoration' }, 0],
});

/** An atom block holding a rich content node as it is: attrs `rc` is the whole node, children included. */
function atomNode(name: string, tag: string, className: string) {
  return Node.create({
    name,
    group: 'block',
    atom: true,
    selectable: true,
    draggable: true,
    addAttributes: () => ({ rc: { default: null, rendered: false } }),
    parseHTML: () => [],
    renderHTML: () => [tag, { class: className }],
  });
}

/** Nodes the editor cannot edit: shown read-only, saved exactly as they were loaded. */
export const UnknownNode = atomNode('rcUnknown', 'div', 'rc-unknown');
/** IMAGE: the node's `imageData` (media id, size, alt text, …) lives in `rc`. */
export const ImageNode = atomNode('rcImage', 'figure', 'rc-image');
/** VIDEO by URL or media id. */
export const VideoNode = atomNode('rcVideo', 'div', 'rc-video');
/** GALLERY of uploaded images. */
export const GalleryNode = atomNode('rcGallery', 'div', 'rc-gallery');

/**
 * COLLAPSIBLE_LIST › COLLAPSIBLE_ITEM › COLLAPSIBLE_ITEM_TITLE + COLLAPSIBLE_ITEM_BODY: each part a div
 * marked `data-rc-<part>` (class `rc-<part>`), its rich content node kept in `rc`.
 */
function collapsiblePart(name: string, content: string, part: string, group?: string) {
  const marker = `data-rc-${part}`;
  return Node.create({
    name,
    ...(group ? { group } : {}),
    content,
    defining: true,
    addAttributes: () => rcAttribute,
    parseHTML: () => [{ tag: `div[${marker}]` }],
    renderHTML: () => ['div', { [marker]: '', class: `rc-${part}` }, 0],
  });
}
export const CollapsibleList = collapsiblePart('collapsibleList', 'collapsibleItem+', 'collapsible', 'block');
export const CollapsibleItem = collapsiblePart(
  'collapsibleItem',
  'collapsibleItemTitle collapsibleItemBody',
  'collapsible-item',
);
export const CollapsibleItemTitle = collapsiblePart(
  'collapsibleItemTitle',
  'paragraph+',
  'collapsible-title',
);
export const CollapsibleItemBody = collapsiblePart('collapsibleItemBody', 'block+', 'collapsible-body');

/**
 * The extensions of the editor. `overrides` replaces extensions by name (the React editor passes
 * the same nodes with node views); the schema stays the same.
 */
export function editorExtensions(overrides: readonly AnyExtension[] = []): AnyExtension[] {
  const base: AnyExtension[] = [
    StarterKit.configure({
      // Rich content has no inline code decoration, and a trailing paragraph would be saved as one.
      code: false,
      trailingNode: false,
      link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
    }),
    TaskList,
    TaskItem.configure({ nested: true }),
    TextStyle,
    Color,
    Table.configure({ resizable: false }),
    TableRow,
    TableHeader,
    TableCell,
    RichContentOrigin,
    TextOrigin,
    KeptDecoration,
    UnknownNode,
    ImageNode,
    VideoNode,
    GalleryNode,
    CollapsibleList,
    CollapsibleItem,
    CollapsibleItemTitle,
    CollapsibleItemBody,
  ];
  const byName = new Map(overrides.map((extension) => [extension.name, extension]));
  return base.map((extension) => byName.get(extension.name) ?? extension);
}

let schemaCache: Schema | undefined;
/** The editor's ProseMirror schema (the same with or without node views). */
export function editorSchema(): Schema {
  schemaCache ??= getSchema(editorExtensions());
  return schemaCache;
}
