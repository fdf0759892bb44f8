import type { Json } from '@atrium/contract/types';
import type { ColumnType } from 'kysely';
import type { CreatedAt } from './core.js';

/** The blog's tables (services/blog/). */

/** Blog tables (migration 10): a draft and its published snapshot in one row (services/blog/posts/store.ts). */
export interface BlogPostsTable {
  id: string;
  status: 'UNPUBLISHED' | 'PUBLISHED' | 'SCHEDULED' | 'IN_REVIEW';
  draft: Json;
  title: string;
  language: string;
  member_id: string | null;
  slug: string;
  category_ids: ColumnType<string[], string[] | undefined, string[]>;
  tag_ids: ColumnType<string[], string[] | undefined, string[]>;
  hashtags: ColumnType<string[], string[] | undefined, string[]>;
  created_at: ColumnType<Date, Date | undefined, never>;
  edited_at: ColumnType<Date, Date | undefined, Date>;
  scheduled_at: Date | null;
  moderation: Json | null;
  has_unpublished_changes: ColumnType<boolean, boolean | undefined, boolean>;
  deleted_at: Date | null;
  published: Json | null;
  pub_title: string | null;
  pub_excerpt: string | null;
  pub_language: string | null;
  pub_member_id: string | null;
  pub_featured: boolean | null;
  pinned: ColumnType<boolean, boolean | undefined, boolean>;
  pub_commenting_enabled: boolean | null;
  pub_category_ids: string[] | null;
  pub_tag_ids: string[] | null;
  pub_hashtags: string[] | null;
  pub_pricing_plan_ids: string[] | null;
  pub_minutes_to_read: number | null;
  pub_translation_id: string | null;
  pub_media_displayed: boolean | null;
  first_published_at: Date | null;
  last_published_at: Date | null;
  like_count: ColumnType<number, number | undefined, number>;
  view_count: ColumnType<number, number | undefined, number>;
  comment_count: ColumnType<number, number | undefined, number>;
}

export interface BlogCategoriesTable {
  id: string;
  label: string;
  slug: string;
  language: string;
  title: string | null;
  description: string | null;
  display_position: number;
  cover_image: Json | null;
  seo_data: Json | null;
  translation_id: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface BlogTagsTable {
  id: string;
  label: string;
  slug: string;
  language: string;
  translation_id: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface BlogLikesTable {
  id: string;
  fqdn: string;
  entity_id: string;
  liker_kind: 'visitor' | 'member';
  liker_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface BlogViewsTable {
  post_id: string;
  viewer: string;
  counted_at: Date;
}

export interface BlogWritersTable {
  identity_id: string;
  granted_at: CreatedAt;
}
