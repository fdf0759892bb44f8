import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonText, stringifyAnswer } from '../json-text.js';
import { wireItem, wireItemText } from './item-data.js';

describe('wireItemText', () => {
  it("writes exactly what stringifyAnswer writes for wireItem around the database's text (fast-check)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.jsonValue(),
        fc.boolean(),
        (collectionId, id, data, spaced) => {
          // The database's text of a jsonb value has its own spacing: it must come through as it is.
          const text = spaced ? JSON.stringify(data, null, 1) : JSON.stringify(data);
          const page = (item: unknown) => ({ dataItems: [item, item], pagingMetadata: { count: 2 } });
          expect(stringifyAnswer(page(wireItemText(JSON.stringify(collectionId), id, text)))).toBe(
            stringifyAnswer(page(wireItem(collectionId, { id, data: new JsonText(text) }))),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('is the same item as JSON.stringify sees it (outside the answer serializer)', () => {
    const item = wireItemText('"Books"', 'a"b\u2028', '{"title": "Dune", "n": 1}');
    expect(JSON.parse(JSON.stringify(item))).toEqual({
      id: 'a"b\u2028',
      dataCollectionId: 'Books',
      data: { title: 'Dune', n: 1 },
    });
  });
});
