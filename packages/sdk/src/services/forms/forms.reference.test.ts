import * as reference from '@wix/forms';
import {
  ApiKeyStrategy as ReferenceApiKey,
  OAuthStrategy as ReferenceOAuth,
  createClient as referenceClient,
} from '@wix/sdk';
import { describe, expect, it } from 'vitest';
import { ApiKeyStrategy } from '../../auth/api-key-strategy.js';
import { OAuthStrategy } from '../../auth/oauth-strategy.js';
import { createClient } from '../../client/create-client.js';
import { recordingFetch, type WireRequest } from '../../testing/data-peer.js';
import * as atrium from './index.js';

/**
 * `submissions` and `forms` against the reference client (`@wix/forms`) as a black box: the same
 * scenario through both, each answered offline by the same recorder. They must send the same
 * requests (host, method, path, query, decoded `.r`, body), call for call, and return the same
 * results, Dates and bytes included.
 */

const DATE = '2024-05-01T10:00:00.000Z';
const SUBMISSION = {
  id: 's1',
  formId: 'f1',
  namespace: 'wix.form_app.form',
  status: 'CONFIRMED',
  submissions: { email: 'ada@example.com', id: 'kept as _id', createdDate: DATE },
  createdDate: DATE,
  updatedDate: DATE,
  revision: '1',
  submitter: { visitorId: 'v1' },
  seen: false,
  extendedFields: { namespaces: {} },
  tags: { tags: { tagIds: [] } },
};
const FORM = {
  id: 'f1',
  namespace: 'wix.form_app.form',
  name: 'Contact',
  formFields: [{ id: 'x', target: 'email', validation: { required: true } }],
  enabled: true,
  limitationRule: { dateTimeDeadline: DATE, maxAllowedSubmissions: 5 },
  revision: '1',
  createdDate: DATE,
  updatedDate: DATE,
};
const BULK = {
  results: [{ itemMetadata: { id: 's1', originalIndex: 0, success: true } }],
  bulkActionMetadata: { totalSuccesses: 1, totalFailures: 0, undetailedFailures: 0 },
};

/** Answers like the platform, by path; query pages chain cursors N1 → N2 → end. */
function answer(request: WireRequest): unknown {
  const path = request.path.replace(/^\/form-(submission|schema)-service\/v4/, '');
  const body = (request.body ?? {}) as { query?: { cursorPaging?: { cursor?: string } } };
  const cursor = body.query?.cursorPaging?.cursor;
  const metadata = {
    count: 1,
    cursors: { next: cursor === 'N1' ? null : cursor ? 'N1' : 'N0', prev: cursor ? 'P0' : null },
    hasNext: cursor !== 'N1',
  };
  if (path.startsWith('/forms')) {
    if (path === '/forms/query') return { forms: [FORM], metadata };
    if (request.method === 'GET' && path === '/forms') return { forms: [FORM], pagingMetadata: { count: 1 } };
    return request.method === 'DELETE' ? {} : { form: FORM };
  }
  if (path.includes('query') || path.includes('search') || path === '/submissions/trash-bin') {
    return { submissions: [SUBMISSION], metadata, pagingMetadata: metadata };
  }
  if (
    path.startsWith('/bulk/submissions/delete') ||
    path.endsWith('update-tags') ||
    path.endsWith('trash-bin/delete')
  )
    return BULK;
  if (path.endsWith('mark-as-seen') || path.endsWith('by-filter')) return { jobId: 'job-1' };
  if (path.endsWith('/count') || path.endsWith('count-by-filter')) {
    return {
      formsSubmissionsCount: [{ formId: 'f1', totalCount: 2, unseenCount: 1 }],
      formsDeletedSubmissionsCount: [{ formId: 'f1', totalCount: 1 }],
    };
  }
  if (path.endsWith('/validate'))
    return {
      valid: false,
      violationErrors: [{ name: 'email', description: 'bad', ruleName: 'SUBMISSION_VALIDATION' }],
    };
  if (path.endsWith('media-upload-url')) return { uploadUrl: 'https://upload.example/t' };
  if (path.endsWith('/document'))
    return { document: { status: 'READY', readyDetails: { downloadUrl: 'https://d.example/x' } } };
  if (path.endsWith('/download'))
    return { body: btoa('hello'), statusCode: 200, headers: [{ key: 'a', value: 'b' }] };
  if (path.endsWith('/formatted'))
    return { submissionId: 's1', submissions: [{ key: 'email', value: 'ada', fieldId: 'x' }] };
  if (path.endsWith('extended-fields'))
    return { namespace: 'ns', namespaceData: { a: 1 }, submission: SUBMISSION };
  if (request.path.endsWith('submissions-contacts'))
    return { submitContactResponse: { contactId: 'c1', identityType: 'CONTACT', newContact: true } };
  if (request.method === 'DELETE') return {};
  return { submission: SUBMISSION };
}

