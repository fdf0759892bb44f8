import { TokenRole, type Tokens } from './tokens.js';

/**
 * Who the member is, read from the member access token's claims (`sub`, and the `email` claim the
 * platform adds to member tokens). For display only: the token is decoded, not verified; the
 * platform verifies it on every call.
 */
export interface Member {
  id: string;
  email?: string;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The payload of a JWT, or null when the value is not one. */
export function decodeJwtClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The member the tokens belong to, or null for visitors, empty tokens and unreadable tokens. */
export function memberFromTokens(tokens: Tokens): Member | null {
  if (tokens.refreshToken.role !== TokenRole.MEMBER) return null;
  const claims = decodeJwtClaims(tokens.accessToken.value);
  if (typeof claims?.sub !== 'string' || claims.sub === '') return null;
  return typeof claims.email === 'string' ? { id: claims.sub, email: claims.email } : { id: claims.sub };
}
