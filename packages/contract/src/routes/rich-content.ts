/**
 * The rich content document (docs/blog-wire.md §D): node types, the data field each one carries, text
 * decorations and the enumerations the renderer reads. Plain constants (no schema library): the
 * platform's validator and the React renderer both import these tables, so that they agree on
 * what a document may hold. The schemas are in `../rich-content.ts`, the types in
 * `../rich-content-types.ts`.
 */

/**
 * Every node `type` (docs/blog-wire.md §D.3), in the typings' order → the name of its data field
 * (docs/blog-wire.md §D.2), `null` for the types that carry children only. A node carries at most its
 * own data field; `style` and `nodes` are common to all.
 */
export const RICH_CONTENT_NODE_DATA_FIELDS = {
  PARAGRAPH: 'paragraphData',
  TEXT: 'textData',
  HEADING: 'headingData',
  BULLETED_LIST: 'bulletedListData',
  ORDERED_LIST: 'orderedListData',
  LIST_ITEM: 'listItemData',
  BLOCKQUOTE: 'blockquoteData',
  CODE_BLOCK: 'codeBlockData',
  VIDEO: 'videoData',
  DIVIDER: 'dividerData',
  FILE: 'fileData',
  GALLERY: 'galleryData',
  GIF: 'gifData',
  HTML: 'htmlData',
  IMAGE: 'imageData',
  LINK_PREVIEW: 'linkPreviewData',
  MAP: 'mapData',
  POLL: 'pollData',
  APP_EMBED: 'appEmbedData',
  BUTTON: 'buttonData',
  COLLAPSIBLE_LIST: 'collapsibleListData',
  TABLE: 'tableData',
  EMBED: 'embedData',
  COLLAPSIBLE_ITEM: null,
  COLLAPSIBLE_ITEM_TITLE: null,
  COLLAPSIBLE_ITEM_BODY: null,
  TABLE_CELL: 'tableCellData',
  TABLE_ROW: null,
  EXTERNAL: 'externalData',
  AUDIO: 'audioData',
  CAPTION: 'captionData',
  LAYOUT: 'layoutData',
  LAYOUT_CELL: 'layoutCellData',
  SHAPE: 'shapeData',
  CARD: 'cardData',
  TOC: 'tocData',
  SMART_BLOCK: 'smartBlockData',
  SMART_BLOCK_CELL: 'smartBlockCellData',
  CHECKBOX_LIST: 'checkboxListData',
} as const;

/** Every node `type`, in the typings' order. */
export const RICH_CONTENT_NODE_TYPES = Object.keys(RICH_CONTENT_NODE_DATA_FIELDS) as readonly NodeType[];
type NodeType = keyof typeof RICH_CONTENT_NODE_DATA_FIELDS;
type DataField = NonNullable<(typeof RICH_CONTENT_NODE_DATA_FIELDS)[NodeType]>;

/** Every node data field name, once (the non-null values of RICH_CONTENT_NODE_DATA_FIELDS). */
export const RICH_CONTENT_DATA_FIELDS: readonly DataField[] = Object.values(
  RICH_CONTENT_NODE_DATA_FIELDS,
).filter((field): field is DataField => field !== null);

/** Types whose nodes hold no children: text lives only in TEXT leaves (docs/blog-wire.md §D.1). */
export const RICH_CONTENT_LEAF_TYPES = ['TEXT'] as const;

/**
 * The conventional structure (docs/blog-wire.md §D.1): the child types a container holds. The typings
 * do not state nesting, so a reader renders other children too; the platform may refuse them.
 * Types not listed here hold blocks (or, for text blocks, TEXT nodes).
 */
export const RICH_CONTENT_CONVENTIONAL_CHILDREN = {
  BULLETED_LIST: ['LIST_ITEM'],
  ORDERED_LIST: ['LIST_ITEM'],
  CHECKBOX_LIST: ['LIST_ITEM'],
  TABLE: ['TABLE_ROW'],
  TABLE_ROW: ['TABLE_CELL'],
  COLLAPSIBLE_LIST: ['COLLAPSIBLE_ITEM'],
  COLLAPSIBLE_ITEM: ['COLLAPSIBLE_ITEM_TITLE', 'COLLAPSIBLE_ITEM_BODY'],
  LAYOUT: ['LAYOUT_CELL'],
} as const satisfies Partial<Record<NodeType, readonly NodeType[]>>;

/** Text decoration type (docs/blog-wire.md §D.4) → its data field; EXTERNAL has none in the typings. */
export const RICH_CONTENT_DECORATION_DATA_FIELDS = {
  BOLD: 'fontWeightValue',
  ITALIC: 'italicData',
  UNDERLINE: 'underlineData',
  STRIKETHROUGH: 'strikethroughData',
  SUPERSCRIPT: 'superscriptData',
  SUBSCRIPT: 'subscriptData',
  LINK: 'linkData',
  ANCHOR: 'anchorData',
  MENTION: 'mentionData',
  COLOR: 'colorData',
  FONT_SIZE: 'fontSizeData',
  FONT_FAMILY: 'fontFamilyData',
  SPOILER: 'spoilerData',
  SKETCH: 'sketchData',
  EXTERNAL: null,
} as const;

