import { describe, expect, it } from 'vitest';
import { errorCode, identityKitPerFile, PASSWORD, uniqueEmail } from './test-kit.js';

// Small thresholds keep this fast: two free failures, then slowed by 60 ms per failure, locked at 4.
const THROTTLE = { slowAfter: 2, lockAfter: 4, lockSeconds: 120, delayStepMs: 60, maxDelayMs: 100 };

const kit = identityKitPerFile({ registration: 'open', loginThrottle: THROTTLE });

const WRONG = 'wrong password!';

async function timedLogin(email: string, password: string) {
  const started = performance.now();
  const answer = await kit.login(email, password);
  return { answer, elapsedMs: performance.now() - started };
}

const failureCount = async (identityId: string) =>
  (
    await kit.platform.db
      .selectFrom('login_failures')
      .select('failures')
      .where('identity_id', '=', identityId)
      .executeTakeFirst()
  )?.failures;

describe('failed logins of one account', () => {
  it('are slowed after slowAfter, then locked with 429 and Retry-After, even for the right password', async () => {
    const email = uniqueEmail('throttled');
    const id = await kit.activeMember(email);

    for (let failure = 1; failure <= THROTTLE.slowAfter; failure++) {
      expect(errorCode(await kit.login(email, WRONG))).toBe('-19976');
    }
    expect(await failureCount(id)).toBe(THROTTLE.slowAfter);

    // The third failure is held back by one delay step (a lower bound: timers never fire early
    // by more than a millisecond).
    const slowed = await timedLogin(email, WRONG);
    expect(errorCode(slowed.answer)).toBe('-19976');
    expect(slowed.elapsedMs).toBeGreaterThanOrEqual(THROTTLE.delayStepMs - 2);

    const locking = await kit.login(email, WRONG);
    expect(locking.status).toBe(429);
    expect(errorCode(locking)).toBe('TOO_MANY_ATTEMPTS');
    const retryAfter = Number(locking.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(THROTTLE.lockSeconds - 5);
    expect(retryAfter).toBeLessThanOrEqual(THROTTLE.lockSeconds);
    expect(locking.body.details.applicationError.description).toMatch(
      /try again in \d+ seconds \(after \d{4}-/,
    );

    const rightPassword = await kit.login(email, PASSWORD);
    expect(rightPassword.status).toBe(429);
    expect(Number(rightPassword.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('do not affect other accounts', async () => {
    const victim = uniqueEmail('victim');
    const bystander = uniqueEmail('bystander');
    await kit.activeMember(victim);
    await kit.activeMember(bystander);
    for (let failure = 1; failure <= THROTTLE.lockAfter; failure++) await kit.login(victim, WRONG);
    expect((await kit.login(victim, PASSWORD)).status).toBe(429);

    expect((await kit.login(bystander, PASSWORD)).body.state).toBe('SUCCESS');
    expect(errorCode(await kit.login(bystander, WRONG))).toBe('-19976');
  });

  it('start again from zero after a successful login', async () => {
    const email = uniqueEmail('reset-count');
    const id = await kit.activeMember(email);
    for (let failure = 1; failure < THROTTLE.lockAfter; failure++) await kit.login(email, WRONG);
    expect(await failureCount(id)).toBe(THROTTLE.lockAfter - 1);
    expect((await kit.login(email, PASSWORD)).body.state).toBe('SUCCESS');
    expect(await failureCount(id)).toBeUndefined();
    // Three more failures do not lock: the count restarted.
    for (let failure = 1; failure < THROTTLE.lockAfter; failure++) {
      expect(errorCode(await kit.login(email, WRONG))).toBe('-19976');
    }
    expect((await kit.login(email, PASSWORD)).body.state).toBe('SUCCESS');
  });

  it('unlock when the lock runs out, and the count starts afresh', async () => {
    const email = uniqueEmail('expired-lock');
    const id = await kit.activeMember(email);
    for (let failure = 1; failure <= THROTTLE.lockAfter; failure++) await kit.login(email, WRONG);
    expect((await kit.login(email, PASSWORD)).status).toBe(429);
    await kit.platform.db
      .updateTable('login_failures')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('identity_id', '=', id)
      .execute();
    expect(errorCode(await kit.login(email, WRONG))).toBe('-19976');
    expect(await failureCount(id)).toBe(1);
    expect((await kit.login(email, PASSWORD)).body.state).toBe('SUCCESS');
  });

  it('are not counted for e-mails without an account', async () => {
    const rows = () => kit.platform.db.selectFrom('login_failures').selectAll().execute();
    const before = await rows();
    for (let attempt = 0; attempt <= THROTTLE.lockAfter; attempt++) {
      expect(errorCode(await kit.login(uniqueEmail('ghost'), WRONG))).toBe('-19999');
    }
    expect(await rows()).toEqual(before);
  });
});
