import { MEDIA_ROUTES } from '@atrium/contract/routes';
import type { Json } from '@atrium/contract/types';
import { type NodeViewProps, NodeViewWrapper, ReactNodeViewRenderer } from '@tiptap/react';
import { BLOCK_PREVIEWS, BlockPreview } from './block-previews.js';
import { GalleryNode, ImageNode, UnknownNode, VideoNode } from './schema.js';

/**
 * How the editor shows its atom nodes (React node views): images and galleries from the media
 * store, videos by their address, the blocks it keeps without editing as a preview of each
 * (block-previews.tsx: audio, file, HTML, embed, map, poll, button), others as a read-only card. Text from the
 * document is shown as text, never as HTML.
 */

const obj = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The media store's URL of a `src` (`{ id }` of the media store, or `{ url }`). */
export function mediaUrl(src: unknown): string | undefined {
  const source = obj(src);
  if (str(source.id)) return MEDIA_ROUTES.base + encodeURIComponent(str(source.id));
  const url = str(source.url);
  return /^https?:\/\//i.test(url) || url.startsWith('/') ? url : undefined;
}

function ImageView({ node, selected }: NodeViewProps) {
  const data = obj(obj(node.attrs.rc).imageData);
  const src = mediaUrl(obj(data.image).src);
  const alt = str(data.altText);
  return (
    <NodeViewWrapper className={`rc-atom rc-image${selected ? ' is-selected' : ''}`} data-drag-handle="">
      {src ? <img src={src} alt={alt} /> : <span className="rc-atom-label">Image without a source</span>}
      <span className="rc-atom-caption">
        {alt ? `Alt text: ${alt}` : 'No alt text yet: select the image to add one.'}
      </span>
    </NodeViewWrapper>
  );
}

function VideoView({ node, selected }: NodeViewProps) {
  const data = obj(obj(node.attrs.rc).videoData);
  const url = str(obj(obj(data.video).src).url) || str(obj(obj(data.video).src).id);
  return (
    <NodeViewWrapper className={`rc-atom rc-video${selected ? ' is-selected' : ''}`} data-drag-handle="">
      <span className="rc-atom-label">Video</span>
      <span className="rc-atom-caption">{str(data.title) || url || 'No address'}</span>
      {str(data.title) && <span className="rc-atom-caption">{url}</span>}
    </NodeViewWrapper>
  );
}

function GalleryView({ node, selected }: NodeViewProps) {
  const items = (obj(obj(node.attrs.rc).galleryData).items as unknown[] | undefined) ?? [];
  return (
    <NodeViewWrapper className={`rc-atom rc-gallery${selected ? ' is-selected' : ''}`} data-drag-handle="">
      <span className="rc-atom-label">
        Gallery of {items.length} {items.length === 1 ? 'image' : 'images'}
      </span>
      <span className="rc-gallery-grid">
        {items.map((item, index) => {
          const entry = obj(item);
          const src = mediaUrl(obj(obj(entry.image).media).src);
          return src ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gallery's items have no ids
            <img key={index} src={src} alt={str(entry.altText)} />
          ) : null;
        })}
      </span>
    </NodeViewWrapper>
  );
}

const TYPE_NAMES: Record<string, string> = {
  AUDIO: 'Audio',
  FILE: 'File',
  GIF: 'GIF',
  HTML: 'HTML embed',
  EMBED: 'Embed',
  LINK_PREVIEW: 'Link preview',
  MAP: 'Map',
  POLL: 'Poll',
  APP_EMBED: 'App embed',
  BUTTON: 'Button',
  LAYOUT: 'Layout',
  CARD: 'Card',
  TOC: 'Table of contents',
  SMART_BLOCK: 'Smart block',
  SHAPE: 'Shape',
};

/** Words of a node, for the read-only card (text nodes only). */
function textOf(node: unknown, limit = 160): string {
  let out = '';
  const visit = (value: unknown) => {
    if (out.length >= limit) return;
    const entry = obj(value);
    const text = str(obj(entry.textData).text);
    if (text) out += `${text} `;
    for (const child of (entry.nodes as unknown[] | undefined) ?? []) visit(child);
  };
  visit(node);
  return out.trim().slice(0, limit);
}

function UnknownView({ node, selected }: NodeViewProps) {
  const rc = obj(node.attrs.rc);
  const type = str(rc.type);
  const words = textOf(rc);
  // Audio, file, HTML, embed, map, poll and button: a preview of each (block-previews.tsx).
  if (BLOCK_PREVIEWS[type]) {
    return (
      <NodeViewWrapper
        className={`rc-atom rc-preview rc-preview-${type.toLowerCase()}${selected ? ' is-selected' : ''}`}
        data-drag-handle=""
        data-block-type={type}
      >
        <span className="rc-atom-label">{TYPE_NAMES[type] ?? type}</span>
        <BlockPreview rc={rc} />
        <span className="rc-atom-caption">Kept as it is: the editor does not change this block.</span>
      </NodeViewWrapper>
    );
  }
  return (
    <NodeViewWrapper className={`rc-atom rc-unknown${selected ? ' is-selected' : ''}`} data-drag-handle="">
      <span className="rc-atom-label">{TYPE_NAMES[type] ?? (type || 'Block')} (kept as it is)</span>
      <span className="rc-atom-caption">
        The editor cannot change this block; it is saved exactly as it was.{words ? ` “${words}”` : ''}
      </span>
    </NodeViewWrapper>
  );
}

/** The atom nodes with their React views: passed to editorExtensions as overrides. */
export const NODE_VIEW_OVERRIDES = [
  ImageNode.extend({ addNodeView: () => ReactNodeViewRenderer(ImageView) }),
  VideoNode.extend({ addNodeView: () => ReactNodeViewRenderer(VideoView) }),
  GalleryNode.extend({ addNodeView: () => ReactNodeViewRenderer(GalleryView) }),
  UnknownNode.extend({ addNodeView: () => ReactNodeViewRenderer(UnknownView) }),
];
