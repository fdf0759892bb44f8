/**
 * `@atrium/react/rich-content`: `<RichContent>` renders a rich content document (blog-wire.md §D) —
 * a separate entry point, so pages without posts do not ship it. It does not import the `Gallery`
 * component: pass it through `components.GALLERY` (see `richGalleryItems`). Class names
 * `atrium-rc-…`; the stylesheet is `@atrium/react/rich-content.css`.
 */

export { DEFAULT_DECORATIONS, type LinkProps, linkProps, Spoiler } from './decorations.js';
export { DEFAULT_COMPONENTS } from './defaults.js';
export { Frame } from './frame.js';
export { richGalleryItems } from './gallery-items.js';
export { MediaFigure, MediaImage } from './media-nodes.js';
export { RichContent, type RichContentProps, renderNodes } from './render.js';
export { safeColor, safeLength, safeUrl } from './safe.js';
export { childrenOf, dataOf, nodeIdOf, textOf } from './tree.js';
export {
  DEFAULT_LABELS,
  type RichContentComponents,
  type RichContentContext,
  type RichContentDecorationComponent,
  type RichContentDecorationComponents,
  type RichContentDecorationProps,
  type RichContentDocument,
  type RichContentFileUrl,
  type RichContentLabels,
  type RichContentNodeComponent,
  type RichContentNodeLike,
  type RichContentNodeProps,
  type RichContentPollResults,
} from './types.js';
