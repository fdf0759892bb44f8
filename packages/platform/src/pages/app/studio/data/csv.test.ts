import type { DataCollectionField } from '@atrium/contract/types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvToRows, jsonLinesToRows, parseCsv, textToValue, toCsvLine } from './csv.js';

const FIELDS: DataCollectionField[] = [
  { key: 'title', displayName: 'Title', type: 'TEXT' },
  { key: 'year', displayName: 'Year', type: 'NUMBER' },
  { key: 'tags', displayName: 'Tags', type: 'ARRAY_STRING' },
  { key: 'done', type: 'BOOLEAN' },
];

describe('parseCsv', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks, CRLF or LF', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n"two\nlines",\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['two\nlines', ''],
    ]);
  });
  it('skips a byte-order mark and blank lines', () => {
    expect(parseCsv('\uFEFFa\n\nb')).toEqual([['a'], ['b']]);
  });
  it('refuses an unclosed quote', () => {
    expect(() => parseCsv('a\n"open')).toThrow(/closing "/);
  });
  it('reads back what it writes, for any cells', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string(), { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        (rows) => {
          const text = rows.map((cells) => toCsvLine(cells)).join('');
          expect(parseCsv(text)).toEqual(rows);
        },
      ),
    );
  });
});

describe('csvToRows', () => {
  it('maps headers by key or label and converts by field type', () => {
    const rows = csvToRows('Title,year,tags,done\nDune,1965,sf;classic,yes\n', FIELDS);
    expect(rows).toEqual([
      { row: 2, data: { title: 'Dune', year: 1965, tags: ['sf', 'classic'], done: true } },
    ]);
  });
  it('reports a bad cell on its own row and keeps the others', () => {
    const rows = csvToRows('title,year\nA,12\nB,twelve\nC,\n', FIELDS);
    expect(rows[0]).toEqual({ row: 2, data: { title: 'A', year: 12 } });
    expect(rows[1]).toEqual({ row: 3, error: 'year: "twelve" is not a number' });
    expect(rows[2]).toEqual({ row: 4, data: { title: 'C' } });
  });
});

describe('textToValue', () => {
  it('reads dates as wire dates and refuses nonsense', () => {
    expect(textToValue('2020-01-02T03:04:05Z', 'DATETIME')).toEqual({ $date: '2020-01-02T03:04:05.000Z' });
    expect(() => textToValue('soon', 'DATETIME')).toThrow(/not a date/);
    expect(() => textToValue('maybe', 'BOOLEAN')).toThrow(/true or false/);
  });
});

describe('jsonLinesToRows', () => {
  it('reads one object per line and names the bad lines', () => {
    expect(jsonLinesToRows('{"a":1}\n\n[1]\nnope\n{"_owner":"x","b":2}')).toEqual([
      { row: 1, data: { a: 1 } },
      { row: 3, error: 'the line is not a JSON object' },
      { row: 4, error: 'the line is not valid JSON' },
      { row: 5, data: { b: 2 } },
    ]);
  });
});
