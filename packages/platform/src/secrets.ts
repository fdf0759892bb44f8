import { createHash, randomBytes } from 'node:crypto';

/**
 * Bearer secrets (refresh tokens, session tokens) and how they are kept: the platform stores only
 * a SHA-256 hash, so a leaked database does not leak usable credentials. The secrets are 256-bit
 * random values, so a fast unsalted hash is enough (no password-style stretching needed).
 */
export const randomSecret = (): string => randomBytes(32).toString('base64url');

export const sha256Hex = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');