/** Text decoration types, in the typings' order. */
export const RICH_CONTENT_DECORATION_TYPES = Object.keys(
  RICH_CONTENT_DECORATION_DATA_FIELDS,
) as readonly DecorationType[];
type DecorationType = keyof typeof RICH_CONTENT_DECORATION_DATA_FIELDS;

/**
 * Paths where the reference was recorded turning the strings "NaN", "Infinity" and "-Infinity" into
 * numbers (docs/blog-wire.md §D.5; `[]` stands for an array's elements); a numeric field outside its list
 * kept the string. The list is what was recorded, not every float of the typings: a renderer reads
 * every numeric field as a number or such a string.
 */
export const RICH_CONTENT_FLOAT_PATHS = [
  'imageData.crop.y',
  'mapData.mapSettings.lng',
  'buttonData.styles.background.gradient.centerX',
  'buttonData.styles.backgroundHover.gradient.centerY',
  'buttonData.styles.backgroundHover.gradient.stops[].position',
  'audioData.audio.duration',
  'galleryData.options.item.ratio',
  'tocData.fontSize',
  'tocData.itemSpacing',
] as const;

/** Enumerations the renderer reads (docs/blog-wire.md §D.2, §D.3). */
export const RICH_CONTENT_ENUMS = {
  textAlignment: ['AUTO', 'LEFT', 'RIGHT', 'CENTER', 'JUSTIFY'],
  linkTarget: ['SELF', 'BLANK', 'PARENT', 'TOP'],
  containerWidth: ['CONTENT', 'SMALL', 'ORIGINAL', 'FULL_WIDTH'],
  containerAlignment: ['CENTER', 'LEFT', 'RIGHT'],
  galleryLayout: [
    'COLLAGE',
    'MASONRY',
    'GRID',
    'THUMBNAIL',
    'SLIDER',
    'SLIDESHOW',
    'PANORAMA',
    'COLUMN',
    'MAGIC',
    'FULLSIZE',
  ],
  galleryOrientation: ['ROWS', 'COLUMNS'],
  galleryItemCrop: ['FILL', 'FIT'],
  galleryThumbnailsPlacement: ['TOP', 'RIGHT', 'BOTTOM', 'LEFT', 'NONE'],
  dividerLineStyle: ['SINGLE', 'DOUBLE', 'DASHED', 'DOTTED'],
  dividerWidth: ['LARGE', 'MEDIUM', 'SMALL'],
  dividerAlignment: ['CENTER', 'LEFT', 'RIGHT'],
  pdfViewMode: ['NONE', 'FULL', 'MINI'],
  gifType: ['NORMAL', 'STICKER'],
  linkPreviewThumbnailPosition: ['START', 'END', 'TOP', 'HIDDEN'],
  /** `SATELITE` (sic) is the wire spelling. */
  mapType: ['ROADMAP', 'SATELITE', 'HYBRID', 'TERRAIN'],
  pollViewPermission: ['CREATOR', 'VOTERS', 'EVERYONE'],
  pollVotePermission: ['SITE_MEMBERS', 'ALL'],
  pollLayout: ['LIST', 'GRID'],
  direction: ['LTR', 'RTL'],
  pollBackground: ['COLOR', 'IMAGE', 'GRADIENT'],
  tableCellVerticalAlignment: ['TOP', 'MIDDLE', 'BOTTOM'],
  buttonType: ['LINK', 'ACTION'],
  htmlSource: ['HTML', 'ADSENSE', 'AI', 'AI_WIDGET'],
  appEmbedType: ['PRODUCT', 'EVENT', 'BOOKING'],
  collapsibleInitialExpanded: ['FIRST', 'ALL', 'NONE'],
  tocListStyle: [
    'PLAIN',
    'NUMBERED',
    'LETTERS',
    'ROMAN',
    'BULLETED',
    'ALPHABETICAL_INDEX',
    'ALPHABETICAL_INDEX_COMPACT',
  ],
  tocIndentation: ['NESTED', 'FLAT'],
  layoutResponsiveness: ['STACK', 'WRAP'],
  imageScaling: ['AUTO', 'CONTAIN', 'COVER'],
  imagePosition: [
    'CENTER',
    'CENTER_LEFT',
    'CENTER_RIGHT',
    'TOP',
    'TOP_LEFT',
    'TOP_RIGHT',
    'BOTTOM',
    'BOTTOM_LEFT',
    'BOTTOM_RIGHT',
  ],
  gradientType: ['LINEAR', 'RADIAL'],
  fontSizeUnit: ['PX', 'EM'],
  sketchVariant: ['UNDERLINE', 'BOX', 'CIRCLE', 'HIGHLIGHT', 'STRIKETHROUGH', 'CROSSED_OFF'],
  smartBlockColumnSize: ['SMALL', 'MEDIUM', 'LARGE', 'EXTRA_LARGE'],
} as const;
