import {
  addressKey,
  type EmailRateLimitPolicy,
  type EmailSendKeys,
  ipKey,
} from '../../security/email-rate-limit.js';
import type { Tx } from '../../storage/transaction.js';
import { TooManyEmailsError } from './errors.js';
import { countEmailSend, pruneEmailSendCounts } from './mail-limit-store.js';

/** Who asks for an e-mail: the client IP, absent for the site's own back end (an API key). */
export interface EmailRequester {
  readonly ip?: string;
}

/** What a service that mails on request needs: the limits and who asks. */
export interface EmailSending {
  readonly limits: EmailRateLimitPolicy;
  readonly requester: EmailRequester;
}

/**
 * Counts one e-mail to `address` asked for by `requester`, inside the transaction that sends it (a
 * request that fails counts nothing), or refuses with 429 when the address or the IP has had its
 * share of the window.
 */
export async function countRequestedEmail(trx: Tx, sending: EmailSending, address: string): Promise<void> {
  const { limits, requester } = sending;
  const keys: EmailSendKeys = { address, ip: requester.ip };
  await pruneEmailSendCounts(trx, limits.windowSeconds);
  const checks: [string, number, string][] = [[addressKey(keys.address), limits.perAddress, 'this address']];
  if (keys.ip !== undefined) checks.push([ipKey(keys.ip), limits.perIp, 'this client']);
  for (const [key, limit, who] of checks) {
    const retryAfter = await countEmailSend(trx, key, limit, limits.windowSeconds);
    if (retryAfter !== undefined) throw new TooManyEmailsError(who, limit, limits.windowSeconds, retryAfter);
  }
}
