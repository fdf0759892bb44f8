import Type, { type TOptional } from 'typebox';
import { BLOG_LIMITS } from './blog-vocabulary.js';
import type * as Wire from './rich-content-types.js';
import { RICH_CONTENT_DATA_FIELDS, RICH_CONTENT_NODE_TYPES } from './routes/rich-content.js';
import { AnyObject, Loose, literals, Optional } from './schema-kit.js';

/**
 * Schemas of the rich content document (docs/blog-wire.md §D). The node schema is recursive and pins
 * the envelope: a known `type`, an `id`, child `nodes`, `style`, and data fields that are objects.
 * What the schema cannot say — each node carries only its own data field (RICH_CONTENT_NODE_DATA_FIELDS),
 * TEXT nodes have no children, the document's size, depth and node count (BLOG_LIMITS) and the data
 * objects' own fields — the platform checks in code, with the tables of ./routes/rich-content.ts.
 */
const Css = Type.String({ maxLength: 100 });

export const RichContentNodeStyle = Loose({
  paddingTop: Optional(Css),
  paddingBottom: Optional(Css),
  backgroundColor: Optional(Css),
});

type DataProperties = { [Field in Wire.RichContentDataField]: TOptional<typeof AnyObject> };
const dataProperties = Object.fromEntries(
  RICH_CONTENT_DATA_FIELDS.map((field) => [field, Optional(AnyObject)]),
) as DataProperties;

/** A node and, recursively, its children. */
export const RichContentNode = Type.Cyclic(
  {
    RichContentNode: Loose({
      type: literals<Wire.RichContentNodeType>(RICH_CONTENT_NODE_TYPES),
      id: Optional(Type.String({ maxLength: BLOG_LIMITS.maxNodeIdLength })),
      nodes: Optional(Type.Array(Type.Ref('RichContentNode'), { maxItems: BLOG_LIMITS.maxRichContentNodes })),
      style: Optional(RichContentNodeStyle),
      ...dataProperties,
    }),
  },
  'RichContentNode',
);

export const RichContentMetadata = Loose({
  version: Optional(Type.Integer({ minimum: 0 })),
  createdTimestamp: Optional(Type.String({ format: 'date-time', maxLength: 64 })),
  updatedTimestamp: Optional(Type.String({ format: 'date-time', maxLength: 64 })),
  id: Optional(Type.String({ maxLength: BLOG_LIMITS.maxNodeIdLength })),
});

export const RichContent = Loose({
  nodes: Optional(Type.Array(RichContentNode, { maxItems: BLOG_LIMITS.maxRichContentNodes })),
  metadata: Optional(RichContentMetadata),
  documentStyle: Optional(AnyObject),
});
