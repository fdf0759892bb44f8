import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { takeAdvisoryLock } from '../storage/advisory-lock.js';
import type { Db } from '../storage/database.js';
import { inTransaction } from '../storage/transaction.js';
import { insertSigningKey, selectSigningKeys } from './store.js';

export const SIGNING_ALGORITHM = 'ES256';

/**
 * The key pair access tokens are signed with. Loaded once at start, so that verifying a token
 * needs no database lookup; every platform process sharing a database uses the same pair.
 */
export interface SigningKeys {
  readonly kid: string;
  readonly privateKey: CryptoKey;
  /** Every stored public key by kid: a token signed by any of them verifies. */
  readonly publicKeys: ReadonlyMap<string, CryptoKey>;
}

/** Reads the signing keys, creating the first pair if there is none (under a lock, so only once). */
export async function loadSigningKeys(db: Db): Promise<SigningKeys> {
  const rows = await inTransaction(db, async (trx) => {
    await takeAdvisoryLock(trx, 'startup');
    const stored = await selectSigningKeys(trx, SIGNING_ALGORITHM);
    if (stored.length > 0) return stored;
    await insertSigningKey(trx, await generateSigningKey());
    return selectSigningKeys(trx, SIGNING_ALGORITHM);
  });
  const newest = rows[0]!;
  const publicKeys = new Map<string, CryptoKey>();
  for (const row of rows) publicKeys.set(row.kid, await importKey(row.public_jwk));
  return { kid: newest.kid, privateKey: await importKey(newest.private_jwk), publicKeys };
}

async function generateSigningKey() {
  const pair = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  const publicJwk = await exportJWK(pair.publicKey);
  return {
    kid: await calculateJwkThumbprint(publicJwk),
    alg: SIGNING_ALGORITHM,
    private_jwk: { ...(await exportJWK(pair.privateKey)) },
    public_jwk: { ...publicJwk },
  };
}

async function importKey(jwk: Record<string, unknown>): Promise<CryptoKey> {
  const key = await importJWK(jwk as JWK, SIGNING_ALGORITHM);
  if (key instanceof Uint8Array) throw new Error('stored signing key is not an EC key');
  return key;
}
