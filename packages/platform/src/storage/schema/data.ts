import type { Json } from '@atrium/contract/types';
import type { ColumnType } from 'kysely';
import type { CreatedAt } from './core.js';

/** Data collections, items, indexes and member roles (services/data/). */

export interface DataCollectionsTable {
  id: string;
  display_name: string;
  fields: ColumnType<unknown[], string, string>;
  permissions: ColumnType<Json, string, string>;
  revision: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface DataItemsTable {
  collection_id: string;
  id: string;
  owner: string | null;
  data: ColumnType<Json, string, string>;
}

export interface DataIndexesTable {
  collection_id: string;
  name: string;
  sql_name: string;
  fields: ColumnType<unknown[], string, string>;
  case_insensitive: boolean;
  created_at: CreatedAt;
}

export interface MemberRolesTable {
  identity_id: string;
  role: string;
  granted_at: CreatedAt;
}
