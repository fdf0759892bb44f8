import { BLOG_LIMITS } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  type BlogKit,
  CATEGORIES,
  DRAFTS,
  LIKES,
  POSTS,
  startBlogKit,
  TAGS,
} from '../test-kit.js';

/**
 * Every paging number is checked at the boundary (the contract's schemas): an offset beyond
 * BLOG_LIMITS.maxOffset is a 400 INVALID_ARGUMENT, never a database error. Before, these reached
 * PostgreSQL's OFFSET (bigint) and answered 500 (`invalid input syntax for type bigint`).
 */
const TOO_LARGE = [
  ['1e19', '1e19', '10000000000000000000'],
  ['2^63-1', '9223372036854775807', '9223372036854775807'],
  ['2^63', '9223372036854775808', '9223372036854775808'],
  ['1e21', '1e21', `1${'0'.repeat(21)}`],
  ['1e38', '1e38', `1${'0'.repeat(38)}`],
  ['1e300', '1e300', `1${'0'.repeat(300)}`],
  ['maxOffset + 1', String(BLOG_LIMITS.maxOffset + 1), String(BLOG_LIMITS.maxOffset + 1)],
] as const;

/** The query endpoints (JSON bodies; the number written as JSON text, not through a double). */
const QUERIES = [
  ['posts', `${POSTS}/query`],
  ['categories', `${CATEGORIES}/query`],
  ['tags', `${TAGS}/query`],
  ['draft posts', `${DRAFTS}/query`],
  ['likes', `${LIKES}/query`],
] as const;

/** The GET lists with `paging.offset` in the query string. */
const LISTS = [
  ['posts', POSTS],
  ['categories', CATEGORIES],
  ['draft posts', DRAFTS],
  ['deleted draft posts', `${DRAFTS}/trash-bin`],
] as const;

let kit: BlogKit;
beforeAll(async () => {
  kit = await startBlogKit();
}, 120_000);
afterAll(() => kit?.close());

/** 400 INVALID_ARGUMENT in the platform's shape, naming the offset. */
function expectInvalidOffset(answer: Answer, label: string) {
  expect(answer.status, `${label}: ${JSON.stringify(answer.body)}`).toBe(400);
  expect(answer.body.message, label).toMatch(/^INVALID_ARGUMENT: ".*paging\.offset"/);
  const [violation] = answer.body.details.validationError.fieldViolations;
  expect(violation.field, label).toMatch(/paging\.offset$/);
}

describe('paging offsets too large for the database', () => {
  for (const [name, path] of QUERIES) {
    it(`POST ${name} query answers 400 for each`, async () => {
      for (const [label, json] of TOO_LARGE) {
        const body = `{"query":{"paging":{"limit":5,"offset":${json}}}}`;
        expectInvalidOffset(await kit.call('POST', path, body), `${name} ${label}`);
      }
    });
  }

  for (const [name, path] of LISTS) {
    it(`GET ${name} with paging.offset answers 400 for each`, async () => {
      for (const [label, , decimal] of TOO_LARGE) {
        expectInvalidOffset(
          await kit.call('GET', `${path}?paging.limit=5&paging.offset=${decimal}`),
          `${name} ${label}`,
        );
      }
    });
  }

  it('the largest offset allowed answers an empty page on every endpoint', async () => {
    const offset = BLOG_LIMITS.maxOffset;
    for (const [name, path] of QUERIES) {
      const answer = await kit.call('POST', path, { query: { paging: { limit: 5, offset } } });
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
    for (const [name, path] of LISTS) {
      const answer = await kit.call('GET', `${path}?paging.limit=5&paging.offset=${offset}`);
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
  });
});
