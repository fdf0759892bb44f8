import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, type FormsKit, NAMESPACE, SCHEMAS, startFormsKit } from './test-kit.js';

/**
 * The forms routes as the HTTP kit registers them: each route once, under its service's wire
 * prefix and every alias; GET payloads as `.r` or plain keys, whose numbers and booleans the
 * querystring schemas coerce (TypeBoxValidatorCompiler runs TypeBox's Value.Convert on them).
 */
let kit: FormsKit;
let submissionId: string;

beforeAll(async () => {
  kit = await startFormsKit();
  await kit.createForm({ name: 'First' });
  await kit.createForm({ name: 'Second' });
  const form = await kit.contactForm();
  const created = await kit.submit(form, { name: 'Ada', email: 'ada@example.com', message: 'Hi' });
  submissionId = created.body.submission.id;
});
afterAll(() => kit.close());

const encoded = (request: object) => Buffer.from(JSON.stringify(request)).toString('base64url');

describe('forms routes', () => {
  it('answer under the wire prefix and every alias', async () => {
    for (const prefix of ['/form-submission-service', '/_api/form-submission-service', '/forms']) {
      const answer = await kit.call('GET', `${prefix}/v4/submissions/${submissionId}`);
      expect([prefix, answer.status]).toEqual([prefix, 200]);
    }
    for (const prefix of [
      '/form-submission-contact-mapping-service',
      '/_api/form-submission-contact-mapping-service',
      '/forms/contactupsert',
    ]) {
      const answer = await kit.call('POST', `${prefix}/v4/submissions-contacts`, {});
      expect([prefix, answer.status]).toEqual([prefix, 400]);
    }
  });

  it('coerce numbers and booleans of plain query keys, and refuse what does not convert', async () => {
    const list = (query: string) => kit.call('GET', `${SCHEMAS}/forms?namespace=${NAMESPACE}&${query}`);
    const one = await list('paging.limit=1');
    expect(one.status).toBe(200);
    expect(one.body.forms).toHaveLength(1);
    expect((await list('paging.limit=1&disabled=false')).body.forms).toHaveLength(1);
    for (const bad of [
      'paging.limit=abc',
      'paging.limit=',
      'paging.limit=%20',
      'paging.limit=1e999',
      'disabled=maybe',
    ]) {
      const answer = await list(bad);
      expect([bad, answer.status, answer.body.message]).toEqual([
        bad,
        400,
        expect.stringMatching(/^INVALID_ARGUMENT: /),
      ]);
    }
    const deleted = await kit.call(
      'DELETE',
      `${SCHEMAS}/forms/${(await kit.createForm({ name: 'Gone' })).id}?permanent=maybe`,
    );
    expect(deleted.status).toBe(400);
  });

  it('take the whole request as .r, checked against the contract', async () => {
    const one = await kit.call(
      'GET',
      `${SCHEMAS}/forms?.r=${encoded({ namespace: NAMESPACE, paging: { limit: 1 } })}`,
    );
    expect(one.status).toBe(200);
    expect(one.body.forms).toHaveLength(1);
    const wrong = await kit.call('GET', `${SCHEMAS}/forms?.r=${encoded({ namespace: 5 })}`);
    expect([wrong.status, wrong.body.details.validationError.fieldViolations[0].field]).toEqual([
      400,
      'request.namespace',
    ]);
    const garbage = await kit.call('GET', `${SCHEMAS}/forms?.r=!!`);
    expect([garbage.status, codeOf(garbage)]).toEqual([400, 'INVALID_REQUEST']);
  });
});
