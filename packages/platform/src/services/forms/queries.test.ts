import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, type FormsKit, type Member, NAMESPACE, SUBMISSIONS, startFormsKit } from './test-kit.js';

/** Queries, search, counts, bulk changes and the trash bin, over one form with known submissions. */
let kit: FormsKit;
let formId: string;
let otherFormId: string;
let ann: Member;
let visitor: string;
const ids: string[] = [];

const FIELDS = [
  { target: 'name', validation: { required: true, string: { maxLength: 100 } } },
  { target: 'age', validation: { number: { minimum: 0 } } },
  { target: 'topics', validation: { array: { items: { string: {} } } } },
];
const PEOPLE = [
  { name: 'Ada', age: 36, topics: ['math', 'engines'] },
  { name: 'Grace', age: 45, topics: ['compilers'] },
  { name: 'Alan', age: 41, topics: ['math'] },
  { name: 'Barbara', age: 29 },
];

beforeAll(async () => {
  kit = await startFormsKit();
  formId = (await kit.createForm({ name: 'People', formFields: FIELDS })).id;
  otherFormId = (await kit.createForm({ name: 'Others', formFields: FIELDS })).id;
  ann = await kit.member('ann');
  visitor = await kit.visitorToken();
  for (const [index, person] of PEOPLE.entries()) {
    const answer = await kit.submit(formId, person, index === 0 ? ann.token : visitor);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    ids.push(answer.body.submission.id);
  }
  await kit.submit(otherFormId, { name: 'Elsewhere' }, visitor);
});
afterAll(() => kit.close());

const query = (body: object, authorization?: string) =>
  kit.call('POST', `${SUBMISSIONS}/submissions/namespace/query`, body, authorization);
const names = (answer: { body: { submissions: { submissions: { name: string } }[] } }) =>
  answer.body.submissions.map((submission) => submission.submissions.name);
const inForm = (filter: object = {}) => ({ $and: [{ namespace: NAMESPACE }, { formId }, filter] });

