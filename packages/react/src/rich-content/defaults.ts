import { TextNode } from './decorations.js';
import { EMBED_NODES } from './embeds.js';
import { MEDIA_NODES } from './media-nodes.js';
import { TEXT_BLOCKS } from './nodes.js';
import type { RichContentComponents } from './types.js';

/** The default renderer of every node type of docs/blog-wire.md §D.3. */
export const DEFAULT_COMPONENTS: RichContentComponents = {
  TEXT: TextNode,
  ...TEXT_BLOCKS,
  ...MEDIA_NODES,
  ...EMBED_NODES,
};
