import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACTS,
  codeOf,
  contactKitPerFile,
  type Member,
  NAMESPACE,
  SUBMISSIONS,
  VALID_CONTACT,
  violationsOf,
} from './test-kit.js';

const kit = contactKitPerFile();
let ann: Member;
let bob: Member;
beforeAll(async () => {
  ann = await kit.member('ann');
  bob = await kit.member('bob');
});

const get = (id: string, authorization?: string | null) =>
  kit.call('GET', `${SUBMISSIONS}/submissions/${id}?submissionId=${id}`, undefined, authorization);

describe('creating a submission', () => {
  it('records a visitor submission of a Wix Forms form as CONFIRMED, with the submitter and revision 1', async () => {
    const created = await kit.submit(kit.formId, VALID_CONTACT, kit.visitor);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { submission } = created.body;
    expect(submission).toMatchObject({
      formId: kit.formId,
      namespace: NAMESPACE,
      status: 'CONFIRMED',
      submissions: VALID_CONTACT,
      revision: '1',
      seen: false,
      submitter: { visitorId: expect.any(String) },
      extendedFields: { namespaces: {} },
      tags: { tags: { tagIds: [] } },
    });
    expect(submission.createdDate).toBe(submission.updatedDate);
    expect(created.headers.get('x-wix-consistent')).toBeTruthy();
  });

  it('names a member as submitter, and an API key as the application', async () => {
    const byMember = await kit.submit(kit.formId, VALID_CONTACT, ann.token);
    expect(byMember.body.submission.submitter).toEqual({ memberId: ann.id });
    const byKey = await kit.submit(kit.formId, VALID_CONTACT);
    expect(byKey.body.submission.submitter).toEqual({ applicationId: 'atrium-api-key' });
  });

  it('creates submissions of other namespaces as PENDING, to be confirmed', async () => {
    const form = await kit.createForm({
      namespace: 'wix.pricing_plans.form',
      formFields: [{ target: 'note', validation: { string: {} } }],
    });
    const created = await kit.submit(form.id, { note: 'x' }, kit.visitor);
    expect(created.body.submission.status).toBe('PENDING');
    const id = created.body.submission.id;
    const confirmed = await kit.call('POST', `${SUBMISSIONS}/submissions/${id}/confirm`, {
      submissionId: id,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.submission).toMatchObject({ status: 'CONFIRMED', revision: '2' });
    const again = await kit.call('POST', `${SUBMISSIONS}/submissions/${id}/confirm`, { submissionId: id });
    expect(again.status).toBe(400);
    expect(codeOf(again)).toBe('INVALID_STATUS_TRANSITION');
  });

  it('lists every failing field with the spec’s error types, and stores nothing', async () => {
    const before = await kit.call('POST', `${SUBMISSIONS}/submissions/count`, {
      formIds: [kit.formId],
      namespace: NAMESPACE,
    });
    const failed = await kit.submit(
      kit.formId,
      { email: 'not-an-email', phone: 'call me', message: 'x'.repeat(2001), nickname: 'Zed' },
      kit.visitor,
    );
    expect(failed.status).toBe(400);
    // Sorted by field, as the reference client sorts them.
    expect(violationsOf(failed)).toEqual([
      ['email', 'FORMAT_ERROR'],
      ['message', 'MAX_LENGTH_ERROR'],
      ['name', 'REQUIRED_VALUE_ERROR'],
      ['nickname', 'UNKNOWN_VALUE_ERROR'],
      ['phone', 'FORMAT_ERROR'],
    ]);
    expect(failed.body.message).toMatch(/^INVALID_ARGUMENT: "submission\.submissions\.email" /);
    const violation = failed.body.details.validationError.fieldViolations[2];
    expect(violation).toMatchObject({
      field: 'submission.submissions.name',
      ruleName: 'SUBMISSION_VALIDATION',
      data: {
        errors: [{ errorType: 'REQUIRED_VALUE_ERROR', errorPath: 'name', params: { property: 'name' } }],
      },
    });
    const after = await kit.call('POST', `${SUBMISSIONS}/submissions/count`, {
      formIds: [kit.formId],
      namespace: NAMESPACE,
    });
    expect(after.body).toEqual(before.body);
  });

  it('refuses a disabled form with DISABLED_FORM_ERROR', async () => {
    const disabled = await kit.contactForm({ enabled: false, name: 'Closed' });
    const answer = await kit.submit(disabled, VALID_CONTACT, kit.visitor);
    expect(answer.status).toBe(400);
    expect(violationsOf(answer)).toEqual([['form.properties.disabled', 'DISABLED_FORM_ERROR']]);
  });

  it('closes a form at its submission limits and past its deadline', async () => {
    const limited = await kit.contactForm({ name: 'Limited', limitationRule: { maxAllowedSubmissions: 2 } });
    expect((await kit.submit(limited, VALID_CONTACT, kit.visitor)).status).toBe(200);
    expect((await kit.submit(limited, VALID_CONTACT, ann.token)).status).toBe(200);
    expect(violationsOf(await kit.submit(limited, VALID_CONTACT, bob.token))).toEqual([
      ['form.properties.disabled', 'DISABLED_FORM_ERROR'],
    ]);
    const perUser = await kit.contactForm({
      name: 'Once each',
      limitationRule: { submissionLimitPerUser: 1 },
    });
    expect((await kit.submit(perUser, VALID_CONTACT, ann.token)).status).toBe(200);
    expect((await kit.submit(perUser, VALID_CONTACT, ann.token)).status).toBe(400);
    expect((await kit.submit(perUser, VALID_CONTACT, bob.token)).status).toBe(200);
    const past = await kit.contactForm({
      name: 'Past',
      limitationRule: { dateTimeDeadline: '2020-01-01T00:00:00Z' },
    });
    expect(violationsOf(await kit.submit(past, VALID_CONTACT, kit.visitor))[0]?.[1]).toBe(
      'DISABLED_FORM_ERROR',
    );
  });

  it('needs a caller: no Authorization is 401', async () => {
    expect((await kit.submit(kit.formId, VALID_CONTACT, null)).status).toBe(401);
  });

  it('validates without storing: { valid, violationErrors }, optionally only some fields', async () => {
    const path = `${SUBMISSIONS}/submissions/validate`;
    const ok = await kit.call(
      'POST',
      path,
      { submission: { formId: kit.formId, submissions: VALID_CONTACT } },
      kit.visitor,
    );
    expect(ok.body).toEqual({ valid: true, violationErrors: [] });
    const bad = await kit.call(
      'POST',
      path,
      { submission: { formId: kit.formId, submissions: { email: 'x' } } },
      kit.visitor,
    );
    expect(bad.body.valid).toBe(false);
    expect(bad.body.violationErrors).toContainEqual({
      name: 'email',
      description: expect.any(String),
      ruleName: 'SUBMISSION_VALIDATION',
      submissionValidationErrors: {
        errors: [{ errorType: 'FORMAT_ERROR', errorPath: 'email', params: { format: 'EMAIL' } }],
      },
    });
    const only = await kit.call(
      'POST',
      path,
      { submission: { formId: kit.formId, submissions: { email: 'x' } }, fieldsToValidate: ['name'] },
      kit.visitor,
    );
    expect(only.body.violationErrors.map((violation: { name: string }) => violation.name)).toEqual(['name']);
  });
});

describe('reading a submission', () => {
  it('is for API keys and for the member who submitted; other members get 404, visitors 403', async () => {
    const { id } = (await kit.submit(kit.formId, VALID_CONTACT, ann.token)).body.submission;
    expect((await get(id)).status).toBe(200);
    expect((await get(id, ann.token)).body.submission.id).toBe(id);
    expect((await get(id, bob.token)).status).toBe(404);
    expect((await get(id, kit.visitor)).status).toBe(403);
    const byVisitor = (await kit.submit(kit.formId, VALID_CONTACT, kit.visitor)).body.submission.id;
    expect((await get(byVisitor, kit.visitor)).status).toBe(403);
  });

  it('answers unknown and malformed ids with 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', '%27%3B']) {
      const answer = await get(id);
      expect(answer.status).toBe(404);
      expect(codeOf(answer)).toBe('SUBMISSION_NOT_FOUND');
    }
  });
});