describe('querying submissions by namespace', () => {
  it('filters on system fields and values, newest first by default, with cursor paging in metadata', async () => {
    const all = await query({ query: { filter: inForm() } });
    expect(all.status).toBe(200);
    expect(names(all)).toEqual(['Barbara', 'Alan', 'Grace', 'Ada']);
    expect(all.body.metadata).toEqual({ count: 4, cursors: { next: null, prev: null }, hasNext: false });

    const cases: [object, string[]][] = [
      [{ 'submissions.age': { $gt: 40 } }, ['Alan', 'Grace']],
      [{ 'submissions.topics': 'math' }, ['Alan', 'Ada']],
      [{ 'submissions.topics': { $hasSome: ['engines', 'compilers'] } }, ['Grace', 'Ada']],
      [{ 'submissions.name': { $startsWith: 'a' } }, ['Alan', 'Ada']],
      [{ 'submissions.topics': { $exists: false } }, ['Barbara']],
      [{ $or: [{ 'submissions.name': 'Grace' }, { 'submissions.age': { $lt: 30 } }] }, ['Barbara', 'Grace']],
      [{ $not: { 'submissions.age': { $gte: 40 } } }, ['Barbara', 'Ada']],
      [{ 'submissions.name': { $ne: 'Ada' } }, ['Barbara', 'Alan', 'Grace']],
      [{ id: ids[1] }, ['Grace']],
      [{ 'submitter.memberId': ann.id }, ['Ada']],
      [
        { createdDate: { $lte: new Date(Date.now() + 60_000).toISOString() } },
        ['Barbara', 'Alan', 'Grace', 'Ada'],
      ],
      [{ status: { $in: ['PENDING'] } }, []],
    ];
    for (const [filter, expected] of cases) {
      const answer = await query({ query: { filter: inForm(filter) } });
      expect(names(answer), JSON.stringify(filter)).toEqual(expected);
    }

    const first = await query({
      query: {
        filter: inForm(),
        sort: [{ fieldName: 'submissions.age', order: 'ASC' }],
        cursorPaging: { limit: 3 },
      },
    });
    expect(names(first)).toEqual(['Barbara', 'Ada', 'Alan']);
    expect(first.body.metadata).toMatchObject({ count: 3, hasNext: true, cursors: { prev: null } });
    // The next page sends the cursor alone (docs/wire.md §3).
    const second = await query({
      query: { cursorPaging: { cursor: first.body.metadata.cursors.next, limit: 3 } },
    });
    expect(names(second)).toEqual(['Grace']);
    expect(second.body.metadata.cursors.prev).toEqual(expect.any(String));
    const back = await query({ query: { cursorPaging: { cursor: second.body.metadata.cursors.prev } } });
    expect(names(back)).toEqual(['Barbara', 'Ada', 'Alan']);
  });

  it('requires a namespace filter, and refuses unknown fields, operators and bad operands with 400', async () => {
    const bad = [
      { filter: { formId } },
      { filter: inForm({ nope: 1 }) },
      { filter: inForm({ 'submissions.age': { $like: 1 } }) },
      { filter: inForm({ 'submissions.a-b': 1 }) },
      { filter: inForm({ 'submissions.age': { $gt: true } }) },
      { filter: inForm({ seen: 'yes' }) },
      { filter: inForm({ createdDate: { $gt: 'soon' } }) },
      { filter: inForm(), sort: [{ fieldName: 'password' }] },
      {
        cursorPaging: { cursor: Buffer.from('{"k":"forms.query","o":0,"l":1,"q":{}}').toString('base64url') },
      },
    ];
    for (const request of bad) {
      const answer = await query({ query: request });
      expect(answer.status, JSON.stringify(request)).toBe(400);
    }
  });

  it('lets a member query their own submissions with onlyYourOwn, and nobody else’s', async () => {
    const own = await query({ query: { filter: inForm() }, onlyYourOwn: true }, ann.token);
    expect(names(own)).toEqual(['Ada']);
    expect((await query({ query: { filter: inForm() } }, ann.token)).status).toBe(403);
    expect((await query({ query: { filter: inForm() }, onlyYourOwn: true }, visitor)).status).toBe(403);
  });

  it('serves the deprecated plain query too, without the namespace requirement', async () => {
    const answer = await kit.call('POST', `${SUBMISSIONS}/submissions/query`, {
      query: { filter: { formId: otherFormId } },
    });
    expect(names(answer)).toEqual(['Elsewhere']);
  });

  it('searches values for every (AND) or any (OR) term, ignoring case', async () => {
    const search = (expression: string, mode: 'OR' | 'AND') =>
      kit.call('POST', `${SUBMISSIONS}/submissions/namespace/search`, {
        search: { filter: inForm(), search: { expression, mode } },
      });
    expect(names(await search('ADA grace', 'OR'))).toEqual(['Grace', 'Ada']);
    expect(names(await search('ada math', 'AND'))).toEqual(['Ada']);
    expect(names(await search('nobody', 'OR'))).toEqual([]);
  });
});

describe('counting', () => {
  it('counts per form (total and unseen) by namespace and status, and by filter', async () => {
    const count = await kit.call('POST', `${SUBMISSIONS}/submissions/count`, {
      formIds: [formId, otherFormId, '00000000-0000-4000-8000-000000000000'],
      namespace: NAMESPACE,
      statuses: ['CONFIRMED'],
    });
    expect(count.body.formsSubmissionsCount).toEqual([
      { formId, totalCount: 4, unseenCount: 4 },
      { formId: otherFormId, totalCount: 1, unseenCount: 1 },
      { formId: '00000000-0000-4000-8000-000000000000', totalCount: 0, unseenCount: 0 },
    ]);
    const pending = await kit.call('POST', `${SUBMISSIONS}/submissions/count`, {
      formIds: [formId],
      namespace: NAMESPACE,
      statuses: ['PENDING'],
    });
    expect(pending.body.formsSubmissionsCount[0].totalCount).toBe(0);
    const byFilter = await kit.call('POST', `${SUBMISSIONS}/submissions/count-by-filter`, {
      filter: { namespace: NAMESPACE, 'submissions.name': { $startsWith: 'A' } },
    });
    expect(byFilter.body.formsSubmissionsCount).toEqual([{ formId, totalCount: 2, unseenCount: 2 }]);
    expect(
      (await kit.call('POST', `${SUBMISSIONS}/submissions/count-by-filter`, { filter: {} })).status,
    ).toBe(400);
    expect(
      (
        await kit.call(
          'POST',
          `${SUBMISSIONS}/submissions/count`,
          { formIds: [formId], namespace: NAMESPACE },
          ann.token,
        )
      ).status,
    ).toBe(403);
  });
});

