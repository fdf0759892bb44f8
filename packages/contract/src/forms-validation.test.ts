import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acceptOf,
  allowsContentType,
  baseContentType,
  checkFileKindAndSize,
  compilePattern,
  type FieldRule,
  type FileValuesCheck,
  fieldRules,
  formatOfContentType,
  hasFormat,
  validateValues,
} from './forms-validation.js';

const rule = (partial: Partial<FieldRule> & Pick<FieldRule, 'kind'>): FieldRule => ({
  target: 'v',
  required: false,
  hidden: false,
  ...partial,
});
const errorsOf = (fieldRule: FieldRule, value: unknown) =>
  validateValues([fieldRule], { v: value }).map((error) => error.errorType);
const pathsAndTypes = (errors: ReturnType<typeof validateValues>) =>
  errors.map((error) => [error.errorPath, error.errorType]);

describe('string formats', () => {
  const table: [string, string[], string[]][] = [
    [
      'EMAIL',
      ['ada@example.com', 'a.b+c@sub.example.co.uk', 'ünï@exämple.de'],
      [
        'ada',
        'ada@',
        '@example.com',
        'a b@example.com',
        'ada@example',
        'ada@@example.com',
        'ada@example.c0m',
      ],
    ],
    [
      'PHONE',
      ['+14155552671', '+44 20 7946 0958', '(415) 555-2671', '0612345678'],
      ['call me', '+1', '12345', '+1234567890123456', '555-CALL'],
    ],
    [
      'URL',
      ['https://example.com', 'http://localhost:5173/a?b=c#d'],
      ['example.com', 'ftp://example.com', 'https://', 'http://exa mple.com', 'javascript:alert(1)'],
    ],
    ['URI', ['mailto:ada@example.com', 'urn:isbn:0451450523', 'https://example.com'], ['no scheme', '']],
    [
      'DATE',
      ['2024-02-29', '1999-12-31'],
      ['2023-02-29', '2024-13-01', '2024-1-1', '01/02/2024', '2024-02-29T10:00'],
    ],
    ['TIME', ['09:30', '23:59:59', '00:00:00.123'], ['24:00', '9:30', '12:60']],
    [
      'DATE_TIME',
      ['2024-05-01T10:00', '2024-05-01T10:00:00Z', '2024-05-01T10:00:00.5+02:00'],
      ['2024-05-01', '2024-05-01 10:00', '2024-05-32T10:00'],
    ],
    ['DATE_OPTIONAL_TIME', ['2024-05-01', '2024-05-01T10:00:00Z'], ['May 1st']],
    ['UUID', ['0f8fad5b-d9cb-469f-a165-70867728950e'], ['0f8fad5b', 'zf8fad5b-d9cb-469f-a165-70867728950e']],
    ['HOSTNAME', ['example.com', 'localhost', 'a-b.c0'], ['-example.com', 'exa mple.com', 'a..b']],
    ['COLOR_HEX', ['#fff', '#A0B1C2', '#A0B1C2FF'], ['fff', '#ggg', '#12345']],
    ['CURRENCY', ['EUR', 'USD'], ['eur', 'EURO']],
    ['LANGUAGE', ['en', 'en-GB', 'zh-Hant-TW'], ['EN', 'english', 'e']],
  ];
  for (const [format, valid, invalid] of table) {
    it(`${format}: accepts ${valid.length} values and refuses ${invalid.length}`, () => {
      for (const value of valid) expect(hasFormat(value, format), value).toBe(true);
      for (const value of invalid) expect(hasFormat(value, format), value).toBe(false);
    });
  }

  it('accepts anything for formats without a check', () => {
    for (const format of ['UNDEFINED', 'UNKNOWN_FORMAT', 'SOMETHING_NEW'])
      expect(hasFormat('whatever', format)).toBe(true);
  });

  it('EMAIL accepts every address fast-check makes from web-safe parts', () => {
    fc.assert(
      fc.property(
        fc.emailAddress(),
        (address) => hasFormat(address, 'EMAIL') || !/\.[A-Za-z-]{2,}$/.test(address),
      ),
    );
  });

  it('DATE agrees with the calendar on every day of 1900–2100', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1900-01-01T00:00:00Z'),
          max: new Date('2100-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => hasFormat(date.toISOString().slice(0, 10), 'DATE'),
      ),
    );
  });
});

