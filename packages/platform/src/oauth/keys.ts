import { randomUUID } from 'node:crypto';
import type { RotatedVisitorSecretAnswer } from '@atrium/contract/admin';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { takeAdvisoryLock } from '../storage/advisory-lock.js';
import type { Db } from '../storage/database.js';
import { inTransaction } from '../storage/transaction.js';
import { insertSigningKey, selectSigningKeys } from './store.js';
import { newVisitorSecret, VISITOR_ALGORITHM, type VisitorSecrets } from './visitor-tokens.js';

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
  /** The visitors' symmetric secrets (visitor-tokens.ts), as last read. */
  readonly visitor: () => VisitorSecrets;
  /**
   * Reads the visitor secrets again, for a kid this process does not know (another process
   * rotated): at most once a second, so forged kids cannot make every request a query. Whether
   * the kid is known afterwards.
   */
  readonly knowsVisitorKid: (kid: string) => Promise<boolean>;
  /** Reads the visitor secrets again now (after this process rotated). */
  readonly reloadVisitorSecrets: () => Promise<void>;
  /**
   * The site the tokens signed with these keys are for (site/site-id.ts): their `siteId` claim.
   * Read once at start, so issuing a visitor's token stays free of database reads.
   */
  readonly siteId?: string;
}

const VISITOR_RELOAD_INTERVAL_MS = 1000;

/**
 * Reads the signing keys, creating the first pair if there is none (under a lock, so only once).
 * `siteId`: the site the tokens are for (their `siteId` claim); the platform always gives it.
 */
export async function loadSigningKeys(db: Db, siteId?: string): Promise<SigningKeys> {
  const { rows, visitorRows } = await inTransaction(db, async (trx) => {
    await takeAdvisoryLock(trx, 'startup');
    if ((await selectSigningKeys(trx, SIGNING_ALGORITHM)).length === 0) {
      await insertSigningKey(trx, await generateSigningKey());
    }
    if ((await selectSigningKeys(trx, VISITOR_ALGORITHM)).length === 0) {
      await insertSigningKey(trx, visitorSecretRow(newVisitorSecret()));
    }
    return {
      rows: await selectSigningKeys(trx, SIGNING_ALGORITHM),
      visitorRows: await selectSigningKeys(trx, VISITOR_ALGORITHM),
    };
  });
  const newest = rows[0]!;
  const publicKeys = new Map<string, CryptoKey>();
  for (const row of rows) publicKeys.set(row.kid, await importKey(row.public_jwk));

  let visitor = visitorSecretsOf(visitorRows);
  let lastReload = 0;
  const reloadVisitorSecrets = async () => {
    lastReload = Date.now();
    visitor = visitorSecretsOf(await selectSigningKeys(db, VISITOR_ALGORITHM));
  };
  const knowsVisitorKid = async (kid: string) => {
    if (visitor.secrets.has(kid)) return true;
    if (Date.now() - lastReload < VISITOR_RELOAD_INTERVAL_MS) return false;
    await reloadVisitorSecrets();
    return visitor.secrets.has(kid);
  };
  return {
    kid: newest.kid,
    privateKey: await importKey(newest.private_jwk),
    publicKeys,
    visitor: () => visitor,
    knowsVisitorKid,
    reloadVisitorSecrets,
    ...(siteId === undefined ? {} : { siteId }),
  };
}

/** The member tokens' public keys as a JWK set (RFC 7517), computed once. */
export async function publicJwks(keys: SigningKeys): Promise<{ keys: Record<string, unknown>[] }> {
  const jwks = [];
  for (const [kid, key] of keys.publicKeys) {
    jwks.push({ ...(await exportJWK(key)), kid, alg: SIGNING_ALGORITHM, use: 'sig' });
  }
  return { keys: jwks };
}

/** Adds a visitor secret: it signs visitor tokens from now on (in other processes once they meet its kid). */
export async function rotateVisitorSecret(db: Db): Promise<string> {
  const row = visitorSecretRow(newVisitorSecret());
  await insertSigningKey(db, row);
  return row.kid;
}

/** The owner's rotation (the admin route): a new visitor secret, which this process signs with at once. */
export async function rotateVisitorSecretNow(ctx: {
  readonly db: Db;
  readonly keys: SigningKeys;
}): Promise<RotatedVisitorSecretAnswer> {
  const kid = await rotateVisitorSecret(ctx.db);
  await ctx.keys.reloadVisitorSecrets();
  return { kid };
}

function visitorSecretRow(secret: Buffer) {
  return {
    kid: `v-${randomUUID()}`,
    alg: VISITOR_ALGORITHM,
    private_jwk: { kty: 'oct', k: secret.toString('base64url') },
    public_jwk: {},
  };
}

function visitorSecretsOf(
  rows: readonly { kid: string; private_jwk: Record<string, unknown> }[],
): VisitorSecrets {
  const secrets = new Map<string, Buffer>();
  for (const row of rows) secrets.set(row.kid, Buffer.from(String(row.private_jwk.k), 'base64url'));
  return { kid: rows[0]!.kid, secrets };
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
