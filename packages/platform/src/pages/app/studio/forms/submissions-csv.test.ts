import type { FormSubmission } from '@atrium/contract/types';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../data/csv.js';
import { guardFormula, plainValue, submissionsCsv } from './submissions-csv.js';

const submission = (id: string, values: Record<string, unknown>, extra: Partial<FormSubmission> = {}) =>
  ({
    id,
    formId: 'form-1',
    namespace: 'wix.form_app.form',
    status: 'CONFIRMED',
    submissions: values,
    createdDate: '2026-11-28T10:00:00.000Z',
    updatedDate: '2026-11-28T10:00:00.000Z',
    revision: '1',
    submitter: {},
    seen: false,
    extendedFields: { namespaces: {} },
    tags: { tags: { tagIds: [] } },
    ...extra,
  }) as unknown as FormSubmission;

describe('submissionsCsv', () => {
  it('writes a header and one CRLF-ended row per submission, fields in the given order', () => {
    const csv = submissionsCsv(
      ['name', 'email'],
      [
        submission('s1', { email: 'ada@example.com', name: 'Ada' }, { seen: true }),
        submission('s2', { name: 'Grace' }, { tags: { tags: { tagIds: ['vip', 'callback'] } } }),
      ],
    );
    expect(csv).toBe(
      'id,createdDate,status,seen,tags,name,email\r\n' +
        's1,2026-11-28T10:00:00.000Z,CONFIRMED,true,,Ada,ada@example.com\r\n' +
        's2,2026-11-28T10:00:00.000Z,CONFIRMED,false,vip callback,Grace,\r\n',
    );
  });

  it('quotes commas, quotes and line breaks as RFC 4180 says, and reads back to the same cells', () => {
    const message = 'Hello, "world"\r\nsecond line\nthird';
    const csv = submissionsCsv(['message'], [submission('s1', { message })]);
    expect(csv).toContain('"Hello, ""world""\r\nsecond line\nthird"');
    const rows = parseCsv(csv);
    expect(rows).toHaveLength(2);
    expect(rows[1]![5]).toBe(message);
  });

  it('guards cells a spreadsheet would run as a formula with a leading quote', () => {
    const values = ['=HYPERLINK("http://evil")', '+1+2', '-2+3', '@SUM(A1)', '\tx', 'safe = text', '2-1'];
    const csv = submissionsCsv(
      values.map((_, index) => `f${index}`),
      [submission('s1', Object.fromEntries(values.map((value, index) => [`f${index}`, value])))],
    );
    const cells = parseCsv(csv)[1]!.slice(5);
    expect(cells).toEqual([
      '\'=HYPERLINK("http://evil")',
      "'+1+2",
      "'-2+3",
      "'@SUM(A1)",
      "'\tx",
      'safe = text',
      '2-1',
    ]);
  });

  it('writes files by name, lists joined, objects as JSON, nothing for a missing value', () => {
    const csv = submissionsCsv(
      ['files', 'choices', 'address', 'missing'],
      [
        submission('s1', {
          files: [{ fileId: 'f1', url: '/media/f1', displayName: 'notes.txt' }],
          choices: ['a', 'b'],
          address: { city: 'Paris' },
        }),
      ],
    );
    expect(parseCsv(csv)[1]!.slice(5)).toEqual(['notes.txt', 'a; b', '{"city":"Paris"}', '']);
  });
});

describe('guardFormula and plainValue', () => {
  it('leaves ordinary text alone', () => {
    expect(guardFormula('Ada Lovelace')).toBe('Ada Lovelace');
    expect(guardFormula('')).toBe('');
    expect(plainValue(42)).toBe('42');
    expect(plainValue(null)).toBe('');
  });
});
