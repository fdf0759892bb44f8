import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  errorCode,
  type IdentityKit,
  PATHS,
  startIdentityKit,
  uniqueEmail,
} from './test-kit.js';

// E-mails sent on request are limited per address and per client IP, with counts in the database.
const WINDOW_SECONDS = 900;
let perAddress: IdentityKit;
let perIp: IdentityKit;
beforeAll(async () => {
  [perAddress, perIp] = await Promise.all([
    startIdentityKit({ registration: 'verify-email', emailRateLimit: { perAddress: 2, perIp: 1000 } }),
    startIdentityKit({ registration: 'open', emailRateLimit: { perAddress: 1000, perIp: 3 } }),
  ]);
});
afterAll(() => Promise.all([perAddress?.close(), perIp?.close()]));

const sendRecovery = (kit: IdentityKit, email: string) =>
  kit.post(`${PATHS.recovery}/v1/send-email`, { email });

function expectTooMany(answer: Answer): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(429);
  expect(errorCode(answer)).toBe('TOO_MANY_REQUESTS');
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(answer.body.details.applicationError.data.retryAfterSeconds).toBe(retryAfter);
}

describe('per address', () => {
  it('recovery send-email: the third in the window is 429 with Retry-After, and nothing is mailed', async () => {
    const email = uniqueEmail('limit-reset');
    await perAddress.activeMember(email);
    const before = (await perAddress.mailbox(email)).length;
    expect((await sendRecovery(perAddress, email)).status).toBe(200);
    expect((await sendRecovery(perAddress, email.toUpperCase())).status).toBe(200);
    expectTooMany(await sendRecovery(perAddress, email));
    expect(await perAddress.mailbox(email)).toHaveLength(before + 2);
  });

  it('counts an address nobody has too (a 429 tells nothing about accounts)', async () => {
    const ghost = uniqueEmail('limit-ghost');
    expect((await sendRecovery(perAddress, ghost)).status).toBe(200);
    expect((await sendRecovery(perAddress, ghost)).status).toBe(200);
    expectTooMany(await sendRecovery(perAddress, ghost));
  });

  it('verification resend: limited per address', async () => {
    const email = uniqueEmail('limit-resend');
    const registered = await perAddress.register(email);
    expect(registered.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    const resend = () =>
      perAddress.post(`${PATHS.verification}/v1/auth/resend`, { stateToken: registered.body.stateToken });
    expect((await resend()).status).toBe(200);
    expect((await resend()).status).toBe(200);
    expectTooMany(await resend());
  });

  it('verification start and the activation e-mail (elevated callers): limited per address', async () => {
    const email = uniqueEmail('limit-start');
    const identityId = (await perAddress.register(email)).body.identity.id;
    const start = () =>
      perAddress.call('POST', `${PATHS.verification}/v1/start`, { identityId }, perAddress.platform.apiKey);
    const activation = () =>
      perAddress.call(
        'POST',
        `${PATHS.recovery}/v1/activation-email`,
        { identityId },
        perAddress.platform.apiKey,
      );
    expect((await start()).status).toBe(200);
    expect((await activation()).status).toBe(200);
    expectTooMany(await start());
    expectTooMany(await activation());
  });

  it('keeps the counts in the database (shared by every process on it)', async () => {
    const email = uniqueEmail('limit-stored');
    await sendRecovery(perAddress, email);
    const { rows } = await sql<{ sent: number }>`
      SELECT sent FROM email_send_counts WHERE key = ${`address:${email.toLowerCase()}`}`.execute(
      perAddress.platform.db,
    );
    expect(rows).toEqual([{ sent: 1 }]);
  });
});

describe('per client IP', () => {
  it('the fourth e-mail asked for from one IP in the window is 429, whatever the address', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await sendRecovery(perIp, uniqueEmail(`limit-ip-${i}`))).status).toBe(200);
    }
    expectTooMany(await sendRecovery(perIp, uniqueEmail('limit-ip-3')));
  });

  it("does not count the site's own back end (an API key)", async () => {
    const email = uniqueEmail('limit-ip-elevated');
    const identityId = (await perIp.register(email)).body.identity.id;
    const start = await perIp.call(
      'POST',
      `${PATHS.verification}/v1/start`,
      { identityId },
      perIp.platform.apiKey,
    );
    expect(start.status).toBe(200);
  });
});
