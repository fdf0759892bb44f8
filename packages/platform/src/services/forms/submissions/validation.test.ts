import type { FieldRule } from '@atrium/contract/forms-validation';
import { describe, expect, it } from 'vitest';
import { type FileLookup, type StoredFormFile, validateValues } from './validation.js';

/**
 * What the platform adds to the shared rules (`@atrium/contract/forms-validation`, tested there):
 * file-upload values name files stored for the form.
 */

const rule = (partial: Partial<FieldRule> & Pick<FieldRule, 'kind'>): FieldRule => ({
  target: 'v',
  required: false,
  hidden: false,
  ...partial,
});

describe('stored files', () => {
  it('files: by id or URL path, for this form, one submission each, within the field’s kinds, size and count', () => {
    const file = (fileId: string, extra: Partial<StoredFormFile> = {}): StoredFormFile => ({
      fileId,
      formId: 'f',
      urlPath: `/media/${fileId}`,
      filename: `${fileId}.png`,
      contentType: 'image/png',
      sizeBytes: 10,
      submissionId: null,
      ...extra,
    });
    const stored = [
      file('a'),
      file('b', { contentType: 'application/pdf' }),
      file('c', { sizeBytes: 1000 }),
      file('d', { submissionId: 's1' }),
      file('e', { formId: 'g' }),
    ];
    const files: FileLookup = {
      byId: new Map(stored.map((entry) => [entry.fileId, entry])),
      byPath: new Map(stored.map((entry) => [entry.urlPath, entry])),
    };
    const upload = rule({ kind: 'file', file: { fileLimit: 3, formats: ['IMAGE'], maxSizeBytes: 100 } });
    const check = (value: unknown, submissionId?: string) =>
      validateValues([upload], { v: value }, { formId: 'f', files, submissionId }).map((error) => [
        error.errorPath,
        error.errorType,
      ]);
    expect(check([{ fileId: 'a' }, 'https://any.host/media/c'])).toEqual([
      ['v/1', 'NOT_ALLOWED_VALUE_ERROR'],
    ]);
    expect(check({ fileId: 'a', url: 'http://elsewhere/media/a' })).toEqual([]);
    expect(check([{ fileId: 'b' }])).toEqual([['v/0/fileId', 'NOT_ALLOWED_VALUE_ERROR']]);
    expect(check([{ fileId: 'd' }])).toEqual([['v/0/fileId', 'NOT_ALLOWED_VALUE_ERROR']]);
    expect(check([{ fileId: 'd' }], 's1')).toEqual([]);
    expect(check([{ fileId: 'e' }])).toEqual([['v/0/fileId', 'FORMAT_ERROR']]);
    expect(check(['not a url'])).toEqual([['v/0', 'FORMAT_ERROR']]);
    expect(check([5, { fileId: 7 }])).toEqual([
      ['v/0', 'TYPE_ERROR'],
      ['v/1/fileId', 'TYPE_ERROR'],
    ]);
    expect(check([{ fileId: 'a' }, { fileId: 'a' }, { fileId: 'a' }, { fileId: 'a' }])).toEqual([
      ['v', 'MAX_ITEMS_ERROR'],
      ['v/1/fileId', 'NOT_ALLOWED_VALUE_ERROR'],
      ['v/2/fileId', 'NOT_ALLOWED_VALUE_ERROR'],
      ['v/3/fileId', 'NOT_ALLOWED_VALUE_ERROR'],
    ]);
  });

  it('passes the fields asked for on to the shared rules', () => {
    const rules = [
      rule({ kind: 'string', required: true, target: 'a' }),
      rule({ kind: 'string', required: true, target: 'b' }),
    ];
    const scope = { formId: 'f', files: { byId: new Map(), byPath: new Map() }, only: new Set(['b']) };
    expect(validateValues(rules, { c: 1 }, scope).map((error) => error.errorPath)).toEqual(['b']);
  });
});
