import { MEMBER_ENTITY_FQDN, MEMBER_EVENT_TYPES } from '@atrium/contract';
import type {
  CreateMemberRequest,
  CreateMemberResponse,
  EndMemberSessionsResponse,
  Identity,
  MemberEmailKind,
  MemberEmailResponse,
  MemberSessionsResponse,
} from '@atrium/contract/types';
import { applicationError, validationError } from '../../errors.js';
import { recordEvent } from '../../events/index.js';
import { listLiveMemberSessions, revokeSessionOfMember } from '../../oauth/member-session-store.js';
import { endMemberSessionsOf } from '../../oauth/member-sessions.js';
import { type RevocationAuthority, sessionsEnded } from '../../oauth/session-revocations.js';
import type { Db } from '../../storage/database.js';
import { inTransaction } from '../../storage/transaction.js';
import type { IdentityContext } from '../identity/authentication.js';
import { emailAlreadyExists, memberBlocked, noSuchMember } from '../identity/errors.js';
import { validateProfile } from '../identity/profile.js';
import { type LinkMailing, mailLinkFromOwner } from '../identity/recovery.js';
import { REASONS } from '../identity/sign-in.js';
import {
  findIdentityById,
  insertIdentityIfEmailFree,
  isUuid,
  type StoredIdentity,
  updateIdentity,
} from '../identity/store.js';
import { assertNoViolations, emailViolation, passwordViolation } from '../identity/validation.js';
import { wireIdentity } from '../identity/wire.js';
import { type PassedContent, passContentToSite } from './member-content-store.js';

/**
 * The site owner's member management in the console (P11; Ghost's admin members, Supabase's auth
 * users): add a member (ready to use, or invited by e-mail), mail them a password reset, unblock
 * them, list and end their sessions, delete them with their content passed to the site. Blocking
 * and approving are in service.ts; the profile is the members service's (services/members/).
 */
export type ManagementContext = IdentityContext & RevocationAuthority;

/**
 * Adds a member. With a password or without (they set one through a reset later), the owner
 * vouches for them: ACTIVE at once. Invited: no password, PENDING until the mailed link (the
 * activation wording: "an account was created for you … choose a password") proves the address
 * and sets the password. The identity service's rules apply: the e-mail and password checks of
 * registration, and a live member's address answers 409 EMAIL_ALREADY_EXISTS (-19995).
 */