/** JSON with Dates and bytes made visible, so a string date never equals a Date. */
const plain = (value: unknown): unknown =>
  JSON.parse(
    JSON.stringify(value ?? null, function (key, current) {
      const raw = (this as Record<string, unknown>)[key];
      if (raw instanceof Date) return { $Date: raw.toISOString() };
      if (raw instanceof Uint8Array) return { $bytes: [...raw] };
      return current;
    }),
  );

// biome-ignore lint/suspicious/noExplicitAny: the scenario drives both clients through the reference's API
type AnyForms = any;

async function runBoth(scenario: (client: AnyForms) => Promise<unknown[]>, auth: 'apiKey' | 'oauth') {
  const run = async (which: 'reference' | 'atrium') => {
    const recorder = recordingFetch(answer);
    const original = globalThis.fetch;
    globalThis.fetch = recorder.fetch;
    try {
      const client =
        which === 'atrium'
          ? createClient({
              auth:
                auth === 'apiKey' ? ApiKeyStrategy({ apiKey: 'key' }) : OAuthStrategy({ clientId: 'cid' }),
              modules: { submissions: atrium.submissions, forms: atrium.forms },
              fetch: recorder.fetch,
            })
          : referenceClient({
              auth:
                auth === 'apiKey'
                  ? ReferenceApiKey({ apiKey: 'key', siteId: 'site-1' })
                  : ReferenceOAuth({ clientId: 'cid' }),
              modules: { submissions: reference.submissions, forms: reference.forms } as never,
            });
      const results = (await scenario(client)).map(plain);
      return { results, requests: recorder.log };
    } finally {
      globalThis.fetch = original;
    }
  };
  return { reference: await run('reference'), atrium: await run('atrium') };
}

const pageOf = (page: AnyForms) => ({
  items: page.items,
  length: page.length,
  pageSize: page.pageSize,
  cursors: page.cursors,
  hasNext: page.hasNext(),
  hasPrev: page.hasPrev(),
});

