import { describe, expect, it, vi } from 'vitest';
import { type Answer, identityKitPerFile, PASSWORD, uniqueEmail } from './test-kit.js';

/**
 * Password hashing is bounded (security/password.ts): one turn and one waiting place here. The test
 * holds the turn itself (`platform.passwords.run`), so what is in flight is known, not raced.
 */
const kit = identityKitPerFile({ registration: 'open', passwordHashing: { concurrency: 1, queue: 1 } });

function holdTheTurn(): { release: () => void; done: Promise<void> } {
  let release = () => {};
  const done = kit.platform.passwords.run(
    () =>
      new Promise<void>((resolve) => {
        release = resolve;
      }),
  );
  return { release: () => release(), done };
}

const expectBusy = (answer: Answer) => {
  expect(answer.status).toBe(429);
  expect(answer.headers.get('retry-after')).toBe('1');
  expect(answer.body).toEqual({
    message: expect.stringContaining('try again'),
    details: {
      applicationError: {
        code: 'TOO_MANY_REQUESTS',
        description: answer.body.message,
        data: { retryAfterSeconds: 1 },
      },
    },
  });
};

describe('password hashing in flight', () => {
  it('queues a login while every turn is taken, refuses the next with 429, then answers the queued one', async () => {
    const email = uniqueEmail('bounded');
    const registered = await kit.register(email);
    expect(registered.body.state).toBe('SUCCESS');

    const turn = holdTheTurn();
    const queued = kit.login(email, PASSWORD);
    await vi.waitFor(() => expect(kit.platform.passwords.queued).toBe(1), { timeout: 30_000 });

    // The queue is full: a login (known e-mail or not, so the 429 tells nothing about accounts),
    // and a registration are refused in the platform's error shape.
    expectBusy(await kit.login(email, PASSWORD));
    expectBusy(await kit.login(uniqueEmail('nobody'), PASSWORD));
    expectBusy(await kit.register(uniqueEmail('later')));
    expect(kit.platform.passwords.queued).toBe(1);

    turn.release();
    await turn.done;
    const answer = await queued;
    expect(answer.status).toBe(200);
    expect(answer.body.state).toBe('SUCCESS');
    expect([kit.platform.passwords.running, kit.platform.passwords.queued]).toEqual([0, 0]);

    // Nothing is left taken: the next login is answered.
    expect((await kit.login(email, PASSWORD)).status).toBe(200);
  });
});
