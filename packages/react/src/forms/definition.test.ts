import { describe, expect, it } from 'vitest';
import { choices, control, nestedField } from '../../test/support/form-fields.js';
import { validateValues } from './check-values.js';
import { groupErrors, submissionErrorsOf, uploadErrorsOf, validationMessage } from './errors.js';
import { fieldViews, plainText } from './field-views.js';
import type { FormDefinition } from './types.js';
import { initialDraft, valuesOf } from './values.js';

const EVERY_KIND: FormDefinition = {
  _id: 'form-1',
  enabled: true,
  formFields: [
    nestedField(
      'name',
      'STRING',
      control('TEXT_INPUT', { label: 'Name', placeholder: 'Ada' }, { maxLength: 100 }),
      {
        required: true,
      },
    ),
    nestedField('email', 'STRING', control('TEXT_INPUT', { label: 'E-mail' }, { format: 'EMAIL' }), {
      identifier: 'CONTACTS_EMAIL',
    }),
    nestedField('phone', 'STRING', control('PHONE_INPUT', { label: 'Phone' }, { format: 'PHONE' })),
    nestedField('site', 'STRING', { textInputOptions: { label: 'Web site' }, validation: { format: 'URL' } }),
    nestedField('day', 'STRING', control('DATE_INPUT', { label: 'Day' }, { format: 'DATE' })),
    nestedField('message', 'STRING', control('TEXT_INPUT', { label: 'Message' }, { maxLength: 2000 }), {
      identifier: 'TEXT_AREA',
    }),
    nestedField(
      'size',
      'STRING',
      control('DROPDOWN', choices('Size', ['Small', 's'], ['Large', 'l', true]), { enum: ['s', 'l'] }),
    ),
    nestedField(
      'colour',
      'STRING',
      control('RADIO_GROUP', choices('Colour', ['Red', 'red'], ['Blue', 'blue']), {}),
    ),
    nestedField(
      'guests',
      'NUMBER',
      control('NUMBER_INPUT', { label: 'Guests' }, { minimum: 1, maximum: 10 }),
    ),
    nestedField(
      'terms',
      'BOOLEAN',
      control('CHECKBOX', {
        label: {
          nodes: [{ type: 'PARAGRAPH', nodes: [{ type: 'TEXT', textData: { text: 'I accept the terms' } }] }],
        },
      }),
      { required: true },
    ),
    nestedField(
      'topics',
      'ARRAY',
      control('CHECKBOX_GROUP', choices('Topics', ['News', 'news'], ['Events', 'events']), { maxItems: 1 }),
    ),
    nestedField(
      'attachment',
      'WIX_FILE',
      control(
        'FILE_UPLOAD',
        { label: 'Attachment' },
        { fileLimit: 2, uploadFileFormats: ['IMAGE', 'DOCUMENT'], maxFileSizeBytes: 1000 },
      ),
    ),
    nestedField(
      'source',
      'STRING',
      { textInputOptions: { default: 'web' }, validation: {} },
      { hidden: true },
    ),
    nestedField('where', 'ADDRESS', {}),
    {
      _id: 'flat-1',
      target: 'nickname',
      validation: { string: { maxLength: 600 } },
      view: { label: 'Nickname' },
    },
    { _id: 'flat-2', target: 'tags', validation: { array: { items: { string: {} } } } },
    { _id: 'display', fieldType: 'DISPLAY' },
  ],
};

describe('fieldViews', () => {
  it('picks a control per field kind, with labels, options and defaults', () => {
    const views = fieldViews(EVERY_KIND);
    expect(views.map((view) => [view.target, view.control, view.label])).toEqual([
      ['name', 'text', 'Name'],
      ['email', 'email', 'E-mail'],
      ['phone', 'tel', 'Phone'],
      ['site', 'url', 'Web site'],
      ['day', 'date', 'Day'],
      ['message', 'textarea', 'Message'],
      ['size', 'select', 'Size'],
      ['colour', 'radio', 'Colour'],
      ['guests', 'number', 'Guests'],
      ['terms', 'checkbox', 'I accept the terms'],
      ['topics', 'checkboxes', 'Topics'],
      ['attachment', 'file', 'Attachment'],
      ['source', 'text', 'Source'],
      ['where', undefined, 'Where'],
      ['nickname', 'textarea', 'Nickname'],
      ['tags', 'tags', 'Tags'],
    ]);
    const byTarget = new Map(views.map((view) => [view.target, view]));
    expect(byTarget.get('name')).toMatchObject({ key: 'id-name', placeholder: 'Ada', showLabel: true });
    expect(byTarget.get('size')?.defaultValue).toBe('l');
    expect(byTarget.get('source')).toMatchObject({ defaultValue: 'web', rule: { hidden: true } });
    expect(byTarget.get('attachment')?.rule.file).toEqual({
      fileLimit: 2,
      formats: ['IMAGE', 'DOCUMENT'],
      maxSizeBytes: 1000,
    });
  });

  it('reads rich-content labels as plain text', () => {
    expect(
      plainText({
        nodes: [
          { type: 'PARAGRAPH', nodes: [{ type: 'TEXT', textData: { text: 'First' } }] },
          { type: 'PARAGRAPH', nodes: [{ type: 'TEXT', textData: { text: 'second' } }] },
        ],
      }),
    ).toBe('First second');
    expect(plainText({ nodes: [] })).toBeUndefined();
  });
});

