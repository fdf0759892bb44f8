import type { Json } from '@atrium/contract/types';
import type { ColumnType } from 'kysely';
import type { CreatedAt, Timestamps } from './core.js';

/** Media files and galleries (media/, services/gallery/). */

export interface MediaFilesTable {
  id: string;
  filename: string;
  content_type: string;
  kind: 'image' | 'video' | 'file';
  /** bigint: the driver answers a string. */
  size_bytes: ColumnType<string | number, number, never>;
  width: number | null;
  height: number | null;
  owner: string;
  created_at: CreatedAt;
}

export interface GalleriesTable extends Timestamps {
  id: string;
  name: string | null;
  sort_order: number;
  state: 'SAVED' | 'PUBLISHED';
}

export interface GalleryItemsTable extends Timestamps {
  gallery_id: string;
  id: string;
  sort_order: number;
  type: 'IMAGE' | 'VIDEO' | 'TEXT';
  data: ColumnType<Json, string, string>;
}