describe('submissions and forms send what the reference sends (docs/wire.md §8, §14)', () => {
  it('for every submissions call, with renames, dates and bytes as the reference has them', async () => {
    const when = new Date(DATE);
    const { reference: theirs, atrium: ours } = await runBoth(
      async ({ submissions }) => [
        await submissions.createSubmission(
          { formId: 'f1', submissions: { email: 'a@b.co', _id: 'x', when } },
          { captchaToken: 'c', extra: 1 },
        ),
        await submissions.getSubmission('s1'),
        await submissions.updateSubmission('s1', { formId: 'f1', revision: '1', submissions: { a: 2 } }),
        await submissions.confirmSubmission('s1'),
        await submissions.deleteSubmission('s1', { permanent: true, preserveFiles: false }),
        await submissions.deleteSubmission('s1'),
        await submissions.bulkDeleteSubmission('f1', { submissionIds: ['s1'], permanent: false }),
        await submissions.restoreSubmissionFromTrashBin('s1'),
        await submissions.removeSubmissionFromTrashBin('s1'),
        await submissions.bulkRemoveSubmissionFromTrashBin('f1', { submissionIds: ['s1'] }),
        await submissions.listDeletedSubmissions('f1', {
          namespace: 'ns',
          statuses: ['CONFIRMED'],
          paging: { limit: 5, cursor: 'c' },
          submissionIds: ['a', 'b'],
        }),
        await submissions.getDeletedSubmission('s1'),
        await submissions.querySubmission(
          { filter: { formId: 'f1' }, cursorPaging: { limit: 2 } },
          { onlyYourOwn: true },
        ),
        await submissions.searchSubmissionsByNamespace({
          filter: { namespace: 'ns' },
          search: { expression: 'ada', mode: 'OR' },
        }),
        await submissions.countSubmissions(['f1'], 'wix.form_app.form', { statuses: ['CONFIRMED'] }),
        await submissions.countSubmissionsByFilter({ namespace: 'ns' }, { search: { expression: 'x' } }),
        await submissions.countDeletedSubmissions(['f1'], 'ns'),
        await submissions.validateFormSubmission(
          { formId: 'f1', submissions: {} },
          { fieldsToValidate: ['email'] },
        ),
        await submissions.getMediaUploadUrl('f1', 'a.png', 'image/png'),
        await submissions.bulkMarkSubmissionsAsSeen(['s1'], 'f1'),
        await submissions.bulkUpdateFormSubmissionTags(['s1'], { assignTags: { tags: { tagIds: ['t'] } } }),
        await submissions.bulkUpdateFormSubmissionTagsByFilter(
          { formId: 'f1' },
          { unassignTags: { tags: { tagIds: ['t'] } } },
        ),
        await submissions.updateExtendedFields('s1', 'ns', { namespaceData: { a: 1 } }),
        await submissions.upsertContactFromSubmission('s1', { emailVerified: true }),
        await submissions.getSubmissionDownloadUrl('s1'),
        await submissions.downloadSubmission('s1', 'token 1/2'),
        await submissions.getFormattedSubmission('s1'),
        await submissions.querySubmissionsByNamespace(
          { filter: { namespace: 'ns' } },
          { onlyYourOwn: false },
        ),
      ],
      'oauth',
    );
    expect(ours.requests).toEqual(theirs.requests);
    expect(ours.results).toEqual(theirs.results);
    expect(ours.requests.every((request) => request.host === 'edge')).toBe(true);
    // Spot checks of what both agree on.
    expect(ours.results[0]).toMatchObject({
      _id: 's1',
      _createdDate: { $Date: DATE },
      submissions: { _id: 'kept as _id', _createdDate: DATE },
    });
    expect(ours.results[25]).toMatchObject({ body: { $bytes: [...new TextEncoder().encode('hello')] } });
    expect(ours.requests[10]?.query).toBe(
      '?formId=f1&submissionIds=a&submissionIds=b&paging.limit=5&paging.cursor=c&statuses=CONFIRMED&namespace=ns',
    );
  });

  it('for the query builder: conditions, and/or/not, sort, limit, skipTo, and the cursor pages', async () => {
    const { reference: theirs, atrium: ours } = await runBoth(async ({ submissions }) => {
      const q = (options?: object) => submissions.querySubmissionsByNamespace(options);
      const first = await q({ onlyYourOwn: true })
        .eq('namespace', 'wix.form_app.form')
        .ne('status', 'PENDING')
        .in('formId', ['f1'])
        .between('_createdDate', new Date(0), new Date(DATE))
        .or(q().eq('seen', true))
        .hasSome('submissions.tags', 'a', 'b')
        .hasAll('submissions.tags', ['c'])
        .startsWith('submissions.name', 'A')
        .exists('submissions.phone')
        .isEmpty('contactId')
        .isNotEmpty('submissions.email')
        .descending('_createdDate')
        .ascending('_id', 'submissions.name')
        .limit(1)
        .find();
      const second = await first.next();
      const third = await second.next();
      const back = await third.prev();
      const ended = await third.next().then(
        () => 'resolved',
        (error: Error) => error.message,
      );
      return [
        pageOf(first),
        pageOf(second),
        pageOf(third),
        pageOf(back),
        ended,
        pageOf(await q().eq('x', 1).and(q().eq('y', 2).eq('z', 3)).find()),
        pageOf(await q().eq('x', 1).not(q().eq('y', 2)).eq('w', 0).find()),
        pageOf(await q().eq('x', 1).not(q()).find()),
        pageOf(await q().or(q().eq('y', 2)).eq('a', undefined).find()),
        pageOf(await q().skipTo('C').limit(7).find()),
        pageOf(await q().find()),
      ];
    }, 'apiKey');
    expect(ours.requests).toEqual(theirs.requests);
    expect(ours.results).toEqual(theirs.results);
    expect(ours.results[4]).toBe('No next page to fetch');
    expect(ours.requests.every((request) => request.host === 'api')).toBe(true);
  });

  it('for every forms call: create, get, update, delete, list (as .r with paging) and query', async () => {
    const { reference: theirs, atrium: ours } = await runBoth(async ({ forms }) => {
      const page = await forms
        .queryForms({ namespace: 'ns' })
        .eq('namespace', 'ns')
        .ascending('name')
        .limit(1)
        .find();
      return [
        await forms.createForm({
          namespace: 'wix.form_app.form',
          name: 'C',
          formFields: [{ _id: 'x', target: 'email', validation: { required: true } }],
        }),
        await forms.getForm('f1'),
        await forms.updateForm('f1', { revision: '1', name: 'x' }),
        await forms.deleteForm('f1', { permanent: true }),
        await forms.deleteForm('f1'),
        await forms.listForms('ns'),
        await forms.listForms('ns', { disabled: true, order: 'NAME_ASC' }),
        await forms.listForms('ns', { paging: { limit: 2, cursor: 'x' } }),
        await forms.queryForms({ filter: { namespace: 'ns' } }, { namespace: 'ns' }),
        pageOf(page),
        pageOf(await page.next()),
      ];
    }, 'apiKey');
    expect(ours.requests).toEqual(theirs.requests);
    expect(ours.results).toEqual(theirs.results);
    expect(ours.results[1]).toMatchObject({
      _createdDate: { $Date: DATE },
      limitationRule: { dateTimeDeadline: { $Date: DATE } },
    });
    expect(ours.requests[8]).toMatchObject({
      query: '',
      r: { namespace: 'ns', paging: { limit: 2, cursor: 'x' } },
    });
  });
});
