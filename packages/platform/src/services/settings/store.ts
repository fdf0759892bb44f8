import { sql } from 'kysely';
import type { Db } from '../../storage/database.js';
import type { Tx } from '../../storage/transaction.js';

/** The site's profile row (site_profile, migration 16), or undefined before anything was saved. */
export interface SiteProfileRow {
  readonly name: string | null;
  readonly description: string;
  readonly language: string;
  readonly url: string | null;
  readonly logo_media_id: string | null;
  readonly favicon_media_id: string | null;
  readonly updated_at: Date;
}

export type SiteProfileChanges = {
  -readonly [K in keyof Omit<SiteProfileRow, 'updated_at'>]?: SiteProfileRow[K];
};

export async function selectSiteProfile(db: Db | Tx): Promise<SiteProfileRow | undefined> {
  return db
    .selectFrom('site_profile')
    .select(['name', 'description', 'language', 'url', 'logo_media_id', 'favicon_media_id', 'updated_at'])
    .executeTakeFirst();
}

/** Writes the given columns, making the row when there is none. */
export async function upsertSiteProfile(db: Db | Tx, changes: SiteProfileChanges): Promise<void> {
  await db
    .insertInto('site_profile')
    .values({ singleton: true, ...changes })
    .onConflict((conflict) =>
      conflict.column('singleton').doUpdateSet({ ...changes, updated_at: sql<Date>`now()` }),
    )
    .execute();
}

/** The row, made with `values` only when there is none yet (the demo seed's name). */
export async function insertSiteProfileIfMissing(db: Db | Tx, values: SiteProfileChanges): Promise<void> {
  await db
    .insertInto('site_profile')
    .values({ singleton: true, ...values })
    .onConflict((conflict) => conflict.column('singleton').doNothing())
    .execute();
}
