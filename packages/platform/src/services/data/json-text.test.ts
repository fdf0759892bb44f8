import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonText, stringifyAnswer } from './json-text.js';

/** A JSON value whose leaves may be JsonText, undefined, dates or objects with their own toJSON. */
const answerValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.double(),
    fc.string(),
    fc.constant(undefined),
    fc.date({ noInvalidDate: true }),
    fc.jsonValue().map((json) => new JsonText(JSON.stringify(json))),
    fc.array(tie('value')),
    fc.dictionary(fc.string(), tie('value')),
    // A class instance and a plain object with toJSON go through JSON.stringify, JsonTexts inside them too.
    tie('value').map((inner) => ({ toJSON: () => ({ wrapped: inner }) })),
    tie('value').map((inner) => new Holder(inner)),
  ),
})).value;

class Holder {
  constructor(readonly inner: unknown) {}
}

describe('stringifyAnswer', () => {
  it('writes what JSON.stringify writes, with each JsonText spliced in as its text (fast-check)', () => {
    fc.assert(
      fc.property(answerValue, (value) => {
        // Outside stringifyAnswer a JsonText serialises as its parsed value: the same JSON.
        expect(stringifyAnswer(value)).toBe(JSON.stringify(value) ?? 'null');
      }),
      { numRuns: 500 },
    );
  });

  it("splices the database's text verbatim (spacing kept, not reparsed)", () => {
    const answer = {
      dataItems: [{ id: 'a', data: new JsonText('{"title": "Dune", "n": 1}') }],
      skipped: undefined,
      list: [undefined, () => 1],
    };
    expect(stringifyAnswer(answer)).toBe(
      '{"dataItems":[{"id":"a","data":{"title": "Dune", "n": 1}}],"list":[null,null]}',
    );
  });

  it('keeps the JsonTexts of nested JSON.stringify calls apart', () => {
    const inner = new Holder([new JsonText('[1, 2]'), { deeper: new Holder(new JsonText('"x"')) }]);
    expect(stringifyAnswer([new JsonText('{"a": 0}'), inner])).toBe(
      '[{"a": 0},{"inner":[[1, 2],{"deeper":{"inner":"x"}}]}]',
    );
  });

  it('fails like JSON.stringify on a bigint', () => {
    expect(() => stringifyAnswer({ n: 1n })).toThrow(TypeError);
  });
});