describe('value rules', () => {
  // [case, rule, value, error types]
  const table: [string, FieldRule, unknown, string[]][] = [
    [
      'string of the right length',
      rule({ kind: 'string', string: { minLength: 2, maxLength: 3 } }),
      'ab',
      [],
    ],
    ['string too long', rule({ kind: 'string', string: { maxLength: 3 } }), 'abcd', ['MAX_LENGTH_ERROR']],
    ['string too short', rule({ kind: 'string', string: { minLength: 2 } }), 'a', ['MIN_LENGTH_ERROR']],
    [
      'length in characters, not UTF-16 units',
      rule({ kind: 'string', string: { maxLength: 3 } }),
      '😀😀😀',
      [],
    ],
    [
      'pattern matches the whole value',
      rule({ kind: 'string', string: { pattern: '[a-z]+' } }),
      'ab1',
      ['PATTERN_ERROR'],
    ],
    [
      'a pattern that does not compile checks nothing',
      rule({ kind: 'string', string: { pattern: '(' } }),
      'x',
      [],
    ],
    ['string format', rule({ kind: 'string', string: { format: 'EMAIL' } }), 'ada', ['FORMAT_ERROR']],
    ['string enum', rule({ kind: 'string', string: { enum: ['a', 'b'] } }), 'c', ['NOT_ALLOWED_VALUE_ERROR']],
    ['string type', rule({ kind: 'string' }), 12, ['TYPE_ERROR']],
    ['number in range', rule({ kind: 'number', number: { minimum: 0, maximum: 1 } }), 0.5, []],
    ['number above range', rule({ kind: 'number', number: { maximum: 1 } }), 1.5, ['MAX_VALUE_ERROR']],
    ['number below range', rule({ kind: 'number', number: { minimum: 0 } }), -1, ['MIN_VALUE_ERROR']],
    ['multipleOf tolerates binary rounding', rule({ kind: 'number', number: { multipleOf: 0.1 } }), 0.3, []],
    [
      'not a multiple',
      rule({ kind: 'number', number: { multipleOf: 0.1 } }),
      0.35,
      ['MULTIPLE_OF_VALUE_ERROR'],
    ],
    ['number enum', rule({ kind: 'number', number: { enum: [1, 2] } }), 3, ['NOT_ALLOWED_VALUE_ERROR']],
    ['number as text', rule({ kind: 'number' }), '1', ['TYPE_ERROR']],
    ['NaN is no number', rule({ kind: 'number' }), Number.NaN, ['TYPE_ERROR']],
    ['Infinity is no number', rule({ kind: 'number' }), Number.POSITIVE_INFINITY, ['TYPE_ERROR']],
    ['integer with a fraction', rule({ kind: 'integer', number: { maximum: 1 } }), 1.5, ['TYPE_ERROR']],
    ['boolean', rule({ kind: 'boolean' }), false, []],
    ['boolean as text', rule({ kind: 'boolean' }), 'yes', ['TYPE_ERROR']],
    ['object', rule({ kind: 'object' }), { a: 1 }, []],
    ['list as object', rule({ kind: 'object' }), [1], ['TYPE_ERROR']],
    ['array as object', rule({ kind: 'array' }), {}, ['TYPE_ERROR']],
    ['any takes anything', rule({ kind: 'any' }), [{ x: 1 }, 'y'], []],
    [
      'every failing check is reported',
      rule({ kind: 'string', string: { minLength: 2, pattern: '[a-z]+', enum: ['ab'] } }),
      'A',
      ['MIN_LENGTH_ERROR', 'PATTERN_ERROR', 'NOT_ALLOWED_VALUE_ERROR'],
    ],
  ];
  it.each(table)('%s', (_name, fieldRule, value, expected) => {
    expect(errorsOf(fieldRule, value)).toEqual(expected);
  });

  it('reports params and an English message', () => {
    expect(validateValues([rule({ kind: 'string', string: { maxLength: 3 } })], { v: 'abcd' })).toEqual([
      {
        errorType: 'MAX_LENGTH_ERROR',
        errorPath: 'v',
        errorMessage: '"v" must be at most 3 characters',
        params: { maxLength: 3 },
        useCustomErrorMessage: false,
      },
    ]);
  });

  it('string maxLength: a value passes exactly when it has at most that many characters', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme-ascii', maxLength: 40 }),
        fc.integer({ min: 0, max: 40 }),
        (value, maxLength) => {
          const errors = errorsOf(rule({ kind: 'string', string: { maxLength } }), value);
          return value === '' || errors.includes('MAX_LENGTH_ERROR') === [...value].length > maxLength;
        },
      ),
    );
  });

  it('number range: a value passes exactly when it is within the bounds', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        (value, a, b) => {
          const [minimum, maximum] = a <= b ? [a, b] : [b, a];
          const errors = errorsOf(rule({ kind: 'number', number: { minimum, maximum } }), value);
          return (errors.length === 0) === (value >= minimum && value <= maximum);
        },
      ),
    );
  });

  it('array: item counts and item rules, with paths to the failing element', () => {
    const list = rule({
      kind: 'array',
      array: { minItems: 1, maxItems: 2, items: { kind: 'number', number: { maximum: 5 } } },
    });
    expect(pathsAndTypes(validateValues([list], { v: [1, 9, 'x'] }))).toEqual([
      ['v', 'MAX_ITEMS_ERROR'],
      ['v/1', 'MAX_VALUE_ERROR'],
      ['v/2', 'TYPE_ERROR'],
    ]);
    expect(errorsOf(rule({ kind: 'array', array: { minItems: 2 } }), [1])).toEqual(['MIN_ITEMS_ERROR']);
    const strings = rule({ kind: 'array', array: { items: { kind: 'string', string: { maxLength: 1 } } } });
    expect(pathsAndTypes(validateValues([strings], { v: ['a', 'bc', 3] }))).toEqual([
      ['v/1', 'MAX_LENGTH_ERROR'],
      ['v/2', 'TYPE_ERROR'],
    ]);
    const flags = rule({ kind: 'array', array: { items: { kind: 'boolean' } } });
    expect(pathsAndTypes(validateValues([flags], { v: [true, 'no'] }))).toEqual([['v/1', 'TYPE_ERROR']]);
  });

  it('required: missing, null, empty text and empty lists are missing; hidden fields are never required', () => {
    for (const value of [undefined, null, '', []]) {
      expect(errorsOf(rule({ kind: 'any', required: true }), value)).toEqual(['REQUIRED_VALUE_ERROR']);
      expect(errorsOf(rule({ kind: 'any', required: true, hidden: true }), value)).toEqual([]);
      expect(errorsOf(rule({ kind: 'string', string: { minLength: 3 } }), value)).toEqual([]);
    }
  });

  it('reports unknown fields, and only the fields asked for', () => {
    const rules = [
      rule({ kind: 'string', required: true, target: 'a' }),
      rule({ kind: 'string', required: true, target: 'b' }),
    ];
    expect(pathsAndTypes(validateValues(rules, { c: 1 }))).toEqual([
      ['a', 'REQUIRED_VALUE_ERROR'],
      ['b', 'REQUIRED_VALUE_ERROR'],
      ['c', 'UNKNOWN_VALUE_ERROR'],
    ]);
    const only = validateValues(rules, { c: 1 }, { only: new Set(['b']) });
    expect(only.map((error) => error.errorPath)).toEqual(['b']);
  });
});

