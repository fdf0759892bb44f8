import type { Json } from '@atrium/contract/types';

/** The shapes both directions of convert.ts share: ProseMirror JSON, and reading rich content nodes. */

export interface RichDocument extends Json {
  nodes: Json[];
}
export interface PmNode {
  type: string;
  attrs?: Json;
  content?: PmNode[];
  marks?: PmMark[];
  text?: string;
}
export interface PmMark {
  type: string;
  attrs?: Json;
}

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const objectOr = (value: unknown): Json => (isObject(value) ? value : {});
export const childrenOf = (node: Json): Json[] =>
  Array.isArray(node.nodes) ? node.nodes.filter(isObject) : [];
export const withoutChildren = (node: Json): Json => {
  const { nodes: _nodes, ...rest } = node;
  return rest;
};

/** A copy of a kept rich content node, so that saving never changes what the editor holds. */
export const copy = (value: Json): Json => structuredClone(value);
