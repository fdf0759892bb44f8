import { resolveWholeNumbers } from './whole-number-policy.js';

/**
 * E-mails sent on request (password reset, activation, verification codes) are limited per
 * recipient address and per client IP over a fixed window, so that the platform cannot be used
 * to flood a mailbox or to send mail in bulk. The counts live in the database, shared by every
 * process on it (services/identity/mail-limit-store.ts).
 */
export interface EmailRateLimitPolicy {
  /** E-mails to one address per window. Default 5. */
  readonly perAddress: number;
  /** E-mails asked for from one client IP per window (API-key callers are not counted). Default 20. */
  readonly perIp: number;
  /** The window. Default 900 (15 minutes). */
  readonly windowSeconds: number;
}

export type EmailRateLimitOptions = Partial<EmailRateLimitPolicy>;

export const DEFAULT_EMAIL_RATE_LIMIT: EmailRateLimitPolicy = {
  perAddress: 5,
  perIp: 20,
  windowSeconds: 900,
};

/** The complete policy, or a description of the first invalid setting. */
export function resolveEmailRateLimit(options: EmailRateLimitOptions = {}): EmailRateLimitPolicy | string {
  return resolveWholeNumbers('emailRateLimit', DEFAULT_EMAIL_RATE_LIMIT, options, 1);
}

/** What is counted: the recipient's address (normalised) and, unless the caller is the site, its IP. */
export interface EmailSendKeys {
  readonly address: string;
  readonly ip?: string;
}

export const addressKey = (address: string): string => `address:${address.trim().toLowerCase()}`;
export const ipKey = (ip: string): string => `ip:${ip}`;
