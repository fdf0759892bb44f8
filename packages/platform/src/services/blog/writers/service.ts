import type { BlogWriterAnswer } from '@atrium/contract/admin';
import type { Db } from '../../../storage/database.js';
import { inTransaction } from '../../../storage/transaction.js';
import { noSuchMember } from '../../identity/errors.js';
import { findIdentityById } from '../../identity/store.js';
import { grantWriter, isIdentityId, isWriter, revokeWriter } from './store.js';

/**
 * Blog writers: members the owner lets write drafts (their own) through the OAuth client; what they
 * publish waits for the owner's review. Granted and revoked through the admin API.
 */
export async function setBlogWriter(db: Db, identityId: string, writer: boolean): Promise<BlogWriterAnswer> {
  return inTransaction(db, async (trx) => {
    const identity = isIdentityId(identityId) ? await findIdentityById(trx, identityId) : undefined;
    if (identity === undefined || identity.status === 'DELETED') throw noSuchMember(identityId);
    if (writer) await grantWriter(trx, identityId);
    else await revokeWriter(trx, identityId);
    return { identityId, blogWriter: await isWriter(trx, identityId) };
  });
}
