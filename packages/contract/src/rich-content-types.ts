/**
 * The rich content document (docs/blog-wire.md §D) as plain types; re-exported by `./types.ts`. The
 * tables are in `./routes/rich-content.ts`, the schemas in `./rich-content.ts`
 * (`schema-types.check.ts` proves they match). Node data objects are open records here: the
 * renderer reads the fields it knows (docs/blog-wire.md §D.2) and ignores the rest.
 */
import type * as Tables from './routes/rich-content.js';

export type RichContentNodeType = (typeof Tables.RICH_CONTENT_NODE_TYPES)[number];
export type RichContentDataField = (typeof Tables.RICH_CONTENT_DATA_FIELDS)[number];
export type RichContentDecorationType = (typeof Tables.RICH_CONTENT_DECORATION_TYPES)[number];

/** A node's data object (`paragraphData`, `imageData`, …). */
export type RichContentData = Record<string, unknown>;

/** Every data field a node may carry; a valid node carries at most the one of its type. */
export type RichContentNodeData = { [Field in RichContentDataField]?: RichContentData };

export interface RichContentNodeStyle {
  paddingTop?: string;
  paddingBottom?: string;
  backgroundColor?: string;
}

/**
 * A node: `{ type, id, nodes, style?, <xxx>Data }`. REST answers keep `id`; webhook payloads
 * rename it `_id` (docs/blog-wire.md §D.5), which a reader of events must accept too.
 */
export interface RichContentNode extends RichContentNodeData {
  type: RichContentNodeType;
  id?: string;
  nodes?: RichContentNode[];
  style?: RichContentNodeStyle;
}

export interface RichContentMetadata {
  version?: number;
  createdTimestamp?: string;
  updatedTimestamp?: string;
  id?: string;
}

/** A document: `{ nodes, metadata, documentStyle }` (docs/blog-wire.md §D.1). */
export interface RichContent {
  nodes?: RichContentNode[];
  metadata?: RichContentMetadata;
  /** `{ headerOne … headerSix, paragraph, blockquote, codeBlock: { decorations, nodeStyle, lineHeight } }`. */
  documentStyle?: Record<string, unknown>;
}

/** `{ url | anchor, target, rel, customData }` (docs/blog-wire.md §D.2). */
export interface RichContentLink {
  url?: string;
  /** A node id in the same document. */
  anchor?: string;
  target?: 'SELF' | 'BLANK' | 'PARENT' | 'TOP';
  rel?: { nofollow?: boolean; sponsored?: boolean; ugc?: boolean; noreferrer?: boolean };
  customData?: string;
}

/** One decoration of a TEXT node: its type and the data field of RICH_CONTENT_DECORATION_DATA_FIELDS. */
export interface RichContentDecoration {
  type: RichContentDecorationType;
  fontWeightValue?: number;
  italicData?: boolean;
  underlineData?: boolean;
  strikethroughData?: boolean;
  superscriptData?: boolean;
  subscriptData?: boolean;
  linkData?: { link?: RichContentLink };
  anchorData?: { anchor?: string };
  mentionData?: { name?: string; slug?: string; id?: string; type?: string };
  colorData?: { foreground?: string; background?: string };
  fontSizeData?: { unit?: 'PX' | 'EM'; value?: number };
  fontFamilyData?: { value?: string };
  spoilerData?: { id?: string };
  sketchData?: { variant?: string; color?: string; animate?: boolean };
}

/** `textData` of a TEXT node. */
export interface RichContentTextData {
  text?: string;
  decorations?: RichContentDecoration[];
}
