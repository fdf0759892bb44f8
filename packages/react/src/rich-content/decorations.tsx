import { RICH_CONTENT_DECORATION_DATA_FIELDS } from '@atrium/contract/routes/rich-content';
import type { RichContentDecoration } from '@atrium/contract/types';
import { type ReactNode, useId } from 'react';
import { arr, clamp, css, num, obj, safeColor, safeFontFamily, safeUrl, str } from './safe.js';
import { nodeIdOf } from './tree.js';
import type {
  RichContentDecorationComponent as D,
  RichContentContext,
  RichContentDecorationComponents,
  RichContentNodeComponent,
} from './types.js';

/** TEXT leaves and their decorations (docs/blog-wire.md §D.4); links for every node that has one. */

const TARGETS: Record<string, string> = { BLANK: '_blank', PARENT: '_parent', TOP: '_top' };
const RELS = ['nofollow', 'sponsored', 'ugc', 'noreferrer'];

export interface LinkProps {
  href?: string;
  target?: string;
  rel?: string;
}

/**
 * A Link `{ url | anchor, target, rel }` as `<a>` attributes: unsafe schemes dropped (no `href`), an
 * anchor → `#<idPrefix><node id>`, a new window → `rel="noopener noreferrer"` added.
 */
export function linkProps(link: unknown, context: RichContentContext): LinkProps {
  const value = obj(link);
  const anchor = str(value.anchor);
  const href = anchor ? `#${context.idPrefix}${anchor}` : safeUrl(value.url);
  if (!href) return {};
  const target = anchor ? undefined : TARGETS[str(value.target) ?? ''];
  const flags = obj(value.rel);
  const rel = new Set(RELS.filter((name) => flags[name] === true));
  if (target === '_blank') rel.add('noopener').add('noreferrer');
  return { href, target, rel: rel.size > 0 ? [...rel].join(' ') : undefined };
}

/** A control revealing hidden content (text spoilers, media spoilers). */
export function Spoiler({
  id,
  context,
  children,
  block,
  label,
  description,
}: {
  id?: string;
  context: RichContentContext;
  children: ReactNode;
  block?: boolean;
  label?: string;
  description?: string;
}) {
  const localId = useId();
  const key = id ?? localId;
  const revealed = context.revealed.has(key);
  const Tag = block ? 'div' : 'span';
  return (
    <Tag
      className={block ? 'atrium-rc-spoiler atrium-rc-spoiler-block' : 'atrium-rc-spoiler'}
      data-revealed={revealed}
    >
      <button
        type="button"
        className="atrium-rc-spoiler-toggle"
        aria-expanded={revealed}
        aria-controls={`${localId}c`}
        onClick={() => context.toggleSpoiler(key)}
      >
        {revealed ? context.labels.hideSpoiler : (label ?? context.labels.spoiler)}
      </button>
      {block && !revealed && description && (
        <span className="atrium-rc-spoiler-description">{description}</span>
      )}
      <Tag
        id={`${localId}c`}
        className="atrium-rc-spoiler-content"
        aria-hidden={revealed ? undefined : true}
        inert={revealed ? undefined : true}
      >
        {children}
      </Tag>
    </Tag>
  );
}

const tag =
  (Tag: 'em' | 'u' | 's' | 'sup' | 'sub'): D =>
  ({ data, children }) =>
    data === false ? children : <Tag>{children}</Tag>;

