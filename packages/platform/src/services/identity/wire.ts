import type { Identity, IdentityProfile, IdentityStatusReason } from '@atrium/contract/types';
import type { Db } from '../../storage/database.js';
import type { Tx } from '../../storage/transaction.js';
import { listFactors, type StoredFactor } from './factor-store.js';
import type { StoredIdentity } from './store.js';

/** The wire `Identity` (docs/wire.md §5.3) of a stored identity and its enabled factors. */
export function toWireIdentity(identity: StoredIdentity, factors: readonly StoredFactor[]): Identity {
  const profile = identity.profile as IdentityProfile;
  return {
    id: identity.id,
    revision: String(identity.revision),
    createdDate: identity.createdAt.toISOString(),
    updatedDate: identity.updatedAt.toISOString(),
    connections: [],
    identityProfile: { ...profile, emails: profile.emails ?? [], phones: profile.phones ?? [] },
    email: { address: identity.email, isVerified: identity.emailVerified },
    status: { name: identity.status, reasons: identity.statusReasons as IdentityStatusReason[] },
    factors: factors
      .filter((factor) => factor.identityId === identity.id)
      .map((factor) => ({ factorId: factor.id, type: factor.type, status: 'ACTIVE' as const })),
  };
}

/** Loads the factors of every identity in one query. */
export async function wireIdentities(
  db: Db | Tx,
  identities: readonly StoredIdentity[],
): Promise<Identity[]> {
  const factors = await listFactors(
    db,
    identities.map((identity) => identity.id),
  );
  return identities.map((identity) => toWireIdentity(identity, factors));
}

export async function wireIdentity(db: Db | Tx, identity: StoredIdentity): Promise<Identity> {
  const [wire] = await wireIdentities(db, [identity]);
  return wire!;
}
