import type { Json } from '@atrium/contract/types';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './core.js';

/**
 * Members' identities (services/identity/): accounts, sessions, verification, factors, recovery,
 * the mail outbox.
 */

export type IdentityStatusName = 'UNKNOWN_STATUS' | 'PENDING' | 'ACTIVE' | 'DELETED' | 'BLOCKED' | 'OFFLINE';

export interface IdentitiesTable {
  id: Generated<string>;
  email: string;
  email_verified: ColumnType<boolean, boolean | undefined, boolean>;
  password_hash: string | null;
  password_reset_required: ColumnType<boolean, boolean | undefined, boolean>;
  status: IdentityStatusName;
  status_reasons: ColumnType<string[], string[] | undefined, string[]>;
  profile: ColumnType<Json, Json | undefined, Json>;
  revision: ColumnType<number, never, number>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, never, Date>;
  /** Migration 12: the members service's profile slug and photo. */
  slug: ColumnType<string | null, string | null | undefined, string | null>;
  photo: ColumnType<Json | null, Json | null | undefined, Json | null>;
}

export interface SessionTokensTable {
  token_hash: string;
  identity_id: string;
  created_at: CreatedAt;
  expires_at: Date;
  redeemed_at: ColumnType<Date | null, never, Date | null>;
}

export type AuthStatePurpose = 'email_verification' | 'mfa';

export interface AuthStatesTable {
  id: Generated<string>;
  token_hash: string;
  identity_id: string;
  purpose: AuthStatePurpose;
  factor_type: string | null;
  failed_attempts: ColumnType<number, never, number>;
  created_at: CreatedAt;
  expires_at: Date;
  ended_at: ColumnType<Date | null, never, Date | null>;
}

export interface VerificationCodesTable {
  id: string;
  identity_id: string;
  purpose: AuthStatePurpose;
  code_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
  invalidated_at: ColumnType<Date | null, never, Date | null>;
}

export type EnrollableFactorType = 'EMAIL' | 'TOTP';

export interface IdentityFactorsTable {
  id: Generated<string>;
  identity_id: string;
  factor_type: EnrollableFactorType;
  totp_secret: string | null;
  /** The 30-second TOTP time step of the last accepted code (an integer until the year 4000). */
  last_used_step: ColumnType<number | null, never, number | null>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, never, Date>;
}

/** Migration 18: a member's own account changes waiting for a code (services/account/). */
export interface AccountChangesTable {
  id: Generated<string>;
  identity_id: string;
  kind: 'login_email' | 'totp';
  new_email: string | null;
  code_hash: string | null;
  totp_secret: string | null;
  failed_attempts: ColumnType<number, never, number>;
  created_at: CreatedAt;
  expires_at: Date;
}

export type RecoveryPurpose = 'password_reset' | 'activation';

export interface RecoveryTokensTable {
  token_hash: string;
  identity_id: string;
  purpose: RecoveryPurpose;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: ColumnType<Date | null, never, Date | null>;
}

export interface LoginFailuresTable {
  identity_id: string;
  failures: number;
  locked_until: Date | null;
  last_failed_at: ColumnType<Date, Date | undefined, Date>;
}

export interface MailOutboxTable {
  id: Generated<string>;
  seq: ColumnType<string | number, never, never>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  code: string | null;
  links: ColumnType<string[], string[] | undefined, string[]>;
  created_at: CreatedAt;
}
