import { describe, expect, it } from 'vitest';
import { CONTACT_FIELDS, codeOf, formsKitPerFile, NAMESPACE, SCHEMAS, SUBMISSIONS } from './test-kit.js';

const kit = formsKitPerFile();

const encode = (request: object) => Buffer.from(JSON.stringify(request)).toString('base64url');

describe('form schemas (docs/wire.md §14)', () => {
  it('creates a form, keeping every key it was given, with an id per field, revision 1 and dates', async () => {
    const form = await kit.createForm({
      name: 'Contact us',
      formFields: CONTACT_FIELDS,
      steps: [{ id: 's1', name: 'Page 1' }],
      somethingNew: { kept: true },
    });
    expect(form).toMatchObject({
      namespace: NAMESPACE,
      name: 'Contact us',
      enabled: true,
      revision: '1',
      steps: [{ id: 's1', name: 'Page 1' }],
      somethingNew: { kept: true },
    });
    expect(form.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(form.formFields).toHaveLength(CONTACT_FIELDS.length);
    expect(form.formFields[0]).toMatchObject({ ...CONTACT_FIELDS[0], id: expect.any(String) });
    expect(new Date(form.createdDate).toISOString()).toBe(form.createdDate);
    expect(form.updatedDate).toBe(form.createdDate);
  });

  it('reads a form, for anyone (a site renders its forms for visitors)', async () => {
    const { id } = await kit.createForm({ name: 'Readable', formFields: CONTACT_FIELDS });
    const visitor = await kit.visitorToken();
    for (const authorization of [undefined, visitor, null]) {
      const answer = await kit.call('GET', `${SCHEMAS}/forms/${id}?formId=${id}`, undefined, authorization);
      expect(answer.status).toBe(200);
      expect(answer.body.form.id).toBe(id);
    }
  });

  it('gives a taken name a numbered variation, as the hosted platform does', async () => {
    const first = await kit.createForm({ name: 'Twice' });
    const second = await kit.createForm({ name: 'Twice' });
    expect([first.name, second.name]).toEqual(['Twice', 'Twice (2)']);
  });

  it('updates with the current revision (keys sent replace, others stay) and refuses a stale one with 409', async () => {
    const form = await kit.createForm({ name: 'Versioned', formFields: CONTACT_FIELDS, extra: 1 });
    const updated = await kit.call('PATCH', `${SCHEMAS}/forms/${form.id}`, {
      form: { id: form.id, revision: '1', name: 'Versioned 2', enabled: false },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.form).toMatchObject({ name: 'Versioned 2', enabled: false, revision: '2', extra: 1 });
    expect(updated.body.form.formFields).toEqual(form.formFields);
    expect(Date.parse(updated.body.form.updatedDate)).toBeGreaterThanOrEqual(Date.parse(form.updatedDate));

    const stale = await kit.call('PATCH', `${SCHEMAS}/forms/${form.id}`, {
      form: { revision: '1', name: 'x' },
    });
    expect(stale.status).toBe(409);
    expect(codeOf(stale)).toBe('REVISION_MISMATCH');
    const missing = await kit.call('PATCH', `${SCHEMAS}/forms/${form.id}`, { form: { name: 'x' } });
    expect(missing.status).toBe(400);
    const namespace = await kit.call('PATCH', `${SCHEMAS}/forms/${form.id}`, {
      form: { revision: '2', namespace: 'other.namespace' },
    });
    expect(namespace.status).toBe(400);
  });

  it('deletes to the trash (gone from reads and submissions) or for good', async () => {
    const trashed = await kit.createForm({ name: 'Trashed', formFields: CONTACT_FIELDS });
    expect((await kit.call('DELETE', `${SCHEMAS}/forms/${trashed.id}?formId=${trashed.id}`)).status).toBe(
      200,
    );
    const read = await kit.call('GET', `${SCHEMAS}/forms/${trashed.id}`);
    expect(read.status).toBe(404);
    expect(codeOf(read)).toBe('FORM_NOT_FOUND');
    const submitted = await kit.submit(trashed.id, { name: 'a', email: 'a@example.com', message: 'm' });
    expect(submitted.status).toBe(404);
    expect(codeOf(submitted)).toBe('FORM_NOT_FOUND');

    const gone = await kit.createForm({ name: 'Gone', formFields: CONTACT_FIELDS });
    await kit.submit(gone.id, { name: 'a', email: 'a@example.com', message: 'm' });
    const deleted = await kit.call('DELETE', `${SCHEMAS}/forms/${gone.id}?formId=${gone.id}&permanent=true`);
    expect(deleted.status).toBe(200);
    expect((await kit.call('DELETE', `${SCHEMAS}/forms/${gone.id}?permanent=true`)).status).toBe(404);
  });

  it('queries forms with the query language and cursor paging (metadata), and lists them by namespace', async () => {
    const namespace = 'atrium.tests.query';
    const made = [];
    for (const name of ['q-a', 'q-b', 'q-c']) made.push(await kit.createForm({ namespace, name }));
    const first = await kit.call('POST', `${SCHEMAS}/forms/query`, {
      query: {
        filter: { namespace },
        sort: [{ fieldName: 'name', order: 'ASC' }],
        cursorPaging: { limit: 2 },
      },
    });
    expect(first.status).toBe(200);
    expect(first.body.forms.map((form: { name: string }) => form.name)).toEqual(['q-a', 'q-b']);
    expect(first.body.metadata).toMatchObject({ count: 2, hasNext: true, cursors: { prev: null } });
    const next = await kit.call('POST', `${SCHEMAS}/forms/query`, {
      query: { cursorPaging: { cursor: first.body.metadata.cursors.next, limit: 2 } },
    });
    expect(next.body.forms.map((form: { name: string }) => form.name)).toEqual(['q-c']);
    expect(next.body.metadata).toMatchObject({ count: 1, hasNext: false, cursors: { next: null } });

    const byName = await kit.call('POST', `${SCHEMAS}/forms/query`, {
      query: { filter: { $and: [{ namespace }, { name: { $startsWith: 'Q-B' } }] } },
    });
    expect(byName.body.forms.map((form: { id: string }) => form.id)).toEqual([made[1].id]);

    await kit.call('PATCH', `${SCHEMAS}/forms/${made[0].id}`, { form: { revision: '1', enabled: false } });
    const listed = await kit.call('GET', `${SCHEMAS}/forms?namespace=${namespace}&order=NAME_ASC`);
    expect(listed.body.forms.map((form: { name: string }) => form.name)).toEqual(['q-a', 'q-b', 'q-c']);
    expect(listed.body.pagingMetadata).toMatchObject({ count: 3, hasNext: false });
    const enabled = await kit.call(
      'GET',
      `${SCHEMAS}/forms?namespace=${namespace}&disabled=false&order=NAME_ASC`,
    );
    expect(enabled.body.forms.map((form: { name: string }) => form.name)).toEqual(['q-b', 'q-c']);
    // The reference sends a list with paging as one `.r` parameter (docs/wire.md §1.4).
    const paged = await kit.call(
      'GET',
      `${SCHEMAS}/forms?.r=${encode({ namespace, order: 'NAME_DESC', paging: { limit: 1 } })}`,
    );
    expect(paged.body.forms.map((form: { name: string }) => form.name)).toEqual(['q-c']);
    expect(paged.body.pagingMetadata.hasNext).toBe(true);
  });

  it('leaves management to API keys: visitors and members get 403', async () => {
    const visitor = await kit.visitorToken();
    const member = await kit.member();
    const { id } = await kit.createForm({ name: 'Guarded' });
    for (const authorization of [visitor, member.token]) {
      const attempts = [
        kit.call('POST', `${SCHEMAS}/forms`, { form: { namespace: NAMESPACE, name: 'x' } }, authorization),
        kit.call('PATCH', `${SCHEMAS}/forms/${id}`, { form: { revision: '1', name: 'x' } }, authorization),
        kit.call('DELETE', `${SCHEMAS}/forms/${id}`, undefined, authorization),
        kit.call('POST', `${SCHEMAS}/forms/query`, { query: {} }, authorization),
        kit.call('GET', `${SCHEMAS}/forms?namespace=${NAMESPACE}`, undefined, authorization),
      ];
      for (const answer of await Promise.all(attempts)) {
        expect(answer.status).toBe(403);
        expect(codeOf(answer)).toBe('PERMISSION_DENIED');
      }
    }
    expect((await kit.call('GET', `${SCHEMAS}/forms/${id}`)).body.form.name).toBe('Guarded');
  });

  it('refuses bad definitions with 400 naming each path, and writes nothing', async () => {
    const bad = await kit.call('POST', `${SCHEMAS}/forms`, {
      form: {
        namespace: 'short',
        name: 'Bad',
        formFields: [
          { target: '1st', validation: { string: { format: 'SHOUTING' } } },
          { target: 'dup', validation: { string: { minLength: 5, maxLength: 2 } } },
          { target: 'dup', validation: { number: { multipleOf: 0 } } },
          { target: 'pattern', validation: { string: { pattern: '(' } } },
          {
            inputOptions: {
              target: 'file',
              inputType: 'WIX_FILE',
              wixFileOptions: { validation: { fileLimit: 0, uploadFileFormats: ['EXE'] } },
            },
          },
        ],
        limitationRule: { dateTimeDeadline: 'someday' },
      },
    });
    expect(bad.status).toBe(400);
    const fields = bad.body.details.validationError.fieldViolations.map(
      (violation: { field: string }) => violation.field,
    );
    expect(fields).toEqual(
      expect.arrayContaining([
        'form.namespace',
        'form.formFields.0.target',
        'form.formFields.0.validation.string.format',
        'form.formFields.1.validation.string.minLength',
        'form.formFields.2.target',
        'form.formFields.2.validation.number.multipleOf',
        'form.formFields.3.validation.string.pattern',
        'form.formFields.4.fileLimit',
        'form.formFields.4.uploadFileFormats',
        'form.limitationRule.dateTimeDeadline',
      ]),
    );
    const listed = await kit.call('POST', `${SCHEMAS}/forms/query`, { query: { filter: { name: 'Bad' } } });
    expect(listed.body.forms).toEqual([]);
  });

  it('answers unknown and malformed ids with 404, bad filters and cursors with 400, never 5xx', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const id of [missing, 'not-a-guid', "x' OR 1=1 --"]) {
      const answer = await kit.call('GET', `${SCHEMAS}/forms/${encodeURIComponent(id)}`);
      expect(answer.status).toBe(404);
    }
    const badFilters = [
      { filter: { nope: 1 } },
      { filter: { name: { $regex: 'x' } } },
      { filter: { createdDate: { $gt: 'yesterday' } } },
      { filter: { $or: 'x' } },
      { sort: [{ fieldName: 'nope' }] },
      { cursorPaging: { cursor: 'garbage' } },
      { cursorPaging: { limit: 1000 } },
    ];
    for (const query of badFilters) {
      const answer = await kit.call('POST', `${SCHEMAS}/forms/query`, { query });
      expect(answer.status, JSON.stringify(query)).toBe(400);
    }
    const badBody = await kit.call('POST', `${SCHEMAS}/forms`, { form: { namespace: 12 } });
    expect(badBody.status).toBe(400);
    const badList = await kit.call('GET', `${SCHEMAS}/forms?.r=not-json`);
    expect(badList.status).toBe(400);
    const noNamespace = await kit.call('GET', `${SCHEMAS}/forms`);
    expect(noNamespace.status).toBe(400);
    const submissionOfMissingForm = await kit.call('POST', `${SUBMISSIONS}/submissions`, {
      submission: { formId: missing, submissions: {} },
    });
    expect(submissionOfMissingForm.status).toBe(404);
  });
});
