import { DATA_ERROR_CODES } from '@atrium/contract/routes';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { expectSameStep } from './support/data-compare';
import { AUTHOR_ITEMS, AUTHORS, BOOK_ITEMS, BOOKS, COLLECTIONS } from './support/data-fixtures';
import { type AnyItems, type DataRun, isError, pageOf, runData, type Step } from './support/data-peers';

// A visitor (OAuth anonymous tokens) of each client against a collection anyone may read and only
// an admin may write: the same reads succeed, the same writes are refused with the same error.
afterAll(() => {
  vi.unstubAllGlobals();
});

async function visitorScenario(items: AnyItems, step: Step) {
  await step('query', () => items.query(BOOKS).eq('genre', 'sf').ascending('_id').find(), pageOf);
  await step('get', () => items.get(BOOKS, 'dune'));
  await step('count', () => items.count(BOOKS, { filter: { genre: 'crime' } }));
  await step(
    'include a reference',
    () => items.query(BOOKS).eq('_id', 'dune').include('author').find(),
    pageOf,
  );
  await step('insert', () => items.insert(BOOKS, { _id: 'mine', title: 'Mine' }));
  await step('update', () => items.update(BOOKS, { _id: 'dune', title: 'Mine' }));
  await step('save', () => items.save(BOOKS, { _id: 'dune', title: 'Mine' }));
  await step('patch', () => items.patch(BOOKS, 'dune').setField('title', 'Mine').run());
  await step('remove', () => items.remove(BOOKS, 'dune'));
  await step('truncate', () => items.truncate(BOOKS));
  await step('bulkInsert', () => items.bulkInsert(BOOKS, [{ _id: 'mine' }]));
  await step('insertReference', () => items.insertReference(BOOKS, 'authors', 'dune', 'herbert'));
  await step('after the refused writes', () => items.get(BOOKS, 'dune'));
}

const REFUSED = ['insert', 'update', 'save', 'patch', 'remove', 'truncate', 'bulkInsert', 'insertReference'];
const SEED = { [AUTHORS]: AUTHOR_ITEMS, [BOOKS]: BOOK_ITEMS };

describe('data items as a visitor: both clients are refused the same writes', () => {
  let reference: DataRun;
  let atrium: DataRun;

  it('runs the visitor scenario through both clients', { timeout: 60_000 }, async () => {
    reference = await runData('reference', 'visitor', COLLECTIONS, visitorScenario, SEED);
    atrium = await runData('atrium', 'visitor', COLLECTIONS, visitorScenario, SEED);
    expect(atrium.steps.map((s) => s.step)).toEqual(reference.steps.map((s) => s.step));
  });

  it('gets the same results and the same permission errors', () => {
    for (const [index, expected] of reference.steps.entries()) {
      expectSameStep(atrium.steps[index]!, expected);
    }
  });

  it('maps the same platform code: WDE0027, answered 403, for every refused write', () => {
    for (const run of [reference, atrium]) {
      const refused = run.steps.filter((s) => isError(s.result));
      expect(refused.map((s) => s.step)).toEqual(REFUSED);
      for (const { step, result, response } of refused) {
        expect(response?.status, step).toBe(403);
        expect(result, step).toMatchObject({
          error: {
            message: expect.stringMatching(/^WDE0027: /),
            details: { applicationError: { code: DATA_ERROR_CODES.permissionDenied } },
          },
        });
      }
    }
    // The reads went through and the refused writes changed nothing.
    const last = reference.steps.at(-1)!.result as { title: string };
    expect(last.title).toBe('Dune');
  });

  it('sends the same requests, to the edge host, after one anonymous token request', () => {
    expect(atrium.requests).toEqual(reference.requests);
    const [token, ...calls] = reference.requests;
    expect(token).toMatchObject({ host: 'api', path: '/oauth2/token', body: { grantType: 'anonymous' } });
    expect(calls.every((r) => r.host === 'edge' && r.path.startsWith('/wix-data/v2/'))).toBe(true);
    expect(calls).toHaveLength(reference.steps.length);
  });
});
