import { WEBHOOK_JWT_ALGORITHMS } from '@atrium/contract';
import {
  calculateJwkThumbprint,
  exportJWK,
  exportPKCS8,
  exportSPKI,
  generateKeyPair,
  importPKCS8,
} from 'jose';
import { takeAdvisoryLock } from '../storage/advisory-lock.js';
import type { Db } from '../storage/database.js';
import { inTransaction } from '../storage/transaction.js';
import { insertWebhookKey, selectWebhookKey } from './store.js';

/** The platform signs webhook JWTs with RS256 (the first algorithm a receiver accepts). */
export const WEBHOOK_SIGNING_ALGORITHM = WEBHOOK_JWT_ALGORITHMS[0];

/** The RSA key pair webhook JWTs are signed with; receivers verify with `publicKeyPem`. */
export interface WebhookKeys {
  readonly kid: string;
  readonly privateKey: CryptoKey;
  /** SPKI, PEM armoured: what `AppStrategy({ publicKey })` takes. */
  readonly publicKeyPem: string;
}

/**
 * Reads the key pair, creating it if there is none (under the start-up advisory lock, so processes
 * sharing a PostgreSQL agree on one). Made on first use, not at start: RSA key generation is slow.
 */
export async function loadWebhookKeys(db: Db): Promise<WebhookKeys> {
  const row = await inTransaction(db, async (trx) => {
    await takeAdvisoryLock(trx, 'startup');
    const stored = await selectWebhookKey(trx);
    if (stored) return stored;
    const created = await generateWebhookKey();
    await insertWebhookKey(trx, created);
    return created;
  });
  return {
    kid: row.kid,
    privateKey: await importPKCS8(row.privatePem, WEBHOOK_SIGNING_ALGORITHM, { extractable: false }),
    publicKeyPem: row.publicPem,
  };
}

async function generateWebhookKey() {
  const pair = await generateKeyPair(WEBHOOK_SIGNING_ALGORITHM, { extractable: true, modulusLength: 2048 });
  return {
    kid: await calculateJwkThumbprint(await exportJWK(pair.publicKey)),
    privatePem: await exportPKCS8(pair.privateKey),
    publicPem: await exportSPKI(pair.publicKey),
  };
}
