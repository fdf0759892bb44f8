import { sql } from 'kysely';
import type { Tx } from '../../storage/transaction.js';
import { EVERY_COLLECTION_ITEMS } from '../data/items/table.js';

/** What a deleted member's content became (services/admin/member-management.ts). */
export interface PassedContent {
  /** Blog posts (drafts and published) whose writer was the member: now the site's own. */
  readonly posts: number;
  /** Data items whose `_owner` was the member: now the site's (no owner, as the API key's inserts). */
  readonly items: number;
}

/**
 * Passes a member's content to the site (the owner's account of the hosted platform): their blog
 * posts lose their writer (`memberId`, draft and published sides), their data items their
 * `_owner`; their blog writer and data collection roles go.
 */
export async function passContentToSite(trx: Tx, identityId: string): Promise<PassedContent> {
  const posts = await sql`
    UPDATE blog_posts SET
      member_id = CASE WHEN member_id = ${identityId} THEN NULL ELSE member_id END,
      pub_member_id = CASE WHEN pub_member_id = ${identityId} THEN NULL ELSE pub_member_id END,
      draft = CASE WHEN draft->>'memberId' = ${identityId} THEN draft - 'memberId' ELSE draft END,
      published = CASE WHEN published->>'memberId' = ${identityId} THEN published - 'memberId' ELSE published END
    WHERE member_id = ${identityId} OR pub_member_id = ${identityId}
      OR draft->>'memberId' = ${identityId} OR published->>'memberId' = ${identityId}`.execute(trx);
  // `_owner` is kept in the column (reads by owner) and inside the item as the wire carries it.
  const items = await sql`
    UPDATE ${EVERY_COLLECTION_ITEMS} SET owner = NULL, data = data - '_owner' WHERE owner = ${identityId}`.execute(
    trx,
  );
  await trx.deleteFrom('blog_writers').where('identity_id', '=', identityId).execute();
  await trx.deleteFrom('member_roles').where('identity_id', '=', identityId).execute();
  return { posts: Number(posts.numAffectedRows ?? 0n), items: Number(items.numAffectedRows ?? 0n) };
}