describe('bulk changes', () => {
  it('marks submissions as seen (bumping their revision), only in the form named', async () => {
    const answer = await kit.call('POST', `${SUBMISSIONS}/bulk/submissions/mark-as-seen`, {
      ids: [ids[0], ids[1]],
      formId,
    });
    expect(answer.body).toEqual({ jobId: expect.any(String) });
    const seen = await query({ query: { filter: inForm({ seen: true }) } });
    expect(names(seen)).toEqual(['Grace', 'Ada']);
    expect(seen.body.submissions[0].revision).toBe('2');
    const elsewhere = await kit.call('POST', `${SUBMISSIONS}/bulk/submissions/mark-as-seen`, {
      ids: [ids[2]],
      formId: otherFormId,
    });
    expect(elsewhere.status).toBe(200);
    expect(names(await query({ query: { filter: inForm({ seen: true }) } }))).toEqual(['Grace', 'Ada']);
    const tooMany = await kit.call('POST', `${SUBMISSIONS}/bulk/submissions/mark-as-seen`, {
      ids: Array.from({ length: 101 }, () => ids[0]),
      formId,
    });
    expect([tooMany.status, codeOf(tooMany)]).toEqual([400, 'TOO_MANY_IDS']);
  });

  it('assigns and unassigns tags by ids (per-id results) and by filter', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const tagged = await kit.call('POST', `${SUBMISSIONS}/bulk/submissions/update-tags`, {
      submissionIds: [ids[2], missing],
      assignTags: { tags: { tagIds: ['vip', 'math'] } },
    });
    expect(tagged.body).toEqual({
      results: [
        { itemMetadata: { id: ids[2], originalIndex: 0, success: true } },
        {
          itemMetadata: {
            id: missing,
            originalIndex: 1,
            success: false,
            error: {
              code: 'SUBMISSION_NOT_FOUND',
              description: expect.any(String),
              data: { submissionId: missing },
            },
          },
        },
      ],
      bulkActionMetadata: { totalSuccesses: 1, totalFailures: 1, undetailedFailures: 0 },
    });
    const byFilter = await kit.call('POST', `${SUBMISSIONS}/bulk/submissions/update-tags-by-filter`, {
      filter: { formId, 'submissions.topics': 'math' },
      assignTags: { tags: { tagIds: ['reviewed'] } },
      unassignTags: { tags: { tagIds: ['vip'] } },
    });
    expect(byFilter.body.jobId).toEqual(expect.any(String));
    const withTag = await query({
      query: { filter: inForm({ 'tags.tags.tagIds': { $hasAll: ['math', 'reviewed'] } }) },
    });
    expect(names(withTag)).toEqual(['Alan']);
    expect(withTag.body.submissions[0].tags).toEqual({ tags: { tagIds: ['math', 'reviewed'] } });
    expect(names(await query({ query: { filter: inForm({ 'tags.tags.tagIds': 'reviewed' }) } }))).toEqual([
      'Alan',
      'Ada',
    ]);
    expect(
      (
        await kit.call(
          'POST',
          `${SUBMISSIONS}/bulk/submissions/update-tags`,
          { submissionIds: [ids[0]] },
          ann.token,
        )
      ).status,
    ).toBe(403);
  });
});

