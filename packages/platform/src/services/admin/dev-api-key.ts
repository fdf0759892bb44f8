import { chmod, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { findApiKeyRecord } from '../../oauth/store.js';
import { sha256Hex } from '../../secrets.js';
import type { Db } from '../../storage/database.js';
import { API_KEY_LABELS, newApiKeySecret, registerApiKey } from './service.js';

/**
 * One development API key per PGlite data directory, so that `npm start` does not add a key at
 * every start: kept in `<dataDir>/dev-api-key` (readable by its owner only; the database keeps only
 * its hash), reused while it is a key of the site, replaced once the owner has revoked it.
 */
export const DEV_API_KEY_FILE = 'dev-api-key';

export interface DevApiKey {
  /** The file holding the key: tools read the key there (it is never logged). */
  readonly path: string;
  readonly created: boolean;
}

/** Call in the start-up transaction: a new key's file is written before its hash commits. */
export async function ensureDevApiKey(db: Db, dataDir: string): Promise<DevApiKey> {
  const path = join(resolve(dataDir), DEV_API_KEY_FILE);
  const existing = await readKeyFile(path);
  if (existing !== undefined && (await findApiKeyRecord(db, sha256Hex(existing))) !== undefined) {
    await chmod(path, 0o600);
    return { path, created: false };
  }
  const key = newApiKeySecret();
  await registerApiKey(db, key, API_KEY_LABELS.development);
  // Written aside and renamed: the file never holds a partial key.
  const written = `${path}.${process.pid}.tmp`;
  await writeFile(written, `${key}\n`, { mode: 0o600 });
  await rename(written, path);
  return { path, created: true };
}

async function readKeyFile(path: string): Promise<string | undefined> {
  try {
    const key = (await readFile(path, 'utf8')).trim();
    return key === '' ? undefined : key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
