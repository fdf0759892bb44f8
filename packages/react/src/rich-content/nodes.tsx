import { type ElementType, useId } from 'react';
import { arr, css, int, nodeStyle, num, obj, oneOf, safeColor, safeLength, str, textStyle } from './safe.js';
import { childrenOf, dataOf, nodeIdOf, textOf } from './tree.js';
import type { RichContentNodeComponent as C, RichContentNodeLike, RichContentNodeProps } from './types.js';

/** Text blocks and containers: paragraphs, headings, lists, quotes, code, tables, collapsibles, layouts. */

const parentType = (ancestors: readonly RichContentNodeLike[]) => str(ancestors.at(-1)?.type);

/** Common block style: the node's paddings and background, text alignment, line height, indentation. */
const blockStyle = ({ node, data }: RichContentNodeProps) => css({ ...nodeStyle(node), ...textStyle(data) });

/** Phrasing parents (`<summary>`, buttons) take spans instead of paragraphs. */
const PHRASING = new Set(['COLLAPSIBLE_ITEM_TITLE']);

export const Paragraph: C = (props) => {
  const Tag = PHRASING.has(parentType(props.ancestors) ?? '') ? 'span' : 'p';
  return (
    <Tag id={props.domId} className="atrium-rc-p" style={blockStyle(props)}>
      {props.children.length > 0 ? props.children : <br />}
    </Tag>
  );
};

export const Heading: C = (props) => {
  const level = int(props.data.level, 1, 6) ?? 2;
  const Tag = `h${int(props.data.renderedLevel, 1, 6) ?? level}` as ElementType;
  return (
    <Tag id={props.domId} className={`atrium-rc-h atrium-rc-h${level}`} style={blockStyle(props)}>
      {props.children}
    </Tag>
  );
};

const list =
  (Tag: 'ul' | 'ol', className: string): C =>
  (props) => (
    <Tag
      id={props.domId}
      className={`atrium-rc-list ${className}`}
      start={Tag === 'ol' ? int(props.data.start, -1e9, 1e9) : undefined}
      style={blockStyle(props)}
    >
      {props.children}
    </Tag>
  );

export const ListItem: C = (props) => {
  const labelId = useId();
  const style = blockStyle(props);
  if (parentType(props.ancestors) !== 'CHECKBOX_LIST')
    return (
      <li id={props.domId} style={style}>
        {props.children}
      </li>
    );
  const checked = props.data.checked === true;
  return (
    <li id={props.domId} className="atrium-rc-check" data-checked={checked} style={style}>
      <input type="checkbox" checked={checked} readOnly disabled aria-labelledby={labelId} />
      <div id={labelId}>{props.children}</div>
    </li>
  );
};

const block =
  (Tag: ElementType, className: string): C =>
  (props) => (
    <Tag id={props.domId} className={className} style={blockStyle(props)}>
      {props.children}
    </Tag>
  );

export const CodeBlock: C = (props) => (
  <pre id={props.domId} className="atrium-rc-code" style={blockStyle(props)}>
    <code>{props.children}</code>
  </pre>
);

const DIVIDER_STYLES = ['SINGLE', 'DOUBLE', 'DASHED', 'DOTTED'] as const;
const SIZES = ['LARGE', 'MEDIUM', 'SMALL'] as const;
const SIDES = ['CENTER', 'LEFT', 'RIGHT'] as const;

export const Divider: C = ({ node, data, domId }) => (
  <hr
    id={domId}
    className="atrium-rc-divider"
    data-line-style={oneOf(data.lineStyle, DIVIDER_STYLES) ?? 'SINGLE'}
    data-width={oneOf(data.width, SIZES) ?? 'LARGE'}
    data-alignment={oneOf(data.alignment, SIDES) ?? 'CENTER'}
    style={css({ ...nodeStyle(node), color: safeColor(obj(data.styles).color) })}
  />
);

// Tables ---------------------------------------------------------------------------------------------

const padding = (value: unknown) => {
  const sides = arr(value).map(safeLength);
  return sides.length > 0 && sides.every(Boolean) ? sides.join(' ') : undefined;
};

const headerRow = (table: Record<string, unknown>) => table.rowHeader === true || table.header === true;

