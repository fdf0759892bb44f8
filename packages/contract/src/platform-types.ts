/**
 * The local platform's admin and development API (ADMIN_ROUTES, DEV_ROUTES) and the hosted pages'
 * API (HOSTED_ROUTES.api) as plain interfaces; re-exported by `./types.ts`.
 */
import type { MemberRole } from './data-types.js';
import type { Factor, Identity } from './identity-types.js';
import type { RedirectCallbacks } from './redirects-types.js';

export interface ListMembersResponse {
  members: Identity[];
  /** Members matching the status and search, on every page. */
  total?: number;
  /** Per member id: the last login, the blog writer role and the data collection roles. */
  details?: Record<string, MemberDetails>;
}

export interface MemberDetails {
  lastLoginDate?: string;
  blogWriter: boolean;
  /** The member's roles for data collections (`CMS_EDITOR`). */
  roles: MemberRole[];
}

export interface OAuthClientInfo {
  id: string;
  redirectOrigins: string[];
}

export interface ListOAuthClientsResponse {
  clients: OAuthClientInfo[];
}

export interface MemberResponse {
  identity: Identity;
}

export interface CreateMemberRequest {
  email: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  nickname?: string;
  invite?: boolean;
}

export interface CreateMemberResponse {
  identity: Identity;
  /** For an invitation: the address the mail with the link went to. */
  invitation?: { sentTo: string };
}

export type MemberEmailKind = 'PASSWORD_RESET' | 'SIGN_IN_LINK' | 'INVITATION';

export interface MemberEmailResponse {
  /** The address the mail went to. */
  sentTo: string;
  /** What was sent: a sign-in link is answered with the password reset (no passwordless sign-in here). */
  sent: 'PASSWORD_RESET' | 'INVITATION';
  /** Why what was sent differs from what was asked, if it does. */
  note?: string;
}

/** A member's live session: one refresh token of one client. */
export interface MemberSessionInfo {
  id: string;
  clientId: string;
  createdDate: string;
  /** Its last renewal of an access token (to the minute), else when it was issued. */
  lastUsedDate: string;
}

export interface MemberSessionsResponse {
  sessions: MemberSessionInfo[];
}

export interface EndMemberSessionsResponse {
  /** The ids of the sessions this call ended (none when they had ended already). */
  endedSessions: string[];
}

export interface SitePolicy {
  registration: 'open' | 'approval' | 'verify-email';
  captcha: boolean;
}

export interface EnrollFactorRequest {
  factorType: 'TOTP' | 'EMAIL';
}

export interface EnrollFactorResponse {
  factor: Factor;
  /** For TOTP: the shared secret (base32) and an otpauth:// URI for authenticator apps. */
  totp?: { secret: string; otpauthUri: string };
}

export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A verification code in the message, if any. */
  code?: string;
  /** Every link in the message. */
  links: string[];
  createdDate: string;
}

export interface MailboxResponse {
  messages: MailMessage[];
}

// ── Hosted pages' API (HOSTED_ROUTES.api) ───────────────────────────────────────────────────────

export interface HostedRedirectSession {
  id: string;
  intent:
    | 'bookingsCheckout'
    | 'ecomCheckout'
    | 'eventsCheckout'
    | 'paidPlansCheckout'
    | 'login'
    | 'logout'
    | 'auth'
    | 'storesProduct'
    | 'bookingsBook'
    | 'ecomOrderPaymentRequest';
  /** Human name of the target, e.g. "Ecom checkout", and its details (checkoutId, planId, …). */
  target: { label: string; details: Record<string, string> };
  callbacks: RedirectCallbacks;
  /** For `auth`: what the login completes. */
  auth?: { clientId: string; prompt: 'login' | 'none'; responseMode: 'fragment' | 'query' | 'web_message' };
  expiresDate: string;
}

export interface HostedAuthorizeRequest {
  sessionToken: string;
}

/** Where the page goes next: navigate to `redirectUrl`, or post `webMessage` to its exact origin. */
export interface HostedAuthorizeResponse {
  redirectUrl?: string;
  webMessage?: {
    targetOrigin: string;
    data: { code?: string; state?: string; error?: string; errorDescription?: string };
  };
}

export interface HostedLogoutResponse {
  /** The session's postFlowUrl, when it had one. */
  redirectUrl?: string;
}

/** A media store image the site uses (its logo, its favicon): the file's id and its URL. */
export interface SiteImage {
  id: string;
  url: string;
}

/** How the site presents itself (ADMIN_ROUTES.siteSettings). */
export interface SiteSettings {
  /** 1–100 characters; the site's host until one is saved. */
  name: string;
  /** At most 300 characters; may be empty. */
  description: string;
  /** A BCP 47 language tag, canonical (`en`, `pt-BR`). */
  language: string;
  /** The site's address (an http(s) URL); the site's URL (`--site-url`) until one is saved. */
  url: string;
  logo?: SiteImage;
  favicon?: SiteImage;
  /** Which of name and url are defaults (nothing saved). */
  defaults: { name: boolean; url: boolean };
  updatedDate?: string;
}

export interface SiteSettingsResponse {
  settings: SiteSettings;
}

/**
 * PATCH ADMIN_ROUTES.siteSettings: only the fields given change. `url: null` returns to the default
 * address; a logo or favicon is a media file id, its `wix:image://` URI or its platform media URL,
 * `null` removes it.
 */
export interface UpdateSiteSettingsRequest {
  name?: string;
  description?: string;
  language?: string;
  url?: string | null;
  logo?: string | null;
  favicon?: string | null;
}

/** The site as anyone may read it (SITE_ROUTES.site). */
export interface PublicSite {
  name: string;
  description: string;
  language: string;
  url: string;
  logoUrl: string | null;
  faviconUrl: string | null;
}