describe('the trash bin', () => {
  it('takes deleted submissions (restorable), lists, counts, restores and removes them', async () => {
    const form = (await kit.createForm({ name: 'Trash', formFields: FIELDS })).id;
    const made: string[] = [];
    for (const name of ['t1', 't2', 't3', 't4'])
      made.push((await kit.submit(form, { name }, visitor)).body.submission.id);
    const [one, two, three, four] = made as [string, string, string, string];

    expect((await kit.call('DELETE', `${SUBMISSIONS}/submissions/${one}?submissionId=${one}`)).status).toBe(
      200,
    );
    expect((await kit.call('GET', `${SUBMISSIONS}/submissions/${one}`)).status).toBe(404);
    const deleted = await kit.call('GET', `${SUBMISSIONS}/submissions/trash-bin/${one}?submissionId=${one}`);
    expect(deleted.body.submission).toMatchObject({ id: one, revision: '2' });
    const bulk = await kit.call('POST', `${SUBMISSIONS}/bulk/submissions/delete`, {
      formId: form,
      submissionIds: [two, three, one],
    });
    expect(bulk.body.bulkActionMetadata).toEqual({
      totalSuccesses: 2,
      totalFailures: 1,
      undetailedFailures: 0,
    });
    expect(bulk.body.results[2].itemMetadata).toMatchObject({ id: one, success: false });

    const listed = await kit.call(
      'GET',
      `${SUBMISSIONS}/submissions/trash-bin?formId=${form}&paging.limit=2`,
    );
    expect(listed.body.submissions).toHaveLength(2);
    expect(listed.body.pagingMetadata).toMatchObject({ count: 2, hasNext: true });
    const rest = await kit.call(
      'GET',
      `${SUBMISSIONS}/submissions/trash-bin?formId=${form}&paging.cursor=${listed.body.pagingMetadata.cursors.next}`,
    );
    expect(rest.body.submissions).toHaveLength(1);
    const onlyTwo = await kit.call(
      'GET',
      `${SUBMISSIONS}/submissions/trash-bin?formId=${form}&submissionIds=${two}&statuses=CONFIRMED`,
    );
    expect(onlyTwo.body.submissions.map((s: { id: string }) => s.id)).toEqual([two]);
    const counted = await kit.call('POST', `${SUBMISSIONS}/submissions/trash-bin/count`, {
      formIds: [form],
      namespace: NAMESPACE,
    });
    expect(counted.body).toEqual({ formsDeletedSubmissionsCount: [{ formId: form, totalCount: 3 }] });

    const restored = await kit.call('POST', `${SUBMISSIONS}/submissions/trash-bin/${one}/restore`, {
      submissionId: one,
    });
    expect(restored.body.submission).toMatchObject({ id: one, revision: '3' });
    expect((await kit.call('GET', `${SUBMISSIONS}/submissions/${one}`)).status).toBe(200);
    expect((await kit.call('POST', `${SUBMISSIONS}/submissions/trash-bin/${one}/restore`, {})).status).toBe(
      404,
    );

    expect(
      (await kit.call('DELETE', `${SUBMISSIONS}/submissions/trash-bin/${two}?submissionId=${two}`)).status,
    ).toBe(200);
    expect((await kit.call('GET', `${SUBMISSIONS}/submissions/trash-bin/${two}`)).status).toBe(404);
    const removed = await kit.call('POST', `${SUBMISSIONS}/submissions/trash-bin/delete`, { formId: form });
    expect(
      removed.body.results.map((result: { itemMetadata: { id: string } }) => result.itemMetadata.id),
    ).toEqual([three]);

    const permanent = await kit.call('DELETE', `${SUBMISSIONS}/submissions/${four}?permanent=true`);
    expect(permanent.status).toBe(200);
    expect((await kit.call('GET', `${SUBMISSIONS}/submissions/trash-bin/${four}`)).status).toBe(404);
    const finalCount = await kit.call('POST', `${SUBMISSIONS}/submissions/trash-bin/count`, {
      formIds: [form],
      namespace: NAMESPACE,
    });
    expect(finalCount.body.formsDeletedSubmissionsCount[0].totalCount).toBe(0);
  });

  it('is for API keys only', async () => {
    const { id } = (await kit.submit(formId, { name: 'Mine' }, ann.token)).body.submission;
    const attempts = await Promise.all([
      kit.call('DELETE', `${SUBMISSIONS}/submissions/${id}`, undefined, ann.token),
      kit.call('POST', `${SUBMISSIONS}/bulk/submissions/delete`, { formId, submissionIds: [id] }, ann.token),
      kit.call('GET', `${SUBMISSIONS}/submissions/trash-bin?formId=${formId}`, undefined, ann.token),
      kit.call(
        'POST',
        `${SUBMISSIONS}/submissions/trash-bin/count`,
        { formIds: [formId], namespace: NAMESPACE },
        visitor,
      ),
    ]);
    expect(attempts.map((answer) => answer.status)).toEqual([403, 403, 403, 403]);
    expect((await kit.call('GET', `${SUBMISSIONS}/submissions/${id}`, undefined, ann.token)).status).toBe(
      200,
    );
  });
});