export const Table: C = (props) => {
  const { data, children } = props;
  const ratios = arr(obj(data.dimensions).colsWidthRatio).map((value) => Math.max(0, num(value) ?? 0));
  const total = ratios.reduce((sum, value) => sum + value, 0);
  const head = headerRow(data) && children.length > 0;
  return (
    <div id={props.domId} className="atrium-rc-table" style={css(nodeStyle(props.node))}>
      <table
        aria-label={str(data.altText)}
        style={css({
          '--atrium-rc-cell-padding': padding(data.cellPadding),
          borderSpacing: safeLength(data.cellSpacing),
        })}
      >
        {total > 0 && (
          <colgroup>
            {ratios.map((ratio, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns have no other identity
              <col key={i} style={{ width: `${Math.round((ratio / total) * 10000) / 100}%` }} />
            ))}
          </colgroup>
        )}
        {head && <thead>{children[0]}</thead>}
        <tbody>{head ? children.slice(1) : children}</tbody>
      </table>
    </div>
  );
};

export const TableRow: C = ({ index, ancestors, children }) => {
  const table = ancestors.at(-1);
  const height = table ? safeLength(arr(obj(dataOf(table).dimensions).rowsHeight)[index]) : undefined;
  return <tr style={css({ height })}>{children}</tr>;
};

const VERTICAL: Record<string, string> = { TOP: 'top', MIDDLE: 'middle', BOTTOM: 'bottom' };
const EDGES = ['Top', 'Right', 'Bottom', 'Left'] as const;

export const TableCell: C = ({ node, data, index, ancestors, children, domId }) => {
  const [table, row] = [ancestors.at(-2), ancestors.at(-1)];
  const tableData = table ? dataOf(table) : {};
  const rowIndex = table && row ? childrenOf(table).indexOf(row) : -1;
  const scope =
    rowIndex === 0 && headerRow(tableData)
      ? 'col'
      : index === 0 && tableData.columnHeader === true
        ? 'row'
        : undefined;
  const Tag = scope ? 'th' : 'td';
  const cellStyle = obj(data.cellStyle);
  const colors = obj(data.borderColors);
  const widths = obj(data.borderWidths);
  const borders: Record<string, string | undefined> = {};
  for (const edge of EDGES) {
    const key = edge.toLowerCase();
    borders[`border${edge}Color`] = safeColor(colors[key]);
    borders[`border${edge}Width`] = safeLength(widths[key]);
  }
  const bordered = Object.values(borders).some(Boolean);
  return (
    <Tag
      id={domId}
      scope={scope}
      colSpan={int(data.colspan, 1, 1000)}
      rowSpan={int(data.rowspan, 1, 1000)}
      style={css({
        ...nodeStyle(node),
        verticalAlign: VERTICAL[str(cellStyle.verticalAlignment) ?? ''],
        backgroundColor: safeColor(cellStyle.backgroundColor),
        ...borders,
        borderStyle: bordered ? 'solid' : undefined,
      })}
    >
      {children}
    </Tag>
  );
};

// Collapsible lists ----------------------------------------------------------------------------------

export const CollapsibleList: C = (props) => (
  <div
    id={props.domId}
    className="atrium-rc-collapsible"
    dir={props.data.direction === 'RTL' ? 'rtl' : undefined}
    style={css(nodeStyle(props.node))}
  >
    {props.children}
  </div>
);

/** A `<details>` disclosure; `expandOnlyOne` groups a list's items (`name`), opening one at a time. */
export const CollapsibleItem: C = ({ index, ancestors, children, context, domId }) => {
  const list = ancestors.at(-1);
  const listData = list ? dataOf(list) : {};
  const listId = list && nodeIdOf(list);
  const initial = str(listData.initialExpandedItems) ?? 'FIRST';
  return (
    <details
      id={domId}
      className="atrium-rc-collapsible-item"
      open={initial === 'ALL' || (initial === 'FIRST' && index === 0)}
      name={listData.expandOnlyOne === true && listId ? `${context.idPrefix}${listId}` : undefined}
    >
      {children}
    </details>
  );
};

// Layouts, cards, smart blocks -----------------------------------------------------------------------

const ALIGN_ITEMS: Record<string, string> = { TOP: 'start', MIDDLE: 'center', BOTTOM: 'end' };

/** A 12-column CSS grid (stacked on narrow screens by the stylesheet). */
export const Layout: C = ({ node, data, domId, children }) => (
  <div
    id={domId}
    className="atrium-rc-layout"
    data-responsive={oneOf(data.responsivenessBehaviour, ['STACK', 'WRAP'] as const)}
    style={css({
      ...nodeStyle(node),
      backgroundColor: safeColor(data.backgroundColor),
      gap: safeLength(data.gap),
      alignItems: ALIGN_ITEMS[str(data.cellVerticalAlignment) ?? ''],
      '--atrium-rc-cell-padding': padding(data.cellPadding),
    })}
  >
    {children}
  </div>
);

