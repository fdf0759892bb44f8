import type { Identity, IdentityStatusName, SitePolicy } from '@atrium/contract/types';
import type { Db } from '../../storage/database.js';
import { inTransaction } from '../../storage/transaction.js';
import { noSuchMember } from '../identity/errors.js';
import { REASONS } from '../identity/sign-in.js';
import { readSitePolicy, writeSitePolicy } from '../identity/site-policy.js';
import { findIdentityById, listIdentities, type StoredIdentity, updateIdentity } from '../identity/store.js';
import { wireIdentities, wireIdentity } from '../identity/wire.js';

/**
 * The site owner's member administration (the local platform's own API; no reference function
 * exists): list members, approve or block them, read and change the site member policy.
 */
export const MEMBER_LIST_LIMIT = 1000;

export async function listMembers(db: Db, status: IdentityStatusName | undefined): Promise<Identity[]> {
  return wireIdentities(db, await listIdentities(db, { status, limit: MEMBER_LIST_LIMIT }));
}

/**
 * Approves a member waiting for the owner (or unblocks a blocked one). A member who still has to
 * verify their e-mail stays PENDING for that reason alone.
 */
export async function approveMember(db: Db, identityId: string): Promise<Identity> {
  return changeMember(db, identityId, (identity) => {
    const statusReasons = identity.statusReasons.filter((reason) => reason !== REASONS.approval);
    if (identity.status === 'ACTIVE') return undefined;
    const waitsForEmail = statusReasons.includes(REASONS.emailVerification);
    return {
      status: waitsForEmail ? 'PENDING' : 'ACTIVE',
      statusReasons: waitsForEmail ? statusReasons : [],
    };
  });
}

export async function blockMember(db: Db, identityId: string): Promise<Identity> {
  return changeMember(db, identityId, (identity) =>
    identity.status === 'BLOCKED' ? undefined : { status: 'BLOCKED', statusReasons: [] },
  );
}

export const getSitePolicy = (db: Db): Promise<SitePolicy> => readSitePolicy(db);

export const putSitePolicy = (db: Db, policy: SitePolicy): Promise<SitePolicy> =>
  inTransaction(db, (trx) => writeSitePolicy(trx, policy));

/** Applies `change` (undefined: nothing to do) to a live member; 404 for an unknown or deleted one. */
async function changeMember(
  db: Db,
  identityId: string,
  change: (identity: StoredIdentity) => Parameters<typeof updateIdentity>[2] | undefined,
): Promise<Identity> {
  return inTransaction(db, async (trx) => {
    const identity = await findIdentityById(trx, identityId);
    if (!identity || identity.status === 'DELETED') throw noSuchMember(identityId);
    const update = change(identity);
    return wireIdentity(trx, update === undefined ? identity : await updateIdentity(trx, identityId, update));
  });
}
