import type {
  EnrollFactorResponse,
  FactorType,
  StateMachineResponse,
  VerifyFactorRequest,
} from '@atrium/contract/types';
import { validationError } from '../../errors.js';
import { codeMatches } from '../../security/one-time-codes.js';
import { generateTotpSecret, matchTotpStep, otpauthUri } from '../../security/totp.js';
import type { EnrollableFactorType } from '../../storage/schema.js';
import { inTransaction, type Tx } from '../../storage/transaction.js';
import type { IdentityContext } from './authentication.js';
import { findCurrentCode, invalidateCodes } from './challenge-store.js';
import { noSuchMember } from './errors.js';
import { listFactors, markTotpStepUsed, type StoredFactor, upsertFactor } from './factor-store.js';
import { continueSignIn } from './sign-in.js';
import { answerStateCode, type CodeCheck } from './state-code.js';
import { findIdentityById } from './store.js';

export const FACTOR_TYPES: readonly FactorType[] = [
  'PASSWORD',
  'SMS',
  'CALL',
  'EMAIL',
  'TOTP',
  'PUSH',
  'WEBAUTHN',
  'RECOVERY_CODE',
];
const TOTP_ISSUER = 'Atrium';

/**
 * POST …/v2/{factorType}/verify: the second factor of a REQUIRE_MFA state. The path names the
 * factor (case-insensitive); TOTP reads `totpData.code`, EMAIL `emailData.code`. Wrong codes count
 * against the state token, which dies after CODE_MAX_ATTEMPTS of them.
 */
export async function verifyFactor(
  ctx: IdentityContext,
  factorTypeInPath: string,
  request: VerifyFactorRequest,
): Promise<StateMachineResponse> {
  const factorType = FACTOR_TYPES.find((type) => type === factorTypeInPath.toUpperCase());
  if (factorType === undefined) {
    throw validationError([
      {
        field: 'factorType',
        description: `"${factorTypeInPath}" is not a factor type; expected one of ${FACTOR_TYPES.join(', ')}`,
        violatedRule: 'ENUM',
      },
    ]);
  }
  const code = factorType === 'TOTP' ? request.totpData?.code : request.emailData?.code;
  return answerStateCode(
    ctx,
    request.stateToken,
    'mfa',
    async (trx, state) => {
      const factors = await listFactors(trx, [state.identityId]);
      const factor = factors.find((candidate) => candidate.type === factorType);
      if (!factor) {
        throw validationError([
          {
            field: 'factorType',
            description: `${factorType} is not enabled for this member; enabled: ${factors.map((f) => f.type).join(', ')}`,
            violatedRule: 'ENUM',
          },
        ]);
      }
      if (!code) {
        const field = factorType === 'TOTP' ? 'totpData.code' : 'emailData.code';
        throw validationError([{ field, description: 'the code is required', violatedRule: 'REQUIRED' }]);
      }
      return checkFactorCode(trx, factor, code);
    },
    (trx, identity) => continueSignIn(trx, identity, { secondFactorVerified: true }),
  );
}

async function checkFactorCode(trx: Tx, factor: StoredFactor, code: string): Promise<CodeCheck> {
  if (factor.type === 'TOTP') {
    const step =
      factor.totpSecret === null
        ? undefined
        : matchTotpStep(factor.totpSecret, code.trim(), factor.lastUsedStep);
    return step !== undefined && (await markTotpStepUsed(trx, factor.id, step)) ? 'accepted' : 'wrong';
  }
  const current = await findCurrentCode(trx, factor.identityId, 'mfa');
  if (!current || !codeMatches(current.id, code, current.codeHash)) return 'wrong';
  if (current.expired) return 'expired';
  await invalidateCodes(trx, factor.identityId, 'mfa');
  return 'accepted';
}

/** Enables a second factor; TOTP answers with its new secret, once. */
export async function enrollFactor(
  ctx: IdentityContext,
  identityId: string,
  factorType: EnrollableFactorType,
): Promise<EnrollFactorResponse> {
  return inTransaction(ctx.db, async (trx) => {
    const identity = await findIdentityById(trx, identityId);
    if (!identity || identity.status === 'DELETED') throw noSuchMember(identityId);
    const totpSecret = factorType === 'TOTP' ? generateTotpSecret() : null;
    const factor = await upsertFactor(trx, { identityId, type: factorType, totpSecret });
    return {
      factor: { factorId: factor.id, type: factor.type, status: 'ACTIVE' },
      ...(totpSecret === null
        ? {}
        : { totp: { secret: totpSecret, otpauthUri: otpauthUri(TOTP_ISSUER, identity.email, totpSecret) } }),
    };
  });
}
