import type { Db } from '../../storage/database.js';
import { inTransaction } from '../../storage/transaction.js';
import { noSuchMember } from '../identity/errors.js';
import { findIdentityById } from '../identity/store.js';
import { grantWriter, isWriter, revokeWriter } from './store.js';

/**
 * Blog writers: members the owner lets write drafts (their own) through the OAuth client; what they
 * publish waits for the owner's review. Granted and revoked through the admin API.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function setBlogWriter(db: Db, identityId: string, writer: boolean) {
  return inTransaction(db, async (trx) => {
    const identity = UUID.test(identityId) ? await findIdentityById(trx, identityId) : undefined;
    if (identity === undefined || identity.status === 'DELETED') throw noSuchMember(identityId);
    if (writer) await grantWriter(trx, identityId);
    else await revokeWriter(trx, identityId);
    return { identityId, blogWriter: await isWriter(trx, identityId) };
  });
}