/** A `<div>` of `className` around the children, with the node's style and the `style` of its data. */
const box =
  (className: string, style: (data: RichContentNodeProps['data']) => Parameters<typeof css>[0]): C =>
  ({ node, data, domId, children }) => (
    <div id={domId} className={className} style={css({ ...nodeStyle(node), ...style(data) })}>
      {children}
    </div>
  );

export const LayoutCell = box('atrium-rc-layout-cell', (data) => ({
  '--atrium-rc-span': int(data.colSpan, 1, 12),
}));

export const Card = box('atrium-rc-card', (data) => ({
  backgroundColor: safeColor(obj(data.background).color),
}));

export const SmartBlock: C = ({ node, data, domId, children }) => (
  <div id={domId} className="atrium-rc-smart" data-type={str(data.type)} style={css(nodeStyle(node))}>
    {children}
  </div>
);

export const SmartBlockCell: C = ({ node, data, domId, children }) => (
  <div
    id={domId}
    className="atrium-rc-smart-cell"
    style={css({
      ...nodeStyle(node),
      backgroundColor: safeColor(data.backgroundColor),
      '--atrium-rc-accent': safeColor(data.accentColor),
    })}
  >
    {str(data.label) && <strong className="atrium-rc-smart-label">{str(data.label)}</strong>}
    {children}
  </div>
);

// Table of contents ----------------------------------------------------------------------------------

const TOC_STYLES: Record<string, string> = {
  NUMBERED: 'decimal',
  LETTERS: 'lower-alpha',
  ROMAN: 'lower-roman',
  BULLETED: 'disc',
  PLAIN: 'none',
};

/** The document's headings (those of `includedHeadings`), linking to them. */
export const Toc: C = ({ data, context, domId }) => {
  const included = arr(data.includedHeadings).map((level) => int(level, 1, 6));
  const headings: { id: string; level: number; text: string }[] = [];
  const visit = (nodes: readonly RichContentNodeLike[], depth: number) => {
    for (const node of nodes) {
      if (depth > 16) return;
      const level = int(dataOf(node).level, 1, 6) ?? 2;
      const id = nodeIdOf(node);
      if (node.type === 'HEADING' && id && (included.length === 0 || included.includes(level)))
        headings.push({ id, level, text: textOf(node) });
      else visit(childrenOf(node), depth + 1);
    }
  };
  visit(context.root, 0);
  const listStyleType = TOC_STYLES[str(data.listStyle) ?? ''];
  const Tag = listStyleType === 'disc' || listStyleType === 'none' || !listStyleType ? 'ul' : 'ol';
  const top = Math.min(...headings.map((heading) => heading.level));
  return (
    <nav id={domId} className="atrium-rc-toc" aria-label={context.labels.toc}>
      <Tag style={css({ listStyleType, color: safeColor(data.color) })}>
        {headings.map((heading, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: headings may share ids in a malformed document
            key={i}
            style={css({
              marginInlineStart:
                data.indentation !== 'FLAT' && heading.level > top ? `${heading.level - top}em` : undefined,
            })}
          >
            <a href={`#${context.idPrefix}${heading.id}`}>{heading.text}</a>
          </li>
        ))}
      </Tag>
    </nav>
  );
};

export const TEXT_BLOCKS = {
  PARAGRAPH: Paragraph,
  HEADING: Heading,
  BULLETED_LIST: list('ul', 'atrium-rc-bulleted'),
  ORDERED_LIST: list('ol', 'atrium-rc-ordered'),
  CHECKBOX_LIST: list('ul', 'atrium-rc-checklist'),
  LIST_ITEM: ListItem,
  BLOCKQUOTE: block('blockquote', 'atrium-rc-quote'),
  CODE_BLOCK: CodeBlock,
  CAPTION: block('div', 'atrium-rc-caption'),
  DIVIDER: Divider,
  TABLE: Table,
  TABLE_ROW: TableRow,
  TABLE_CELL: TableCell,
  COLLAPSIBLE_LIST: CollapsibleList,
  COLLAPSIBLE_ITEM: CollapsibleItem,
  COLLAPSIBLE_ITEM_TITLE: block('summary', 'atrium-rc-collapsible-title'),
  COLLAPSIBLE_ITEM_BODY: block('div', 'atrium-rc-collapsible-body'),
  LAYOUT: Layout,
  LAYOUT_CELL: LayoutCell,
  CARD: Card,
  SMART_BLOCK: SmartBlock,
  SMART_BLOCK_CELL: SmartBlockCell,
  TOC: Toc,
  EXTERNAL: ({ children }) => <>{children}</>,
} satisfies Record<string, C>;
