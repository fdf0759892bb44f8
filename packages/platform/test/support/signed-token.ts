import { SignJWT } from 'jose';
import { TOKEN_ISSUER } from '../../src/oauth/access-token.js';

/**
 * An hour-long ES256 access token of our issuer for a fixed subject, signed with any key under any
 * kid and expiring at `expiresAt` (seconds): the tests' forged, expired and claim-less tokens.
 */
export const signTestToken = (
  key: CryptoKey,
  kid: string,
  claims: Record<string, unknown>,
  expiresAt: number,
): Promise<string> =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid })
    .setIssuer(TOKEN_ISSUER)
    .setSubject('5a1f8c1e-0b9e-4d43-9a55-6f0f3c0f4b11')
    .setIssuedAt(expiresAt - 3600)
    .setExpirationTime(expiresAt)
    .sign(key);
