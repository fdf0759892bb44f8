import type { StaffMember, StaffRole, StaffSessionAnswer } from '@atrium/contract/admin';
import { createContext, useContext } from 'react';
import { ROLE_SECTIONS, type Section } from '../../services/staff/permissions.js';

/**
 * The console's signed-in staff member (services/staff/): who they are and what their role shows.
 * The server checks every call against the role (services/staff/permissions.ts, read here too so
 * the console and the server agree); the console only hides what the role would be refused.
 */
export type ConsoleStaff = StaffMember;

/** Who is signed in and how the session began (the CSRF token is kept in kit/api.ts). */
export type ConsoleSession = Pick<StaffSessionAnswer, 'staff' | 'startedBy'>;

export const ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  OWNER: 'Owner',
  ADMIN: 'Administrator',
  BLOG_EDITOR: 'Blog editor',
  WRITER: 'Writer',
  CMS_EDITOR: 'CMS editor',
  SUPPORT: 'Support',
};

export const ROLE_DESCRIPTIONS: Readonly<Record<StaffRole, string>> = {
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
export const roleSees = (role: StaffRole, section: Section | 'anyone'): boolean =>
  section === 'anyone' || ROLE_SECTIONS[role].includes(section);
