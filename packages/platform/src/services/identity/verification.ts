import type {
  StartVerificationResponse,
  StateMachineResponse,
  VerifyDuringAuthenticationRequest,
} from '@atrium/contract/types';
import { applicationError, validationError } from '../../errors.js';
import type { Caller } from '../../oauth/caller.js';
import { CODE_MAX_ATTEMPTS, codeMatches } from '../../security/one-time-codes.js';
import { inTransaction } from '../../storage/transaction.js';
import type { IdentityContext } from './authentication.js';
import {
  findCurrentCode,
  findLiveAuthState,
  invalidateCodes,
  whyStateIsUnusable,
} from './challenge-store.js';
import { invalidStateToken, noSuchMember } from './errors.js';
import { countRequestedEmail, type EmailSending } from './mail-limits.js';
import { afterEmailProven, continueSignIn, mailCode } from './sign-in.js';
import { answerStateCode } from './state-code.js';
import { findIdentityById, updateIdentity } from './store.js';

/**
 * POST …/verification/v1/start: mails a new e-mail verification code to a member (elevated callers
 * name the member; a member may only ask for themself).
 */
export async function startVerification(
  ctx: IdentityContext,
  caller: Extract<Caller, { kind: 'elevated' | 'member' }>,
  identityId: string | undefined,
  sending: EmailSending,
): Promise<StartVerificationResponse> {
  const target = caller.kind === 'member' ? (identityId ?? caller.subjectId) : identityId;
  if (target === undefined || target === '') {
    throw validationError([
      { field: 'identityId', description: 'is required with an elevated caller', violatedRule: 'REQUIRED' },
    ]);
  }
  if (caller.kind === 'member' && target !== caller.subjectId) {
    throw applicationError(403, 'PERMISSION_DENIED', 'a member may only start a verification for themself');
  }
  return inTransaction(ctx.db, async (trx) => {
    const identity = await findIdentityById(trx, target);
    if (!identity || identity.status === 'DELETED') throw noSuchMember(target);
    await countRequestedEmail(trx, sending, identity.email);
    return { verificationId: await mailCode(trx, identity, 'email_verification') };
  });
}

/**
 * POST …/verification/v1/auth/verify: the code mailed for REQUIRE_EMAIL_VERIFICATION. A wrong or
 * expired code counts against the state token; after CODE_MAX_ATTEMPTS of them it is dead.
 */
export async function verifyDuringAuthentication(
  ctx: IdentityContext,
  request: VerifyDuringAuthenticationRequest,
): Promise<StateMachineResponse> {
  return answerStateCode(
    ctx,
    request.stateToken,
    'email_verification',
    async (trx, state) => {
      const current = await findCurrentCode(trx, state.identityId, 'email_verification');
      if (current?.expired) return 'expired';
      if (!current || !codeMatches(current.id, request.code, current.codeHash)) return 'wrong';
      await invalidateCodes(trx, state.identityId, 'email_verification');
      return 'accepted';
    },
    async (trx, identity) =>
      continueSignIn(
        trx,
        await updateIdentity(trx, identity.id, { emailVerified: true, ...afterEmailProven(identity) }),
      ),
  );
}

/**
 * POST …/verification/v1/auth/resend: a new code for the state (e-mail verification, or an EMAIL
 * second factor); the previous code stops working. Wrong attempts already made still count.
 */
export async function resendDuringAuthentication(
  ctx: IdentityContext,
  stateToken: string,
  sending: EmailSending,
): Promise<Record<string, never>> {
  return inTransaction(ctx.db, async (trx) => {
    const state = await findLiveAuthState(trx, stateToken);
    const resendable = state?.purpose === 'email_verification' || state?.factorType === 'EMAIL';
    if (!state || !resendable) {
      const purpose = state?.purpose ?? 'email_verification';
      throw invalidStateToken(
        state
          ? 'its second factor is not EMAIL: there is no code to send again'
          : await whyStateIsUnusable(trx, stateToken, purpose, CODE_MAX_ATTEMPTS),
      );
    }
    const identity = await findIdentityById(trx, state.identityId);
    if (!identity || identity.status === 'DELETED') throw invalidStateToken('the member no longer exists');
    await countRequestedEmail(trx, sending, identity.email);
    await mailCode(trx, identity, state.purpose);
    return {};
  });
}
