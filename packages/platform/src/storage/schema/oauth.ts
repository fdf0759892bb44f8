import type { Json } from '@atrium/contract/types';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './core.js';
import type { StaffRoleName } from './staff.js';

/**
 * Tokens and their keys (oauth/): signing keys, OAuth clients, API keys, refresh tokens, redirect
 * sessions, authorization codes.
 */

export interface SigningKeysTable {
  kid: string;
  alg: string;
  private_jwk: Json;
  public_jwk: Json;
  created_at: CreatedAt;
}

export interface OAuthClientsTable {
  id: string;
  redirect_origins: string[];
  created_at: CreatedAt;
  updated_at: ColumnType<Date, never, Date>;
}

export interface ApiKeysTable {
  id: Generated<string>;
  key_hash: string;
  created_at: CreatedAt;
  /** Where the key came from (a start option, the development key, the admin API) or the owner's name for it. */
  label: string | null;
  /** The key's first characters: recognisable, not enough to use it. */
  hint: string | null;
  last_used_at: ColumnType<Date | null, never, Date | null>;
  /** The staff role the key acts with (services/staff/permissions.ts). */
  role: ColumnType<StaffRoleName, StaffRoleName | undefined, StaffRoleName>;
}

export type SubjectRole = 'visitor' | 'member';

export interface RefreshTokensTable {
  id: Generated<string>;
  token_hash: string;
  client_id: string;
  role: SubjectRole;
  subject_id: string;
  created_at: CreatedAt;
  revoked_at: ColumnType<Date | null, never, Date | null>;
  /** The authorization code a member token was issued for (migration 4). */
  authorization_code_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Its last renewal of an access token, at most a minute old (migration 19); null: never. */
  last_used_at: ColumnType<Date | null, never, Date | null>;
}

export interface RedirectSessionsTable {
  id: Generated<string>;
  intent: string;
  payload: Json;
  callbacks: Json;
  preferences: Json;
  origin: string | null;
  session_token_hash: string;
  caller_kind: string;
  client_id: string | null;
  subject_id: string | null;
  created_at: CreatedAt;
  expires_at: Date;
  /** Migration 4: the creating member's session (refresh token id), the auth request's hashed
   * session token, and the one origin a web_message response is posted to. */
  caller_session_id: ColumnType<string | null, string | null | undefined, string | null>;
  auth_session_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  message_origin: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AuthorizationCodesTable {
  id: Generated<string>;
  code_hash: string;
  client_id: string;
  identity_id: string;
  redirect_uri: string | null;
  code_challenge: string;
  redirect_session_id: string | null;
  created_at: CreatedAt;
  expires_at: Date;
  redeemed_at: ColumnType<Date | null, never, Date | null>;
}
