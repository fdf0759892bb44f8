import type { StaffInviteAnswer } from '@atrium/contract/admin';
import { staffLinkMail } from '../../mail/messages.js';
import { enqueueMail } from '../../mail/store.js';
import type { Db } from '../../storage/database.js';
import type { StaffRoleName } from '../../storage/schema.js';
import { inTransaction } from '../../storage/transaction.js';
import { savedSiteName } from '../settings/service.js';
import { RESET_LINK_LIFETIME_MS, resetLinkFor } from './passwords.js';
import { INVITE_LIFETIME_MS, inviteStaff } from './service.js';

/** Where a one-time link signs in: GET shows a button (link scanners never use it up), POST signs in. */
export const SIGN_IN_PAGE = '/_hosted/console/sign-in';

export const signInUrl = (ctx: { readonly publicUrl: string }, token: string): string =>
  `${ctx.publicUrl.replace(/\/$/, '')}${SIGN_IN_PAGE}?token=${encodeURIComponent(token)}`;

interface StaffMailContext {
  readonly db: Db;
  /** The platform's public URL (links in e-mails). */
  readonly publicUrl: string;
}

/**
 * Mails a reset link to the account with this e-mail if there is one that may sign in
 * (passwords.ts resetLinkFor); nothing otherwise, and the caller answers the same either way.
 */
export async function mailResetLink(ctx: StaffMailContext, email: string): Promise<void> {
  const reset = await resetLinkFor(ctx.db, email);
  if (reset === undefined) return;
  const link = signInUrl(ctx, reset.token);
  await inTransaction(ctx.db, async (trx) =>
    enqueueMail(
      trx,
      staffLinkMail('reset', reset.email, link, RESET_LINK_LIFETIME_MS / 1000, await savedSiteName(trx)),
    ),
  );
}

/** Invites someone with a role (service.ts inviteStaff) and mails them the one-time link. */
export async function inviteByMail(
  ctx: StaffMailContext,
  input: { email: string; role: StaffRoleName },
): Promise<StaffInviteAnswer> {
  const { staff, token } = await inviteStaff(ctx.db, input);
  const inviteUrl = signInUrl(ctx, token);
  await inTransaction(ctx.db, async (trx) =>
    enqueueMail(
      trx,
      staffLinkMail('invite', staff.email, inviteUrl, INVITE_LIFETIME_MS / 1000, await savedSiteName(trx)),
    ),
  );
  return { staff, inviteUrl };
}
