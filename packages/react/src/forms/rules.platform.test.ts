import { fieldRules } from '@atrium/contract/forms-validation';
import { startTestPlatform, type TestPlatform } from '@atrium/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateValues } from './check-values.js';
import type { FormDefinition, SubmissionValidationError } from './types.js';

/**
 * Rule parity: for a table of submissions, the client's checks (check-values.ts over the shared
 * rules of `@atrium/contract/forms-validation`, on the form definition as the platform stores and
 * answers it) give exactly the errors the platform's validate endpoint answers — same types, paths
 * and params, in the same order. Both run the same rules; this proves the definition round trip
 * and what each side adds (the platform's file lookups, the client's picked files) keep them equal.
 */

const VALIDATE = '/form-submission-service/v4/submissions/validate';
const FORMS = '/form-schema-service/v4/forms';

let platform: TestPlatform;
let form: FormDefinition & { id: string };

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(platform.url + path, {
    method: 'POST',
    headers: { authorization: platform.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (response.status !== 200)
    throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer as T;
}

/** Every rule the field shapes can carry, in the flat shape and the nested one. */
const FIELDS = [
  { target: 'name', validation: { required: true, string: { minLength: 2, maxLength: 10 } } },
  { target: 'email', validation: { required: true, string: { format: 'EMAIL' } } },
  { target: 'phone', validation: { string: { format: 'PHONE' } } },
  { target: 'site', validation: { string: { format: 'URL' } } },
  { target: 'day', validation: { string: { format: 'DATE' } } },
  { target: 'at', validation: { string: { format: 'TIME' } } },
  { target: 'when', validation: { string: { format: 'DATE_TIME' } } },
  { target: 'code', validation: { string: { pattern: '[A-Z]{3}', enum: ['ABC', 'XYZ', 'abc'] } } },
  { target: 'age', validation: { integer: { minimum: 18, maximum: 120 } } },
  { target: 'score', validation: { number: { multipleOf: 0.5, enum: [1, 1.5, 2, 7] } } },
  { target: 'agree', validation: { boolean: {} } },
  {
    target: 'tags',
    validation: { array: { minItems: 1, maxItems: 2, items: { string: { maxLength: 3 } } } },
  },
  { target: 'extra', validation: { object: {} } },
  { target: 'free' },
  {
    fieldType: 'INPUT',
    inputOptions: {
      target: 'message',
      required: true,
      inputType: 'STRING',
      stringOptions: { componentType: 'TEXT_INPUT', validation: { maxLength: 20, format: 'UNDEFINED' } },
    },
  },
  {
    fieldType: 'INPUT',
    inputOptions: { target: 'count', inputType: 'NUMBER', numberOptions: { validation: { maximum: 3 } } },
  },
  {
    fieldType: 'INPUT',
    inputOptions: {
      target: 'topics',
      inputType: 'ARRAY',
      arrayOptions: { validation: { maxItems: 1, items: { number: { minimum: 0 } } } },
    },
  },
  {
    fieldType: 'INPUT',
    inputOptions: {
      target: 'files',
      required: true,
      inputType: 'WIX_FILE',
      wixFileOptions: { validation: { fileLimit: 1 } },
    },
  },
  {
    fieldType: 'INPUT',
    hidden: true,
    inputOptions: {
      target: 'secret',
      required: true,
      inputType: 'STRING',
      stringOptions: { validation: {} },
    },
  },
];

/**
 * Submissions with something wrong with them; the well-formed one lacks only its file. File values
 * naming uploads are left out: the platform looks them up in its store, which the client cannot.
 */
const CASES: [string, Record<string, unknown>][] = [
  ['nothing at all', {}],
  ['empty values count as missing', { name: '', email: null, message: '', tags: [] }],
  [
    'well-formed values',
    {
      name: 'Ada',
      email: 'ada@example.com',
      phone: '+44 20 7946 0958',
      site: 'https://example.com/a?b',
      day: '2024-02-29',
      at: '09:30',
      when: '2024-05-01T10:00',
      code: 'ABC',
      age: 36,
      score: 1.5,
      agree: false,
      tags: ['a', 'bcd'],
      extra: { any: 1 },
      free: [1, 'x'],
      message: 'Hello',
      count: 3,
      topics: [0],
    },
  ],
  [
    'every format wrong',
    {
      name: 'A',
      email: 'ada@example',
      phone: '555-CALL',
      site: 'ftp://example.com',
      day: '2023-02-29',
      at: '24:00',
      when: '2024-05-01 10:00',
      message: 'x',
    },
  ],
  [
    'too long, by characters not UTF-16 units',
    { name: '😀😀😀😀😀😀😀😀😀😀😀', email: 'a@b.cd', message: '😀'.repeat(20) },
  ],
  ['pattern and enum', { code: 'abc' }],
  ['pattern and enum, both failing', { code: 'QQ' }],
  ['numbers out of range, fractional integers, bad multiples', { age: 17.5, score: 0.7, count: 4 }],
  ['numbers below range and not allowed', { age: 10, score: 3 }],
  ['wrong types', { name: 5, agree: 'yes', tags: 'a', extra: [1], age: '36', count: true, topics: {} }],
  ['array items and counts', { tags: ['abcd', 'b', 'c'], topics: [-1, 2, 'x'] }],
  ['unknown fields', { name: 'Ada', nickname: 'A', id: 'x' }],
  ['hidden required field left empty', { secret: '' }],
];

const shapeOf = (errors: readonly SubmissionValidationError[]) =>
  errors.map(({ errorType, errorPath, params }) => ({ errorType, errorPath, params: params ?? {} }));

beforeAll(async () => {
  platform = await startTestPlatform();
  const created = await post<{ form: FormDefinition & { id: string } }>(FORMS, {
    form: { namespace: 'wix.form_app.form', name: 'Parity', formFields: FIELDS },
  });
  form = created.form;
});
afterAll(() => platform?.close());

describe('client rules and the platform’s validate endpoint', () => {
  it.each(CASES)('agree on %s', async (_name, submissions) => {
    const answer = await post<{
      valid: boolean;
      violationErrors: { submissionValidationErrors: { errors: SubmissionValidationError[] } }[];
    }>(VALIDATE, { submission: { formId: form.id, submissions } });
    const server = answer.violationErrors.flatMap((violation) => violation.submissionValidationErrors.errors);
    const client = validateValues(fieldRules(form.formFields ?? []), submissions);
    expect(shapeOf(client)).toEqual(shapeOf(server));
    expect(client.length === 0).toBe(answer.valid);
    // The table must exercise the rules: every case but none fails somewhere.
    expect(server.length).toBeGreaterThan(0);
  });

  it('agree on only the fields asked for', async () => {
    const submissions = { name: 'A', email: 'nope', extra: 1 };
    const fieldsToValidate = ['email', 'extra'];
    const answer = await post<{
      violationErrors: { submissionValidationErrors: { errors: SubmissionValidationError[] } }[];
    }>(VALIDATE, { submission: { formId: form.id, submissions }, fieldsToValidate });
    const server = answer.violationErrors.flatMap((violation) => violation.submissionValidationErrors.errors);
    const client = validateValues(fieldRules(form.formFields ?? []), submissions, {
      only: new Set(fieldsToValidate),
    });
    expect(shapeOf(client)).toEqual(shapeOf(server));
    expect(client.map((error) => error.errorPath)).toEqual(['email', 'extra']);
  });
});
