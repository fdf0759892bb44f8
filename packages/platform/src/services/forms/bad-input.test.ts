import { beforeAll, describe, expect, it } from 'vitest';
import { CONTACTS, contactKitPerFile, NAMESPACE, SCHEMAS, SUBMISSIONS, VALID_CONTACT } from './test-kit.js';

/**
 * Bad input on every forms route: a clear 4xx with an error body, never a 5xx, and nothing
 * written. Each request is sent as the API key (the most privileged caller), so that only the
 * input decides.
 */
const kit = contactKitPerFile();
let submissionId: string;
beforeAll(async () => {
  submissionId = (await kit.submit(kit.formId, VALID_CONTACT)).body.submission.id;
});

const GUID = '00000000-0000-4000-8000-000000000000';

describe('bad input', () => {
  it('answers every malformed request with a 4xx and an error body', async () => {
    const requests: [string, string, unknown][] = [
      ['POST', `${SUBMISSIONS}/submissions`, {}],
      ['POST', `${SUBMISSIONS}/submissions`, { submission: 'x' }],
      ['POST', `${SUBMISSIONS}/submissions`, { submission: { submissions: {} } }],
      ['POST', `${SUBMISSIONS}/submissions`, { submission: { formId: 'nope', submissions: {} } }],
      ['POST', `${SUBMISSIONS}/submissions`, { submission: { formId: kit.formId, submissions: [] } }],
      [
        'POST',
        `${SUBMISSIONS}/submissions`,
        { submission: { formId: kit.formId, submissions: { name: { $gt: 1 } } } },
      ],
      ['GET', `${SUBMISSIONS}/submissions/${GUID}`, undefined],
      ['PATCH', `${SUBMISSIONS}/submissions/${GUID}`, { submission: { revision: '1' } }],
      ['PATCH', `${SUBMISSIONS}/submissions/${submissionId}`, { submission: { revision: 'one' } }],
      [
        'PATCH',
        `${SUBMISSIONS}/submissions/${submissionId}`,
        { submission: { revision: '1', submissions: 5 } },
      ],
      ['DELETE', `${SUBMISSIONS}/submissions/not-a-guid`, undefined],
      ['POST', `${SUBMISSIONS}/submissions/${GUID}/confirm`, {}],
      ['POST', `${SUBMISSIONS}/bulk/submissions/delete`, { submissionIds: [submissionId] }],
      ['POST', `${SUBMISSIONS}/bulk/submissions/delete`, { formId: kit.formId, submissionIds: 'x' }],
      ['POST', `${SUBMISSIONS}/submissions/namespace/query`, { query: { filter: 'x' } }],
      [
        'POST',
        `${SUBMISSIONS}/submissions/namespace/query`,
        { query: { filter: { namespace: NAMESPACE, $and: {} } } },
      ],
      [
        'POST',
        `${SUBMISSIONS}/submissions/namespace/query`,
        { query: { filter: { namespace: NAMESPACE }, cursorPaging: { limit: -1 } } },
      ],
      ['POST', `${SUBMISSIONS}/submissions/namespace/search`, { search: { search: { mode: 'XOR' } } }],
      ['POST', `${SUBMISSIONS}/submissions/count`, { formIds: 'x', namespace: NAMESPACE }],
      [
        'POST',
        `${SUBMISSIONS}/submissions/count`,
        { formIds: Array.from({ length: 101 }, () => GUID), namespace: NAMESPACE },
      ],
      [
        'POST',
        `${SUBMISSIONS}/submissions/count-by-filter`,
        { filter: { namespace: NAMESPACE, id: { $in: 'x' } } },
      ],
      ['POST', `${SUBMISSIONS}/submissions/validate`, { submission: { formId: GUID } }],
      ['POST', `${SUBMISSIONS}/submissions/media-upload-url`, { formId: kit.formId }],
      ['POST', `${SUBMISSIONS}/bulk/submissions/mark-as-seen`, { ids: [1], formId: kit.formId }],
      [
        'POST',
        `${SUBMISSIONS}/bulk/submissions/update-tags`,
        { submissionIds: [submissionId], assignTags: { tags: { tagIds: [''] } } },
      ],
      ['POST', `${SUBMISSIONS}/bulk/submissions/update-tags-by-filter`, { filter: { bogus: 1 } }],
      ['GET', `${SUBMISSIONS}/submissions/trash-bin`, undefined],
      ['GET', `${SUBMISSIONS}/submissions/trash-bin?formId=${kit.formId}&paging.limit=abc`, undefined],
      ['GET', `${SUBMISSIONS}/submissions/trash-bin/${GUID}`, undefined],
      ['POST', `${SUBMISSIONS}/submissions/trash-bin/${submissionId}/restore`, {}],
      ['DELETE', `${SUBMISSIONS}/submissions/trash-bin/${submissionId}`, undefined],
      ['POST', `${SUBMISSIONS}/submissions/trash-bin/delete`, {}],
      ['POST', `${SUBMISSIONS}/submissions/${GUID}/extended-fields`, { namespace: 'x', namespaceData: {} }],
      [
        'POST',
        `${SUBMISSIONS}/submissions/${submissionId}/extended-fields`,
        { namespace: 'x', namespaceData: 1 },
      ],
      ['GET', `${SUBMISSIONS}/submissions/${GUID}/document`, undefined],
      ['GET', `${SUBMISSIONS}/submissions/${submissionId}/download`, undefined],
      ['GET', `${SUBMISSIONS}/submissions/${GUID}/formatted`, undefined],
      ['POST', `${CONTACTS}/submissions-contacts`, {}],
      ['POST', `${CONTACTS}/submissions-contacts`, { submissionId: GUID }],
      ['POST', `${SCHEMAS}/forms`, { form: { namespace: NAMESPACE, formFields: 'x' } }],
      ['POST', `${SCHEMAS}/forms`, { form: { namespace: NAMESPACE, id: 'not-a-guid' } }],
      ['POST', `${SCHEMAS}/forms`, { form: { namespace: NAMESPACE, id: kit.formId } }],
      ['PATCH', `${SCHEMAS}/forms/${GUID}`, { form: { revision: '1' } }],
      ['DELETE', `${SCHEMAS}/forms/${GUID}`, undefined],
      ['GET', `${SCHEMAS}/forms?namespace=${NAMESPACE}&order=SIDEWAYS`, undefined],
    ];
    for (const [method, path, body] of requests) {
      const answer = await kit.call(method, path, body);
      const label = `${method} ${path} ${JSON.stringify(body)} → ${answer.status} ${JSON.stringify(answer.body)}`;
      expect(answer.status, label).toBeGreaterThanOrEqual(400);
      expect(answer.status, label).toBeLessThan(500);
      expect(typeof answer.body?.message, label).toBe('string');
    }
    // Nothing was written by any of them: the one submission is unchanged.
    const stored = await kit.call('GET', `${SUBMISSIONS}/submissions/${submissionId}`);
    expect(stored.body.submission).toMatchObject({ revision: '1', submissions: VALID_CONTACT, seen: false });
  });

  it('refuses non-JSON bodies, broken JSON and bodies over the limit with 4xx', async () => {
    const send = (body: string, contentType: string) =>
      fetch(`${kit.url}${SUBMISSIONS}/submissions`, {
        method: 'POST',
        headers: { authorization: kit.apiKey, 'content-type': contentType },
        body,
      });
    expect((await send('{"submission":', 'application/json')).status).toBe(400);
    expect((await send('submission=1', 'text/plain')).status).toBe(415);
    const big = JSON.stringify({
      submission: { formId: kit.formId, submissions: { ...VALID_CONTACT, message: 'x'.repeat(1_100_000) } },
    });
    expect((await send(big, 'application/json')).status).toBe(413);
  });
});