export const DEFAULT_DECORATIONS: RichContentDecorationComponents = {
  BOLD: ({ data, children }) => {
    const weight = num(data);
    if (weight === undefined || weight === 700) return <strong>{children}</strong>;
    const fontWeight = clamp(Math.round(weight), 1, 1000);
    return fontWeight >= 600 ? (
      <strong style={{ fontWeight }}>{children}</strong>
    ) : (
      <span style={{ fontWeight }}>{children}</span>
    );
  },
  ITALIC: tag('em'),
  UNDERLINE: tag('u'),
  STRIKETHROUGH: tag('s'),
  SUPERSCRIPT: tag('sup'),
  SUBSCRIPT: tag('sub'),
  LINK: ({ data, children, context }) => {
    const props = linkProps(obj(data).link, context);
    return props.href ? (
      <a className="atrium-rc-link" {...props}>
        {children}
      </a>
    ) : (
      children
    );
  },
  ANCHOR: ({ data, children, context }) => {
    const anchor = str(obj(data).anchor);
    return anchor ? <a href={`#${context.idPrefix}${anchor}`}>{children}</a> : children;
  },
  MENTION: ({ data, children }) => {
    const mention = obj(data);
    return (
      <span
        className="atrium-rc-mention"
        data-mention-id={nodeIdOf(mention)}
        data-mention-slug={str(mention.slug)}
        data-mention-type={str(mention.type)}
      >
        {children}
      </span>
    );
  },
  COLOR: ({ data, children }) => {
    const color = obj(data);
    const style = css({ color: safeColor(color.foreground), backgroundColor: safeColor(color.background) });
    return style ? <span style={style}>{children}</span> : children;
  },
  FONT_SIZE: ({ data, children }) => {
    const size = obj(data);
    const value = num(size.value);
    const em = size.unit === 'EM';
    if (value === undefined || value <= 0) return children;
    const fontSize = em ? `${clamp(value, 0.1, 20)}em` : `${clamp(value, 1, 400)}px`;
    return <span style={{ fontSize }}>{children}</span>;
  },
  FONT_FAMILY: ({ data, children }) => {
    const fontFamily = safeFontFamily(obj(data).value);
    return fontFamily ? <span style={{ fontFamily }}>{children}</span> : children;
  },
  SPOILER: ({ data, children, context }) => (
    <Spoiler id={nodeIdOf(data)} context={context}>
      {children}
    </Spoiler>
  ),
  SKETCH: ({ data, children }) => {
    const sketch = obj(data);
    return (
      <span
        className="atrium-rc-sketch"
        data-variant={str(sketch.variant) ?? 'HIGHLIGHT'}
        style={css({ '--atrium-rc-sketch-color': safeColor(sketch.color) })}
      >
        {children}
      </span>
    );
  },
};

const FIELDS: Readonly<Record<string, string | null>> = RICH_CONTENT_DECORATION_DATA_FIELDS;
/** Applied last, so outermost: one link around the whole styled text. */
const OUTER: Record<string, number> = { SPOILER: 3, LINK: 2, ANCHOR: 2, MENTION: 1 };

/** A TEXT node: its text (line breaks as `<br>` outside code) inside its decorations. */
export const TextNode: RichContentNodeComponent = ({ node, ancestors, context }) => {
  const textData = obj(node.textData);
  const text = typeof textData.text === 'string' ? textData.text : '';
  let content: ReactNode =
    text.includes('\n') && !ancestors.some((ancestor) => ancestor.type === 'CODE_BLOCK')
      ? text.split('\n').flatMap((line, i) =>
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one static text
          i === 0 ? [line] : [<br key={i} />, line],
        )
      : text;
  const decorations = arr(textData.decorations)
    .filter((decoration) => obj(decoration) === decoration)
    .map((decoration) => decoration as RichContentDecoration)
    .sort((a, b) => (OUTER[a.type] ?? 0) - (OUTER[b.type] ?? 0));
  for (const decoration of decorations) {
    const type = str(decoration.type) ?? '';
    const Decoration = context.decorations[type] ?? DEFAULT_DECORATIONS[type];
    if (!Decoration) continue;
    const field = Object.hasOwn(FIELDS, type) ? FIELDS[type] : null;
    content = (
      <Decoration
        decoration={decoration}
        type={type}
        data={field ? (decoration as unknown as Record<string, unknown>)[field] : undefined}
        node={node}
        context={context}
      >
        {content}
      </Decoration>
    );
  }
  return <>{content}</>;
};
