import { HOSTED_ROUTES } from '@atrium/contract';
import type {
  RecoverRequest,
  RecoveryRedirect,
  SendActivationEmailRequest,
  SendRecoveryEmailRequest,
  StateMachineResponse,
} from '@atrium/contract/types';
import { validationError } from '../../errors.js';
import { type LinkMailKind, linkMail } from '../../mail/messages.js';
import { enqueueMail } from '../../mail/store.js';
import { endMemberSessionsOf } from '../../oauth/member-sessions.js';
import { destinationUrl, registeredOriginRefusal } from '../../oauth/redirect-origins.js';
import type { RevocationAuthority } from '../../oauth/session-revocations.js';
import type { RecoveryPurpose } from '../../storage/schema.js';
import { inTransaction, type Tx } from '../../storage/transaction.js';
import { savedSiteName } from '../settings/service.js';
import type { IdentityContext } from './authentication.js';
import { invalidRecoveryToken, memberBlocked, noSuchMember, redirectNotAllowed } from './errors.js';
import { countRequestedEmail, type EmailSending } from './mail-limits.js';
import {
  createRecoveryToken,
  findClientRedirectOrigins,
  redeemRecoveryToken,
  retireRecoveryTokens,
} from './recovery-store.js';
import { afterEmailProven, continueSignIn, recipientOf } from './sign-in.js';
import { findIdentityByEmail, findIdentityById, type StoredIdentity, updateIdentity } from './store.js';
import { clearLoginFailures } from './throttle-store.js';
import { assertNoViolations, emailViolation, passwordViolation } from './validation.js';

/** How long a password-reset or activation link works. */
export const RECOVERY_TOKEN_LIFETIME_SECONDS = 60 * 60;

/**
 * How link e-mails are sent: where links point when the request names no redirect (the platform's
 * configured public URL + the hosted reset page, never the request's Host header), and the limits.
 */
export interface LinkMailing extends EmailSending {
  readonly publicUrl: string;
}

/**
 * POST …/recovery/v1/send-email. Answers `{}` whether or not a member has the address, so the call
 * cannot tell who has an account; the redirect is checked first, for the same reason.
 */
export async function sendRecoveryEmail(
  ctx: IdentityContext,
  links: LinkMailing,
  request: SendRecoveryEmailRequest,
): Promise<Record<string, never>> {
  assertNoViolations(emailViolation('email', request.email));
  return inTransaction(ctx.db, async (trx) => {
    const linkBase = await resolveLinkBase(trx, links, request.redirect, 'redirect');
    // Counted whether or not a member has the address: a 429 tells nothing about accounts.
    await countRequestedEmail(trx, links, request.email!);
    const identity = await findIdentityByEmail(trx, request.email);
    if (identity && identity.status !== 'BLOCKED') {
      await mailRecoveryLink(trx, identity, linkBase, 'password_reset');
    }
    return {};
  });
}

/** POST …/recovery/v1/activation-email (elevated): an activation link for a member. */
export async function sendActivationEmail(
  ctx: IdentityContext,
  links: LinkMailing,
  request: SendActivationEmailRequest,
): Promise<Record<string, never>> {
  return inTransaction(ctx.db, async (trx) => {
    const linkBase = await resolveLinkBase(
      trx,
      links,
      request.emailOptions?.redirect,
      'emailOptions.redirect',
    );
    const identity = await findIdentityById(trx, request.identityId);
    if (!identity || identity.status === 'DELETED') throw noSuchMember(request.identityId);
    if (identity.status === 'BLOCKED') throw memberBlocked();
    await countRequestedEmail(trx, links, identity.email);
    await mailRecoveryLink(trx, identity, linkBase, 'activation');
    return {};
  });
}

/**
 * POST …/recovery/v1/recover: a new password through a mailed link. The link proves the e-mail, so
 * it is marked verified and a member waiting only for that becomes ACTIVE; the sign-in then goes
 * on as after a login (owner approval and a second factor still apply). The member's sessions end:
 * whoever had them no longer knows the password.
 */