export async function createMember(
  ctx: ManagementContext,
  links: LinkMailing,
  request: CreateMemberRequest,
): Promise<CreateMemberResponse> {
  const invite = request.invite === true;
  assertNoViolations(
    emailViolation('email', request.email),
    request.password === undefined || invite ? undefined : passwordViolation('password', request.password),
  );
  if (invite && request.password !== undefined) {
    throw validationError([
      {
        field: 'password',
        description: 'an invited member chooses their own password: leave it out, or do not invite',
        violatedRule: 'OTHER',
      },
    ]);
  }
  const names = Object.fromEntries(
    (['firstName', 'lastName', 'nickname'] as const)
      .map((key) => [key, request[key]?.trim()] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const profile = validateProfile(names);
  const passwordHash = request.password === undefined ? null : await ctx.passwords.hash(request.password);
  return inTransaction(ctx.db, async (trx) => {
    const identity = await insertIdentityIfEmailFree(trx, {
      email: request.email,
      passwordHash,
      status: invite ? 'PENDING' : 'ACTIVE',
      statusReasons: invite ? [REASONS.emailVerification] : [],
      profile: { ...profile },
    });
    if (!identity) throw emailAlreadyExists();
    if (!invite) return { identity: await wireIdentity(trx, identity) };
    await mailLinkFromOwner(trx, links, identity, 'activation');
    return { identity: await wireIdentity(trx, identity), invitation: { sentTo: identity.email } };
  });
}

/**
 * Mails a member a link from the owner: a password reset (the recovery mail), or the invitation
 * again (for a member who has no password yet). A sign-in link is answered with the password reset:
 * the identity service has no passwordless sign-in (no magic links), and the reset link, once the
 * member chooses a password, signs them in. Blocked members get nothing (403 MEMBER_BLOCKED).
 */
export async function sendMemberEmail(
  ctx: ManagementContext,
  links: LinkMailing,
  identityId: string,
  kind: MemberEmailKind,
): Promise<MemberEmailResponse> {
  return inTransaction(ctx.db, async (trx) => {
    const identity = await liveMember(trx, identityId);
    if (identity.status === 'BLOCKED') throw memberBlocked();
    if (kind === 'INVITATION') {
      if (identity.passwordHash !== null) {
        throw applicationError(
          409,
          'MEMBER_HAS_PASSWORD',
          'this member has a password already: send a password reset instead of an invitation',
        );
      }
      await mailLinkFromOwner(trx, links, identity, 'activation');
      return { sentTo: identity.email, sent: 'INVITATION' };
    }
    await mailLinkFromOwner(trx, links, identity, 'password_reset');
    return {
      sentTo: identity.email,
      sent: 'PASSWORD_RESET',
      ...(kind === 'SIGN_IN_LINK'
        ? {
            note: 'this platform has no passwordless sign-in links: a password reset link was sent, which signs the member in once they choose a password',
          }
        : {}),
    };
  });
}

/** Unblocks a member: ACTIVE again; their sessions, ended by the block, stay ended. */
export async function unblockMember(ctx: ManagementContext, identityId: string): Promise<Identity> {
  return inTransaction(ctx.db, async (trx) => {
    const identity = await liveMember(trx, identityId);
    if (identity.status !== 'BLOCKED') return wireIdentity(trx, identity);
    return wireIdentity(trx, await updateIdentity(trx, identityId, { status: 'ACTIVE', statusReasons: [] }));
  });
}

/** A member's live sessions: each an unrevoked refresh token, with its client and start. */
export async function listMemberSessions(
  ctx: ManagementContext,
  identityId: string,
): Promise<MemberSessionsResponse> {
  await liveMember(ctx.db, identityId);
  const sessions = await listLiveMemberSessions(ctx.db, identityId);
  return {
    sessions: sessions.map((session) => ({
      id: session.id,
      clientId: session.clientId,
      createdDate: session.createdAt.toISOString(),
      lastUsedDate: session.lastUsedAt.toISOString(),
    })),
  };
}

/**
 * Ends one of a member's sessions: its refresh token is refused from now on, its access tokens at
 * once here (and within the revocation list's interval in other processes). Ending it again
 * changes nothing; a session that is not this member's is 404.
 */
export async function endMemberSession(
  ctx: ManagementContext,
  identityId: string,
  sessionId: string,
): Promise<EndMemberSessionsResponse> {
  await liveMember(ctx.db, identityId);
  const result = isUuid(sessionId) ? await revokeSessionOfMember(ctx.db, identityId, sessionId) : 'unknown';
  if (result === 'unknown') {
    throw applicationError(404, 'NOT_FOUND', `member ${identityId} has no session "${sessionId}"`);
  }
  if (result === 'ended') sessionsEnded(ctx, [sessionId]);
  return { endedSessions: result === 'ended' ? [sessionId] : [] };
}

/** Ends every session of a member. */
export async function endAllMemberSessions(
  ctx: ManagementContext,
  identityId: string,
): Promise<EndMemberSessionsResponse> {
  let ended: string[] = [];
  let markEnded = () => {};
  await inTransaction(ctx.db, async (trx) => {
    await liveMember(trx, identityId);
    const before = await listLiveMemberSessions(trx, identityId);
    markEnded = await endMemberSessionsOf(ctx, trx, identityId);
    ended = before.map((session) => session.id);
  });
  markEnded();
  return { endedSessions: ended };
}

/**
 * Deletes a member, as the reference's Members API documents deleteMember ("All content created
 * by this member is transferred to a site owner's account. For example, if a Wix user had blog
 * posts, those posts are transferred to the site owner's account": dev.wix.com/docs/sdk/
 * backend-modules/members/members/delete-member). Here the site owner's own content is what the
 * API key makes, which has no member: the member's blog posts keep their text and state with no
 * writer, and their data items (`_owner`) become the site's, as the API key's inserts are. What is
 * not their content stays as it was: form submissions (already the site's records, sent to it)
 * and their likes (counts of others' posts unchanged). Their roles go, their sessions end, their
 * address is free again (status DELETED), and `wix.members.v1.member_deleted` is recorded for the
 * webhooks (the reference's onMemberDeleted).
 */
export async function deleteMemberWithContent(
  ctx: ManagementContext,
  identityId: string,
): Promise<{ identity: Identity; content: PassedContent }> {
  let markEnded = () => {};
  const answer = await inTransaction(ctx.db, async (trx) => {
    await liveMember(trx, identityId);
    const content = await passContentToSite(trx, identityId);
    const deleted = await updateIdentity(trx, identityId, { status: 'DELETED', statusReasons: [] });
    markEnded = await endMemberSessionsOf(ctx, trx, identityId);
    await recordEvent(trx, {
      entityFqdn: MEMBER_ENTITY_FQDN,
      slug: 'deleted',
      eventType: MEMBER_EVENT_TYPES.memberDeleted,
      entityId: identityId,
      body: { deletedEvent: { deletedEntity: { id: identityId } } },
      identity: { identityType: 'APP' },
    });
    return { identity: await wireIdentity(trx, deleted), content };
  });
  markEnded();
  return answer;
}

/** The member, unless unknown or deleted (404). */
async function liveMember(trx: Db, identityId: string): Promise<StoredIdentity> {
  const identity = await findIdentityById(trx, identityId);
  if (!identity || identity.status === 'DELETED') throw noSuchMember(identityId);
  return identity;
}
