import { ADMIN_PREFIX } from '@atrium/contract/routes';
import { createContext, useContext } from 'react';
import { ROLE_SECTIONS, type Section } from '../../services/staff/permissions.js';
import type { StaffRoleName } from '../../storage/schema.js';

/**
 * The console's signed-in staff member (services/staff/): who they are and what their role shows.
 * The server checks every call against the role (services/staff/permissions.ts, read here too so
 * the console and the server agree); the console only hides what the role would be refused.
 */
export interface ConsoleStaff {
  id: string;
  email: string;
  role: StaffRoleName;
  status: 'INVITED' | 'ACTIVE' | 'BLOCKED';
  createdDate: string;
  lastSignInDate: string | null;
  hasPassword: boolean;
}

export interface ConsoleSession {
  staff: ConsoleStaff;
  /** How the session began: a one-time link's may choose a password without the old one. */
  startedBy: 'LINK' | 'PASSWORD';
}

/** The staff routes (services/staff/routes.ts STAFF_ROUTES), under the admin prefix. */
export const STAFF_API = {
  session: `${ADMIN_PREFIX}/v1/staff/session`,
  signIn: `${ADMIN_PREFIX}/v1/staff/sign-in`,
  signOut: `${ADMIN_PREFIX}/v1/staff/sign-out`,
  passwordReset: `${ADMIN_PREFIX}/v1/staff/password-reset`,
  password: `${ADMIN_PREFIX}/v1/staff/password`,
  staff: `${ADMIN_PREFIX}/v1/staff`,
  member: `${ADMIN_PREFIX}/v1/staff/{staffId}`,
} as const;

export const ROLE_LABELS: Readonly<Record<StaffRoleName, string>> = {
  OWNER: 'Owner',
  ADMIN: 'Administrator',
  BLOG_EDITOR: 'Blog editor',
  WRITER: 'Writer',
  CMS_EDITOR: 'CMS editor',
  SUPPORT: 'Support',
};

export const ROLE_DESCRIPTIONS: Readonly<Record<StaffRoleName, string>> = {
  OWNER: 'everything, including staff, API keys and the saved state',
  ADMIN: 'everything but staff, API keys and the saved state',
  BLOG_EDITOR: 'all posts, categories, tags and their media',
  WRITER: 'reads the blog and writes drafts; an editor publishes',
  CMS_EDITOR: 'data collections, galleries and media',
  SUPPORT: 'members',
};

const SessionContext = createContext<ConsoleSession | undefined>(undefined);
export const ConsoleSessionProvider = SessionContext.Provider;

export function useConsoleSession(): ConsoleSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useConsoleSession is used outside the signed-in console');
  return session;
}

/** The signed-in staff member: `{ id, email, role, … }`. */
export const useConsoleStaff = (): ConsoleStaff => useConsoleSession().staff;

/** Whether `role` may open a console section that works in the server's `section`. */
export const roleSees = (role: StaffRoleName, section: Section | 'anyone'): boolean =>
  section === 'anyone' || ROLE_SECTIONS[role].includes(section);