describe('file-upload values', () => {
  const upload = rule({ kind: 'file', file: { fileLimit: 2, formats: ['IMAGE'], maxSizeBytes: 100 } });

  it('checks the count itself, and hands every element, a single one as a list, to checkFiles', () => {
    const seen: unknown[] = [];
    const checkFiles: FileValuesCheck = (file, elements, path) => seen.push([file.fileLimit, elements, path]);
    expect(pathsAndTypes(validateValues([upload], { v: ['a', 'b', 'c'] }, { checkFiles }))).toEqual([
      ['v', 'MAX_ITEMS_ERROR'],
    ]);
    expect(errorsOf(upload, { fileId: 'a' })).toEqual([]);
    validateValues([upload], { v: { fileId: 'a' } }, { checkFiles });
    expect(seen).toEqual([
      [2, ['a', 'b', 'c'], 'v'],
      [2, [{ fileId: 'a' }], 'v'],
    ]);
  });

  // [case, content type, size, error reasons]
  const table: [string, string, number, string[]][] = [
    ['an image of the right size', 'image/png', 100, []],
    ['a content type with parameters', 'IMAGE/PNG; q=1', 10, []],
    ['a kind the field does not take', 'application/pdf', 10, ['UNSUPPORTED_FILE_FORMAT']],
    ['an unknown kind', 'application/x-msdownload', 10, ['UNSUPPORTED_FILE_FORMAT']],
    ['too large', 'image/png', 101, ['FILE_SIZE_OVER_LIMIT']],
    ['both', 'video/mp4', 101, ['UNSUPPORTED_FILE_FORMAT', 'FILE_SIZE_OVER_LIMIT']],
  ];
  it.each(table)('checkFileKindAndSize: %s', (_name, contentType, sizeBytes, reasons) => {
    const errors = validateValues(
      [upload],
      { v: [{ fileId: 'x' }] },
      {
        checkFiles: (file, elements, path, report) => {
          for (const index of elements.keys()) {
            checkFileKindAndSize(file, { contentType, sizeBytes }, `${path}/${index}/fileId`, report);
          }
        },
      },
    );
    expect(errors.map((error) => error.params?.reason)).toEqual(reasons);
    for (const error of errors) {
      expect(error).toMatchObject({ errorType: 'NOT_ALLOWED_VALUE_ERROR', errorPath: 'v/0/fileId' });
    }
  });

  it('a field without formats takes any known kind', () => {
    expect(allowsContentType(undefined, 'model/gltf-binary')).toBe(true);
    expect(allowsContentType(undefined, 'application/octet-stream')).toBe(false);
    expect(allowsContentType(['DOCUMENT', 'ARCHIVE'], 'application/zip')).toBe(true);
  });
});

