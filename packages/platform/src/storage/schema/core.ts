import type { Json } from '@atrium/contract/types';
import type { ColumnType } from 'kysely';

/** The platform's own tables: migrations, seed runs, site settings and profile. */

/** A timestamp the database fills in and nobody updates. */
export type CreatedAt = ColumnType<Date, never, never>;

/** A column the database fills in when an insert leaves it out; updates may set it. */
export type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** When a row was made and last changed: the database's time unless the insert brings its own. */
export interface Timestamps {
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: Defaulted<Date>;
}

export interface MigrationsTable {
  version: number;
  name: string;
  applied_at: CreatedAt;
}

export interface SeedRunsTable {
  name: string;
  ran_at: CreatedAt;
}

export interface SiteSettingsTable {
  key: string;
  value: Json;
  updated_at: ColumnType<Date, never, Date>;
}

export interface SiteProfileTable {
  singleton: ColumnType<boolean, boolean | undefined, never>;
  name: string | null;
  description: ColumnType<string, string | undefined, string>;
  language: ColumnType<string, string | undefined, string>;
  url: string | null;
  logo_media_id: string | null;
  favicon_media_id: string | null;
  updated_at: ColumnType<Date, never, Date>;
}
