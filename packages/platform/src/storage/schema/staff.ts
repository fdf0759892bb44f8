import type { Json } from '@atrium/contract/types';
import type { ColumnType } from 'kysely';
import type { CreatedAt } from './core.js';

/**
 * Staff accounts, sessions and links (services/staff/), and the request and activity logs
 * (services/logs/).
 */

export type StaffRoleName = 'OWNER' | 'ADMIN' | 'BLOG_EDITOR' | 'WRITER' | 'CMS_EDITOR' | 'SUPPORT';

export interface StaffAccountsTable {
  id: string;
  email: string;
  role: StaffRoleName;
  status: 'INVITED' | 'ACTIVE' | 'BLOCKED';
  created_at: CreatedAt;
  last_sign_in_at: Date | null;
  /** argon2id (security/password.ts), or null: the account signs in with one-time links only. */
  password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  failed_sign_ins: ColumnType<number, number | undefined, number>;
  locked_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface StaffSessionsTable {
  id: string;
  staff_id: string;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
  ended_at: Date | null;
  started_by: ColumnType<'LINK' | 'PASSWORD', 'LINK' | 'PASSWORD' | undefined, never>;
}

export interface StaffLinksTable {
  token_hash: string;
  staff_id: string;
  purpose: 'SIGN_IN' | 'INVITE' | 'RESET';
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

/** The request log (services/logs/): ids grow, pruning keeps the newest (bigint: a string from pg). */
export interface RequestLogTable {
  id: ColumnType<string | number, never, never>;
  request_id: string;
  at: Date;
  method: string;
  path: string;
  route: string | null;
  status: number;
  caller_kind: string;
  staff_email: string | null;
  staff_role: string | null;
  api_key_label: string | null;
  api_key_hint: string | null;
  duration_ms: number;
  refusal: string | null;
}

/** Who changed what (services/logs/): a staff session's or an API key's successful writes. */
export interface ActivityLogTable {
  id: ColumnType<string | number, never, never>;
  request_id: string;
  at: Date;
  actor_kind: 'staff' | 'api-key';
  staff_email: string | null;
  staff_role: string | null;
  api_key_label: string | null;
  api_key_hint: string | null;
  section: string;
  method: string;
  route: string;
  action: string;
  target: ColumnType<Json, string, string>;
}
