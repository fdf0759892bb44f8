import type { SeedName } from '../config.js';
import type { Tx } from '../storage/transaction.js';
import { demoBlog } from './demo-blog.js';
import { demoClient } from './demo-client.js';
import { demoAnnouncementsCollection, demoBooksCollection, demoMemberNotesCollection } from './demo-data.js';
import { demoForms } from './demo-forms.js';
import { demoGalleries } from './demo-gallery.js';
import { demoSite } from './demo-site.js';
import type { SeedContext, Seeder } from './seeder.js';
import { claimSeedRun } from './store.js';

export type { SeedContext, Seeder } from './seeder.js';

/** What each seed adds, in order. Later issues append demo galleries, forms and collections. */
const SEEDS: Record<SeedName, readonly Seeder[]> = {
  none: [],
  demo: [
    demoClient,
    demoBooksCollection,
    demoMemberNotesCollection,
    demoAnnouncementsCollection,
    demoGalleries,
    demoForms,
    demoBlog,
    demoSite,
  ],
};

/** Runs the seed's seeders that have not run before on this database; returns their names. */
export async function runSeed(trx: Tx, seed: SeedName, ctx: SeedContext): Promise<string[]> {
  const ran: string[] = [];
  for (const seeder of SEEDS[seed]) {
    if (!(await claimSeedRun(trx, seeder.name))) continue;
    await seeder.run(trx, ctx);
    ran.push(seeder.name);
  }
  return ran;
}
