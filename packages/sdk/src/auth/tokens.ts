import type { TokenRole as TokenRoleName } from '@atrium/contract/routes/core';

/**
 * Token shapes of the OAuth strategy (docs/spec.md §3, docs/wire.md §4.1). `expiresAt` is in seconds since
 * the epoch, like the reference client's, so tokens persisted by either client are interchangeable.
 */
export interface AccessToken {
  value: string;
  expiresAt: number;
}

export interface RefreshToken {
  value: string;
  role: TokenRoleName;
}

export interface Tokens {
  accessToken: AccessToken;
  refreshToken: RefreshToken;
}

/** Token roles, usable as values (`TokenRole.MEMBER`) like the reference's enum, and as a type. */
export const TokenRole = { NONE: 'none', VISITOR: 'visitor', MEMBER: 'member' } as const;
export type TokenRole = TokenRoleName;

/** What a strategy holds before it has any tokens, and after logout. */
export const EMPTY_TOKENS: Tokens = Object.freeze({
  accessToken: Object.freeze({ value: '', expiresAt: 0 }),
  refreshToken: Object.freeze({ value: '', role: TokenRole.NONE }),
}) as Tokens;

const nowInSeconds = (): number => Math.floor(Date.now() / 1000);

/** Stale means expired: the expiry is before the current second (docs/spec.md §4 Token lifecycle). */
export const isTokenExpired = (accessToken: AccessToken): boolean => accessToken.expiresAt < nowInSeconds();

/** An access token that can be sent right now: present and not expired. */
export const hasUsableAccessToken = (tokens: Tokens | null | undefined): tokens is Tokens =>
  !!tokens?.accessToken?.value && !isTokenExpired(tokens.accessToken);

export const createAccessToken = (value: string, expiresInSeconds: number): AccessToken => ({
  value,
  expiresAt: nowInSeconds() + expiresInSeconds,
});

const isRole = (role: unknown): role is TokenRole =>
  role === TokenRole.NONE || role === TokenRole.VISITOR || role === TokenRole.MEMBER;

/** Structural check for tokens read back from storage, which may be stale, foreign or corrupt. */
export const isTokens = (value: unknown): value is Tokens => {
  if (typeof value !== 'object' || value === null) return false;
  const { accessToken, refreshToken } = value as Partial<Record<keyof Tokens, Record<string, unknown>>>;
  return (
    typeof accessToken?.value === 'string' &&
    typeof accessToken.expiresAt === 'number' &&
    typeof refreshToken?.value === 'string' &&
    isRole(refreshToken.role)
  );
};

/**
 * Bodies of `POST /oauth2/token` exactly as the reference sends them (docs/wire.md §4.1): camelCase
 * JSON, except the two authorized-client grants, which are snake_case.
 */
export type TokenGrant =
  | { clientId: string; grantType: 'anonymous' }
  | { clientId: string; refreshToken: string; grantType: 'refresh_token' }
  | {
      clientId: string;
      grantType: 'authorization_code';
      redirectUri?: string;
      code: string;
      codeVerifier: string;
    }
  | { grant_type: 'authorized_client'; scope: 'offline_access'; member_id: string }
  | { grant_type: 'authorized_client'; member_id: string; session_token: string };