describe('valuesOf', () => {
  it('turns a draft into submission values: choices by value, numbers, lists, hidden defaults; empty entries left out', () => {
    const views = fieldViews(EVERY_KIND);
    const draft = {
      ...initialDraft(views),
      name: 'Ada',
      email: '',
      colour: '1',
      guests: '3',
      terms: true,
      topics: [0, 1],
      tags: 'a, b,,c ',
    };
    expect(valuesOf(views, draft)).toEqual({
      name: 'Ada',
      size: 'l',
      colour: 'blue',
      guests: 3,
      terms: true,
      topics: ['news', 'events'],
      source: 'web',
      tags: ['a', 'b', 'c'],
    });
  });

  it('a required checkbox left unticked is missing; text that is not a number stays text for the rules to refuse', () => {
    const views = fieldViews(EVERY_KIND);
    const values = valuesOf(views, { ...initialDraft(views), guests: '3x', terms: false });
    expect(values).not.toHaveProperty('terms');
    expect(values.guests).toBe('3x');
    const errors = validateValues(
      views.map((view) => view.rule),
      values,
    );
    expect(errors.map((error) => [error.errorPath, error.errorType])).toEqual([
      ['name', 'REQUIRED_VALUE_ERROR'],
      ['guests', 'TYPE_ERROR'],
      ['terms', 'REQUIRED_VALUE_ERROR'],
    ]);
  });

  it('initial values win over defaults, for shown and hidden fields', () => {
    const views = fieldViews(EVERY_KIND);
    const initial = { name: 'Grace', size: 's', source: 'newsletter', topics: ['events'] };
    const values = valuesOf(views, initialDraft(views, initial), initial);
    expect(values).toMatchObject({ name: 'Grace', size: 's', source: 'newsletter', topics: ['events'] });
  });
});

describe('picked files', () => {
  it('are checked for count, kind and size where the platform reports stored files', () => {
    const views = fieldViews(EVERY_KIND);
    const rules = views.map((view) => view.rule);
    const file = (name: string, type: string, size: number) => ({ name, type, size });
    const errors = validateValues(
      rules.filter((rule) => rule.target === 'attachment'),
      {
        attachment: [
          file('a.png', 'image/png', 10),
          file('b.exe', 'application/x-msdownload', 10),
          file('c.pdf', 'application/pdf', 5000),
        ],
      },
    );
    expect(errors.map((error) => [error.errorPath, error.errorType, error.params])).toEqual([
      ['attachment', 'MAX_ITEMS_ERROR', { maxItems: 2 }],
      [
        'attachment/1/fileId',
        'NOT_ALLOWED_VALUE_ERROR',
        { reason: 'UNSUPPORTED_FILE_FORMAT', allowedFormats: ['IMAGE', 'DOCUMENT'] },
      ],
      [
        'attachment/2/fileId',
        'NOT_ALLOWED_VALUE_ERROR',
        { reason: 'FILE_SIZE_OVER_LIMIT', maxFileSizeBytes: 1000 },
      ],
    ]);
    const attachment = views.find((view) => view.target === 'attachment')!;
    expect(errors.map((error) => validationMessage(error, attachment))).toEqual([
      'Attach at most 2 files.',
      'This kind of file is not accepted: choose images or documents (such as PDF).',
      'This file is too large: the limit is 1000 bytes.',
    ]);
  });
});

