import type { FactorType, IdentityStatusReason, StateMachineResponse } from '@atrium/contract/types';
import { codeMail } from '../../mail/messages.js';
import { enqueueMail } from '../../mail/store.js';
import { issueSessionToken } from '../../oauth/session-token-store.js';
import type { Tx } from '../../storage/transaction.js';
import { savedSiteName } from '../settings/service.js';
import { createAuthState, issueCode } from './challenge-store.js';
import { memberBlocked } from './errors.js';
import { listFactors } from './factor-store.js';
import type { StoredIdentity } from './store.js';
import { wireIdentity } from './wire.js';

/**
 * What follows once a member has proven something (a password, a code, a reset link): the one place
 * that decides the next state of the sign-in state machine (docs/wire.md §5.3), so that no path skips
 * a step. In order: e-mail verification, owner approval, the second factor, then SUCCESS.
 */
export const REASONS = {
  approval: 'PENDING_ADMIN_APPROVAL_REQUIRED',
  emailVerification: 'PENDING_EMAIL_VERIFICATION_REQUIRED',
} as const satisfies Record<string, IdentityStatusReason>;

/** How long the member has to finish each intermediate state. */
export const EMAIL_VERIFICATION_STATE_SECONDS = 60 * 60;
export const MFA_STATE_SECONDS = 10 * 60;

export interface SignInProgress {
  /** Set after a second factor was verified in this sign-in. */
  readonly secondFactorVerified?: boolean;
}

export async function continueSignIn(
  trx: Tx,
  identity: StoredIdentity,
  progress: SignInProgress = {},
): Promise<StateMachineResponse> {
  if (identity.status === 'BLOCKED') throw memberBlocked();
  if (identity.status === 'PENDING' && identity.statusReasons.includes(REASONS.emailVerification)) {
    return {
      state: 'REQUIRE_EMAIL_VERIFICATION',
      stateToken: await startEmailVerification(trx, identity),
      identity: await wireIdentity(trx, identity),
    };
  }
  if (identity.status === 'PENDING') {
    return { state: 'REQUIRE_OWNER_APPROVAL', identity: await wireIdentity(trx, identity) };
  }
  if (!progress.secondFactorVerified) {
    const factors = await listFactors(trx, [identity.id]);
    const [challenged] = factors;
    if (challenged !== undefined) {
      const stateToken = await createAuthState(trx, {
        identityId: identity.id,
        purpose: 'mfa',
        factorType: challenged.type,
        lifetimeSeconds: MFA_STATE_SECONDS,
      });
      if (challenged.type === 'EMAIL') await mailCode(trx, identity, 'mfa');
      return {
        state: 'REQUIRE_MFA',
        stateToken,
        mfaChallengeData: {
          factorType: challenged.type,
          availableFactors: factors.map((factor) => ({
            factorType: factor.type as FactorType,
            factorStatus: 'ENABLED' as const,
          })),
          reason: 'USER_SETTINGS',
        },
      };
    }
  }
  return {
    state: 'SUCCESS',
    sessionToken: await issueSessionToken(trx, identity.id),
    identity: await wireIdentity(trx, identity),
  };
}

/** A state token for REQUIRE_EMAIL_VERIFICATION, with a fresh code mailed to the member. */
async function startEmailVerification(trx: Tx, identity: StoredIdentity): Promise<string> {
  const stateToken = await createAuthState(trx, {
    identityId: identity.id,
    purpose: 'email_verification',
    lifetimeSeconds: EMAIL_VERIFICATION_STATE_SECONDS,
  });
  await mailCode(trx, identity, 'email_verification');
  return stateToken;
}

/** Issues a new code (the previous one stops working) and mails it; returns the code's id. */
export async function mailCode(
  trx: Tx,
  identity: StoredIdentity,
  purpose: 'email_verification' | 'mfa',
): Promise<string> {
  const { id, code } = await issueCode(trx, identity.id, purpose);
  await enqueueMail(trx, codeMail(recipientOf(identity), code, purpose, await savedSiteName(trx)));
  return id;
}

export const recipientOf = (identity: StoredIdentity) => {
  const firstName = identity.profile.firstName;
  return { email: identity.email, ...(typeof firstName === 'string' && firstName ? { firstName } : {}) };
};

/** The status after the e-mail is proven: the verification reason goes; PENDING with none left is ACTIVE. */
export function afterEmailProven(identity: StoredIdentity): {
  status: StoredIdentity['status'];
  statusReasons: string[];
} {
  const statusReasons = identity.statusReasons.filter((reason) => reason !== REASONS.emailVerification);
  const status = identity.status === 'PENDING' && statusReasons.length === 0 ? 'ACTIVE' : identity.status;
  return { status, statusReasons };
}