describe('updating a submission', () => {
  it('replaces what it sends, bumps the revision, and needs the current one (409 otherwise)', async () => {
    const { id } = (await kit.submit(kit.formId, VALID_CONTACT, kit.visitor)).body.submission;
    const path = `${SUBMISSIONS}/submissions/${id}`;
    const updated = await kit.call('PATCH', path, {
      submission: {
        id,
        formId: kit.formId,
        revision: '1',
        submissions: { ...VALID_CONTACT, message: 'Edited' },
        status: 'PENDING',
        seen: true,
      },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.submission).toMatchObject({
      revision: '2',
      status: 'PENDING',
      seen: true,
      submissions: { message: 'Edited' },
    });
    const stale = await kit.call('PATCH', path, {
      submission: { id, formId: kit.formId, revision: '1', seen: false },
    });
    expect(stale.status).toBe(409);
    const invalid = await kit.call('PATCH', path, {
      submission: { id, formId: kit.formId, revision: '2', submissions: { email: 'x' } },
    });
    expect(invalid.status).toBe(400);
    expect((await get(id)).body.submission.revision).toBe('2');
    const wrongStatus = await kit.call('PATCH', path, {
      submission: { id, formId: kit.formId, revision: '2', status: 'DONE' },
    });
    expect(wrongStatus.status).toBe(400);
    const otherForm = await kit.call('PATCH', path, {
      submission: { id, formId: '00000000-0000-4000-8000-000000000000', revision: '2' },
    });
    expect(otherForm.status).toBe(400);
    // Confirming moves the PENDING submission on.
    const confirmed = await kit.call('POST', `${path}/confirm`, { submissionId: id });
    expect(confirmed.body.submission).toMatchObject({ status: 'CONFIRMED', revision: '3' });
  });

  it('is for API keys only, as are confirm and extended fields', async () => {
    const { id } = (await kit.submit(kit.formId, VALID_CONTACT, ann.token)).body.submission;
    for (const authorization of [kit.visitor, ann.token]) {
      const attempts = await Promise.all([
        kit.call(
          'PATCH',
          `${SUBMISSIONS}/submissions/${id}`,
          { submission: { id, formId: kit.formId, revision: '1' } },
          authorization,
        ),
        kit.call('POST', `${SUBMISSIONS}/submissions/${id}/confirm`, { submissionId: id }, authorization),
        kit.call(
          'POST',
          `${SUBMISSIONS}/submissions/${id}/extended-fields`,
          { id, namespace: 'ns', namespaceData: {} },
          authorization,
        ),
      ]);
      expect(attempts.map((answer) => answer.status)).toEqual([403, 403, 403]);
    }
  });

  it('sets extended fields per namespace', async () => {
    const { id } = (await kit.submit(kit.formId, VALID_CONTACT, kit.visitor)).body.submission;
    const answer = await kit.call('POST', `${SUBMISSIONS}/submissions/${id}/extended-fields`, {
      id,
      namespace: '@atrium/crm',
      namespaceData: { score: 3 },
    });
    expect(answer.body).toMatchObject({ namespace: '@atrium/crm', namespaceData: { score: 3 } });
    expect((await get(id)).body.submission.extendedFields).toEqual({
      namespaces: { '@atrium/crm': { score: 3 } },
    });
  });
});

describe('contacts from submissions', () => {
  it('creates a contact from the e-mail field once, then finds it; MEMBER for the member’s own address', async () => {
    const email = `contact-${Date.now()}@example.com`;
    const first = (await kit.submit(kit.formId, { ...VALID_CONTACT, email }, kit.visitor)).body.submission.id;
    const second = (
      await kit.submit(kit.formId, { ...VALID_CONTACT, email: email.toUpperCase() }, kit.visitor)
    ).body.submission.id;
    const upsert = (submissionId: string, authorization?: string) =>
      kit.call('POST', `${CONTACTS}/submissions-contacts`, { submissionId }, authorization);
    const created = await upsert(first);
    expect(created.status).toBe(200);
    expect(created.body.submitContactResponse).toEqual({
      contactId: expect.any(String),
      identityType: 'CONTACT',
      newContact: true,
    });
    const found = await upsert(second);
    expect(found.body.submitContactResponse).toEqual({
      ...created.body.submitContactResponse,
      newContact: false,
    });
    expect((await get(first)).body.submission.contactId).toBe(created.body.submitContactResponse.contactId);

    const own = (await kit.submit(kit.formId, { ...VALID_CONTACT, email: ann.email }, ann.token)).body
      .submission.id;
    expect((await upsert(own, ann.token)).body.submitContactResponse.identityType).toBe('MEMBER');
    const aboutAnn = (await kit.submit(kit.formId, { ...VALID_CONTACT, email: ann.email }, kit.visitor)).body
      .submission.id;
    expect((await upsert(aboutAnn)).body.submitContactResponse.identityType).toBe('NOT_AUTHENTICATED_MEMBER');
    expect((await upsert(aboutAnn, kit.visitor)).status).toBe(403);
    expect((await upsert(own, bob.token)).status).toBe(404);
    const unknown = await kit.call('POST', `${CONTACTS}/submissions-contacts`, {
      submissionId: first,
      contactId: 'nope',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('documents', () => {
  it('gives a download URL whose token opens that one submission, as JSON for API clients and as a file for browsers', async () => {
    const { id } = (await kit.submit(kit.formId, { ...VALID_CONTACT, phone: '+44 20 7946 0958' }, ann.token))
      .body.submission;
    const document = await kit.call(
      'GET',
      `${SUBMISSIONS}/submissions/${id}/document?submissionId=${id}`,
      undefined,
      ann.token,
    );
    expect(document.status).toBe(200);
    expect(document.body.document.status).toBe('READY');
    const downloadUrl: string = document.body.document.readyDetails.downloadUrl;
    expect(downloadUrl.startsWith(`${kit.url}${SUBMISSIONS}/submissions/${id}/download?accessToken=`)).toBe(
      true,
    );

    const asJson = await fetch(downloadUrl);
    const raw = (await asJson.json()) as {
      body: string;
      statusCode: number;
      headers: { key: string; value: string }[];
    };
    expect(raw.statusCode).toBe(200);
    const text = Buffer.from(raw.body, 'base64').toString('utf8');
    expect(text).toContain(`Submission ${id}`);
    expect(text).toContain('email: ada@example.com');
    expect(text).toContain('phone: +44 20 7946 0958');
    const asFile = await fetch(downloadUrl, { headers: { accept: 'text/html,*/*' } });
    expect(asFile.headers.get('content-disposition')).toBe(`attachment; filename="submission-${id}.txt"`);
    expect(await asFile.text()).toBe(text);

    const other = (await kit.submit(kit.formId, VALID_CONTACT, kit.visitor)).body.submission.id;
    const token = new URL(downloadUrl).searchParams.get('accessToken');
    const wrong = await fetch(`${kit.url}${SUBMISSIONS}/submissions/${other}/download?accessToken=${token}`);
    expect(wrong.status).toBe(403);
    expect(
      (await fetch(`${kit.url}${SUBMISSIONS}/submissions/${id}/download?accessToken=forged`)).status,
    ).toBe(403);
    expect(
      (await kit.call('GET', `${SUBMISSIONS}/submissions/${id}/document`, undefined, bob.token)).status,
    ).toBe(404);

    const formatted = await kit.call('GET', `${SUBMISSIONS}/submissions/${id}/formatted`);
    expect(formatted.body.submissionId).toBe(id);
    expect(formatted.body.submissions.map((entry: { key: string }) => entry.key)).toEqual([
      'name',
      'email',
      'phone',
      'message',
    ]);
    expect(formatted.body.submissions[0]).toEqual({ key: 'name', value: 'Ada', fieldId: expect.any(String) });
  });
});
