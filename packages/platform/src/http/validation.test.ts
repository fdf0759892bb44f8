import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { validatorCompiler } from './validation.js';

const query = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  ratio: Type.Optional(Type.Number()),
  flag: Type.Optional(Type.Boolean()),
  ids: Type.Optional(Type.Array(Type.String())),
  counts: Type.Optional(Type.Array(Type.Integer())),
  name: Type.Optional(Type.String()),
});
const validate = (httpPart: string, value: unknown) =>
  (
    validatorCompiler({ schema: query, httpPart, method: 'GET', url: '/' }) as (v: unknown) => {
      value?: unknown;
      error?: unknown;
    }
  )(value);

describe('the validator of query strings and path parameters', () => {
  it('converts decimal integers, finite numbers, booleans and single list values', () => {
    expect(
      validate('querystring', {
        limit: '5',
        ratio: '-1.5e2',
        flag: 'false',
        ids: 'a',
        counts: ['1', '2'],
        name: '7',
      }),
    ).toEqual({
      value: { limit: 5, ratio: -150, flag: false, ids: ['a'], counts: [1, 2], name: '7' },
    });
  });

  it.each([
    ['1.5'],
    ['0x10'],
    ['1e2'],
    [''],
    [' 5'],
    ['abc'],
    ['-1'],
    ['101'],
    [['1', '2']],
    ['99999999999999999'],
  ])('refuses the integer %j instead of guessing', (limit) => {
    expect(validate('querystring', { limit }).error).toBeDefined();
  });

  it('refuses numbers that are not finite', () => {
    expect(validate('querystring', { ratio: '1e999' }).error).toBeDefined();
    expect(validate('querystring', { ratio: 'NaN' }).error).toBeDefined();
  });

  it('checks bodies as they are, without conversion', () => {
    expect(validate('body', { limit: '5' }).error).toBeDefined();
    expect(validate('body', { limit: 5 })).toEqual({ value: { limit: 5 } });
  });
});
