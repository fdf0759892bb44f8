import { CODE_LIFETIME_SECONDS } from '../security/one-time-codes.js';
import type { OutgoingMail } from './store.js';

/**
 * The messages the identity service sends: plain, short, each with a greeting, the code or link,
 * and when it stops working. Every interpolated value is HTML-escaped in the HTML part. Each names
 * the site by its settings' name (services/settings/ savedSiteName); DEFAULT_SITE_NAME when none
 * is saved.
 */
export const DEFAULT_SITE_NAME = 'Atrium';

export interface Recipient {
  readonly email: string;
  /** The member's first name, when the profile has one. */
  readonly firstName?: string;
}

/** `login_email`: the code that confirms a new login e-mail (services/account/), sent to the new address. */
export type CodeMailKind = 'email_verification' | 'mfa' | 'login_email';

export function codeMail(
  recipient: Recipient,
  code: string,
  kind: CodeMailKind,
  siteName: string = DEFAULT_SITE_NAME,
): OutgoingMail {
  const minutes = CODE_LIFETIME_SECONDS / 60;
  const [subject, purpose] =
    kind === 'mfa'
      ? [`Your ${siteName} sign-in code`, 'To finish signing in, enter this code:']
      : kind === 'login_email'
        ? [
            `Confirm your new e-mail for ${siteName}`,
            'To make this address the login e-mail of your account, enter this code on your account page:',
          ]
        : [`Verify your e-mail for ${siteName}`, 'To confirm your e-mail address, enter this code:'];
  const expiry = `The code expires in ${minutes} minutes and can be used once.`;
  const ignore = 'If you did not ask for it, you can ignore this message.';
  return {
    to: recipient.email,
    subject,
    text: [
      greeting(recipient),
      '',
      purpose,
      '',
      `    ${code}`,
      '',
      expiry,
      ignore,
      '',
      signature(siteName),
    ].join('\n'),
    html: page(subject, siteName, [
      `<p>${escapeHtml(greeting(recipient))}</p>`,
      `<p>${escapeHtml(purpose)}</p>`,
      `<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${escapeHtml(code)}</p>`,
      `<p>${escapeHtml(expiry)} ${escapeHtml(ignore)}</p>`,
    ]),
    code,
    links: [],
  };
}

export type LinkMailKind = 'password_reset' | 'activation';

export function linkMail(
  recipient: Recipient,
  link: string,
  kind: LinkMailKind,
  lifetimeSeconds: number,
  siteName: string = DEFAULT_SITE_NAME,
): OutgoingMail {
  const [subject, purpose, action] =
    kind === 'password_reset'
      ? [
          `Reset your ${siteName} password`,
          'Someone (hopefully you) asked to reset the password of your account. To choose a new one, open this link:',
          'Reset password',
        ]
      : [
          `Activate your ${siteName} account`,
          'An account was created for you. To activate it and choose a password, open this link:',
          'Activate account',
        ];
  return mailWithLink(recipient, link, { subject, purpose, action }, lifetimeSeconds, siteName);
}

/** What a mail with a link says: its subject, why it was sent, and the link's button. */
interface MailText {
  readonly subject: string;
  readonly purpose: string;
  readonly action: string;
}

/** The staff's one-time links (services/staff/): an invitation, or a password reset. */
export type StaffLinkKind = 'invite' | 'reset';

const STAFF_LINK_TEXTS: Record<StaffLinkKind, (siteName: string) => MailText> = {
  // An invitation: its one-time link signs in for the first time.
  invite: (siteName) => ({
    subject: `You are invited to run ${siteName}`,
    purpose:
      'You were added to the staff of the site, with a role in its console. To sign in for the first time, open this link:',
    action: 'Open the console',
  }),
  // A password reset: a one-time link whose session may set a new password.
  reset: (siteName) => ({
    subject: `Reset your console password for ${siteName}`,
    purpose:
      'Someone asked to reset the password of your staff account. To sign in to the console and choose a new password, open this link:',
    action: 'Reset the password',
  }),
};

/** A staff member's one-time link by e-mail: an invitation or a password reset. */
export function staffLinkMail(
  kind: StaffLinkKind,
  email: string,
  link: string,
  lifetimeSeconds: number,
  siteName: string = DEFAULT_SITE_NAME,
): OutgoingMail {
  return mailWithLink({ email }, link, STAFF_LINK_TEXTS[kind](siteName), lifetimeSeconds, siteName);
}

/**
 * To the address a member's login e-mail was changed from, once the change is confirmed: what
 * happened, to which address, and what to do if it was not them (the account may be taken over).
 */
export function emailChangedNotice(
  recipient: Recipient,
  newEmail: string,
  siteName: string = DEFAULT_SITE_NAME,
): OutgoingMail {
  const subject = `Your ${siteName} login e-mail was changed`;
  const what = `The login e-mail of your account is now ${newEmail}. This address no longer signs in.`;
  const ifNot = `If you did not make this change, contact ${siteName} at once: someone else may control your account.`;
  return {
    to: recipient.email,
    subject,
    text: [greeting(recipient), '', what, '', ifNot, '', signature(siteName)].join('\n'),
    html: page(subject, siteName, [
      `<p>${escapeHtml(greeting(recipient))}</p>`,
      `<p>${escapeHtml(what)}</p>`,
      `<p>${escapeHtml(ifNot)}</p>`,
    ]),
    links: [],
  };
}

function mailWithLink(
  recipient: Recipient,
  link: string,
  { subject, purpose, action }: MailText,
  lifetimeSeconds: number,
  siteName: string,
): OutgoingMail {
  const expiry = `The link works once and expires in ${describeDuration(lifetimeSeconds)}.`;
  const ignore = 'If you did not ask for it, you can ignore this message.';
  return {
    to: recipient.email,
    subject,
    text: [greeting(recipient), '', purpose, '', link, '', expiry, ignore, '', signature(siteName)].join(
      '\n',
    ),
    html: page(subject, siteName, [
      `<p>${escapeHtml(greeting(recipient))}</p>`,
      `<p>${escapeHtml(purpose)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
      `<p>${escapeHtml(expiry)} ${escapeHtml(ignore)}</p>`,
    ]),
    links: [link],
  };
}

const greeting = (recipient: Recipient): string =>
  recipient.firstName ? `Hello ${recipient.firstName},` : 'Hello,';

const signature = (siteName: string): string => `— ${siteName}`;

function page(title: string, siteName: string, paragraphs: readonly string[]): string {
  return [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family:sans-serif;line-height:1.5">',
    ...paragraphs,
    `<p>${escapeHtml(signature(siteName))}</p>`,
    '</body></html>',
  ].join('\n');
}

function describeDuration(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? '1 hour' : `${seconds / 3600} hours`;
  if (seconds % 60 === 0) return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
