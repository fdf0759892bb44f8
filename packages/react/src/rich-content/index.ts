/**
 * `@atrium/react/rich-content`: `<RichContent>` renders a rich content document (docs/blog-wire.md §D),
 * from a REST read (`id`) or a webhook event (`_id`). Its own entry point, so pages without posts do
 * not ship it (bench/bundle `rich-content`: ~12 KiB gzipped with `@atrium/sdk/media`, React aside).
 *
 *   import { RichContent } from '@atrium/react/rich-content';
 *   import '@atrium/react/rich-content.css'; // optional
 *
 *   <RichContent
 *     content={post.richContent}
 *     media={createMedia({ platformUrl })}                     // default: the hosted media host
 *     components={{ GALLERY: AppGallery, BUTTON: MyButton }}   // node type → renderer
 *     decorations={{ MENTION: MemberLink }}                    // decoration type → renderer
 *     pollResults={{ [pollId]: { [optionId]: votes } }}
 *     labels={{ spoiler: 'Afficher' }}
 *   />
 *
 * - Every node type and decoration has a default renderer (DEFAULT_COMPONENTS, DEFAULT_DECORATIONS);
 *   an override gets the node, its data field (`{}` when absent), its id, its DOM id, its rendered
 *   children, its ancestors and the shared context. Unknown node types render their children.
 * - The `Gallery` component is not imported here: pass it through `components.GALLERY`, with
 *   `richGalleryItems(data)` turning the node's items into its items.
 * - Safety: nothing from a document is injected as HTML. HTML nodes and oEmbed HTML go to `srcdoc`
 *   of iframes sandboxed without `allow-same-origin`; YouTube (youtube-nocookie.com) and Vimeo
 *   (dnt=1) play in sandboxed iframes; `javascript:`, `data:` and other schemes are dropped from
 *   every href and src; colours, lengths and font names reach inline styles only when they match a
 *   strict pattern.
 * - Server rendering: no `window`/`document` during render; ids come from node ids and `useId`, so
 *   `renderToString` and the first client render agree (hydration without warnings).
 * - Styling: class names `atrium-rc-…` and data attributes; values from the document (alignment,
 *   colours, sizes, spans, indentation) are inline styles or custom properties. The structural CSS
 *   (12-column layout grid and its narrow-screen stacking, spoiler blur, cards, dividers) is a small
 *   stylesheet, `@atrium/react/rich-content.css`, themed by custom properties (`--atrium-rc-gap`,
 *   `--atrium-rc-indent`, `--atrium-rc-accent-color`, `--atrium-rc-radius`, …); without it the
 *   content is plain, readable HTML.
 */
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
