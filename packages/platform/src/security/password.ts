import { randomBytes } from 'node:crypto';
import { argon2id, argon2Verify } from 'hash-wasm';

/**
 * Member passwords: argon2id (RFC 9106) with OWASP's recommended minimum cost (19 MiB, 2 passes,
 * one lane) and a 16-byte random salt, kept in the encoded `$argon2id$v=19$m=…` form so that the
 * parameters travel with the hash. Neither a password nor a hash is ever logged or returned.
 */
export const PASSWORD_HASH_PARAMETERS = {
  memorySize: 19 * 1024,
  iterations: 2,
  parallelism: 1,
  hashLength: 32,
  saltLength: 16,
} as const;

export async function hashPassword(password: string): Promise<string> {
  const { saltLength, ...cost } = PASSWORD_HASH_PARAMETERS;
  return argon2id({ ...cost, password, salt: randomBytes(saltLength), outputType: 'encoded' });
}

/** False for a wrong password and for a missing or malformed hash (never throws on either). */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (hash === null) {
    await verifyAgainstDecoy(password);
    return false;
  }
  try {
    return await argon2Verify({ password, hash });
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/**
 * Spends the time of one real verification, for a login whose e-mail matches nobody (or whose
 * member has no password), so that response time does not tell which e-mails have accounts.
 */
export async function verifyAgainstDecoy(password: string): Promise<void> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await argon2Verify({ password, hash: await decoyHash });
}