describe('file kinds', () => {
  it('knows which kind of file a content type is', () => {
    expect(
      [
        'image/png',
        'video/mp4',
        'audio/mpeg',
        'application/pdf',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'application/zip',
        'model/gltf-binary',
        'application/x-msdownload',
      ].map(formatOfContentType),
    ).toEqual(['IMAGE', 'VIDEO', 'AUDIO', 'DOCUMENT', 'DOCUMENT', 'ARCHIVE', 'MODEL_3D', undefined]);
    expect(baseContentType(' Text/Plain ; charset=utf-8')).toBe('text/plain');
  });

  it('offers a file input the types of the field’s kinds', () => {
    expect(acceptOf(undefined)).toBeUndefined();
    expect(acceptOf([])).toBeUndefined();
    expect(acceptOf(['IMAGE', 'AUDIO'])).toBe('image/*,audio/*');
    expect(acceptOf(['ARCHIVE'])?.split(',')).toEqual(expect.arrayContaining(['application/zip', '.zip']));
    expect(acceptOf(['DOCUMENT'])?.split(',')).toEqual(expect.arrayContaining(['application/pdf', '.docx']));
  });
});

describe('reading rules from form fields', () => {
  it('reads the flat and the nested shapes alike, and skips display fields', () => {
    const rules = fieldRules([
      { target: 'email', validation: { required: true, string: { format: 'EMAIL', maxLength: 80 } } },
      { target: 'age', validation: { integer: { minimum: 0 } } },
      { target: 'cv', validation: { predefined: { format: 'WIX_FILE', wixFileOptions: { fileLimit: 2 } } } },
      { target: 'free' },
      { fieldType: 'DISPLAY', target: 'header' },
      { target: null },
      {
        inputOptions: {
          target: 'phone',
          required: true,
          inputType: 'STRING',
          stringOptions: { validation: { format: 'PHONE' } },
        },
      },
      { inputOptions: { target: 'photo', wixFileOptions: { validation: { uploadFileFormats: ['IMAGE'] } } } },
      { inputOptions: { target: 'where', inputType: 'ADDRESS' } },
    ]);
    expect(rules.map((entry) => [entry.target, entry.kind, entry.required])).toEqual([
      ['email', 'string', true],
      ['age', 'integer', false],
      ['cv', 'file', false],
      ['free', 'any', false],
      ['phone', 'string', true],
      ['photo', 'file', false],
      ['where', 'any', false],
    ]);
    expect(rules[0]?.string).toMatchObject({ format: 'EMAIL', maxLength: 80 });
    expect(rules[2]?.file).toMatchObject({ fileLimit: 2 });
    expect(rules[5]?.file).toMatchObject({ fileLimit: 1, formats: ['IMAGE'] });
  });

  // [case, field, rule (the parts that matter)]
  const table: [string, Parameters<typeof fieldRules>[0][number], Partial<FieldRule>][] = [
    [
      'nulls are "not set"',
      { target: 's', validation: { string: { minLength: null, maxLength: 5, pattern: null, enum: null } } },
      { kind: 'string', string: { maxLength: 5 } },
    ],
    [
      'UNDEFINED and UNKNOWN_FORMAT are no format',
      { target: 's', validation: { string: { format: 'UNDEFINED' } } },
      { kind: 'string', string: {} },
    ],
    [
      'file limits default to the platform’s',
      { target: 'f', validation: { predefined: { format: 'WIX_FILE' } } },
      { kind: 'file', file: { fileLimit: 1, maxSizeBytes: 25 * 1024 * 1024 } },
    ],
    [
      'an empty list of formats is any kind',
      {
        inputOptions: {
          target: 'f',
          inputType: 'WIX_FILE',
          wixFileOptions: { validation: { uploadFileFormats: [] } },
        },
      },
      { kind: 'file', file: { fileLimit: 1, maxSizeBytes: 25 * 1024 * 1024 } },
    ],
    [
      'nested kinds from their options when inputType is absent',
      { inputOptions: { target: 'n', numberOptions: { validation: { maximum: 3 } } } },
      { kind: 'number', number: { maximum: 3 } },
    ],
    [
      'array items of every kind',
      { target: 'a', validation: { array: { maxItems: 2, items: { integer: { minimum: 0 } } } } },
      { kind: 'array', array: { maxItems: 2, items: { kind: 'integer', number: { minimum: 0 } } } },
    ],
    [
      'hidden fields',
      { target: 'h', hidden: true, validation: { boolean: {} } },
      { kind: 'boolean', hidden: true },
    ],
  ];
  it.each(table)('%s', (_name, field, expected) => {
    // Compared without the parts left undefined.
    const plain = (value: unknown) => JSON.parse(JSON.stringify(value));
    const [read] = fieldRules([field]);
    expect(plain(read)).toEqual({ target: read?.target, required: false, hidden: false, ...plain(expected) });
  });

  it('compiles patterns to match the whole value, in Unicode mode', () => {
    expect(compilePattern('a|b')?.test('ab')).toBe(false);
    expect(compilePattern('.')?.test('😀')).toBe(true);
    expect(compilePattern('[')).toBeUndefined();
  });
});