export async function recover(
  ctx: IdentityContext & RevocationAuthority,
  request: RecoverRequest,
): Promise<StateMachineResponse> {
  assertNoViolations(passwordViolation('password', request.password));
  const passwordHash = await ctx.passwords.hash(request.password!);
  let sessionsEnded = () => {};
  const response = await inTransaction(ctx.db, async (trx) => {
    const redeemed = await redeemRecoveryToken(trx, request.recoveryToken);
    if (!redeemed) throw invalidRecoveryToken();
    const identity = await findIdentityById(trx, redeemed.identityId);
    if (!identity || identity.status === 'DELETED') throw invalidRecoveryToken();
    if (identity.status === 'BLOCKED') throw memberBlocked();
    const updated = await updateIdentity(trx, identity.id, {
      passwordHash,
      passwordResetRequired: false,
      emailVerified: true,
      ...afterEmailProven(identity),
    });
    await retireRecoveryTokens(trx, identity.id);
    await clearLoginFailures(trx, identity.id);
    sessionsEnded = await endMemberSessionsOf(ctx, trx, identity.id);
    return continueSignIn(trx, updated);
  });
  sessionsEnded();
  return response;
}

/**
 * A link mail the site owner sends from the console (services/admin/member-management.ts): a
 * password reset, or an invitation (the activation wording: choose a password), to the hosted
 * reset page on the configured public URL. Counted against the address's e-mail limit.
 */
export async function mailLinkFromOwner(
  trx: Tx,
  links: LinkMailing,
  identity: StoredIdentity,
  kind: LinkMailKind,
): Promise<void> {
  await countRequestedEmail(trx, links, identity.email);
  await mailRecoveryLink(trx, identity, new URL(HOSTED_ROUTES.resetPassword, links.publicUrl), kind);
}

const PURPOSE_OF: Record<LinkMailKind, RecoveryPurpose> = {
  password_reset: 'password_reset',
  activation: 'activation',
};

async function mailRecoveryLink(trx: Tx, identity: StoredIdentity, linkBase: URL, kind: LinkMailKind) {
  const token = await createRecoveryToken(trx, {
    identityId: identity.id,
    purpose: PURPOSE_OF[kind],
    lifetimeSeconds: RECOVERY_TOKEN_LIFETIME_SECONDS,
  });
  const link = new URL(linkBase);
  link.searchParams.set('recoveryToken', token);
  const siteName = await savedSiteName(trx);
  await enqueueMail(
    trx,
    linkMail(recipientOf(identity), link.href, kind, RECOVERY_TOKEN_LIFETIME_SECONDS, siteName),
  );
}

/**
 * The page a link opens: the request's redirect URL, if its origin is registered for the named
 * client (the same rule as OAuth redirect URIs), else the platform's hosted reset page.
 */
async function resolveLinkBase(
  trx: Tx,
  links: LinkMailing,
  redirect: RecoveryRedirect | undefined,
  field: string,
): Promise<URL> {
  if (!redirect?.url) return new URL(HOSTED_ROUTES.resetPassword, links.publicUrl);
  // The one check of client-supplied destinations (oauth/redirect-origins.ts), in two halves so
  // that a malformed URL is a validation error and every other refusal REDIRECT_NOT_ALLOWED.
  const destination = destinationUrl(redirect.url);
  if (!destination.ok && destination.rule === 'FORMAT') {
    throw validationError([
      { field: `${field}.url`, description: destination.description, violatedRule: 'FORMAT' },
    ]);
  }
  if (!destination.ok) throw redirectNotAllowed(`${field}.url ${destination.description}`);
  if (!redirect.clientId) {
    throw redirectNotAllowed(`${field}.clientId is required with ${field}.url: its origins are checked`);
  }
  const origins = await findClientRedirectOrigins(trx, redirect.clientId);
  if (origins === undefined) throw redirectNotAllowed(`client "${redirect.clientId}" is not registered`);
  const refusal = registeredOriginRefusal(
    { id: redirect.clientId, redirectOrigins: origins },
    destination.url,
  );
  if (refusal !== undefined) throw redirectNotAllowed(refusal);
  return destination.url;
}
