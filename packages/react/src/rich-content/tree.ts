import { RICH_CONTENT_NODE_DATA_FIELDS } from '@atrium/contract/routes/rich-content';
import { arr, obj, type Rec, str } from './safe.js';
import type { RichContentNodeLike } from './types.js';

const FIELDS: Readonly<Record<string, string | null>> = RICH_CONTENT_NODE_DATA_FIELDS;

/** `id`, or `_id` (documents from webhook events rename every `id` key). */
export const nodeIdOf = (node: unknown): string | undefined => {
  const n = obj(node);
  return str(n.id) ?? str(n._id);
};

/** A node's children as an array of objects (anything else is skipped). */
export const childrenOf = (node: unknown): RichContentNodeLike[] =>
  arr(obj(node).nodes).filter((child) => obj(child) === child) as RichContentNodeLike[];

/** The node's data field (`paragraphData`, …), `{}` when absent or for types without one. */
export function dataOf(node: RichContentNodeLike): Rec {
  const type = str(node.type);
  const field = type && Object.hasOwn(FIELDS, type) ? FIELDS[type] : undefined;
  return field ? obj((node as Rec)[field]) : obj(undefined);
}

/** The text of a node's TEXT descendants (a heading's title in a table of contents). */
export function textOf(node: RichContentNodeLike, depth = 0): string {
  if (depth > 16) return '';
  const own = str(obj(node.textData).text) ?? '';
  return (
    own +
    childrenOf(node)
      .map((child) => textOf(child, depth + 1))
      .join('')
  );
}
