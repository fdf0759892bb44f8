import { ADMIN_PREFIX } from '../routes/platform.js';
import { endpoint } from './endpoint.js';

/**
 * The site's staff and their console sessions (platform services/staff/): who runs the site, with
 * which role. The session is an HttpOnly cookie; its CSRF token (in the session's answers) goes
 * with every later call.
 */

/** A staff role: what the server lets its holder do (services/staff/permissions.ts). */
export type StaffRole = 'OWNER' | 'ADMIN' | 'BLOG_EDITOR' | 'WRITER' | 'CMS_EDITOR' | 'SUPPORT';

export interface StaffMember {
  id: string;
  email: string;
  role: StaffRole;
  status: 'INVITED' | 'ACTIVE' | 'BLOCKED';
  createdDate: string;
  lastSignInDate: string | null;
  /** Whether they can sign in with a password (else with one-time links only). */
  hasPassword: boolean;
}

/** One staff member, after a change (a role, a block, a password). */
export interface StaffAnswer {
  staff: StaffMember;
}

/** The console's session: who it is and the CSRF token its calls carry. */
export interface StaffSessionAnswer {
  staff: StaffMember;
  csrfToken: string;
  /** How the session began: a one-time link's may choose a password without the old one. */
  startedBy: 'LINK' | 'PASSWORD';
}

export interface StaffSignInBody {
  email: string;
  password: string;
}

/** A session begun by a password (the cookie comes with it). */
export interface StaffSignInAnswer {
  staff: StaffMember;
  csrfToken: string;
}

export interface StaffPasswordResetBody {
  email: string;
}

export interface StaffPasswordBody {
  /** Required when the session began with a password and the account has one. */
  currentPassword?: string;
  newPassword: string;
}

export interface StaffListAnswer {
  staff: StaffMember[];
}

export interface StaffInviteBody {
  email: string;
  role: StaffRole;
}

/** The invitation: the new staff member and their one-time link (also mailed). */
export interface StaffInviteAnswer {
  staff: StaffMember;
  inviteUrl: string;
}

export interface StaffUpdateBody {
  role?: StaffRole;
  blocked?: boolean;
}

export const STAFF_API = {
  /** GET (the session cookie): how the console learns who it is; 401 without a session. */
  session: endpoint<StaffSessionAnswer>()('GET', `${ADMIN_PREFIX}/v1/staff/session`),
  /** POST: a new session and its cookie. */
  signIn: endpoint<StaffSignInAnswer, StaffSignInBody>()('POST', `${ADMIN_PREFIX}/v1/staff/sign-in`),
  /** POST (session and CSRF token) → 204: ends the session, clears the cookie. */
  signOut: endpoint<undefined>()('POST', `${ADMIN_PREFIX}/v1/staff/sign-out`),
  /** POST → 204 either way; a sign-in link is mailed if the address is a staff member's. */
  passwordReset: endpoint<undefined, StaffPasswordResetBody>()(
    'POST',
    `${ADMIN_PREFIX}/v1/staff/password-reset`,
  ),
  /** POST (session and CSRF token): sets the signed-in staff member's own password. */
  password: endpoint<StaffAnswer, StaffPasswordBody>()('POST', `${ADMIN_PREFIX}/v1/staff/password`),
  /** GET: every staff member (owners, or an API key). */
  list: endpoint<StaffListAnswer>()('GET', `${ADMIN_PREFIX}/v1/staff`),
  /** POST: invites by e-mail (a one-time link, valid a week). */
  invite: endpoint<StaffInviteAnswer, StaffInviteBody>()('POST', `${ADMIN_PREFIX}/v1/staff`),
  /** PATCH: a role, or blocked (signed out at once); the last active owner stays. */
  update: endpoint<StaffAnswer, StaffUpdateBody>()('PATCH', `${ADMIN_PREFIX}/v1/staff/{staffId}`),
} as const;
