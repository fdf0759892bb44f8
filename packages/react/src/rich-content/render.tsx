import { media as hostedMedia, type MediaHelpers } from '@atrium/sdk/media';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { DEFAULT_COMPONENTS } from './defaults.js';
import { defaultFileUrl } from './media.js';
import { arr, obj, str } from './safe.js';
import { childrenOf, dataOf, nodeIdOf } from './tree.js';
import {
  DEFAULT_LABELS,
  type RichContentComponents,
  type RichContentContext,
  type RichContentDecorationComponents,
  type RichContentDocument,
  type RichContentFileUrl,
  type RichContentLabels,
  type RichContentNodeComponent,
  type RichContentNodeLike,
  type RichContentPollResults,
} from './types.js';

/** Deeper nesting than this renders nothing (a hostile document cannot exhaust the stack). */
const MAX_DEPTH = 48;

/** Every node id a link, anchor decoration or TOC points at (those nodes get a DOM id). */
function anchorTargets(nodes: readonly RichContentNodeLike[]): Set<string> {
  const targets = new Set<string>();
  const visit = (list: readonly unknown[], depth: number): void => {
    if (depth > MAX_DEPTH) return;
    for (const item of list) {
      const node = obj(item);
      const data = dataOf(node as RichContentNodeLike);
      const add = (value: unknown) => {
        const id = str(value);
        if (id) targets.add(id);
      };
      add(obj(data.link).anchor);
      for (const decoration of arr(data.decorations)) {
        const d = obj(decoration);
        add(obj(obj(d.linkData).link).anchor);
        add(obj(d.anchorData).anchor);
      }
      visit(arr(node.nodes), depth + 1);
    }
  };
  visit(nodes, 0);
  return targets;
}

/**
 * The elements of `nodes`, each through its renderer: `context.components[type]`, else the default
 * one, else (an unknown type) its children.
 */
export function renderNodes(
  nodes: readonly RichContentNodeLike[],
  context: RichContentContext,
  ancestors: readonly RichContentNodeLike[] = [],
): ReactNode[] {
  if (ancestors.length > MAX_DEPTH) return [];
  return nodes.map((node, index) => {
    const type = str(node.type) ?? '';
    const nodeId = nodeIdOf(node);
    const children = type === 'TEXT' ? [] : renderNodes(childrenOf(node), context, [...ancestors, node]);
    const Component: RichContentNodeComponent =
      context.components[type] ?? DEFAULT_COMPONENTS[type] ?? UnknownNode;
    return (
      <Component
        // Index keys: a document is static, and ids may repeat in a malformed one.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        key={index}
        node={node}
        type={type}
        data={dataOf(node)}
        nodeId={nodeId}
        domId={
          nodeId && (type === 'HEADING' || context.targets.has(nodeId))
            ? `${context.idPrefix}${nodeId}`
            : undefined
        }
        index={index}
        ancestors={ancestors}
        context={context}
      >
        {children}
      </Component>
    );
  });
}

/** Unknown node types: their children, or nothing. */
const UnknownNode: RichContentNodeComponent = ({ children }) => <>{children}</>;

export interface RichContentProps {
  /** A document `{ nodes, … }` (or its nodes) from a REST read or a webhook event; nothing when null. */
  content: RichContentDocument | readonly RichContentNodeLike[] | null | undefined;
  /** Node type → renderer, replacing the default one (e.g. `GALLERY` → the app's `Gallery`). */
  components?: RichContentComponents;
  /** Decoration type → renderer (`BOLD`, `LINK`, `SPOILER`, …). */
  decorations?: RichContentDecorationComponents;
  /** `@atrium/sdk/media`'s helpers for media URLs; default the hosted media host (`media`). */
  media?: MediaHelpers;
  /** URL of a platform file by id (audio, files, videos); default the media helpers' URLs. */
  fileUrl?: RichContentFileUrl;
  /** Prefix of DOM ids given to headings and anchor targets; default `rc-`. */
  idPrefix?: string;
  /** UI text of the default renderers. */
  labels?: Partial<RichContentLabels>;
  /** Poll results (votes by option id, by poll id), shown read-only. */
  pollResults?: RichContentPollResults;
  className?: string;
}

/**
 * A rich content document (docs/blog-wire.md §D) as React elements. Renders on a server (no `window`
 * during render), injects no HTML (HTML and embeds go to sandboxed iframes), drops unsafe URLs and
 * CSS values. Styled by `atrium-rc-…` class names: import `@atrium/react/rich-content.css` or your own.
 */
export function RichContent({
  content,
  components = {},
  decorations = {},
  media = hostedMedia,
  fileUrl,
  idPrefix = 'rc-',
  labels,
  pollResults,
  className,
}: RichContentProps) {
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(() => new Set());
  const toggleSpoiler = useCallback(
    (id: string) =>
      setRevealed((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const root = useMemo(() => childrenOf(Array.isArray(content) ? { nodes: content } : content), [content]);
  const targets = useMemo(() => anchorTargets(root), [root]);
  const context: RichContentContext = {
    components,
    decorations,
    media,
    fileUrl: fileUrl ?? defaultFileUrl(media),
    labels: labels ? { ...DEFAULT_LABELS, ...labels } : DEFAULT_LABELS,
    idPrefix,
    root,
    targets,
    pollResults,
    revealed,
    toggleSpoiler,
  };
  return (
    <div className={className ? `atrium-rc ${className}` : 'atrium-rc'}>{renderNodes(root, context)}</div>
  );
}
