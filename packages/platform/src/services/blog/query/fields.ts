import { sql } from 'kysely';
import type { FieldKind, FieldTable, QueryField } from './compile.js';

/** The fields queries may name (docs/blog-wire.md §A.3, §B.2) and the blog_posts columns they read. */
const f = (column: string, kind: FieldKind, sortable: boolean): QueryField => ({
  sql: sql.raw(column),
  kind,
  sortable,
});

/** Published posts: the pub_* snapshot columns. */
export const POST_FIELDS: FieldTable = {
  id: f('id', 'string', true),
  title: f('pub_title', 'string', true),
  excerpt: f('pub_excerpt', 'string', true),
  slug: f('slug', 'string', true),
  firstPublishedDate: f('first_published_at', 'date', true),
  lastPublishedDate: f('last_published_at', 'date', true),
  featured: f('pub_featured', 'boolean', true),
  pinned: f('pinned', 'boolean', true),
  commentingEnabled: f('pub_commenting_enabled', 'boolean', true),
  categoryIds: f('pub_category_ids', 'strings', false),
  tagIds: f('pub_tag_ids', 'strings', false),
  hashtags: f('pub_hashtags', 'strings', false),
  pricingPlanIds: f('pub_pricing_plan_ids', 'strings', false),
  memberId: f('pub_member_id', 'string', false),
  minutesToRead: f('pub_minutes_to_read', 'number', false),
  language: f('pub_language', 'string', false),
  translationId: f('pub_translation_id', 'string', false),
  'metrics.views': f('view_count', 'number', true),
  'metrics.likes': f('like_count', 'number', true),
  'metrics.comments': f('comment_count', 'number', true),
  'media.displayed': f('pub_media_displayed', 'boolean', false),
};

/** Draft posts: the draft's columns (and its JSONB for the rest). */
export const DRAFT_FIELDS: FieldTable = {
  id: f('id', 'string', true),
  title: f('title', 'string', true),
  excerpt: f(`((draft->>'excerpt') COLLATE "C")`, 'string', true),
  status: f('status', 'string', true),
  editedDate: f('edited_at', 'date', true),
  scheduledPublishDate: f('scheduled_at', 'date', true),
  createdDate: f('created_at', 'date', true),
  firstPublishedDate: f('first_published_at', 'date', true),
  categoryIds: f('category_ids', 'strings', false),
  tagIds: f('tag_ids', 'strings', false),
  hashtags: f('hashtags', 'strings', false),
  pricingPlanIds: f(
    `(ARRAY(SELECT jsonb_array_elements_text(COALESCE(draft->'pricingPlanIds', '[]'::jsonb))))`,
    'strings',
    false,
  ),
  memberId: f('member_id', 'string', false),
  language: f('language', 'string', false),
  translationId: f(`(draft->>'translationId')`, 'string', false),
  featured: f(`((draft->>'featured')::boolean)`, 'boolean', true),
  slug: f('slug', 'string', true),
};