describe('errors', () => {
  const views = fieldViews(EVERY_KIND);

  it('reads the failed values out of a refused submission (an SDKError’s validation details)', () => {
    const error = {
      status: 400,
      details: {
        validationError: {
          fieldViolations: [
            {
              field: 'submission.submissions.email',
              description: '"email" must be a valid EMAIL value',
              violatedRule: 'OTHER',
              data: {
                errors: [{ errorType: 'FORMAT_ERROR', errorPath: 'email', params: { format: 'EMAIL' } }],
              },
            },
            { field: 'submission.submissions.name', description: 'is required', violatedRule: 'REQUIRED' },
          ],
        },
      },
    };
    expect(submissionErrorsOf(error)).toEqual([
      { errorType: 'FORMAT_ERROR', errorPath: 'email', params: { format: 'EMAIL' } },
      { errorType: 'UNKNOWN_ERROR', errorPath: 'name', errorMessage: 'is required', params: {} },
    ]);
    expect(
      submissionErrorsOf({ status: 404, details: { applicationError: { code: 'FORM_NOT_FOUND' } } }),
    ).toBeUndefined();
    expect(submissionErrorsOf(new Error('offline'))).toBeUndefined();
  });

  it('puts each message beside its field, and what belongs to no shown field on the form', () => {
    const grouped = groupErrors(
      [
        { errorType: 'REQUIRED_VALUE_ERROR', errorPath: 'name', params: { property: 'name' } },
        { errorType: 'MAX_LENGTH_ERROR', errorPath: 'name', params: { maxLength: 100 } },
        { errorType: 'FORMAT_ERROR', errorPath: 'email', params: { format: 'EMAIL' } },
        {
          errorType: 'FORMAT_ERROR',
          errorPath: 'attachment/0/fileId',
          params: { reason: 'FILE_NOT_UPLOADED' },
        },
        { errorType: 'MAX_LENGTH_ERROR', errorPath: 'source', params: { maxLength: 3 } },
        { errorType: 'UNKNOWN_VALUE_ERROR', errorPath: 'extra', params: { property: 'extra' } },
        { errorType: 'DISABLED_FORM_ERROR', errorPath: 'form.properties.disabled', params: {} },
      ],
      views,
    );
    expect(grouped.fields).toEqual({
      name: ['This field is required.', 'Use at most 100 characters.'],
      email: ['Enter a valid e-mail address, like name@example.com.'],
      attachment: ['This file was not uploaded; choose it again.'],
    });
    expect(grouped.form).toEqual([
      'Source: Use at most 3 characters.',
      'The form has no field "extra".',
      'This form is not accepting submissions right now.',
    ]);
  });

  it('uses the author’s message when the field has one, and a custom message when the error asks for it', () => {
    const custom = fieldViews({
      formFields: [
        nestedField('code', 'STRING', {
          validation: { pattern: '[A-Z]{3}', errorMessages: { default: 'Three capitals, please.' } },
        }),
      ],
    })[0]!;
    expect(validationMessage({ errorType: 'PATTERN_ERROR', errorPath: 'code' }, custom)).toBe(
      'Three capitals, please.',
    );
    expect(validationMessage({ errorType: 'REQUIRED_VALUE_ERROR', errorPath: 'code' }, custom)).toBe(
      'This field is required.',
    );
    expect(
      validationMessage({
        errorType: 'UNKNOWN_ERROR',
        errorPath: 'x',
        customErrorMessage: 'Nope.',
        useCustomErrorMessage: true,
      }),
    ).toBe('Nope.');
  });

  it('turns a refused upload into an error on that file, and leaves network failures to the form', () => {
    const attachment = views.find((view) => view.target === 'attachment')!;
    const refusal = (code: string, status: number) => ({
      status,
      details: { applicationError: { code, description: 'The file is empty.', data: {} } },
    });
    expect(uploadErrorsOf(refusal('FILE_SIZE_OVER_LIMIT', 413), attachment, 1, 'big.png')).toEqual([
      {
        errorType: 'NOT_ALLOWED_VALUE_ERROR',
        errorPath: 'attachment/1/fileId',
        params: { reason: 'FILE_SIZE_OVER_LIMIT', maxFileSizeBytes: 1000 },
      },
    ]);
    expect(uploadErrorsOf(refusal('ZERO_FILE_SIZE', 400), attachment, 0, 'empty.png')?.[0]).toMatchObject({
      customErrorMessage: 'Could not upload empty.png: The file is empty.',
    });
    expect(uploadErrorsOf(refusal('UNKNOWN', 503), attachment, 0, 'a.png')).toBeUndefined();
    expect(uploadErrorsOf(new TypeError('Failed to fetch'), attachment, 0, 'a.png')).toBeUndefined();
  });
});
