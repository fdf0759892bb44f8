import type { StateMachineResponse } from '@atrium/contract/types';
import { type Settled, settle } from '../../errors.js';
import { CODE_MAX_ATTEMPTS } from '../../security/one-time-codes.js';
import type { AuthStatePurpose } from '../../storage/schema.js';
import { inTransaction, type Tx } from '../../storage/transaction.js';
import type { IdentityContext } from './authentication.js';
import {
  endAuthState,
  findLiveAuthState,
  type LiveAuthState,
  recordFailedAttempt,
  whyStateIsUnusable,
} from './challenge-store.js';
import { invalidStateToken, invalidVerificationCode } from './errors.js';
import { findIdentityById, type StoredIdentity } from './store.js';

/** What a code sent for a state turned out to be. */
export type CodeCheck = 'accepted' | 'wrong' | 'expired';

/**
 * Answers a code sent with the state token of a `purpose` step (e-mail verification, a second
 * factor): `check` judges the code; a wrong or expired one counts against the state token, which
 * dies after CODE_MAX_ATTEMPTS of them (the count is kept: the error is thrown after the
 * transaction). An accepted code ends the state and `next` answers for its member.
 */
export async function answerStateCode(
  ctx: IdentityContext,
  stateToken: string,
  purpose: AuthStatePurpose,
  check: (trx: Tx, state: LiveAuthState) => Promise<CodeCheck>,
  next: (trx: Tx, identity: StoredIdentity) => Promise<StateMachineResponse>,
): Promise<StateMachineResponse> {
  const outcome = await inTransaction(ctx.db, async (trx): Promise<Settled<StateMachineResponse>> => {
    const state = await findLiveAuthState(trx, stateToken);
    if (state?.purpose !== purpose) {
      throw invalidStateToken(await whyStateIsUnusable(trx, stateToken, purpose, CODE_MAX_ATTEMPTS));
    }
    const checked = await check(trx, state);
    if (checked !== 'accepted') {
      const attemptsLeft = await recordFailedAttempt(trx, state.id, CODE_MAX_ATTEMPTS);
      return { failure: invalidVerificationCode(attemptsLeft, checked === 'expired') };
    }
    await endAuthState(trx, state.id);
    const identity = await findIdentityById(trx, state.identityId);
    if (!identity || identity.status === 'DELETED') throw invalidStateToken('the member no longer exists');
    return { value: await next(trx, identity) };
  });
  return settle(outcome);
}
